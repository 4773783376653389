// Schema SQL from Drizzle tables with drizzle-kit's programmatic API: the migration generator,
// the drift test and the engine's own tests (which create tables for test entities) use it.
// Not part of the server's runtime bundle.
import * as kit from 'drizzle-kit/api';
import type { Db } from '@srm/db';

export type Snapshot = ReturnType<typeof kit.generateDrizzleJson>;

export function snapshotOf(tables: Record<string, unknown>, prevId?: string): Snapshot {
  return kit.generateDrizzleJson(tables, prevId);
}

export const emptySnapshot = (): Snapshot => kit.generateDrizzleJson({});

/** SQL statements turning the `from` schema into the `to` schema. */
export async function migrationStatements(from: Snapshot, to: Snapshot): Promise<string[]> {
  return kit.generateMigration(from, to);
}

/** Statements that would bring the database to the tables (empty when they agree). */
export async function driftStatements(db: Db, tables: Record<string, unknown>): Promise<string[]> {
  const result = await kit.pushSchema(tables, db as never);
  return result.statementsToExecute;
}
