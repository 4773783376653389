// POST /api/base/health: liveness and what the node runs on, for probes and the start banner.
// It answers OK only when the database answers a real query: the read every signed request
// starts with (a session by its token's hash, with its user), through the tables' indexes.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Database, type JournalEntry, inTransaction, migrationState } from '@srm/db';
import { success } from '../http/envelope';
import { AppError } from '../http/errors';
import { declareRoute } from '../http/route';

export interface HealthData {
  db: Database['kind'];
  version: string;
  migrations: { applied: number; latest: string | null };
}

/**
 * Reads the session and user tables as sign-in does. Sequential scans are off for it: a damaged
 * index fails here as it fails every signed request (on tables this small the planner would
 * otherwise read the heap and answer OK).
 */
async function readRealTables(database: Database): Promise<void> {
  await inTransaction(database, async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`
      select s.session_id from base_session s join base_user u on u.user_id = s.user_id
      where s.token_hash = ${'0'.repeat(64)} limit 1`);
    await tx.execute(sql`select user_id from base_user where user_id = 0`);
  });
}

export function registerHealth(
  app: FastifyInstance,
  options: { database: Database; version: string; journal: JournalEntry[] },
): void {
  declareRoute(app, {
    method: 'POST',
    path: '/api/base/health',
    summary:
      'Liveness: the database kind, the version and the migrations applied; 503 when the database does not answer a real query',
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
    handle: async ({ request }) => {
      let migrations: HealthData['migrations'];
      try {
        await readRealTables(options.database);
        migrations = await migrationState(options.database, options.journal);
      } catch (error) {
        request.log.error({ err: error }, 'health: the database does not answer');
        throw new AppError(503, 'health.databaseDown');
      }
      const data: HealthData = { db: options.database.kind, version: options.version, migrations };
      return success(data);
    },
  });
}
