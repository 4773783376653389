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
import { isInTransaction, queryRows } from '@srm/db';
import { SYSTEM_ACTOR } from '../access/actor';
import { dataApi } from '../entity/context';
import type { EntityRuntime } from '../entity/runtime';
import { HALL_CHANNEL, type HallAudience, type HallKind, type HallPasses, parseHall } from './hall';

/** The LISTEN/NOTIFY channel every node listens on. */
export const REALTIME_CHANNEL = 'srm_realtime';
/** How long a ticket may wait for its upgrade. */
export const TICKET_SECONDS = 30;
/** The bytes one NOTIFY may carry: PostgreSQL's limit is 8,000. */
const NOTIFY_BYTES = 7_900;
/** Sockets that answered no ping for this long are closed (a laptop that slept, a dead proxy). */
const PING_MS = 30_000;
/** Hall subscribers get the server's time this often (their countdown's anchor, and a liveness sign). */
const TICK_MS = 5_000;
/** A socket with more unsent than this gets only the latest view of each hall (board frames coalesce). */
const SOFT_QUEUE_BYTES = 128 * 1024;
/** A socket with more unsent than this does not read: it is closed, and its browser resyncs. */
const HARD_QUEUE_BYTES = 4 * 1024 * 1024;
/** How often held (coalesced) views are tried again. */
const FLUSH_MS = 100;

/** What a browser is told: a type it reacts to, and what it needs to (never another user's data). */
export interface RealtimeEvent {
  readonly type: string;
  readonly [field: string]: string | number | boolean | null;
}

/** The hub as domain code uses it (`runtime.plugins.realtime`). */
export interface RealtimePublisher {
  /** Tells these users' browsers, on every node, once the open transaction commits. */
  publish(userIds: readonly number[], event: RealtimeEvent): Promise<void>;
  /**
   * A pass for one user's socket to subscribe to a hall as this audience (an area's declared
   * endpoint issues it after its own access check). Null when the hub has no passes.
   */
  hallPass?(hall: string, audience: HallAudience): string | null;
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
  readonly userId: number;
  alive: boolean;
  /** The halls it subscribed to, as which audience. */
  readonly halls: Map<string, HallAudience>;
  /** Views held back while the socket is slow: the latest per hall. */
  readonly held: Map<string, string>;
}

export interface HallOptions {
  readonly passes: HallPasses;
  readonly kinds: readonly HallKind[];
}

export class RealtimeHub implements RealtimePublisher {
  private readonly connections = new Map<number, Set<Connection>>();
  private unlisten: (() => Promise<void>) | null = null;
  private pinger: NodeJS.Timeout | null = null;
  private listening = false;
  /** Sockets of this node by hall. */
  private readonly subscribers = new Map<string, Set<Connection>>();
  /** Halls being loaded, and whether another event came meanwhile (load again, latest wins). */
  private readonly loading = new Map<string, { again: boolean; seq: number }>();
  private readonly kinds: Map<string, HallKind>;
  private unlistenHalls: (() => Promise<void>) | null = null;
  private ticker: NodeJS.Timeout | null = null;
  private flusher: NodeJS.Timeout | null = null;

  constructor(
    private readonly runtime: EntityRuntime,
    private readonly hallOptions: HallOptions | null = null,
  ) {
    this.kinds = new Map((hallOptions?.kinds ?? []).map((kind) => [kind.prefix, kind]));
  }

  hallPass(hall: string, audience: HallAudience): string | null {
    return this.hallOptions?.passes.issue(hall, audience, this.runtime.clock.nowMs()) ?? null;
  }

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
    // As many users per NOTIFY as its payload holds beside the event.
    const room = NOTIFY_BYTES - Buffer.byteLength(JSON.stringify({ u: [], e: event }));
    if (room < 100) throw new Error(`A realtime event of type ${event.type} is too large to send`);
    let batch: number[] = [];
    let used = 0;
    const send = async () => {
      const delivery: Delivery = { u: batch, e: event };
      await executor.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(delivery)})`);
      batch = [];
      used = 0;
    };
    for (const user of users) {
      const size = String(user).length + 1;
      if (used + size > room) await send();
      batch.push(user);
      used += size;
    }
    if (batch.length) await send();
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

  // ------------------------------------------------------------------ halls

  /** A frame from a browser: subscribe with a pass, unsubscribe, or ask the server's time. */
  private received(connection: Connection, text: string): void {
    let frame: { type?: unknown; pass?: unknown; hall?: unknown; t?: unknown };
    try {
      frame = JSON.parse(text) as typeof frame;
    } catch {
      return;
    }
    const now = this.runtime.clock.nowMs();
    if (frame.type === 'time') {
      // The browser measures its offset from this (half the round trip allowed for).
      const t = typeof frame.t === 'number' && Number.isFinite(frame.t) ? frame.t : null;
      connection.socket.send(JSON.stringify({ type: 'time', t, serverNow: now }));
      return;
    }
    if (frame.type === 'unsubscribe' && typeof frame.hall === 'string') {
      this.leave(connection, frame.hall);
      return;
    }
    if (frame.type !== 'subscribe') return;
    const granted = this.hallOptions?.passes.check(frame.pass, connection.userId, now) ?? null;
    const kind = granted ? this.kinds.get(parseHall(granted.hall)?.prefix ?? '') : undefined;
    if (!granted || !kind) {
      // The same answer for a forged pass, someone else's, an expired one and a hall that is not.
      connection.socket.send(JSON.stringify({ type: 'hallError', code: 'notFound', serverNow: now }));
      return;
    }
    connection.halls.set(granted.hall, granted.audience);
    let set = this.subscribers.get(granted.hall);
    if (!set) this.subscribers.set(granted.hall, (set = new Set()));
    set.add(connection);
    connection.socket.send(JSON.stringify({ type: 'subscribed', hall: granted.hall, serverNow: now }));
    // Its first view now: whatever happened between its snapshot and this moment is in it.
    this.schedule(granted.hall, 0);
  }

  private leave(connection: Connection, hall: string): void {
    connection.halls.delete(hall);
    connection.held.delete(hall);
    const set = this.subscribers.get(hall);
    set?.delete(connection);
    if (set && !set.size) this.subscribers.delete(hall);
  }

  /** `{hall}:{seq}` from any node: load once here and send each subscriber its view. */
  private hallEvent(payload: string): void {
    const cut = payload.lastIndexOf(':');
    const hall = payload.slice(0, cut);
    const seq = Number(payload.slice(cut + 1));
    if (cut < 0 || !Number.isSafeInteger(seq) || !this.subscribers.has(hall)) return;
    this.schedule(hall, seq);
  }

  /** Loads the hall unless a load is running; then that one is followed by one more (latest wins). */
  private schedule(hall: string, seq: number): void {
    const running = this.loading.get(hall);
    if (running) {
      running.again = true;
      running.seq = Math.max(running.seq, seq);
      return;
    }
    const state = { again: false, seq };
    this.loading.set(hall, state);
    void this.load(hall, state);
  }

  private async load(hall: string, state: { again: boolean; seq: number }): Promise<void> {
    try {
      do {
        state.again = false;
        await this.sendViews(hall);
      } while (state.again);
    } catch (error) {
      // The next event or the subscriber's resync brings it back; the hall must not stop for one.
      console.error(`hall ${hall}: views not sent`, error);
    } finally {
      this.loading.delete(hall);
    }
  }

  private async sendViews(hall: string): Promise<void> {
    const set = this.subscribers.get(hall);
    const parsed = parseHall(hall);
    const kind = parsed ? this.kinds.get(parsed.prefix) : undefined;
    if (!set?.size || !parsed || !kind) return;
    const now = this.runtime.clock.now();
    // The number and the state from one snapshot: the frame claims exactly the events its view
    // holds (read apart, a bid committed between the two reads would be claimed and missing, or
    // shown and not claimed). An event and its bid commit together.
    // (Where the event reached this node inside a transaction, as PGlite's may, that one is joined.)
    const own = !isInTransaction();
    const { seq, loaded } = await this.runtime.transaction(async (tx) => {
      if (own) await tx.execute(sql`set transaction isolation level repeatable read, read only`);
      const data = dataApi({ actor: SYSTEM_ACTOR, runtime: this.runtime, tx, now }, 'hall');
      return { seq: await this.currentSeq(hall), loaded: await kind.load(data, parsed.id) };
    });
    // Audiences of one view key (the board's owner and jury) share one frame of this event.
    const shared = new Map<string, string>();
    const frameOf = (audience: HallAudience) =>
      JSON.stringify({
        type: 'hall',
        hall,
        seq,
        serverNow: now.getTime(),
        view: loaded === null ? null : kind.view(loaded, audience),
      });
    for (const connection of set) {
      const audience = connection.halls.get(hall);
      if (!audience) continue;
      const key = kind.viewKey?.(audience);
      let frame = key === undefined ? undefined : shared.get(key);
      if (frame === undefined) {
        frame = frameOf(audience);
        if (key !== undefined) shared.set(key, frame);
      }
      this.sendView(connection, hall, frame);
    }
  }

  private async currentSeq(hall: string): Promise<number> {
    const [row] = await queryRows<{ seq: string | number | null }>(
      this.runtime.executor(),
      sql`select max(seq) as seq from base_hall_event where hall = ${hall}`,
    );
    return Number(row?.seq ?? 0);
  }

  /** A view goes now, or is held (latest wins) while the socket is behind; a socket far behind is closed. */
  private sendView(connection: Connection, hall: string, frame: string): void {
    const { socket } = connection;
    if (socket.bufferedAmount > HARD_QUEUE_BYTES) {
      socket.terminate();
      return;
    }
    if (socket.bufferedAmount > SOFT_QUEUE_BYTES) {
      connection.held.set(hall, frame);
      return;
    }
    connection.held.delete(hall);
    socket.send(frame);
  }

  private flush(): void {
    for (const set of this.subscribers.values())
      for (const connection of set)
        for (const [hall, frame] of connection.held) this.sendView(connection, hall, frame);
  }

  private tick(): void {
    const frame = JSON.stringify({ type: 'tick', serverNow: this.runtime.clock.nowMs() });
    const sent = new Set<Connection>();
    for (const set of this.subscribers.values())
      for (const connection of set)
        if (!sent.has(connection) && connection.socket.bufferedAmount <= SOFT_QUEUE_BYTES) {
          sent.add(connection);
          connection.socket.send(frame);
        }
  }

  /** Hall subscriptions on this node (the benchmark). */
  get hallSubscriptions(): number {
    let count = 0;
    for (const set of this.subscribers.values()) count += set.size;
    return count;
  }

  // ------------------------------------------------------------------ sockets

  /** A socket of this user, upgraded with a valid ticket. */
  attach(userId: number, socket: WebSocket): void {
    const connection: Connection = { socket, userId, alive: true, halls: new Map(), held: new Map() };
    let set = this.connections.get(userId);
    if (!set) this.connections.set(userId, (set = new Set()));
    set.add(connection);
    socket.on('pong', () => {
      connection.alive = true;
    });
    // The browser subscribes to halls and asks the time; anything else it sends is ignored.
    socket.on('message', (data) => this.received(connection, String(data)));
    socket.on('close', () => {
      set.delete(connection);
      if (!set.size && this.connections.get(userId) === set) this.connections.delete(userId);
      for (const hall of connection.halls.keys()) this.leave(connection, hall);
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
    if (this.kinds.size) {
      this.unlistenHalls = await this.runtime.database.listen(HALL_CHANNEL, (payload) =>
        this.hallEvent(payload),
      );
      this.ticker = setInterval(() => this.tick(), TICK_MS);
      this.ticker.unref();
      this.flusher = setInterval(() => this.flush(), FLUSH_MS);
      this.flusher.unref();
    }
  }

  async stop(): Promise<void> {
    if (this.pinger) clearInterval(this.pinger);
    this.pinger = null;
    if (this.ticker) clearInterval(this.ticker);
    if (this.flusher) clearInterval(this.flusher);
    this.ticker = this.flusher = null;
    const unlistenHalls = this.unlistenHalls;
    this.unlistenHalls = null;
    await unlistenHalls?.();
    this.subscribers.clear();
    // 1001 going away: the browser connects again (to another node) and re-reads.
    for (const set of this.connections.values()) for (const connection of set) connection.socket.close(1001);
    this.connections.clear();
    const unlisten = this.unlisten;
    this.unlisten = null;
    await unlisten?.();
  }
}
