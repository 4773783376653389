// Who runs a piece of background work: this node's items are never claimed as orphans; on
// PostgreSQL another node's items are held while its session lives and free once it ends (the
// start or the minute sweep of a surviving node then clears them); on the embedded database
// every item this process does not run is an orphan (the directory's lock keeps others out).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '@srm/db';
import { type TestDatabase, openTestDatabase } from '../testing/database';
import { WorkLease } from './lease';

/** Asks until the answer is true, for up to 10 s (the server ends a terminated session soon after). */
async function eventually(ask: () => Promise<boolean>): Promise<boolean> {
  for (let tries = 0; tries < 100; tries++) {
    if (await ask()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());

describe('the work lease', () => {
  it('never offers this node’s own work as an orphan, and offers what nobody runs once', async () => {
    const lease = new WorkLease(database);
    await lease.hold('import', 41);
    expect(await lease.claimOrphan('import', 41)).toBe(false);
    // Another kind with the same id is another item.
    expect(await lease.claimOrphan('export', 41)).toBe(true);
    await lease.release('export', 41);
    await lease.release('import', 41);
    expect(await lease.claimOrphan('import', 41)).toBe(true);
    // Claimed: held now, so not offered again until released.
    expect(await lease.claimOrphan('import', 41)).toBe(false);
    await lease.release('import', 41);
    await lease.close();
  });

  it.runIf(!!process.env.DATABASE_URL)(
    'on PostgreSQL holds another node’s work while its session lives, and frees it when the node dies or stops',
    async () => {
      const other: Database = await openDatabase({ url: database.url! });
      const third: Database = await openDatabase({ url: database.url! });
      const theirs = new WorkLease(other);
      const ours = new WorkLease(database);
      try {
        await theirs.hold('import', 7);
        await theirs.hold('export', 8);
        expect(await ours.claimOrphan('import', 7)).toBe(false);
        expect(await ours.claimOrphan('export', 8)).toBe(false);
        // A release frees an item at once.
        await theirs.release('export', 8);
        expect(await ours.claimOrphan('export', 8)).toBe(true);
        await ours.release('export', 8);
        // The other node dies: its connections go (its pool can make no new one) and the server
        // ends its session; once the server has noticed, its items are orphans.
        const pid = await theirs.sessionPid();
        const dying = other.close();
        await database.db.execute(sql`select pg_terminate_backend(${pid})`);
        await dying;
        expect(await eventually(() => ours.claimOrphan('import', 7))).toBe(true);
        await ours.release('import', 7);
        // A node that stops in order frees its items at once.
        const stopping = new WorkLease(third);
        await stopping.hold('export', 9);
        expect(await ours.claimOrphan('export', 9)).toBe(false);
        await stopping.close();
        expect(await ours.claimOrphan('export', 9)).toBe(true);
        await ours.release('export', 9);
      } finally {
        await ours.close();
        await theirs.close();
        await third.close();
      }
    },
  );

  it.runIf(!!process.env.DATABASE_URL)(
    'on PostgreSQL takes its locks again when its lease connection is lost while it lives',
    async () => {
      // A network cut or a restarted pooler ends the lease's session and its locks with it: the
      // node takes them again on a new connection, so another node's sweep does not take its
      // running item for an orphan.
      const lost: Error[] = [];
      const mine = new WorkLease(database, (error) => lost.push(error));
      const other: Database = await openDatabase({ url: database.url! });
      const theirs = new WorkLease(other);
      try {
        await mine.hold('import', 12);
        const before = await mine.sessionPid();
        await database.db.execute(sql`select pg_terminate_backend(${before})`);
        const holders = async () => {
          const found = (await database.db.execute(
            sql`select pid from pg_locks where locktype = 'advisory' and objid = 12 and granted
                and database = (select oid from pg_database where datname = current_database())`,
          )) as unknown as { rows: { pid: number }[] };
          return found.rows.map((row) => row.pid);
        };
        expect(await eventually(async () => lost.length > 0 && (await holders()).length === 1)).toBe(true);
        expect(await holders()).not.toContain(before);
        expect(await theirs.claimOrphan('import', 12)).toBe(false);
        await mine.close();
        expect(await theirs.claimOrphan('import', 12)).toBe(true);
        await theirs.release('import', 12);
      } finally {
        await mine.close();
        await theirs.close();
        await other.close();
      }
    },
  );
});
