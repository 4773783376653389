// Who runs a piece of background work: this node's items are never claimed as orphans; on
// PostgreSQL another node's items are held while its session lives and free once it ends (the
// start or the minute sweep of a surviving node then clears them); on the embedded database
// every item this process does not run is an orphan (the directory's lock keeps others out).
import { type Server, type Socket, createConnection, createServer } from 'node:net';
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

/**
 * A TCP relay to the PostgreSQL server, to play a network cut: `cutClientSide` ends the client's
 * side only, so the server's process of that session lives on (holding its locks) until
 * `cutServerSide`, as after a real cut the server notices only later.
 */
async function openRelay(url: string) {
  const target = new URL(url);
  const pairs: { client: Socket; server: Socket }[] = [];
  const relay: Server = createServer((client) => {
    const server = createConnection({ host: target.hostname, port: Number(target.port || 5432) });
    client.pipe(server);
    server.pipe(client);
    client.on('error', () => undefined);
    server.on('error', () => undefined);
    pairs.push({ client, server });
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const port = (relay.address() as { port: number }).port;
  const relayed = new URL(url);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(port);
  return {
    url: relayed.toString(),
    pairs,
    cutClientSide(pair: { client: Socket; server: Socket }) {
      pair.client.unpipe(pair.server);
      pair.server.unpipe(pair.client);
      pair.client.destroy();
    },
    close: () => {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.server.destroy();
      }
      return new Promise<void>((resolve) => relay.close(() => resolve()));
    },
  };
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

  it.runIf(!!process.env.DATABASE_URL)(
    'on PostgreSQL waits, after a network cut, for its lost session to end and then takes its locks again',
    async () => {
      // The lost session still holds the item (its server process has not noticed the cut):
      // taking it again fails for now; that is not another node's claim, so the lease asks again
      // until the old session ends, and reports nothing lost.
      const relay = await openRelay(database.url!);
      const relayed: Database = await openDatabase({ url: relay.url, poolSize: 2 });
      const lost: Error[] = [];
      const mine = new WorkLease(relayed, (error) => lost.push(error));
      const theirs = new WorkLease(database);
      const holders = async () => {
        const found = (await database.db.execute(
          sql`select pid from pg_locks where locktype = 'advisory' and objid = 13 and granted
              and database = (select oid from pg_database where datname = current_database())`,
        )) as unknown as { rows: { pid: number }[] };
        return found.rows.map((row) => Number(row.pid));
      };
      try {
        await mine.hold('import', 13);
        const before = await mine.sessionPid();
        const pairsBefore = relay.pairs.length;
        // The lease's connection is the last the relay carried (the pool's first was released).
        relay.cutClientSide(relay.pairs[pairsBefore - 1]!);
        expect(await eventually(async () => lost.length > 0)).toBe(true);
        // Its new session is open and has asked at least once; the old one still holds the item.
        expect(await eventually(async () => relay.pairs.length > pairsBefore)).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 600));
        expect(await holders()).toEqual([before]);
        expect(await theirs.claimOrphan('import', 13)).toBe(false);
        // The server notices at last: the lease takes the item on its new session.
        await database.db.execute(sql`select pg_terminate_backend(${before})`);
        expect(
          await eventually(async () => {
            const now = await holders();
            return now.length === 1 && now[0] !== before;
          }),
        ).toBe(true);
        expect(lost).toHaveLength(1);
        expect(await theirs.claimOrphan('import', 13)).toBe(false);
        await mine.close();
        expect(await theirs.claimOrphan('import', 13)).toBe(true);
        await theirs.release('import', 13);
      } finally {
        await mine.close();
        await theirs.close();
        await relayed.close();
        await relay.close();
      }
    },
  );
});
