// Live halls on the websocket hub (DESIGN.md §6, §13; docs/realtime.md): a channel per live
// event (`auction:12`) whose subscribers each get their own view of it. The platform knows no
// auction: an area defines a hall kind with how to load the hall's state and how one audience
// sees it; the platform numbers the hall's events, carries ids only through PostgreSQL (every
// listening session could read a NOTIFY payload), loads the state once per event on each node and
// builds one view per recipient — never one shared document for everyone.
//
// Who may subscribe is decided by the area's own declared endpoint (its scope and grants, 404 for
// an outsider as for a missing hall): it answers the hall's snapshot and a pass, a signed note of
// the user, the hall and the audience, that the socket presents to subscribe, on any node.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '@srm/db';
import { queryRows } from '@srm/db';
import type { DataApi } from '../entity/context';

/** The LISTEN/NOTIFY channel of hall events: `{hall}:{seq}`, nothing more. */
export const HALL_CHANNEL = 'srm_hall';
/** How long a pass may wait to be presented (the page fetched its snapshot, then opened a socket). */
export const PASS_SECONDS = 300;

/** Who looks: the user, the supplier it speaks for (null for the buying side), and whether it sees the board. */
export interface HallAudience {
  readonly userId: number;
  readonly supplierId: number | null;
  /** The owner and the jury: the board of every bidder (under aliases until opening). */
  readonly board: boolean;
}

/** What an area declares for a kind of hall. */
export interface HallKind<State = unknown> {
  /** `auction` for halls `auction:{id}`. */
  readonly prefix: string;
  /** The hall's state now (system scope, read once per event per node); null when it is gone. */
  load(data: DataApi, id: number): Promise<State | null>;
  /** One audience's view of it: only what that audience may know. */
  view(state: State, audience: HallAudience): unknown;
  /**
   * What of the audience its view depends on, where audiences share a view (the owner and every
   * jury member see one board): the hub builds and serialises each key's view once per event.
   * Absent: each recipient's view is built on its own. A key must tell apart every two audiences
   * whose views may differ.
   */
  viewKey?(audience: HallAudience): string;
}

/** Declares a hall kind (typed by its state). */
export function defineHall<State>(kind: HallKind<State>): HallKind {
  return {
    prefix: kind.prefix,
    load: (data, id) => kind.load(data, id),
    view: (state, audience) => kind.view(state as State, audience),
    ...(kind.viewKey ? { viewKey: kind.viewKey } : {}),
  };
}

export const hallName = (prefix: string, id: number) => `${prefix}:${id}`;

export function parseHall(hall: string): { prefix: string; id: number } | null {
  const match = /^([a-z]{2,20}):(\d{1,15})$/.exec(hall);
  return match ? { prefix: match[1]!, id: Number(match[2]) } : null;
}

/**
 * Records that something happened in a hall and tells every node once the transaction commits.
 * Call it holding the lock of the hall's document (the auction row): the number is the next
 * after the hall's last, without gaps, because nothing else raises in that hall meanwhile.
 */
export async function raiseHallEvent(
  tx: Executor,
  hall: string,
  kind: string,
  refId: number | null,
  at: Date,
): Promise<number> {
  const [seq] = await raiseHallEvents(tx, hall, kind, [at], refId);
  return seq!;
}

/**
 * Several events of one kind at once (a batch of bids), numbered in the order given, in one
 * statement with one notification each (sent at commit, ids only); answers their numbers in that
 * order. Same lock rule as `raiseHallEvent`.
 */
export async function raiseHallEvents(
  tx: Executor,
  hall: string,
  kind: string,
  at: readonly Date[],
  refId: number | null = null,
): Promise<number[]> {
  if (at.length === 0) return [];
  const rows = await queryRows<{ seq: string | number }>(
    tx,
    sql`with top as (select coalesce(max(seq), 0) as seq from base_hall_event where hall = ${hall}),
        raised as (
          insert into base_hall_event (hall, seq, kind, ref_id, created_at)
          select ${hall}, top.seq + u.ord, ${kind}, ${refId}::bigint, u.at
          from top, unnest(${sql.param(at.map((one) => one.toISOString()))}::timestamptz[])
            with ordinality as u(at, ord)
          returning seq)
        select seq, pg_notify(${HALL_CHANNEL}, ${hall} || ':' || seq) from raised order by seq`,
  );
  return rows.map((row) => Number(row.seq));
}

/** The hall's last event number (0 before any). */
export async function hallSeq(tx: Executor, hall: string): Promise<number> {
  const [row] = await queryRows<{ seq: string | number | null }>(
    tx,
    sql`select max(seq) as seq from base_hall_event where hall = ${hall}`,
  );
  return Number(row?.seq ?? 0);
}

/** The hall's events after a number, oldest first (a client that missed some). */
export async function hallEventsAfter(
  tx: Executor,
  hall: string,
  afterSeq: number,
  limit = 500,
): Promise<{ seq: number; kind: string; refId: number | null; at: number }[]> {
  const rows = await queryRows<{
    seq: string | number;
    kind: string;
    ref_id: string | number | null;
    created_at: Date | string;
  }>(
    tx,
    sql`select seq, kind, ref_id, created_at from base_hall_event
        where hall = ${hall} and seq > ${afterSeq} order by seq limit ${limit}`,
  );
  return rows.map((row) => ({
    seq: Number(row.seq),
    kind: row.kind,
    refId: row.ref_id === null ? null : Number(row.ref_id),
    at: new Date(row.created_at).getTime(),
  }));
}

// ------------------------------------------------------------------ passes

interface PassBody {
  readonly h: string;
  readonly u: number;
  readonly s: number | null;
  readonly b: boolean;
  readonly x: number;
}

/** Signs and checks passes with a secret every node shares (derived from the installation's key). */
export class HallPasses {
  private readonly secret: Buffer;

  constructor(installationKey: Buffer) {
    this.secret = createHmac('sha256', installationKey).update('srm hall pass').digest();
  }

  private mac(body: string): Buffer {
    return createHmac('sha256', this.secret).update(body).digest();
  }

  issue(hall: string, audience: HallAudience, nowMs: number): string {
    const body: PassBody = {
      h: hall,
      u: audience.userId,
      s: audience.supplierId,
      b: audience.board,
      x: nowMs + PASS_SECONDS * 1000,
    };
    const text = Buffer.from(JSON.stringify(body)).toString('base64url');
    return `${text}.${this.mac(text).toString('base64url')}`;
  }

  /** The hall and audience of a pass presented by this user, or null (forged, expired, someone else's). */
  check(pass: unknown, userId: number, nowMs: number): { hall: string; audience: HallAudience } | null {
    if (typeof pass !== 'string' || pass.length > 600) return null;
    const [text, mac] = pass.split('.');
    if (!text || !mac) return null;
    const expected = this.mac(text);
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let body: PassBody;
    try {
      body = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as PassBody;
    } catch {
      return null;
    }
    if (body.u !== userId || body.x < nowMs || typeof body.h !== 'string' || !parseHall(body.h)) return null;
    return { hall: body.h, audience: { userId: body.u, supplierId: body.s ?? null, board: body.b === true } };
  }
}
