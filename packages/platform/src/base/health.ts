// POST /api/base/health: liveness and what the node runs on, for probes and the start banner.
import type { FastifyInstance } from 'fastify';
import { type Database, type JournalEntry, migrationState } from '@srm/db';
import { success } from '../http/envelope';

export interface HealthData {
  db: Database['kind'];
  version: string;
  migrations: { applied: number; latest: string | null };
}

export function registerHealth(
  app: FastifyInstance,
  options: { database: Database; version: string; journal: JournalEntry[] },
): void {
  app.post('/api/base/health', { config: { access: 'public' } }, async () => {
    const migrations = await migrationState(options.database, options.journal);
    const data: HealthData = { db: options.database.kind, version: options.version, migrations };
    return success(data);
  });
}
