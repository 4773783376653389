// Applies the committed SQL migrations (drizzle-kit's folder format) at start, under an
// advisory lock so that several app nodes starting together apply them once.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from './connection';
import { executor, inTransaction, queryRows } from './transaction';

export interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
  breakpoints: boolean;
}

export interface MigrationState {
  /** Number of migrations recorded as applied. */
  applied: number;
  /** Tag of the newest applied migration, or null on an empty database. */
  latest: string | null;
  /** Migrations applied by this call. */
  appliedNow: string[];
}

const MIGRATION_LOCK = 72_170_001;

export function readJournal(folder: string): JournalEntry[] {
  const path = join(folder, 'meta', '_journal.json');
  if (!existsSync(path)) return [];
  const journal = JSON.parse(readFileSync(path, 'utf8')) as { entries: JournalEntry[] };
  return journal.entries;
}

export async function runMigrations(database: Database, folder: string): Promise<MigrationState> {
  const entries = readJournal(folder);
  return inTransaction(database, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await tx.execute(sql`create schema if not exists drizzle`);
    await tx.execute(
      sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
    );
    const last = await queryRows<{ created_at: string | number | null }>(
      tx,
      sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    const lastMillis = Number(last[0]?.created_at ?? 0);
    const appliedNow: string[] = [];
    for (const entry of entries) {
      if (entry.when <= lastMillis) continue;
      const text = readFileSync(join(folder, `${entry.tag}.sql`), 'utf8');
      for (const statement of text.split('--> statement-breakpoint')) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      const hash = createHash('sha256').update(text).digest('hex');
      await tx.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${hash}, ${entry.when})`,
      );
      appliedNow.push(entry.tag);
    }
    const state = await migrationState(database, entries);
    return { ...state, appliedNow };
  });
}

export async function migrationState(
  database: Database,
  entries: JournalEntry[],
): Promise<Omit<MigrationState, 'appliedNow'>> {
  const result = await queryRows<{ count: string | number }>(
    executor(database),
    sql`select count(*) as count from drizzle.__drizzle_migrations`,
  );
  const applied = Number(result[0]?.count ?? 0);
  return { applied, latest: applied > 0 ? (entries[applied - 1]?.tag ?? null) : null };
}
