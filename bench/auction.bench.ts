// The live auction hall under load (issue 19). An auction of 3 materials is made as a buyer makes
// it (save, submit, approval), 200 suppliers get confirmed entries and aliases in bulk (as
// auction.test.ts does), the buyer starts it at once, and:
//
// 1. the hall: 200 supplier sockets and 5 board sockets (the buyer and 4 jury members) subscribe
//    with the passes of the hall endpoints; bids go over real HTTP at 50/s for
//    BENCH_AUCTION_STEADY_SECONDS (30; the issue's full run is 180), then 500 within 5 s. Per
//    accepted bid: from its HTTP 200 to the moment the LAST of the 205 sockets has a frame with a
//    seq ≥ the bid's (p50 ≤ 50 ms, p99 ≤ 250 ms on one node; p99 ≤ 400 ms on two). On PostgreSQL the
//    hall runs again on two nodes of the database (sockets and bids split between them).
// 2. throughput: one material, bids as fast as they are answered (BENCH_AUCTION_CONCURRENCY
//    requests in flight) by BENCH_AUCTION_ONE_ITEM_SUPPLIERS (1,500) suppliers in turn (the pace
//    limit allows one bid per supplier per lot per second: 600 suppliers could not pass 600/s);
//    target ≥ 300 accepted bids/s. Then 10 auctions of 3 materials × 200 suppliers at once,
//    target ≥ 1,000 bids/s. No sockets watch these auctions.
//
// Every supplier bids its own descending prices (each next bid 0.05 below its last on the lot), so
// racing bids stay valid. Checked, and the exit code set when wrong: every bid answered accepted
// is stored once, no bid is stored that was not answered accepted, every seq is unique, no request
// failed (5xx or network); on the hall, every socket's last view is the database's (the board's
// rows against srm_auction_bid's accepted bids ordered by price, hall_seq; each supplier's own
// price and rank), and a supplier's frame that claims a seq carries the supplier's bids up to it.
// A missed speed target prints MISSED. Servers and clients share this process (and its 2 cores);
// the throughput part's client runs on a thread of its own (bench/lib/post-thread.ts).
// PGlite, and PostgreSQL when one answers on 127.0.0.1:5432; BENCH_DB picks one.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, queryRows, readJournal, runMigrations } from '@srm/db';
import {
  type Actor,
  type Platform,
  REALTIME_PATH,
  SYSTEM_ACTOR,
  TICKET_PATH,
  buildPlatform,
  dataApi,
  decideAll,
  runSeeds,
} from '@srm/platform';
import { TEST_ACTOR_HEADER, api, seedsNamed, testActorPolicy } from '@srm/platform/testing';
import { serverAreas, singleApproverTemplates } from '@srm/domain/server';
import { baseDataSeeds } from '@srm/domain/base-data/server';
import { auctionEntry } from '@srm/domain/sourcing';
import { migrationsDir, openBenchDatabase, percentile, postgresAvailable } from './lib/engine';
import { postOffThread } from './lib/post-thread';

const SUPPLIERS = 200;
const BOARDS = 5;
const STEADY_SECONDS = Number(process.env.BENCH_AUCTION_STEADY_SECONDS ?? 30);
const STEADY_RATE = 50;
const BURST_BIDS = Number(process.env.BENCH_AUCTION_BURST_BIDS ?? 500);
const BURST_SECONDS = 5;
const ONE_ITEM_SUPPLIERS = Number(process.env.BENCH_AUCTION_ONE_ITEM_SUPPLIERS ?? 1_500);
const ONE_ITEM_BIDS = Number(process.env.BENCH_AUCTION_ONE_ITEM_BIDS ?? 3_000);
const AUCTIONS = 10;
const MANY_BIDS = Number(process.env.BENCH_AUCTION_MANY_BIDS ?? 6_000);
const CONCURRENCY = Number(process.env.BENCH_AUCTION_CONCURRENCY ?? 32);
/** `hall`, `throughput`, or both (the default). */
const PARTS = (process.env.BENCH_AUCTION_PARTS ?? 'hall,throughput').split(',');
const START_PRICE = 1000;
/** Every this-many-th supplier socket reads each frame it gets (the check of what a frame claims). */
const SAMPLE_EVERY = 10;
const MIN = 60_000;

let failed = false;
type Row = Record<string, unknown>;
type Figure = { figure: string; measured: string; target: string; verdict: string };
const figures: Figure[] = [];
const checks: { check: string; result: string; ok: boolean }[] = [];

function check(name: string, ok: boolean, result: string): void {
  checks.push({ check: name, result, ok });
  if (!ok) failed = true;
  console.log(`${name}: ${result}${ok ? '' : '  FAILED'}`);
}

function figure(name: string, measured: string, target: string, met: boolean | null): void {
  const verdict = met === null ? '' : met ? 'met' : 'MISSED';
  figures.push({ figure: name, measured, target, verdict });
  console.log(`${name}: ${measured} (target ${target})${met === false ? '  MISSED' : ''}`);
}

const ms = (value: number) => `${Math.round(value)} ms`;
const sleep = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis));
/** Supplier s's r-th bid on a lot: its own prices descend by 0.05 (the step is 0.01). */
const priceOf = (s: number, round: number) =>
  ((START_PRICE * 100 - 100 - round * 5 - (s % 97)) / 100).toFixed(2);
const supplierActor = (supplierId: number): Partial<Actor> => ({
  userId: 100_000 + supplierId,
  userName: `bidder${supplierId}`,
  side: 'supplier',
  supplierId,
});

interface Node {
  platform: Platform;
  url: string;
}

async function node(database: Database): Promise<Node> {
  const platform = await buildPlatform({
    database,
    areas: serverAreas,
    policy: testActorPolicy,
    dataDir: mkdtempSync(join(tmpdir(), 'srm-bench-auction-')),
    version: 'bench',
    journal: readJournal(migrationsDir),
    jobWorkers: false,
    logger: { level: 'error' },
  });
  await platform.app.listen({ port: 0, host: '127.0.0.1' });
  const address = platform.app.server.address();
  return { platform, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

interface Answer<T = Row> {
  httpStatus: number;
  body: { status: string; msg?: string; data: T };
}

async function post<T = Row>(base: string, path: string, body: unknown, actor?: Partial<Actor>) {
  const response = await fetch(base + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(actor ? { [TEST_ACTOR_HEADER]: JSON.stringify(actor) } : {}),
    },
    body: JSON.stringify(body),
  });
  return { httpStatus: response.status, body: (await response.json()) as Answer<T>['body'] };
}

async function ok<T = Row>(base: string, path: string, body: unknown, actor?: Partial<Actor>): Promise<T> {
  const answer = await post<T>(base, path, body, actor);
  if (answer.body.status !== 'S')
    throw new Error(`${path}: ${answer.httpStatus} ${answer.body.msg ?? JSON.stringify(answer.body)}`);
  return answer.body.data;
}

interface World {
  nodes: Node[];
  db: ReturnType<Platform['runtime']['executor']>;
  ou100: number;
  cny: number;
  items: number[];
  buyer: Partial<Actor>;
  jury: Partial<Actor>[];
  suppliers: number[];
}

interface Auction {
  auctionId: number;
  items: number[];
  /** Entry by supplier. */
  entries: Map<number, number>;
  suppliers: number[];
}

/** An auction made as the buyer makes it; its other bidders entered in bulk (as auction.test.ts). */
async function makeAuction(
  world: World,
  title: string,
  itemCount: number,
  supplierCount: number,
): Promise<Auction> {
  const base = world.nodes[0]!.url;
  const { runtime } = world.nodes[0]!.platform;
  const now = runtime.clock.nowMs();
  const suppliers = world.suppliers.slice(0, supplierCount);
  const saved = await ok<Row & { auctionId: number }>(
    base,
    api('srmAuction', 'saveOrUpdate'),
    {
      title,
      orgId: world.ou100,
      currencyId: world.cny,
      decrementType: 'AMOUNT',
      decrementValue: 0.01,
      decrementBasis: 'OWN',
      tieRule: 'EARLIER_FIRST',
      displayRule: 'RANK',
      startDate: now + 10 * MIN,
      endDate: now + 70 * MIN,
      items: world.items
        .slice(0, itemCount)
        .map((itemId, i) => ({ lineNum: i + 1, itemId, quantity: 1000 * (i + 1), startPrice: START_PRICE })),
      suppliers: suppliers.slice(0, 2).map((supplierId) => ({ supplierId })),
      jury: world.jury.map((member) => ({ userId: member.userId, juryRole: 'OPENER' })),
    },
    world.buyer,
  );
  const auctionId = saved.auctionId;
  await ok(base, api('srmAuction', 'doSubmit'), { auctionId }, world.buyer);
  await decideAll(runtime, 'srmAuction', auctionId, 'approve');
  const rest = suppliers.slice(2);
  await runtime.transaction(async (tx) => {
    const data = dataApi({ actor: SYSTEM_ACTOR, runtime, tx, now: runtime.clock.now() }, 'bench');
    await data.insert(
      auctionEntry,
      rest.map((supplierId) => ({ auctionId, supplierId, orgId: world.ou100 })),
    );
    await tx.execute(sql`update srm_auction_entry set status = 'CONFIRMED'
      where auction_id = ${auctionId} and supplier_id = any(${sql.param(rest)}::bigint[])`);
    await tx.execute(sql`insert into srm_auction_bidder (auction_id, supplier_id, alias_num)
      select ${auctionId}, s, 2 + o from unnest(${sql.param(rest)}::bigint[]) with ordinality as t(s, o)`);
  });
  const entries = new Map<number, number>();
  for (const row of await queryRows<{ entry_id: string; supplier_id: string }>(
    world.db,
    sql`select entry_id, supplier_id from srm_auction_entry where auction_id = ${auctionId}`,
  ))
    entries.set(Number(row.supplier_id), Number(row.entry_id));
  for (const supplierId of suppliers.slice(0, 2))
    await ok(
      base,
      api('srmAuctionEntry', 'doConfirm'),
      { entryId: entries.get(supplierId) },
      supplierActor(supplierId),
    );
  await ok(base, api('srmAuction', 'doImmediateStart'), { auctionId }, world.buyer);
  const found = await ok<Row & { items: Row[]; status: string }>(
    base,
    api('srmAuction', 'findById'),
    { auctionId },
    world.buyer,
  );
  if (found.status !== 'RUNNING') throw new Error(`auction ${auctionId} is ${found.status}`);
  return {
    auctionId,
    items: found.items
      .sort((a, b) => Number(a.lineNum) - Number(b.lineNum))
      .map((item) => Number(item.auctionItemId)),
    entries,
    suppliers,
  };
}

interface Bid {
  auction: Auction;
  supplierId: number;
  lot: number;
  price: string;
  key: string;
  node: Node;
}

interface Sent {
  bid: Bid;
  answeredAt: number;
  httpStatus: number;
  status: string;
  msg: string | null;
  bidId: number | null;
  seq: number | null;
  accepted: boolean;
}

const bidBody = (bid: Bid) => ({
  entryId: bid.auction.entries.get(bid.supplierId),
  auctionItemId: bid.lot,
  price: bid.price,
  idempotencyKey: bid.key,
});

async function send(bid: Bid): Promise<Sent> {
  try {
    const answer = await post<Row>(
      bid.node.url,
      api('srmAuctionEntry', 'bid'),
      bidBody(bid),
      supplierActor(bid.supplierId),
    );
    const data = (answer.body.data ?? {}) as Row;
    return {
      bid,
      answeredAt: performance.now(),
      httpStatus: answer.httpStatus,
      status: answer.body.status,
      msg: answer.body.msg ?? null,
      bidId: data.bidId === undefined ? null : Number(data.bidId),
      seq: data.seq === undefined || data.seq === null ? null : Number(data.seq),
      accepted: answer.httpStatus === 200 && answer.body.status === 'S' && data.status === 'ACCEPTED',
    };
  } catch (error) {
    return {
      bid,
      answeredAt: performance.now(),
      httpStatus: 0,
      status: 'E',
      msg: String(error),
      bidId: null,
      seq: null,
      accepted: false,
    };
  }
}

/** Open loop: bid i goes at start + i / rate, whatever the answers. */
async function paced(bids: Bid[], rate: number): Promise<Sent[]> {
  const start = performance.now();
  const pending: Promise<Sent>[] = [];
  let next = 0;
  while (next < bids.length) {
    const due = Math.floor(((performance.now() - start) / 1000) * rate) + 1;
    while (next < bids.length && next < due) pending.push(send(bids[next++]!));
    await sleep(5);
  }
  return Promise.all(pending);
}

/**
 * Closed loop: `concurrency` requests in flight, sent from a thread of its own (the servers in
 * this process keep their event loop to themselves, as behind real clients); answers the bids and
 * the wall time.
 */
async function flatOffThread(bids: Bid[], concurrency: number): Promise<{ sent: Sent[]; seconds: number }> {
  const { posted, seconds } = await postOffThread(
    bids.map((bid) => ({
      url: bid.node.url + api('srmAuctionEntry', 'bid'),
      headers: {
        'content-type': 'application/json',
        [TEST_ACTOR_HEADER]: JSON.stringify(supplierActor(bid.supplierId)),
      },
      body: JSON.stringify(bidBody(bid)),
    })),
    concurrency,
  );
  const sent = posted.map((answer, index): Sent => {
    const body = (answer.body ?? {}) as { status?: string; msg?: string; data?: Row };
    const data = body.data ?? {};
    return {
      bid: bids[index]!,
      answeredAt: 0,
      httpStatus: answer.httpStatus,
      status: body.status ?? 'E',
      msg: body.msg ?? answer.error,
      bidId: data.bidId === undefined ? null : Number(data.bidId),
      seq: data.seq === undefined || data.seq === null ? null : Number(data.seq),
      accepted: answer.httpStatus === 200 && body.status === 'S' && data.status === 'ACCEPTED',
    };
  });
  return { sent, seconds };
}

/** Bid k of a 3-lot auction: supplier k mod n, lot ⌊k / n⌋ mod 3, the pair's round ⌊k / 3n⌋. */
function bidOf(auction: Auction, k: number, node: Node, tag: string): Bid {
  const n = auction.suppliers.length;
  const lots = auction.items.length;
  const s = k % n;
  const lot = Math.floor(k / n) % lots;
  const round = Math.floor(k / (n * lots));
  return {
    auction,
    supplierId: auction.suppliers[s]!,
    lot: auction.items[lot]!,
    price: priceOf(s, round),
    key: `${tag}-${k}`,
    node,
  };
}

function summarise(label: string, sent: Sent[]): void {
  const byStatus = new Map<string, number>();
  for (const one of sent) {
    const name = one.accepted ? 'accepted' : `${one.httpStatus}${one.msg ? ` ${one.msg}` : ''}`;
    byStatus.set(name, (byStatus.get(name) ?? 0) + 1);
  }
  console.log(`${label}.answers: ${[...byStatus].map(([name, count]) => `${count} ${name}`).join(', ')}`);
  const errors = sent.filter((one) => one.httpStatus === 0 || one.httpStatus >= 500);
  check(
    `${label}.errors`,
    errors.length === 0,
    `${errors.length} requests failed (5xx or network; must be 0)`,
  );
}

/** Every accepted answer stored once, nothing stored unanswered, every seq unique. */
async function checkStored(world: World, label: string, auctions: Auction[], sent: Sent[]): Promise<void> {
  let lost = 0;
  let unanswered = 0;
  let duplicated = 0;
  let seqs = 0;
  for (const auction of auctions) {
    const mine = sent.filter((one) => one.bid.auction === auction);
    const accepted = mine.filter((one) => one.accepted);
    const stored = await queryRows<{
      bid_id: string;
      key: string | null;
      seq: string | null;
      status: string;
    }>(
      world.db,
      sql`select bid_id, idempotency_key as key, hall_seq as seq, status from srm_auction_bid
           where auction_id = ${auction.auctionId} and status in ('ACCEPTED', 'SUPERSEDED')`,
    );
    const byId = new Map(stored.map((row) => [Number(row.bid_id), row]));
    for (const one of accepted) {
      const row = byId.get(one.bidId ?? -1);
      if (!row || row.key !== one.bid.key || Number(row.seq) !== one.seq) lost++;
    }
    const answeredIds = new Set(accepted.map((one) => one.bidId));
    duplicated += accepted.length - answeredIds.size;
    unanswered += stored.filter((row) => !answeredIds.has(Number(row.bid_id))).length;
    const keys = new Map<string, number>();
    for (const row of stored) keys.set(row.key ?? '', (keys.get(row.key ?? '') ?? 0) + 1);
    duplicated += [...keys.values()].filter((count) => count > 1).length;
    const seqCount = new Set(stored.map((row) => row.seq)).size;
    seqs += stored.length - seqCount;
    const [events] = await queryRows<{ n: number; distinct_n: number }>(
      world.db,
      sql`select count(*)::int as n, count(distinct seq)::int as distinct_n from base_hall_event
           where hall = ${`auction:${auction.auctionId}`}`,
    );
    seqs += Number(events!.n) - Number(events!.distinct_n);
  }
  const accepted = sent.filter((one) => one.accepted).length;
  check(
    `${label}.stored`,
    lost + unanswered + duplicated + seqs === 0,
    `${accepted} accepted answers; lost ${lost}, stored without an accepted answer ${unanswered}, duplicated ${duplicated}, repeated seqs ${seqs} (all must be 0)`,
  );
}

// ------------------------------------------------------------------ the hall's sockets

interface Watch {
  socket: WebSocket;
  supplierId: number | null;
  /** Seq of each hall frame (running maximum) and its arrival. */
  seqs: number[];
  times: number[];
  /** The last hall frame. */
  last: string | null;
  /** Sampled suppliers: each frame's seq and own price per lot (read as it arrives). */
  own: { seq: number; lots: Map<number, string | null> }[] | null;
}

async function watch(
  node: Node,
  actor: Partial<Actor>,
  pass: string,
  supplierId: number | null,
  sampled: boolean,
): Promise<Watch> {
  const { ticket } = await ok<{ ticket: string }>(node.url, TICKET_PATH, {}, actor);
  const socket = new WebSocket(`${node.url.replace('http', 'ws')}${REALTIME_PATH}?ticket=${ticket}`);
  const seen: Watch = { socket, supplierId, seqs: [], times: [], last: null, own: sampled ? [] : null };
  let subscribed: (ok: boolean) => void = () => {};
  const answered = new Promise<boolean>((resolve) => (subscribed = resolve));
  socket.on('message', (data) => {
    const text = String(data);
    if (text.startsWith('{"type":"hall"')) {
      const at = performance.now();
      const seq = Number(/"seq":(\d+)/.exec(text.slice(0, 160))?.[1] ?? 0);
      seen.seqs.push(Math.max(seq, seen.seqs.at(-1) ?? 0));
      seen.times.push(at);
      seen.last = text;
      if (seen.own) {
        const frame = JSON.parse(text) as Frame;
        seen.own.push({
          seq: frame.seq,
          lots: new Map(frame.view.lots.map((lot) => [lot.auctionItemId, lot.ownPrice ?? null])),
        });
      }
    } else if (text.startsWith('{"type":"subscribed"')) subscribed(true);
    else if (text.startsWith('{"type":"hallError"')) subscribed(false);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'subscribe', pass }));
  if (!(await answered)) throw new Error('subscription refused');
  return seen;
}

/** The first arrival of a frame with seq ≥ `seq` on this socket (null: none). */
function arrival(seen: Watch, seq: number): number | null {
  let low = 0;
  let high = seen.seqs.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (seen.seqs[middle]! >= seq) high = middle;
    else low = middle + 1;
  }
  return low < seen.seqs.length ? seen.times[low]! : null;
}

type Lot = { auctionItemId: number; ownPrice?: string | null; ownRank?: number | null; rows?: Row[] };
type Frame = { seq: number; view: { lots: Lot[] } };

async function hallPhase(world: World, nodes: Node[], label: string): Promise<void> {
  const auction = await makeAuction(world, `基准竞价大厅（${label}）`, 3, SUPPLIERS);
  // Sockets: supplier i and board member j on node i mod n (bids go through the bidder's node).
  const watches: Watch[] = [];
  const nodeOf = (index: number) => nodes[index % nodes.length]!;
  let started = performance.now();
  for (let at = 0; at < SUPPLIERS; at += 50)
    watches.push(
      ...(await Promise.all(
        auction.suppliers.slice(at, at + 50).map(async (supplierId, offset) => {
          const target = nodeOf(at + offset);
          const actor = supplierActor(supplierId);
          const hall = await ok<{ pass: string }>(
            target.url,
            api('srmAuctionEntry', 'hall'),
            { entryId: auction.entries.get(supplierId) },
            actor,
          );
          return watch(target, actor, hall.pass, supplierId, (at + offset) % SAMPLE_EVERY === 0);
        }),
      )),
    );
  for (const [index, actor] of [world.buyer, ...world.jury].slice(0, BOARDS).entries()) {
    const target = nodeOf(index);
    const board = await ok<{ pass: string }>(
      target.url,
      api('srmAuction', 'hall'),
      { auctionId: auction.auctionId },
      actor,
    );
    watches.push(await watch(target, actor, board.pass, null, false));
  }
  console.log(
    `${label}.sockets: ${watches.length} subscribed (${SUPPLIERS} suppliers, ${BOARDS} board) on ${nodes.length} node(s) in ${ms(performance.now() - started)}`,
  );
  await sleep(500);

  const steadyCount = Math.round(STEADY_SECONDS * STEADY_RATE);
  const supplierIndex = new Map(auction.suppliers.map((id, index) => [id, index]));
  const bids = Array.from({ length: steadyCount + BURST_BIDS }, (_, k) => {
    const bid = bidOf(auction, k, nodes[0]!, label);
    return { ...bid, node: nodeOf(supplierIndex.get(bid.supplierId)!) };
  });
  started = performance.now();
  const steady = await paced(bids.slice(0, steadyCount), STEADY_RATE);
  const steadySeconds = (performance.now() - started) / 1000;
  started = performance.now();
  const burst = await paced(bids.slice(steadyCount), BURST_BIDS / BURST_SECONDS);
  const burstSeconds = (performance.now() - started) / 1000;
  const sent = [...steady, ...burst];
  console.log(
    `${label}.bids: ${steady.length} in ${steadySeconds.toFixed(1)} s (steady ${STEADY_RATE}/s), then ${burst.length} in ${burstSeconds.toFixed(1)} s`,
  );
  summarise(label, sent);

  // Every socket up to the hall's last event.
  const [last] = await queryRows<{ seq: string }>(
    world.db,
    sql`select coalesce(max(seq), 0) as seq from base_hall_event where hall = ${`auction:${auction.auctionId}`}`,
  );
  const finalSeq = Number(last!.seq);
  const deadline = performance.now() + 30_000;
  while (watches.some((seen) => (seen.seqs.at(-1) ?? 0) < finalSeq) && performance.now() < deadline)
    await sleep(50);
  const behind = watches.filter((seen) => (seen.seqs.at(-1) ?? 0) < finalSeq).length;
  check(
    `${label}.caught-up`,
    behind === 0,
    `${behind} of ${watches.length} sockets without the last seq ${finalSeq} within 30 s (must be 0)`,
  );

  const latencies = (list: Sent[]) => {
    const values: number[] = [];
    let missing = 0;
    for (const one of list) {
      if (!one.accepted || one.seq === null) continue;
      let worst = 0;
      for (const seen of watches) {
        const at = arrival(seen, one.seq);
        if (at === null) {
          missing++;
          worst = Number.POSITIVE_INFINITY;
          break;
        }
        worst = Math.max(worst, at - one.answeredAt);
      }
      if (Number.isFinite(worst)) values.push(worst);
    }
    return { values, missing };
  };
  // The issue's targets: p50 ≤ 50 ms and p99 ≤ 250 ms on one node, p99 ≤ 400 ms across two (their
  // p50 is printed, not judged).
  const twoNodes = nodes.length > 1;
  const p99Target = twoNodes ? 400 : 250;
  for (const [part, list] of [
    ['steady', steady],
    ['burst', burst],
    ['all', sent],
  ] as const) {
    const { values, missing } = latencies(list);
    const p50 = percentile(values, 50);
    const p99 = percentile(values, 99);
    figure(
      `${label}.latency.${part}`,
      `p50 ${ms(p50)}, p99 ${ms(p99)}, max ${ms(Math.max(...values))} over ${values.length} bids${missing ? `, ${missing} never seen` : ''}`,
      `${twoNodes ? '' : 'p50 ≤ 50 ms, '}p99 ≤ ${p99Target} ms, all ${watches.length} sockets`,
      (twoNodes || p50 <= 50) && p99 <= p99Target && missing === 0,
    );
  }

  // A supplier's frame that claims seq s shows the supplier's own bids up to s.
  const mineBySupplier = new Map<number, Sent[]>();
  for (const one of sent)
    if (one.accepted) {
      const list = mineBySupplier.get(one.bid.supplierId) ?? [];
      list.push(one);
      mineBySupplier.set(one.bid.supplierId, list);
    }
  let stale = 0;
  let framesChecked = 0;
  for (const seen of watches) {
    if (seen.supplierId === null || !seen.own) continue;
    const mine = (mineBySupplier.get(seen.supplierId) ?? []).sort((a, b) => a.seq! - b.seq!);
    for (const frame of seen.own) {
      framesChecked++;
      for (const [lot, price] of frame.lots) {
        const own = mine.filter((one) => one.bid.lot === lot && one.seq! <= frame.seq).at(-1);
        if (own && price !== Number(own.bid.price).toFixed(2)) stale++;
      }
    }
  }
  check(
    `${label}.frames`,
    stale === 0,
    `${framesChecked} frames of every ${SAMPLE_EVERY}th supplier read; lots whose own price is not the supplier's last bid up to the frame's seq: ${stale} (must be 0)`,
  );

  // The last view of every socket against the database.
  const truth = await queryRows<{ supplier_id: string; item: string; price: string; alias: number }>(
    world.db,
    sql`select b.supplier_id, b.auction_item_id as item, b.price, a.alias_num as alias
          from srm_auction_bid b
          left join srm_auction_bidder a on a.auction_id = b.auction_id and a.supplier_id = b.supplier_id
         where b.auction_id = ${auction.auctionId} and b.status = 'ACCEPTED'
         order by b.auction_item_id, b.price, b.hall_seq`,
  );
  const byLot = new Map<number, typeof truth>();
  for (const row of truth) {
    const list = byLot.get(Number(row.item)) ?? [];
    list.push(row);
    byLot.set(Number(row.item), list);
  }
  let wrongBoards = 0;
  let wrongSuppliers = 0;
  for (const seen of watches) {
    const frame = JSON.parse(seen.last ?? '{"view":{"lots":[]}}') as Frame;
    let wrong = frame.view.lots.length !== auction.items.length;
    for (const lot of frame.view.lots) {
      const rows = byLot.get(lot.auctionItemId) ?? [];
      if (seen.supplierId === null) {
        const expected = rows.map(
          (row, index) => `${row.alias}@${Number(row.price).toFixed(2)}#${index + 1}`,
        );
        const shown = (lot.rows ?? []).map(
          (row) => `${String(row.alias)}@${String(row.price)}#${String(row.rank)}`,
        );
        if (expected.join() !== shown.join()) wrong = true;
      } else {
        const index = rows.findIndex((row) => Number(row.supplier_id) === seen.supplierId);
        const price = index >= 0 ? Number(rows[index]!.price).toFixed(2) : null;
        if (lot.ownPrice !== price || lot.ownRank !== (index >= 0 ? index + 1 : null)) wrong = true;
      }
    }
    if (wrong && seen.supplierId === null) wrongBoards++;
    else if (wrong) wrongSuppliers++;
  }
  check(
    `${label}.views`,
    wrongBoards + wrongSuppliers === 0,
    `last views against srm_auction_bid (${truth.length} accepted bids): boards wrong ${wrongBoards} of ${BOARDS}, suppliers wrong ${wrongSuppliers} of ${SUPPLIERS} (must be 0)`,
  );
  await checkStored(world, label, [auction], sent);
  for (const seen of watches) seen.socket.terminate();
}

async function throughput(world: World, label: string): Promise<void> {
  const node0 = world.nodes[0]!;
  const one = await makeAuction(world, '基准竞价：单物料吞吐', 1, ONE_ITEM_SUPPLIERS);
  const oneBids = Array.from({ length: ONE_ITEM_BIDS }, (_, k) => bidOf(one, k, node0, `${label}-one`));
  const single = await flatOffThread(oneBids, CONCURRENCY);
  const rate = single.sent.filter((s) => s.accepted).length / single.seconds;
  summarise(`${label}.one-item`, single.sent);
  figure(
    `${label}.one-item`,
    `${rate.toFixed(0)} accepted bids/s (${ONE_ITEM_BIDS} bids by ${ONE_ITEM_SUPPLIERS} suppliers in ${single.seconds.toFixed(1)} s, ${CONCURRENCY} in flight)`,
    '≥ 300/s',
    rate >= 300,
  );
  await checkStored(world, `${label}.one-item`, [one], single.sent);

  const auctions: Auction[] = [];
  for (let i = 0; i < AUCTIONS; i++)
    auctions.push(await makeAuction(world, `基准竞价：并行 ${i + 1}`, 3, SUPPLIERS));
  // Bid k goes to auction k mod 10: each auction's bids in the order of bidOf.
  const many = Array.from({ length: MANY_BIDS }, (_, k) =>
    bidOf(auctions[k % AUCTIONS]!, Math.floor(k / AUCTIONS), node0, `${label}-many`),
  );
  const result = await flatOffThread(many, CONCURRENCY * 2);
  const manyRate = result.sent.filter((s) => s.accepted).length / result.seconds;
  summarise(`${label}.ten-auctions`, result.sent);
  figure(
    `${label}.ten-auctions`,
    `${manyRate.toFixed(0)} accepted bids/s (${MANY_BIDS} bids over ${AUCTIONS} auctions in ${result.seconds.toFixed(1)} s, ${CONCURRENCY * 2} in flight)`,
    '≥ 1,000/s',
    manyRate >= 1000,
  );
  await checkStored(world, `${label}.ten-auctions`, auctions, result.sent);
}

async function run(kind: 'pglite' | 'postgres'): Promise<void> {
  const bench = await openBenchDatabase(kind, `srm_bench_auction_${process.pid}`);
  await runMigrations(bench.database, migrationsDir);
  const first = await node(bench.database);
  const { runtime } = first.platform;
  await runSeeds(
    runtime,
    seedsNamed(baseDataSeeds, 'lookups', 'currencies', 'units', 'organisations', 'categories', 'items'),
    'all',
  );
  const db = runtime.executor();
  const one = async (query: ReturnType<typeof sql>) =>
    Number((await queryRows<{ id: number }>(db, query))[0]!.id);
  const ou100 = await one(sql`select org_id as id from srm_base_org where org_code = 'OU100'`);
  const cny = await one(sql`select currency_id as id from srm_base_currency where currency_code = 'CNY'`);
  const items = (
    await queryRows<{ id: number }>(
      db,
      sql`select item_id as id from srm_base_item order by item_code limit 3`,
    )
  ).map((row) => Number(row.id));
  const users = (
    await queryRows<{ id: number }>(
      db,
      sql`insert into base_user (user_name, user_full_name, user_type, email, language_code, all_orgs_flag,
            all_categories_flag, status, creation_date, last_update_date)
          select 'bench_' || n, '竞价基准用户' || n, 'INTERNAL', 'user' || n || '@bench.example.cn', 'CN', 'Y', 'Y',
                 'ACTIVE', now(), now()
            from generate_series(1, 6) n
          returning user_id as id`,
    )
  ).map((row) => Number(row.id));
  const [buyerId, approverId, ...juryIds] = users;
  const internal = (userId: number): Partial<Actor> => ({ userId, userName: `bench${userId}` });
  for (const template of singleApproverTemplates(approverId!).filter((t) => t.entityName === 'srmAuction'))
    await ok(first.url, api('srmBaseProcessTemplate', 'saveOrUpdate'), template);
  const supplierCount = Math.max(SUPPLIERS, ONE_ITEM_SUPPLIERS);
  await db.execute(sql`
    insert into srm_supplier_info (supplier_code, supplier_name, credit_code, supplier_type, contact_name,
      contact_mobile, contact_email, enabled_flag, blacklist_flag, status, creation_date, last_update_date)
    select 'A' || lpad(n::text, 5, '0'), '竞价基准供应商' || n || '有限公司', '91320000AUCX' || lpad(n::text, 6, '0'),
      'PRODUCTION', '联系人' || n, '1390000' || lpad(n::text, 4, '0'), 'sales' || n || '@supplier.example.cn',
      'Y', 'N', 'QUALIFIED', now(), now()
    from generate_series(1, ${supplierCount}) n`);
  await db.execute(sql`
    insert into srm_supplier_category_org (supplier_id, category_id, org_id, status, creation_date, last_update_date)
    select s.supplier_id, c.category_id, ${ou100}, 'QUALIFIED', now(), now()
      from srm_supplier_info s cross join srm_base_category c`);
  const suppliers = (
    await queryRows<{ id: number }>(
      db,
      sql`select supplier_id as id from srm_supplier_info order by supplier_id`,
    )
  ).map((row) => Number(row.id));
  const world: World = {
    nodes: [first],
    db,
    ou100,
    cny,
    items,
    buyer: internal(buyerId!),
    jury: juryIds.map(internal),
    suppliers,
  };

  if (PARTS.includes('hall')) await hallPhase(world, [first], `auction.${kind}.one-node`);
  if (PARTS.includes('hall') && kind === 'postgres' && bench.url) {
    const database = await openDatabase({ url: bench.url, poolSize: 12 });
    const second = { database, node: await node(database) };
    await hallPhase(world, [first, second.node], `auction.${kind}.two-nodes`);
    // The throughput part bids on the first node only: the second one stops before it (left
    // running, its listener took every bid's hall notice on the same two cores).
    await second.node.platform.app.close();
    await second.database.close();
  }
  if (PARTS.includes('throughput')) await throughput(world, `auction.${kind}`);
  await first.platform.app.close();
  await bench.drop();
}

const only = process.env.BENCH_DB;
console.log(
  `auction: ${SUPPLIERS} supplier + ${BOARDS} board sockets, steady ${STEADY_RATE}/s for ${STEADY_SECONDS} s then ${BURST_BIDS} in ${BURST_SECONDS} s; ` +
    `${ONE_ITEM_BIDS} bids on one material; ${MANY_BIDS} over ${AUCTIONS} auctions`,
);
if (only !== 'postgres') await run('pglite');
if (only === 'pglite') console.log('auction.postgres: skipped (BENCH_DB=pglite)');
else if (await postgresAvailable()) await run('postgres');
else console.log('auction.postgres: skipped (no PostgreSQL on 127.0.0.1:5432)');

const width = (rows: string[][], column: number) => Math.max(...rows.map((row) => row[column]!.length));
function table(header: string[], rows: string[][]): void {
  const all = [header, ...rows];
  const widths = header.map((_, column) => width(all, column));
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}
console.log('');
table(
  ['figure', 'measured', 'target', ''],
  figures.map((row) => [row.figure, row.measured, row.target, row.verdict]),
);
console.log('');
table(
  ['check', 'result', ''],
  checks.map((row) => [row.check, row.result, row.ok ? 'ok' : 'FAILED']),
);
if (failed) {
  console.log('auction: FAILED (see above)');
  process.exitCode = 1;
}
