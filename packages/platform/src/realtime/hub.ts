// The websocket hub (/api/ws): live hints to the browsers of signed-in users (a new message, and
// later the auction hall's bids and the pending-work counts). The browser takes a single-use
// ticket, valid 30 s, with an authenticated POST and presents it at the upgrade; the session
// never travels in a URL. `publish` writes a PostgreSQL NOTIFY in the open transaction, so an
// event exists only if its change commits, and every node (LISTEN) hands it to the sockets of
// the users it names. A push is only a hint: the browser re-reads what it shows, and re-reads on
// every (re)connect, so a lost push loses nothing.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import { queryRows } from '@srm/db';
import type { EntityRuntime } from '../entity/runtime';

/** The LISTEN/NOTIFY channel every node listens on. */
export const REALTIME_CHANNEL = 'srm_realtime';
/** How long a ticket may wait for its upgrade. */
export const TICKET_SECONDS = 30;
/** Users named by one NOTIFY: its payload stays under PostgreSQL's 8,000 bytes. */
const USERS_PER_NOTIFY = 500;
/** Sockets that answered no ping for this long are closed (a laptop that slept, a dead proxy). */
const PING_MS = 30_000;

/** What a browser is told: a type it reacts to, and what it needs to (never another user's data). */
export interface RealtimeEvent {
  readonly type: string;
  readonly [field: string]: string | number | boolean | null;
}

/** The hub as domain code uses it (`runtime.plugins.realtime`). */
export interface RealtimePublisher {
  /** Tells these users' browsers, on every node, once the open transaction commits. */
  publish(userIds: readonly number[], event: RealtimeEvent): Promise<void>;
}

interface Delivery {
  /** The users. */
  readonly u: number[];
  /** The event. */
  readonly e: RealtimeEvent;
}

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

interface Connection {
  readonly socket: WebSocket;
  alive: boolean;
}

export class RealtimeHub implements RealtimePublisher {
  private readonly connections = new Map<number, Set<Connection>>();
  private unlisten: (() => Promise<void>) | null = null;
  private pinger: NodeJS.Timeout | null = null;
  private listening = false;

  constructor(private readonly runtime: EntityRuntime) {}

  // ------------------------------------------------------------------ tickets

  /** A ticket for this user's next upgrade (and the expired ones go). */
  async issueTicket(userId: number): Promise<string> {
    const ticket = randomBytes(32).toString('base64url');
    const now = this.runtime.clock.nowMs();
    const executor = this.runtime.executor();
    await executor.execute(sql`delete from base_realtime_ticket where expires_at < ${new Date(now)}`);
    await executor.execute(
      sql`insert into base_realtime_ticket (ticket_hash, user_id, expires_at)
          values (${hashOf(ticket)}, ${userId}, ${new Date(now + TICKET_SECONDS * 1000)})`,
    );
    return ticket;
  }

  /** The user of a valid ticket, which is used up (on any node: one delete); null otherwise. */
  async takeTicket(ticket: unknown): Promise<number | null> {
    if (typeof ticket !== 'string' || !/^[A-Za-z0-9_-]{20,100}$/.test(ticket)) return null;
    const rows = await queryRows<{ user_id: number }>(
      this.runtime.executor(),
      sql`delete from base_realtime_ticket where ticket_hash = ${hashOf(ticket)}
          and expires_at >= ${new Date(this.runtime.clock.nowMs())} returning user_id`,
    );
    return rows[0] ? Number(rows[0].user_id) : null;
  }

  // ------------------------------------------------------------------ events

  async publish(userIds: readonly number[], event: RealtimeEvent): Promise<void> {
    const users = [...new Set(userIds)].filter((id) => Number.isSafeInteger(id) && id > 0);
    const executor = this.runtime.executor();
    for (let start = 0; start < users.length; start += USERS_PER_NOTIFY) {
      const delivery: Delivery = { u: users.slice(start, start + USERS_PER_NOTIFY), e: event };
      await executor.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(delivery)})`);
    }
  }

  /** Hands a notification to this node's sockets of the users it names. */
  private deliver(payload: string): void {
    let delivery: Delivery;
    try {
      delivery = JSON.parse(payload) as Delivery;
    } catch {
      return;
    }
    if (!Array.isArray(delivery.u) || !delivery.e || typeof delivery.e.type !== 'string') return;
    const frame = JSON.stringify(delivery.e);
    for (const userId of delivery.u)
      for (const connection of this.connections.get(userId) ?? []) connection.socket.send(frame);
  }

  /** Tells every socket here to re-read (the LISTEN was re-established: pushes may be lost). */
  private resync(): void {
    const frame = JSON.stringify({ type: 'resync' });
    for (const set of this.connections.values()) for (const connection of set) connection.socket.send(frame);
  }

  // ------------------------------------------------------------------ sockets

  /** A socket of this user, upgraded with a valid ticket. */
  attach(userId: number, socket: WebSocket): void {
    const connection: Connection = { socket, alive: true };
    let set = this.connections.get(userId);
    if (!set) this.connections.set(userId, (set = new Set()));
    set.add(connection);
    socket.on('pong', () => {
      connection.alive = true;
    });
    // The browser sends nothing the hub acts on; anything it sends is ignored.
    socket.on('close', () => {
      set.delete(connection);
      if (!set.size && this.connections.get(userId) === set) this.connections.delete(userId);
    });
    socket.send(JSON.stringify({ type: 'hello' }));
  }

  /** Sockets open on this node (the health page, the benchmark). */
  get socketCount(): number {
    let count = 0;
    for (const set of this.connections.values()) count += set.size;
    return count;
  }

  async start(): Promise<void> {
    this.unlisten = await this.runtime.database.listen(
      REALTIME_CHANNEL,
      (payload) => this.deliver(payload),
      () => {
        // Not at the first LISTEN: nothing was missed then.
        if (this.listening) this.resync();
        this.listening = true;
      },
    );
    this.pinger = setInterval(() => {
      for (const set of this.connections.values())
        for (const connection of set) {
          if (!connection.alive) {
            connection.socket.terminate();
            continue;
          }
          connection.alive = false;
          connection.socket.ping();
        }
    }, PING_MS);
    this.pinger.unref();
  }

  async stop(): Promise<void> {
    if (this.pinger) clearInterval(this.pinger);
    this.pinger = null;
    // 1001 going away: the browser connects again (to another node) and re-reads.
    for (const set of this.connections.values()) for (const connection of set) connection.socket.close(1001);
    this.connections.clear();
    const unlisten = this.unlisten;
    this.unlisten = null;
    await unlisten?.();
  }
}
