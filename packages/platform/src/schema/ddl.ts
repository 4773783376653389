// Schema SQL from Drizzle tables with drizzle-kit's programmatic API: the migration generator,
// the drift test and the engine's own tests (which create tables for test entities) use it.
// Not part of the server's runtime bundle.
import * as kit from 'drizzle-kit/api';
import type { Executor } from '@srm/db';
import { describeDatabase, describeSnapshot, schemaDifferences } from './introspect';

export type Snapshot = ReturnType<typeof kit.generateDrizzleJson>;

export function snapshotOf(tables: Record<string, unknown>, prevId?: string): Snapshot {
  return kit.generateDrizzleJson(tables, prevId);
}

export const emptySnapshot = (): Snapshot => kit.generateDrizzleJson({});

/** SQL statements turning the `from` schema into the `to` schema. */
export async function migrationStatements(from: Snapshot, to: Snapshot): Promise<string[]> {
  return kit.generateMigration(from, to);
}

/**
 * How the database's public schema differs from the tables (empty when they agree): tables,
 * columns with types, nullability and defaults, primary keys, indexes and foreign keys.
 */
export async function schemaDrift(on: Executor, tables: Record<string, unknown>): Promise<string[]> {
  return schemaDifferences(describeSnapshot(snapshotOf(tables)), await describeDatabase(on));
}

export { describeDatabase, describeSnapshot, schemaDifferences };
