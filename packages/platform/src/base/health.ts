// POST /api/base/health: liveness and what the node runs on, for probes and the start banner.
import type { FastifyInstance } from 'fastify';
import { type Database, type JournalEntry, migrationState } from '@srm/db';
import { success } from '../http/envelope';
import { declareRoute } from '../http/route';

export interface HealthData {
  db: Database['kind'];
  version: string;
  migrations: { applied: number; latest: string | null };
}

export function registerHealth(
  app: FastifyInstance,
  options: { database: Database; version: string; journal: JournalEntry[] },
): void {
  declareRoute(app, {
    method: 'POST',
    path: '/api/base/health',
    summary: 'Liveness: the database kind, the version and the migrations applied',
    input: {},
    access: 'public',
    scope: 'none',
    success: {
      kind: 'envelope',
      data: {
        type: 'object',
        properties: {
          db: { type: 'string', enum: ['pglite', 'postgres'] },
          version: { type: 'string' },
          migrations: {
            type: 'object',
            properties: { applied: { type: 'integer' }, latest: { type: ['string', 'null'] } },
          },
        },
      },
    },
    handle: async () => {
      const migrations = await migrationState(options.database, options.journal);
      const data: HealthData = { db: options.database.kind, version: options.version, migrations };
      return success(data);
    },
  });
}
