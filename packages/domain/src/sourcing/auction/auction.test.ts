// A reverse auction over HTTP and websocket on a real database: the buyer's draft refuses a start
// in the past with the spec's text; approval publishes one entry per invited supplier (an outsider
// learns nothing, not even that it exists); suppliers confirm; the buyer starts it at once; bids
// follow the step, the start price, the tie rule and the pace limit, are stored once per
// idempotency key and refused ones are logged with their reason; each supplier's socket gets its
// own view (own price and rank, never the other's price or name), the board gets aliases; a late
// bid extends the end in the same event; after the end on the server's clock a bid is refused;
// one person cannot open it alone, two do, and names appear. Then 200 suppliers bid at once: every
// accepted bid has its own sequence, the ranking follows price then sequence, the board equals
// the database.
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import { withCreditCodeCheck } from '@srm/kernel';
import {
  type Actor,
  REALTIME_PATH,
  SYSTEM_ACTOR,
  TICKET_PATH,
  dataApi,
  decideAll,
  raiseHallEvent,
} from '@srm/platform';
import { serverAreas } from '../../areas.server';
import { runExecutable, sleep, startTestServer, visibleText } from '@srm/platform/testing';
import { supplierActor, useProcurement } from '../../procurement.testing';
import { sourcingServer } from '../area.server';
import { supplierInfo } from '../../supplier';
import { auctionEntry } from '../auction-entry/auction-entry.entity';
import { srmAuctionBidder } from './auction.tables';

type Row = Record<string, unknown>;
type Lot = Row & {
  auctionItemId: number;
  ownPrice: string | null;
  ownRank: number | null;
  bestPrice: string | null;
};
type Hall = Row & {
  seq: number;
  serverNow: number;
  pass: string;
  view: Row & { lots: Lot[] };
  ownBids?: Row[];
};

const { ids, ok, call, suppliers, server } = useProcurement();
const MIN = 60_000;
const state = { auctionId: 0, pm: 0, entryA: 0, entryB: 0, items: new Array<number>(), num: '' };
const outsider = supplierActor(987_654);
const pm = () => ({ userId: state.pm, userName: 'pm' });
const sockets: WebSocket[] = [];
afterAll(() => {
  for (const socket of sockets) socket.terminate();
});

const bid = (
  entryId: number,
  auctionItemId: number | null,
  price: string,
  actor: Partial<Actor>,
  extra: Row = {},
) =>
  call<Row>(
    'srmAuctionEntry',
    'bid',
    { entryId, ...(auctionItemId ? { auctionItemId } : {}), price, ...extra },
    actor,
  );
const hallOf = (entryId: number, actor: Partial<Actor>) =>
  ok<Hall>('srmAuctionEntry', 'hall', { entryId }, actor);
const board = (actor?: Partial<Actor>) =>
  call<Hall>('srmAuction', 'hall', { auctionId: state.auctionId }, actor);

async function until(done: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs} ms`);
    await sleep(20);
  }
}

/** A socket of this actor subscribed with this pass, and every frame it gets. */
async function subscribe(actor: Partial<Actor>, pass: string) {
  const ticket = await server().post<{ ticket: string }>(TICKET_PATH, {}, { actor });
  const socket = new WebSocket(
    `${server().url.replace('http', 'ws')}${REALTIME_PATH}?ticket=${ticket.body.data.ticket}`,
  );
  sockets.push(socket);
  const frames: (Row & { type: string })[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(String(data)) as Row & { type: string }));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'subscribe', pass }));
  await until(
    () => frames.some((frame) => frame.type === 'subscribed' || frame.type === 'hallError'),
    'subscription',
  );
  return { socket, frames };
}

/**
 * A saved auction submitted and approved (published): its first material and each demo
 * supplier's entry.
 */
async function published(auctionId: number) {
  await ok('srmAuction', 'doSubmit', { auctionId });
  await decideAll(server().runtime, 'srmAuction', auctionId, 'approve');
  const [item] = (await ok<Row & { items: Row[] }>('srmAuction', 'findById', { auctionId })).items;
  const entries = new Map<Partial<Actor>, number>();
  for (const actor of [suppliers.a, suppliers.b]) {
    const [entry] = await ok<Row[]>('srmAuctionEntry', 'listByPage', { auctionId }, actor);
    entries.set(actor, Number(entry!.entryId));
  }
  return { lot: Number(item!.auctionItemId), entries };
}

describe('a reverse auction', () => {
  it('refuses a start in the past, then publishes one entry per invited supplier', async () => {
    state.pm = Number((await server().first<Row>('baseUser', { userName: 'pm' })).userId);
    const now = server().clock.nowMs();
    const body = {
      title: '2027 年度 M6 螺钉与支架竞价',
      orgId: ids.orgA,
      currencyId: ids.currency,
      auctionMode: 'OPEN',
      bidBasis: 'UNIT',
      decrementType: 'AMOUNT',
      decrementValue: 0.01,
      decrementBasis: 'OWN',
      tieRule: 'EARLIER_FIRST',
      displayRule: 'RANK',
      largeDropPercent: 30,
      startDate: now - MIN,
      endDate: now + 60 * MIN,
      extendWindowMinutes: 2,
      extendMinutes: 2,
      extendFrom: 'BID',
      extendTrigger: 'ANY',
      minSuppliers: 2,
      openersRequired: 2,
      termsNote: '价格含税含运费，中标后签订年度框架协议',
      items: [
        { lineNum: 1, itemId: ids.screw, quantity: 100000, startPrice: 0.3, reservePrice: 0.25 },
        { lineNum: 2, itemId: ids.bracket, quantity: 2000, startPrice: 6.5 },
      ],
      suppliers: [{ supplierId: ids.supA }, { supplierId: ids.supB }],
      jury: [{ userId: state.pm, juryRole: 'OPENER' }],
    };
    const past = await call('srmAuction', 'saveOrUpdate', body);
    expect([past.httpStatus, past.body.status, past.body.msg]).toEqual([
      400,
      'E',
      expect.stringContaining('输入的竞价时间不能小于当前时间'),
    ]);
    const saved = await ok<Row & { auctionId: number; auctionNum: string }>('srmAuction', 'saveOrUpdate', {
      ...body,
      startDate: now + 30 * MIN,
    });
    state.auctionId = saved.auctionId;
    state.num = saved.auctionNum;
    expect(saved.auctionNum).toMatch(/^AU\d{12}$/);
    await ok('srmAuction', 'doSubmit', { auctionId: state.auctionId });
    await decideAll(server().runtime, 'srmAuction', state.auctionId, 'approve');
    const published = await ok<Row & { items: Row[] }>('srmAuction', 'findById', {
      auctionId: state.auctionId,
    });
    expect(published).toMatchObject({ status: 'PUBLISHED', confirmedCount: 0, plannedEndDate: body.endDate });
    state.items = published.items.map((item) => Number(item.auctionItemId));

    const own = await ok<Row[]>('srmAuctionEntry', 'listByPage', {}, suppliers.a);
    expect(own).toHaveLength(1);
    state.entryA = Number(own[0]!.entryId);
    state.entryB = Number((await ok<Row[]>('srmAuctionEntry', 'listByPage', {}, suppliers.b))[0]!.entryId);
    const entry = await ok<Row>('srmAuctionEntry', 'findById', { entryId: state.entryA }, suppliers.a);
    expect(entry).toMatchObject({ status: 'INVITED', title: body.title, decrementValue: 0.01 });
    // Nothing of the auction beyond the entry: not the other supplier, not the reserve price.
    expect(visibleText(entry)).not.toMatch(/瑞丰|reservePrice|0\.25/);
    expect(
      (await call('srmAuction', 'findById', { auctionId: state.auctionId }, suppliers.a)).httpStatus,
    ).toBeGreaterThanOrEqual(403);
    // Someone else's entry, and an outsider's guess, get what a missing one gets.
    const missing = await call('srmAuctionEntry', 'findById', { entryId: 999_999 }, outsider);
    for (const [entryId, actor] of [
      [state.entryB, suppliers.a],
      [state.entryA, outsider],
    ] as const) {
      const seen = await call('srmAuctionEntry', 'hall', { entryId }, actor);
      expect([seen.httpStatus, seen.body.msg]).toEqual([missing.httpStatus, missing.body.msg]);
    }
    expect(await ok<Row[]>('srmAuctionEntry', 'listByPage', {}, outsider)).toEqual([]);
  });

  it('starts only with enough confirmed suppliers; bids wait for confirmation', async () => {
    const early = await call('srmAuction', 'doImmediateStart', { auctionId: state.auctionId });
    expect([early.httpStatus, early.body.msg]).toEqual([422, expect.stringContaining('少于最少 2 家')]);
    await ok('srmAuctionEntry', 'doConfirm', { entryId: state.entryA }, suppliers.a);
    const unconfirmed = await bid(state.entryB, state.items[0]!, '0.29', suppliers.b);
    expect([unconfirmed.httpStatus, unconfirmed.body.msg]).toEqual([422, '请先确认参与竞价']);
    await ok('srmAuctionEntry', 'doConfirm', { entryId: state.entryB }, suppliers.b);
    const notYet = await bid(state.entryA, state.items[0]!, '0.29', suppliers.a);
    expect([notYet.httpStatus, notYet.body.msg]).toEqual([422, '竞价尚未开始']);
    await ok('srmAuction', 'doImmediateStart', { auctionId: state.auctionId });
    expect(await ok<Row>('srmAuction', 'findById', { auctionId: state.auctionId })).toMatchObject({
      status: 'RUNNING',
      confirmedCount: 2,
    });
  });

  it('takes bids by the rules, once per key, and shows each side only its own view', async () => {
    const [screw, bracket] = state.items;
    const hallA = await hallOf(state.entryA, suppliers.a);
    const hallB = await hallOf(state.entryB, suppliers.b);
    const boardAnswer = await board();
    expect(boardAnswer.body.status).toBe('S');
    const socketA = await subscribe(suppliers.a, hallA.pass);
    const socketB = await subscribe(suppliers.b, hallB.pass);
    const socketBoard = await subscribe({}, boardAnswer.body.data.pass);
    // A pass is its holder's: B presenting A's gets what a missing hall gets.
    const stolen = await subscribe(suppliers.b, hallA.pass);
    expect(stolen.frames.at(-1)).toMatchObject({ type: 'hallError', code: 'notFound' });

    expect((await bid(state.entryA, screw!, '0.30001', suppliers.a)).body.msg).toBe('出价最多 2 位小数');
    // Refused bids are logged but do not count against the pace: the supplier corrects at once.
    expect((await bid(state.entryA, screw!, '0.31', suppliers.a)).body.msg).toBe('出价不能高于起拍价 0.30');
    const first = await bid(state.entryA, screw!, '0.28', suppliers.a, { idempotencyKey: 'a-1' });
    expect(first.body).toMatchObject({ status: 'S', data: { status: 'ACCEPTED', price: '0.28', rank: 1 } });
    const seqA = Number(first.body.data.seq);
    // The same key again (a double click, a retry): the same bid, nothing new.
    const again = await bid(state.entryA, screw!, '0.28', suppliers.a, { idempotencyKey: 'a-1' });
    expect(again.body.data).toMatchObject({ bidId: first.body.data.bidId, seq: seqA });
    // Within the second: the pace limit (not logged).
    expect((await bid(state.entryA, screw!, '0.27', suppliers.a)).httpStatus).toBe(429);

    await until(() => socketB.frames.some((f) => f.type === 'hall' && Number(f.seq) >= seqA), 'B’s view');
    const viewB = socketB.frames.filter((f) => f.type === 'hall').at(-1)!;
    expect(visibleText(viewB)).not.toMatch(/0\.28|恒达|supplierId/);
    const lotsB = (viewB.view as { lots: Lot[] }).lots;
    expect(lotsB.find((lot) => lot.auctionItemId === screw)).toMatchObject({
      ownPrice: null,
      ownRank: null,
      bestPrice: null,
    });
    await until(
      () => socketBoard.frames.some((f) => f.type === 'hall' && Number(f.seq) >= seqA),
      'the board',
    );
    const boardView = socketBoard.frames.filter((f) => f.type === 'hall').at(-1)!.view as {
      lots: (Lot & { rows: Row[] })[];
    };
    const rows = boardView.lots.find((lot) => lot.auctionItemId === screw)!.rows;
    expect(rows).toMatchObject([{ price: '0.28', rank: 1, supplierName: null, bidCount: 1 }]);
    expect([1, 2]).toContain(rows[0]!.alias);
    expect(JSON.stringify(boardView)).not.toMatch(/恒达|瑞丰/);

    // B bids lower: A's socket shows A now second, with no price of B's.
    server().clock.travel(1_100);
    const second = await bid(state.entryB, screw!, '0.27', suppliers.b);
    expect(second.body.data).toMatchObject({ status: 'ACCEPTED', rank: 1 });
    await until(
      () => socketA.frames.some((f) => f.type === 'hall' && Number(f.seq) >= Number(second.body.data.seq)),
      'A’s view after B’s bid',
    );
    const viewA = socketA.frames.filter((f) => f.type === 'hall').at(-1)!;
    expect((viewA.view as { lots: Lot[] }).lots.find((lot) => lot.auctionItemId === screw)).toMatchObject({
      ownPrice: '0.28',
      ownRank: 2,
      bestPrice: null,
    });
    expect(visibleText(viewA)).not.toMatch(/0\.27|瑞丰/);

    // A's next bid must go a full step (0.01) below its own 0.28: 0.28 again does not, 0.27 does.
    server().clock.travel(1_100);
    const short = await bid(state.entryA, screw!, '0.28', suppliers.a);
    expect([short.httpStatus, short.body.msg]).toEqual([422, '未达到最小降价幅度：出价不能高于 0.27']);
    // Equal to B's, earlier bid ranks first: A is second at the same price.
    server().clock.travel(1_100);
    expect((await bid(state.entryA, screw!, '0.27', suppliers.a)).body.data).toMatchObject({ rank: 2 });
    server().clock.travel(1_100);
    expect((await bid(state.entryA, bracket!, '6.40', suppliers.a)).body.data).toMatchObject({ rank: 1 });
    // A bid 30 % or more below the best asks first (nothing stored); confirmed, it is taken.
    const drop = await bid(state.entryB, bracket!, '4.00', suppliers.b);
    expect([drop.httpStatus, drop.body.msg]).toEqual([409, '出价比当前最低价低 30% 以上，请确认是否出价']);
    expect(
      (await bid(state.entryB, bracket!, '4.00', suppliers.b, { confirmLargeDrop: 'Y' })).body.data,
    ).toMatchObject({
      rank: 1,
    });

    // The supplier's own log: its accepted, superseded and refused bids with reasons.
    const mine = (await hallOf(state.entryA, suppliers.a)).ownBids!;
    expect(mine.map((row) => row.status)).toEqual(
      expect.arrayContaining(['ACCEPTED', 'SUPERSEDED', 'REFUSED']),
    );
    // The refusal keeps the bound it named, for the log to say it in full.
    expect(mine.find((row) => row.reason === 'srmAuction.bid.step')).toMatchObject({
      reasonParams: { max: '0.27' },
    });
    expect(JSON.stringify(mine)).not.toMatch(/瑞丰/);
  });

  it('extends the end for a late bid in the same event, and refuses bids after the end', async () => {
    const [screw] = state.items;
    const before = await ok<Row & { endDate: number }>('srmAuction', 'findById', {
      auctionId: state.auctionId,
    });
    // One minute before the end (inside the two-minute window): B's bid moves it to now + 2 min.
    server().clock.set(before.endDate - MIN);
    const late = await bid(state.entryB, screw!, '0.26', suppliers.b);
    expect(late.body.data).toMatchObject({ status: 'ACCEPTED', extended: true });
    const moved = Number(late.body.data.endDate);
    expect(moved - (before.endDate - MIN)).toBeGreaterThanOrEqual(2 * MIN);
    expect(moved - (before.endDate - MIN)).toBeLessThan(2 * MIN + 5_000);
    const after = await ok<Row>('srmAuction', 'findById', { auctionId: state.auctionId });
    expect(after).toMatchObject({ endDate: moved, extendCount: 1 });
    const seen = await hallOf(state.entryA, suppliers.a);
    expect(seen.view.endDate).toBe(moved);

    server().clock.set(moved);
    const ended = await bid(state.entryA, screw!, '0.25', suppliers.a);
    expect([ended.httpStatus, ended.body.msg]).toEqual([422, '竞价已结束']);
    expect(await runExecutable(server(), sourcingServer.executables.SOURCING_AUCTION_TICK!)).toBe('0/1/0');
    // Recorded closed: the same answer.
    const closed = await bid(state.entryA, screw!, '0.25', suppliers.a);
    expect(closed.body.msg).toBe('竞价已结束');
  });

  it('opens with two people only; then the board and the log name the bidders', async () => {
    const alone = await call('srmAuction', 'doBidOpening', { auctionId: state.auctionId });
    expect([alone.httpStatus, alone.body.msg]).toEqual([422, '还需 1 位开标人确认']);
    const history = await ok<{ rows: Row[] }>('srmAuction', 'history', { auctionId: state.auctionId });
    expect(history.rows.every((row) => row.supplierName === null && row.ip === null)).toBe(true);
    expect(JSON.stringify(history)).not.toMatch(/恒达|瑞丰/);
    await ok('srmAuction', 'doConfirmOpening', { auctionId: state.auctionId });
    await ok('srmAuction', 'doBidOpening', { auctionId: state.auctionId }, pm());
    const opened = await board();
    expect(opened.body.data.view).toMatchObject({ status: 'OPENED', opened: true });
    expect(JSON.stringify(opened.body.data.view)).toMatch(/恒达/);
    const named = await ok<{ rows: Row[] }>('srmAuction', 'history', { auctionId: state.auctionId });
    expect(named.rows.filter((row) => row.status === 'REFUSED').length).toBeGreaterThan(0);
    expect(named.rows.every((row) => typeof row.supplierName === 'string')).toBe(true);
    // A supplier still sees only its own: no names, no one else's bids.
    expect(JSON.stringify(await hallOf(state.entryA, suppliers.a))).not.toMatch(/瑞丰/);
    // A jury member who is not owner nor on the jury: the board does not exist for them.
    const stranger = await board({ userId: 424_242, userName: 'stranger' });
    expect(stranger.httpStatus).toBe(404);
  });
});

describe.runIf(!!process.env.DATABASE_URL)('the hall on two nodes of one PostgreSQL database', () => {
  it('brings a bid placed on node one to a socket on node two, as that socket’s own view', async () => {
    const two = await startTestServer({
      areas: serverAreas,
      joinDatabaseUrl: server().database.url!,
      dataDir: server().dataDir,
    });
    try {
      // The first auction is opened by now: the board shows names; B's own view is what it gets.
      const hallB = await hallOf(state.entryB, suppliers.b);
      const ticket = await two.post<{ ticket: string }>(TICKET_PATH, {}, { actor: suppliers.b });
      const socket = new WebSocket(
        `${two.url.replace('http', 'ws')}${REALTIME_PATH}?ticket=${ticket.body.data.ticket}`,
      );
      sockets.push(socket);
      const frames: (Row & { type: string })[] = [];
      socket.on('message', (data) => frames.push(JSON.parse(String(data)) as Row & { type: string }));
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      socket.send(JSON.stringify({ type: 'subscribe', pass: hallB.pass }));
      await until(() => frames.some((frame) => frame.type === 'subscribed'), 'the subscription on node two');
      // A hall event raised on node one (a probe: any event has every node send its own
      // subscribers their views).
      const before = frames.filter((frame) => frame.type === 'hall').length;
      await server().runtime.transaction((tx) =>
        raiseHallEvent(tx, `auction:${state.auctionId}`, 'probe', null, server().clock.now()),
      );
      await until(
        () => frames.filter((frame) => frame.type === 'hall').length > before,
        'node one’s event on node two',
        2_000,
      );
      const view = frames.filter((frame) => frame.type === 'hall').at(-1)!;
      expect(view).toMatchObject({ hall: `auction:${state.auctionId}`, view: { side: 'supplier' } });
      expect(JSON.stringify(view)).not.toMatch(/恒达/);
    } finally {
      await two.close();
    }
  });
});

describe('200 suppliers bidding at once', () => {
  it('gives every accepted bid its own sequence and ranks by price, then sequence', async () => {
    const now = server().clock.nowMs();
    const saved = await ok<Row & { auctionId: number }>('srmAuction', 'saveOrUpdate', {
      title: '并发竞价',
      orgId: ids.orgA,
      currencyId: ids.currency,
      decrementType: 'AMOUNT',
      decrementValue: 0.01,
      startDate: now + MIN,
      endDate: now + 60 * MIN,
      items: [{ lineNum: 1, itemId: ids.screw, quantity: 1000, startPrice: 10 }],
      suppliers: [{ supplierId: ids.supA }, { supplierId: ids.supB }],
    });
    await ok('srmAuction', 'doSubmit', { auctionId: saved.auctionId });
    await decideAll(server().runtime, 'srmAuction', saved.auctionId, 'approve');
    // 198 more bidders, entered directly (the rules of inviting and confirming are tested above).
    const runtime = server().runtime;
    const bidders = await runtime.transaction(async (tx) => {
      const data = dataApi({ actor: SYSTEM_ACTOR, runtime, tx, now: server().clock.now() }, 'test');
      const made = await data.insert(
        supplierInfo,
        Array.from({ length: 198 }, (_, index) => ({
          supplierName: `并发测试供应商${index + 1}`,
          creditCode: withCreditCodeCheck(`91320500MA${String(index).padStart(7, '0')}`),
          contactName: '王五',
          contactMobile: '13800000000',
          contactEmail: `bidder${index}@example.com`,
        })),
      );
      await data.insert(
        auctionEntry,
        made.map((supplierId) => ({ auctionId: saved.auctionId, supplierId, orgId: ids.orgA })),
      );
      await tx.execute(
        sql`update srm_auction_entry set status = 'CONFIRMED'
             where auction_id = ${saved.auctionId} and supplier_id in (${sql.join(
               made.map((id) => sql`${id}`),
               sql`, `,
             )})`,
      );
      await tx
        .insert(srmAuctionBidder)
        .values(made.map((supplierId, i) => ({ auctionId: saved.auctionId, supplierId, aliasNum: 3 + i })));
      return made;
    });
    for (const actor of [suppliers.a, suppliers.b]) {
      const [entry] = await ok<Row[]>('srmAuctionEntry', 'listByPage', { auctionId: saved.auctionId }, actor);
      await ok('srmAuctionEntry', 'doConfirm', { entryId: entry!.entryId }, actor);
    }
    await ok('srmAuction', 'doImmediateStart', { auctionId: saved.auctionId });
    const [item] = (
      await ok<Row & { items: Row[] }>('srmAuction', 'findById', { auctionId: saved.auctionId })
    ).items;
    const everyone = [ids.supA, ids.supB, ...bidders];
    const entries = new Map<number, number>();
    const rows = await queryRows<{ entry_id: string; supplier_id: string }>(
      runtime.executor(),
      sql`select entry_id, supplier_id from srm_auction_entry where auction_id = ${saved.auctionId}`,
    );
    for (const row of rows) entries.set(Number(row.supplier_id), Number(row.entry_id));
    // Prices with ties: 9.00 … 9.49 repeat, so equal prices must rank by sequence. They arrive
    // together, so most are decided in batches (one transaction for the bids a node has waiting):
    // the first 20 bidders double-click (the same key twice), and the last 10 first send a price
    // above the start — answered and logged as refused, without touching the batch's others.
    const sent = everyone.map((supplierId, index) => ({
      supplierId,
      price: (9 + (index % 50) / 100).toFixed(2),
      key: `k-${supplierId}`,
    }));
    const send = (one: (typeof sent)[number], price = one.price, key = one.key) =>
      call<Row>(
        'srmAuctionEntry',
        'bid',
        {
          entryId: entries.get(one.supplierId),
          auctionItemId: item!.auctionItemId,
          price,
          idempotencyKey: key,
        },
        supplierActor(one.supplierId),
      );
    const [first, repeats, above] = await Promise.all([
      Promise.all(sent.slice(0, 190).map((one) => send(one))),
      Promise.all(sent.slice(0, 20).map((one) => send(one))),
      Promise.all(sent.slice(190).map((one) => send(one, '10.50', `${one.key}-above`))),
    ]);
    const answers = [...first, ...(await Promise.all(sent.slice(190).map((one) => send(one))))];
    expect(answers.every((answer) => answer.body.status === 'S')).toBe(true);
    expect(repeats.map((answer) => answer.body.data.bidId)).toEqual(
      answers.slice(0, 20).map((answer) => answer.body.data.bidId),
    );
    expect(above.map((answer) => [answer.httpStatus, answer.body.msg])).toEqual(
      above.map(() => [422, '出价不能高于起拍价 10.00']),
    );
    const refusedRows = await queryRows<{ count: string }>(
      runtime.executor(),
      sql`select count(*) as count from srm_auction_bid
          where auction_id = ${saved.auctionId} and status = 'REFUSED' and reason = 'srmAuction.bid.aboveStart'`,
    );
    expect(Number(refusedRows[0]!.count)).toBe(10);
    const seqs = answers.map((answer) => Number(answer.body.data.seq));
    expect(new Set(seqs).size).toBe(200);
    expect(Math.max(...seqs) - Math.min(...seqs)).toBe(199);
    const board200 = await call<Hall>('srmAuction', 'hall', { auctionId: saved.auctionId });
    const lot = (board200.body.data.view.lots as (Lot & { rows: Row[] })[])[0]!;
    expect(lot.rows).toHaveLength(200);
    const stored = await queryRows<{ price: string; hall_seq: string }>(
      runtime.executor(),
      sql`select price, hall_seq from srm_auction_bid where auction_id = ${saved.auctionId} and status = 'ACCEPTED'
          order by price, hall_seq`,
    );
    expect(lot.rows.map((row) => row.price)).toEqual(stored.map((row) => Number(row.price).toFixed(2)));
    expect(lot.rows.map((row) => row.rank)).toEqual(stored.map((_, index) => index + 1));
    expect(lot.bestPrice).toBe('9.00');
  }, 120_000);
});

describe('a sealed auction', () => {
  it('stores every bid price as ciphertext until the opening; the bidder alone reads its own', async () => {
    const runtime = server().runtime;
    state.pm = Number((await server().first<Row>('baseUser', { userName: 'pm' })).userId);
    const now = server().clock.nowMs();
    const saved = await ok<Row & { auctionId: number; endDate: number }>('srmAuction', 'saveOrUpdate', {
      title: '密封竞价：支架',
      orgId: ids.orgA,
      currencyId: ids.currency,
      auctionMode: 'SEALED',
      decrementType: 'AMOUNT',
      decrementValue: 0.01,
      decrementBasis: 'OWN',
      tieRule: 'REFUSE_EQUAL',
      largeDropPercent: 30,
      startDate: now + 30 * MIN,
      endDate: now + 60 * MIN,
      openersRequired: 2,
      items: [{ lineNum: 1, itemId: ids.bracket, quantity: 500, startPrice: 9 }],
      suppliers: [{ supplierId: ids.supA }, { supplierId: ids.supB }],
      jury: [{ userId: state.pm, juryRole: 'OPENER' }],
    });
    const auctionId = saved.auctionId;
    await ok('srmAuction', 'doSubmit', { auctionId });
    await decideAll(runtime, 'srmAuction', auctionId, 'approve');
    const entries = new Map<Partial<Actor>, number>();
    for (const actor of [suppliers.a, suppliers.b]) {
      const [entry] = await ok<Row[]>('srmAuctionEntry', 'listByPage', { auctionId }, actor);
      entries.set(actor, Number(entry!.entryId));
      await ok('srmAuctionEntry', 'doConfirm', { entryId: entry!.entryId }, actor);
    }
    await ok('srmAuction', 'doImmediateStart', { auctionId });
    const [item] = (await ok<Row & { items: Row[] }>('srmAuction', 'findById', { auctionId })).items;
    const lot = Number(item!.auctionItemId);
    const bidAs = (actor: Partial<Actor>, price: string) => bid(entries.get(actor)!, lot, price, actor);

    expect((await bidAs(suppliers.a, '8.37')).body.data).toMatchObject({ status: 'ACCEPTED', rank: null });
    // Checked against its own bids only: B's first bid, far below A's, asks no "large drop" question,
    // and A's later bid equal to B's is no tie (either refusal would tell a price of the other).
    expect((await bidAs(suppliers.b, '4.00')).body.status).toBe('S');
    server().clock.travel(1_100);
    // A's own step still holds: its refusal names its own bid's bound.
    const step = await bidAs(suppliers.a, '8.37');
    expect([step.httpStatus, step.body.msg]).toEqual([422, expect.stringContaining('8.36')]);
    const tie = await bid(entries.get(suppliers.a)!, lot, '4.00', suppliers.a, { confirmLargeDrop: 'Y' });
    expect(tie.body.status).toBe('S');

    // The database holds no price: not in the column, not anywhere in the rows.
    const stored = await queryRows<{ price: string | null; sealed_price: string | null; whole: string }>(
      runtime.executor(),
      sql`select price, sealed_price, row_to_json(b)::text as whole from srm_auction_bid b where auction_id = ${auctionId}`,
    );
    expect(stored).toHaveLength(4);
    const [dataKey] = await queryRows<{ id: number }>(
      runtime.executor(),
      sql`select key_id::int as id from base_seal_data_key where scope = ${`srmAuction:${auctionId}`}`,
    );
    expect(new Set(stored.map((row) => row.sealed_price!.split(':')[1]))).toEqual(
      new Set([String(dataKey!.id)]),
    );
    for (const row of stored) {
      expect(row.price).toBeNull();
      // Sealed with the auction's own data key (ADR 0041).
      expect(row.sealed_price).toMatch(/^v2:\d+:/);
      // Nor the bound a refusal named (its own price less a step).
      expect(visibleText(row.whole)).not.toMatch(/8\.37|8\.36|4\.00|"4"/);
    }
    // A reads its own prices (a refused one too); B's hall and the buyer's log and board show none of A's.
    const hallA = await hallOf(entries.get(suppliers.a)!, suppliers.a);
    expect(hallA.ownBids!.map((own) => own.price)).toEqual(['4.000000', '8.370000', '8.370000']);
    expect(hallA.view.lots[0]).toMatchObject({ ownPrice: '4.00', ownRank: null, bestPrice: null });
    expect(visibleText(await hallOf(entries.get(suppliers.b)!, suppliers.b))).not.toMatch(/8\.37/);
    const log = await ok<{ rows: Row[] }>('srmAuction', 'history', { auctionId });
    expect(log.rows.map((row) => row.price)).toEqual([null, null, null, null]);
    expect(visibleText((await call('srmAuction', 'hall', { auctionId })).body)).not.toMatch(/8\.37|4\.00/);

    // Opened by two people after the end: the prices are written in the clear, the ciphertext goes.
    server().clock.set(saved.endDate);
    await runExecutable(server(), sourcingServer.executables.SOURCING_AUCTION_TICK!);
    await ok('srmAuction', 'doConfirmOpening', { auctionId });
    await ok('srmAuction', 'doBidOpening', { auctionId }, pm());
    const opened = await queryRows<{ price: string | null; sealed_price: string | null }>(
      runtime.executor(),
      sql`select price, sealed_price from srm_auction_bid where auction_id = ${auctionId} order by bid_id`,
    );
    expect(opened.map((row) => [Number(row.price).toFixed(2), row.sealed_price])).toEqual([
      ['8.37', null],
      ['4.00', null],
      ['8.37', null],
      ['4.00', null],
    ]);
    const named = await ok<{ rows: Row[] }>('srmAuction', 'history', { auctionId });
    expect(named.rows.map((row) => (row.price === null ? null : Number(row.price).toFixed(2)))).toEqual([
      '8.37',
      '4.00',
      '8.37',
      '4.00',
    ]);
  });
});

describe('sealed initial bids', () => {
  it('takes them sealed before the start, from confirmed suppliers only; they stand at the start, in the order given', async () => {
    const runtime = server().runtime;
    state.pm = Number((await server().first<Row>('baseUser', { userName: 'pm' })).userId);
    const now = server().clock.nowMs();
    const saved = await ok<Row & { auctionId: number; startDate: number }>('srmAuction', 'saveOrUpdate', {
      title: '初始报价：支架',
      orgId: ids.orgA,
      currencyId: ids.currency,
      auctionMode: 'OPEN',
      decrementType: 'AMOUNT',
      decrementValue: 0.01,
      decrementBasis: 'OWN',
      tieRule: 'EARLIER_FIRST',
      displayRule: 'RANK_BEST',
      initialBidFlag: 'Y',
      startDate: now + 30 * MIN,
      endDate: now + 60 * MIN,
      items: [{ lineNum: 1, itemId: ids.bracket, quantity: 500, startPrice: 9 }],
      suppliers: [{ supplierId: ids.supA }, { supplierId: ids.supB }],
      jury: [{ userId: state.pm, juryRole: 'OPENER' }],
    });
    const auctionId = saved.auctionId;
    const { lot, entries } = await published(auctionId);
    const initialAs = (actor: Partial<Actor>, price: string, entryId = entries.get(actor)!) =>
      call<Row>('srmAuctionEntry', 'initialBid', { entryId, auctionItemId: lot, price }, actor);

    // Only once confirmed; never on another's entry (the same answer as for a missing one).
    expect([(await initialAs(suppliers.a, '8.50')).httpStatus]).toEqual([422]);
    for (const actor of [suppliers.a, suppliers.b])
      await ok('srmAuctionEntry', 'doConfirm', { entryId: entries.get(actor) }, actor);
    expect((await initialAs(suppliers.b, '8.10', entries.get(suppliers.a))).httpStatus).toBe(404);
    expect((await initialAs(outsider, '8.10', entries.get(suppliers.a))).httpStatus).toBe(404);
    // An auction that asks for none takes none.
    const none = await call(
      'srmAuctionEntry',
      'initialBid',
      { entryId: state.entryA, price: '0.2' },
      suppliers.a,
    );
    expect([none.httpStatus, none.body.msg]).toEqual([422, '本次竞价不接受初始报价']);

    // A revises its own; B's equal price comes later; above the start or past the currency's digits: refused.
    expect((await initialAs(suppliers.a, '8.50')).body.status).toBe('S');
    server().clock.travel(1_000);
    expect((await initialAs(suppliers.a, '8.40')).body.data).toMatchObject({ price: '8.4' });
    server().clock.travel(1_000);
    expect((await initialAs(suppliers.b, '8.40')).body.status).toBe('S');
    expect((await initialAs(suppliers.b, '9.50')).httpStatus).toBe(422);
    expect((await initialAs(suppliers.b, '8.405')).httpStatus).toBe(422);

    // Before the start nobody reads a price: not the buyer's board, log or supplier rows, not B,
    // not the database (sealed with the auction's key, whatever the mode); A reads its own.
    const stored = await queryRows<{ price: string | null; sealed: string | null; status: string }>(
      runtime.executor(),
      sql`select price, sealed_price as sealed, status from srm_auction_bid where auction_id = ${auctionId} order by bid_id`,
    );
    expect(stored.map((row) => [row.status, row.price, row.sealed?.slice(0, 3)])).toEqual([
      ['REVISED', null, 'v2:'],
      ['INITIAL', null, 'v2:'],
      ['INITIAL', null, 'v2:'],
    ]);
    const buyerSees = visibleText([
      (await call('srmAuction', 'hall', { auctionId })).body,
      await ok('srmAuction', 'history', { auctionId }),
      await ok('srmAuction', 'findById', { auctionId }),
    ]);
    expect(buyerSees).not.toMatch(/8\.4|8\.5/);
    const lines = (await ok<Row & { suppliers: Row[] }>('srmAuction', 'findById', { auctionId })).suppliers;
    expect(lines.every((line) => typeof line.initialBidDate === 'number')).toBe(true);
    expect(visibleText(await hallOf(entries.get(suppliers.b)!, suppliers.b))).not.toMatch(/8\.5/);
    const before = await hallOf(entries.get(suppliers.a)!, suppliers.a);
    expect(before.view).toMatchObject({ initialBids: true });
    expect(before.ownBids!.map((own) => [own.status, own.price])).toEqual([
      ['INITIAL', '8.400000'],
      ['REVISED', '8.500000'],
    ]);
    expect(before.view.lots[0]).toMatchObject({ ownPrice: null, ownRank: null, bestPrice: null });

    // The start came (no program ran): both stand, A first (the same price, given earlier).
    server().clock.set(saved.startDate + 1_000);
    const aliases = await queryRows<{ supplier: number; alias: number }>(
      runtime.executor(),
      sql`select supplier_id::int as supplier, alias_num as alias from srm_auction_bidder where auction_id = ${auctionId}`,
    );
    const aliasOf = (supplierId: number) => aliases.find((row) => row.supplier === supplierId)!.alias;
    const [boardLot] = (await ok<Hall>('srmAuction', 'hall', { auctionId })).view.lots;
    expect((boardLot!.rows as Row[]).map((row) => [row.alias, row.price, row.supplierName])).toEqual([
      [aliasOf(ids.supA), '8.40', null],
      [aliasOf(ids.supB), '8.40', null],
    ]);
    expect((await hallOf(entries.get(suppliers.b)!, suppliers.b)).view.lots[0]).toMatchObject({
      ownPrice: '8.40',
      ownRank: 2,
      bestPrice: '8.40',
    });
    expect((await initialAs(suppliers.b, '8.00')).body.msg).toBe('竞价已开始，不能再提交初始报价');

    // The first live bid brings them in: accepted, numbered before it, in the clear; A's step
    // counts from its own initial bid.
    const step = await bid(entries.get(suppliers.a)!, lot, '8.40', suppliers.a);
    expect(step.httpStatus).toBe(422);
    const live = await bid(entries.get(suppliers.b)!, lot, '8.35', suppliers.b);
    expect(live.body.data).toMatchObject({ status: 'ACCEPTED', rank: 1 });
    const after = await queryRows<{
      price: string | null;
      sealed: string | null;
      status: string;
      seq: number;
    }>(
      runtime.executor(),
      sql`select price, sealed_price as sealed, status, hall_seq::int as seq from srm_auction_bid
           where auction_id = ${auctionId} and status in ('ACCEPTED', 'SUPERSEDED') order by hall_seq`,
    );
    expect(after.map((row) => [row.status, Number(row.price).toFixed(2), row.sealed])).toEqual([
      ['ACCEPTED', '8.40', null],
      ['SUPERSEDED', '8.40', null],
      ['ACCEPTED', '8.35', null],
    ]);
  });

  it('keeps them sealed when the auction is cancelled before it starts', async () => {
    const runtime = server().runtime;
    const now = server().clock.nowMs();
    const saved = await ok<Row & { auctionId: number; startDate: number }>('srmAuction', 'saveOrUpdate', {
      title: '初始报价：取消',
      orgId: ids.orgA,
      currencyId: ids.currency,
      auctionMode: 'OPEN',
      decrementType: 'AMOUNT',
      decrementValue: 0.01,
      initialBidFlag: 'Y',
      startDate: now + 30 * MIN,
      endDate: now + 60 * MIN,
      items: [{ lineNum: 1, itemId: ids.bracket, quantity: 500, startPrice: 9 }],
      suppliers: [{ supplierId: ids.supA }, { supplierId: ids.supB }],
      jury: [{ userId: state.pm, juryRole: 'OPENER' }],
    });
    const auctionId = saved.auctionId;
    await ok('srmAuction', 'doSubmit', { auctionId });
    await decideAll(runtime, 'srmAuction', auctionId, 'approve');
    const [item] = (await ok<Row & { items: Row[] }>('srmAuction', 'findById', { auctionId })).items;
    const [entry] = await ok<Row[]>('srmAuctionEntry', 'listByPage', { auctionId }, suppliers.a);
    await ok('srmAuctionEntry', 'doConfirm', { entryId: entry!.entryId }, suppliers.a);
    await ok(
      'srmAuctionEntry',
      'initialBid',
      { entryId: entry!.entryId, auctionItemId: item!.auctionItemId, price: '7.77' },
      suppliers.a,
    );
    await ok('srmAuction', 'doCancel', { auctionId, comment: '需求取消' });
    server().clock.set(saved.startDate + MIN);
    expect(visibleText(await ok('srmAuction', 'hall', { auctionId }))).not.toMatch(/7\.77/);
    expect(visibleText(await ok('srmAuction', 'history', { auctionId }))).not.toMatch(/7\.77/);
  });
});

describe('ranking by transformed price', () => {
  it('ranks, ties and awards by price × factor; a supplier learns its own rank only, never a factor', async () => {
    state.pm = Number((await server().first<Row>('baseUser', { userName: 'pm' })).userId);
    const now = server().clock.nowMs();
    const draft = {
      title: '折算价竞价：支架',
      orgId: ids.orgA,
      currencyId: ids.currency,
      auctionMode: 'OPEN',
      rankBasis: 'TRANSFORMED',
      decrementType: 'AMOUNT',
      decrementValue: 0.01,
      decrementBasis: 'OWN',
      tieRule: 'REFUSE_EQUAL',
      displayRule: 'RANK_BEST',
      startDate: now + 30 * MIN,
      endDate: now + 60 * MIN,
      items: [{ lineNum: 1, itemId: ids.bracket, quantity: 500, startPrice: 9 }],
      // A's freight and quality costs weigh 10 % against it.
      suppliers: [
        { supplierId: ids.supA, priceFactor: 1.1 },
        { supplierId: ids.supB, priceFactor: 1 },
      ],
      jury: [{ userId: state.pm, juryRole: 'OPENER' }],
    };
    // The best price beside a rank by transformed price would tell a factor: refused.
    const shown = await call('srmAuction', 'saveOrUpdate', draft);
    expect([shown.httpStatus, shown.body.status, shown.body.msg]).toEqual([
      400,
      'E',
      '供应商可见信息：按折算价排名时只能选择“不显示”或“自己的排名”（其他供应商的价格会暴露折算系数）',
    ]);
    const saved = await ok<Row & { auctionId: number }>('srmAuction', 'saveOrUpdate', {
      ...draft,
      displayRule: 'RANK',
    });
    const auctionId = saved.auctionId;
    const { lot, entries } = await published(auctionId);
    for (const [actor, entryId] of entries) await ok('srmAuctionEntry', 'doConfirm', { entryId }, actor);
    await ok('srmAuction', 'doImmediateStart', { auctionId });
    const bidAs = (actor: Partial<Actor>, price: string) => {
      server().clock.travel(1_100);
      return bid(entries.get(actor)!, lot, price, actor);
    };

    // A's 8.00 is 8.80 transformed, B's 8.50 stays 8.50: B ranks first with the higher price.
    expect((await bidAs(suppliers.a, '8.00')).body.data).toMatchObject({ status: 'ACCEPTED', rank: 1 });
    expect((await bidAs(suppliers.b, '8.50')).body.data).toMatchObject({ status: 'ACCEPTED', rank: 1 });
    const lotOf = async (actor: Partial<Actor>) => (await hallOf(entries.get(actor)!, actor)).view.lots[0]!;
    expect(await lotOf(suppliers.a)).toMatchObject({ ownPrice: '8.00', ownRank: 2, bestPrice: null });
    expect(await lotOf(suppliers.b)).toMatchObject({ ownPrice: '8.50', ownRank: 1, bestPrice: null });
    // A's 7.70 (8.47) takes the lead; B's 8.47 equals it transformed: refused by the tie rule.
    expect((await bidAs(suppliers.a, '7.70')).body.data).toMatchObject({ rank: 1 });
    const tie = await bidAs(suppliers.b, '8.47');
    expect([tie.httpStatus, tie.body.msg]).toEqual([422, expect.stringContaining('相同')]);
    expect((await bidAs(suppliers.b, '8.46')).body.data).toMatchObject({ rank: 1 });

    // The board ranks and shows the factors and the transformed prices (aliases before the opening).
    const boardView = await ok<Hall>('srmAuction', 'hall', { auctionId });
    const rows = boardView.view.lots[0] as unknown as { bestPrice: string; rows: Row[] };
    expect(rows.bestPrice).toBe('8.4600');
    expect(rows.rows.map((row) => [row.rank, row.price, row.factor, row.transformedPrice])).toEqual([
      [1, '8.46', '1.0000', '8.4600'],
      [2, '7.70', '1.1000', '8.4700'],
    ]);

    // Nothing a supplier reads names a factor or a transformed price: hall, entry, own answers.
    for (const actor of [suppliers.a, suppliers.b]) {
      const entryId = entries.get(actor)!;
      const seen = JSON.stringify([
        await hallOf(entryId, actor),
        await ok('srmAuctionEntry', 'findById', { entryId }, actor),
      ]);
      expect(seen).not.toMatch(/priceFactor|transformedPrice|"factor"|"1\.10*"|"8\.4700"/);
      expect(seen).toContain('"rankBasis":"TRANSFORMED"');
    }
    expect(JSON.stringify(await hallOf(entries.get(suppliers.b)!, suppliers.b))).not.toMatch(/"7\.70*"/);

    // Opened, the award gives all of it to the best transformed price (B at 8.46), not the lowest price.
    const found = await ok<Row & { endDate: number }>('srmAuction', 'findById', { auctionId });
    server().clock.set(found.endDate);
    await runExecutable(server(), sourcingServer.executables.SOURCING_AUCTION_TICK!);
    await ok('srmAuction', 'doConfirmOpening', { auctionId });
    await ok('srmAuction', 'doBidOpening', { auctionId }, pm());
    await ok('srmAuction', 'doPrepareAward', { auctionId });
    const { awardId } = await ok<Row>('srmAuction', 'findById', { auctionId });
    const award = await ok<Row & { lines: Row[] }>('srmAuctionAward', 'findById', { awardId });
    expect(
      award.lines.map((line) => [
        line.supplierId,
        line.unitPrice,
        line.bidRank,
        line.lowestFlag,
        line.awardPercent,
      ]),
    ).toEqual([
      [ids.supB, 8.46, 1, 'Y', 100],
      [ids.supA, 7.7, 2, 'N', 0],
    ]);
  });
});
