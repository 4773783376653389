// The websocket hub (/api/ws) over a real socket: the upgrade needs a ticket of an authenticated
// POST, single-use and valid 30 s; a socket hears only its own user's events, and only once the
// change that sent them commits; a plain GET is no way round the upgrade. On PostgreSQL a second
// node takes the first one's tickets, gets its events within a second, and survives a cut LISTEN.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { sql } from 'drizzle-orm';
import { inTransaction, queryRows } from '@srm/db';
import { type Actor, REALTIME_PATH, TICKET_PATH } from '@srm/platform';
import { sleep } from '@srm/platform/testing';
import { startTestServer, type TestServer } from './testing';

let server: TestServer;

/** Waits until `done` holds (every 20 ms), or fails naming what did not come. */
async function until(done: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs} ms`);
    await sleep(20);
  }
}
const supplierA: Partial<Actor> = { userId: 7001, userName: 'supA', side: 'supplier', supplierId: 1 };
const supplierB: Partial<Actor> = { userId: 7002, userName: 'supB', side: 'supplier', supplierId: 2 };

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function ticketOf(actor: Partial<Actor>): Promise<string> {
  const answer = await server.post<{ ticket: string; expiresInSeconds: number }>(TICKET_PATH, {}, { actor });
  expect(answer.body).toMatchObject({ status: 'S', data: { expiresInSeconds: 30 } });
  return answer.body.data.ticket;
}

const socketUrl = (ticket: string, node: TestServer = server) =>
  `${node.url.replace('http', 'ws')}${REALTIME_PATH}?ticket=${ticket}`;

/** An open socket and the frames it received. */
interface Listening {
  readonly socket: WebSocket;
  readonly frames: { type: string }[];
}

async function connect(ticket: string, node: TestServer = server): Promise<Listening> {
  const socket = new WebSocket(socketUrl(ticket, node));
  const frames: { type: string }[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(String(data)) as { type: string }));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  await until(() => frames.some((frame) => frame.type === 'hello'), 'the hello frame');
  return { socket, frames };
}

/** The HTTP status that refused an upgrade (null: it was accepted). */
async function refusal(url: string): Promise<number | null> {
  const socket = new WebSocket(url);
  return new Promise((resolve) => {
    socket.once('open', () => {
      socket.close();
      resolve(null);
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('error', () => resolve(-1));
  });
}

async function notify(userIds: number[], rollback = false): Promise<void> {
  const messages = server.runtime.plugins.siteMessages!;
  await inTransaction(server.runtime.database, async () => {
    await messages.notify({ userIds, titleKey: 'realtime.upgradeRequired', source: 'TEST' });
    if (rollback) throw new Error('rolled back');
  }).catch((error: unknown) => {
    if (!rollback) throw error;
  });
}

describe('the websocket hub', () => {
  it('refuses an upgrade without a valid ticket, and a ticket without a session', async () => {
    expect(await refusal(`${server.url.replace('http', 'ws')}${REALTIME_PATH}`)).toBe(401);
    expect(await refusal(socketUrl('not-a-ticket-but-long-enough-to-look-like-one'))).toBe(401);
    const unsigned = await server.post(TICKET_PATH, {}, { headers: { 'x-test-actor': 'none' } });
    expect(unsigned.httpStatus).toBe(401);
    expect(unsigned.body.status).toBe('E');
  });

  it('takes a ticket once, and not after 30 seconds', async () => {
    const ticket = await ticketOf(supplierA);
    const first = await connect(ticket);
    expect(await refusal(socketUrl(ticket))).toBe(401);
    first.socket.close();
    const late = await ticketOf(supplierA);
    server.clock.travel(31_000);
    expect(await refusal(socketUrl(late))).toBe(401);
  });

  it('answers a plain GET with a ticket 400 and uses the ticket up', async () => {
    const ticket = await ticketOf(supplierA);
    const plain = await fetch(`${server.url}${REALTIME_PATH}?ticket=${ticket}`);
    expect(plain.status).toBe(400);
    expect(((await plain.json()) as { status: string }).status).toBe('E');
    expect(await refusal(socketUrl(ticket))).toBe(401);
  });

  it("tells a user's sockets of a committed message, and nobody else's", async () => {
    const a1 = await connect(await ticketOf(supplierA));
    const a2 = await connect(await ticketOf(supplierA));
    const b = await connect(await ticketOf(supplierB));
    await notify([supplierA.userId!]);
    await until(() => a1.frames.some((frame) => frame.type === 'message'), "A's first socket");
    await until(() => a2.frames.some((frame) => frame.type === 'message'), "A's second socket");
    // B's socket would have had it by now (the same NOTIFY reaches every socket of the node).
    await sleep(300);
    expect(b.frames.map((frame) => frame.type)).toEqual(['hello']);
    // A rolled-back change tells nobody.
    await notify([supplierB.userId!], true);
    await sleep(300);
    expect(b.frames.map((frame) => frame.type)).toEqual(['hello']);
    await notify([supplierB.userId!]);
    await until(() => b.frames.some((frame) => frame.type === 'message'), "B's socket");
    expect(a1.frames.filter((frame) => frame.type === 'message')).toHaveLength(1);
    for (const open of [a1, a2, b]) open.socket.close();
  });

  it('names the documents of a user’s own messages, so that a page showing one reads it again', async () => {
    const a = await connect(await ticketOf(supplierA));
    const b = await connect(await ticketOf(supplierB));
    const messages = server.runtime.plugins.siteMessages!;
    await inTransaction(server.runtime.database, async () => {
      await messages.notifyMany([
        {
          userIds: [supplierA.userId!],
          titleKey: 'realtime.upgradeRequired',
          source: 'TEST',
          link: { entityName: 'srmPurPoHeader', documentId: 41 },
        },
        {
          userIds: [supplierA.userId!],
          titleKey: 'realtime.upgradeRequired',
          source: 'TEST',
          link: { entityName: 'srmPurPoHeader', documentId: 40 },
        },
        {
          userIds: [supplierB.userId!],
          titleKey: 'realtime.upgradeRequired',
          source: 'TEST',
          link: { entityName: 'srmPurPoHeader', documentId: 42 },
        },
      ]);
    });
    await until(() => a.frames.some((frame) => frame.type === 'message'), "A's socket");
    await until(() => b.frames.some((frame) => frame.type === 'message'), "B's socket");
    await sleep(300);
    // Each hears of its own documents only, once.
    expect(a.frames.filter((frame) => frame.type === 'message')).toEqual([
      { type: 'message', documents: 'srmPurPoHeader:40,srmPurPoHeader:41' },
    ]);
    expect(b.frames.filter((frame) => frame.type === 'message')).toEqual([
      { type: 'message', documents: 'srmPurPoHeader:42' },
    ]);
    for (const open of [a, b]) open.socket.close();
  });

  it('tells of thousands of documents at once without naming them (a NOTIFY holds 8,000 bytes)', async () => {
    const a = await connect(await ticketOf(supplierA));
    const messages = server.runtime.plugins.siteMessages!;
    await inTransaction(server.runtime.database, async () => {
      await messages.notifyMany(
        Array.from({ length: 1500 }, (_, n) => ({
          userIds: [supplierA.userId!],
          titleKey: 'realtime.upgradeRequired',
          source: 'TEST',
          link: { entityName: 'srmSupplierCredential', documentId: 100_000 + n },
        })),
      );
    });
    await until(() => a.frames.some((frame) => frame.type === 'message'), "A's socket");
    expect(a.frames.filter((frame) => frame.type === 'message')).toEqual([{ type: 'message' }]);
    a.socket.close();
  });

  it('sends an event to any number of users, as many to a notification as it holds beside the event', async () => {
    const a = await connect(await ticketOf(supplierA));
    // 3,000 long user ids and a 4,000-character event: no fixed count of users per NOTIFY fits.
    const users = Array.from({ length: 3000 }, (_, n) => 1_000_000_000 + n);
    const event = { type: 'message', documents: `srmTest:${'9'.repeat(3990)}` };
    await inTransaction(server.runtime.database, async () => {
      await server.runtime.plugins.realtime!.publish([...users, supplierA.userId!], event);
    });
    await until(() => a.frames.some((frame) => frame.type === 'message'), "A's socket");
    expect(a.frames.filter((frame) => frame.type === 'message')).toEqual([event]);
    a.socket.close();
  });
});

const onPostgres = !!process.env.DATABASE_URL;

describe.runIf(onPostgres)('the websocket hub on two nodes of one PostgreSQL database', () => {
  let two: TestServer;
  beforeAll(async () => {
    two = await startTestServer({ joinDatabaseUrl: server.database.url! });
  });
  afterAll(async () => {
    await two?.close();
  });

  it('takes a ticket of node one on node two, and brings node one’s message there', async () => {
    // The ticket was issued by the first node; the upgrade reaches the second.
    const a = await connect(await ticketOf(supplierA), two);
    const b = await connect(await ticketOf(supplierB), two);
    // How fast: bench/realtime.bench.ts (p99 across two nodes).
    await notify([supplierA.userId!]);
    await until(() => a.frames.some((frame) => frame.type === 'message'), "A's socket on node two");
    await sleep(300);
    expect(b.frames.map((frame) => frame.type)).toEqual(['hello']);
    for (const open of [a, b]) open.socket.close();
  });

  it('listens again after its connection is cut, tells its sockets to re-read, and delivers again', async () => {
    const a = await connect(await ticketOf(supplierA), two);
    await queryRows(
      server.runtime.executor(),
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'listen%srm_realtime%'`,
    );
    await until(() => a.frames.some((frame) => frame.type === 'resync'), 'the resync frame');
    await notify([supplierA.userId!]);
    await until(() => a.frames.some((frame) => frame.type === 'message'), 'a message after the cut');
    a.socket.close();
  });
});
