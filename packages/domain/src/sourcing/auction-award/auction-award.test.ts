// The programs' notices of an auction (15 minutes before the start, after extensions, at the
// close), then the award of an opened auction on a real database: 定标 drafts it from the final bids (the best of
// each material given all of it, ranks, the reserve marked); a share above the reserve or for a
// supplier other than the best needs a reason; a lot is awarded whole per supplier. Its approval
// hands the prices to purchasing once (price list rows, a draft agreement per supplier, ASL), the
// auction is AWARDED, and each bidder reads only its own result on its entry — never the award.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import { type Actor, decideAll } from '@srm/platform';
import { TEST_ACTOR_HEADER, runExecutable } from '@srm/platform/testing';
import { useProcurement } from '../../procurement.testing';
import { decideTask } from '../../approval.testing';
import { sourcingServer } from '../area.server';

type Row = Record<string, unknown>;
type AwardLine = Row & { awardLineId: number; itemLineNum: number; supplierId: number | null };
type Award = Row & { awardId: number; versionNum: number; lines: AwardLine[] };

const { ids, ok, call, suppliers, server, releasedOrder, supplierUsers } = useProcurement();
const MIN = 60_000;
const pm = () => ({ userId: Number(state.pm), userName: 'pm' });
const state = { pm: 0, unit: 0, lot: 0, entries: new Map<string, number>() };

/** An auction taken to OPENED: published, confirmed by A and B, started, `bids` placed, ended, opened. */
async function openedAuction(
  extra: Row,
  items: Row[],
  bids: (entries: { a: number; b: number }, items: number[]) => Promise<void>,
): Promise<number> {
  if (!state.pm) state.pm = Number((await server().first<Row>('baseUser', { userName: 'pm' })).userId);
  const now = server().clock.nowMs();
  const saved = await ok<Row & { auctionId: number }>('srmAuction', 'saveOrUpdate', {
    title: '支架与螺钉竞价',
    orgId: ids.orgA,
    currencyId: ids.currency,
    auctionMode: 'OPEN',
    bidBasis: 'UNIT',
    decrementType: 'AMOUNT',
    decrementValue: 0.01,
    decrementBasis: 'OWN',
    tieRule: 'EARLIER_FIRST',
    displayRule: 'RANK',
    startDate: now + 30 * MIN,
    endDate: now + 90 * MIN,
    extendWindowMinutes: 0,
    minSuppliers: 2,
    openersRequired: 2,
    items,
    suppliers: [{ supplierId: ids.supA }, { supplierId: ids.supB }],
    jury: [{ userId: state.pm, juryRole: 'OPENER' }],
    ...extra,
  });
  const auctionId = saved.auctionId;
  await ok('srmAuction', 'doSubmit', { auctionId });
  await decideAll(server().runtime, 'srmAuction', auctionId, 'approve');
  const entryOf = async (actor: Partial<Actor>) => {
    const rows = await ok<Row[]>('srmAuctionEntry', 'listByPage', { pageRows: 50 }, actor);
    const entryId = Number(rows.find((row) => row.auctionId === auctionId)!.entryId);
    await ok('srmAuctionEntry', 'doConfirm', { entryId }, actor);
    return entryId;
  };
  const entries = { a: await entryOf(suppliers.a), b: await entryOf(suppliers.b) };
  await ok('srmAuction', 'doImmediateStart', { auctionId });
  const found = await ok<Row & { items: Row[]; endDate: number }>('srmAuction', 'findById', { auctionId });
  await bids(
    entries,
    found.items.map((item) => Number(item.auctionItemId)),
  );
  server().clock.set(found.endDate);
  await runExecutable(server(), sourcingServer.executables.SOURCING_AUCTION_TICK!);
  await ok('srmAuction', 'doConfirmOpening', { auctionId });
  await ok('srmAuction', 'doBidOpening', { auctionId }, pm());
  state.entries.set(`${auctionId}:a`, entries.a);
  state.entries.set(`${auctionId}:b`, entries.b);
  return auctionId;
}

const bid = async (entryId: number, actor: Partial<Actor>, price: string, auctionItemId?: number) => {
  server().clock.travel(1_100);
  await ok('srmAuctionEntry', 'bid', { entryId, price, ...(auctionItemId ? { auctionItemId } : {}) }, actor);
};

const findAward = (awardId: number) => ok<Award>('srmAuctionAward', 'findById', { awardId });
const prepare = async (auctionId: number) => {
  await ok('srmAuction', 'doPrepareAward', { auctionId });
  const auction = await ok<Row>('srmAuction', 'findById', { auctionId });
  return findAward(Number(auction.awardId));
};
const shares = (award: Award, values: Record<string, [number, string | null]>) =>
  award.lines.map((line) => {
    const [percent, reason] = values[`${line.itemLineNum}:${String(line.supplierId)}`] ?? [0, null];
    return { awardLineId: line.awardLineId, awardPercent: percent, reason };
  });

describe('the award of an opened auction', () => {
  it('is drafted from the final bids, ranked, the best given all, the reserve marked', async () => {
    state.unit = await openedAuction(
      {},
      [
        { lineNum: 1, itemId: ids.screw, quantity: 100000, startPrice: 0.3, reservePrice: 0.25 },
        { lineNum: 2, itemId: ids.bracket, quantity: 2000, startPrice: 6.5, reservePrice: 7 },
      ],
      async ({ a, b }, [screw, bracket]) => {
        await bid(a, suppliers.a, '0.28', screw);
        await bid(b, suppliers.b, '0.27', screw);
        await bid(a, suppliers.a, '6.20', bracket);
        await bid(b, suppliers.b, '6.40', bracket);
      },
    );
    // Not before it is opened, and not twice.
    const award = await prepare(state.unit);
    expect(award).toMatchObject({ status: 'DRAFT', bidBasis: 'UNIT', totalAmount: 39400 });
    expect(
      award.lines.map((line) => [
        line.itemLineNum,
        line.supplierId,
        line.bidRank,
        line.unitPrice,
        line.lowestFlag,
        line.overReserveFlag,
        line.awardPercent,
        line.lineAmount,
      ]),
    ).toEqual([
      [1, ids.supB, 1, 0.27, 'Y', 'Y', 100, 27000],
      [1, ids.supA, 2, 0.28, 'N', 'Y', 0, 0],
      [2, ids.supA, 1, 6.2, 'Y', 'N', 100, 12400],
      [2, ids.supB, 2, 6.4, 'N', 'N', 0, 0],
    ]);
    const again = await call('srmAuction', 'doPrepareAward', { auctionId: state.unit });
    expect([again.httpStatus, again.body.msg]).toEqual([422, expect.stringContaining('已有定标单')]);
    // The award is the buyer's: a supplier reads nothing of it.
    for (const actor of [suppliers.a, suppliers.b]) {
      expect((await call('srmAuctionAward', 'findById', { awardId: award.awardId }, actor)).httpStatus).toBe(
        403,
      );
      expect((await call<Row[]>('srmAuctionAward', 'listByPage', {}, actor)).body.data ?? []).toEqual([]);
    }
  });

  it('asks a reason above the reserve and for a split; approved, it hands off and tells each bidder', async () => {
    const auction = await ok<Row>('srmAuction', 'findById', { auctionId: state.unit });
    const award = await findAward(Number(auction.awardId));
    const screwB = `1:${ids.supB}`;
    const bracketA = `2:${ids.supA}`;
    const bracketB = `2:${ids.supB}`;
    const submit = await call('srmAuctionAward', 'doSubmit', { awardId: award.awardId });
    expect([submit.httpStatus, submit.body.msg]).toEqual([
      422,
      '定标明细：物料第 1 行“内六角圆柱头螺钉 M6×20”：成交价高于保留价，请填写定标理由',
    ]);
    const split = await call('srmAuctionAward', 'saveOrUpdate', {
      awardId: award.awardId,
      versionNum: award.versionNum,
      lines: shares(award, { [screwB]: [100, '市场价上涨'], [bracketA]: [60, null], [bracketB]: [40, null] }),
    });
    expect([split.httpStatus, split.body.msg]).toEqual([400, expect.stringContaining('非最低价供应商')]);
    await ok('srmAuctionAward', 'saveOrUpdate', {
      awardId: award.awardId,
      versionNum: award.versionNum,
      lines: shares(award, {
        [screwB]: [100, '市场价上涨'],
        [bracketA]: [60, null],
        [bracketB]: [40, '双源供应'],
      }),
    });
    expect(await findAward(award.awardId)).toMatchObject({ totalAmount: 27000 + 7440 + 5120 });
    // The preview: what the approval will write, nothing written yet; the buyer's only.
    type Preview = { rows: (Row & { kind: string; state: string })[] };
    const preview = () => ok<Preview>('srmAuctionAward', 'handOffPreview', { awardId: award.awardId });
    const before = await preview();
    const kinds = (rows: Preview['rows'], kind: string) =>
      rows.filter((row) => row.kind === kind).map((row) => row.state);
    expect(kinds(before.rows, 'PRICE')).toEqual(['NEW', 'NEW', 'NEW']);
    expect(kinds(before.rows, 'AGREEMENT')).toEqual(['NEW', 'NEW']);
    expect(kinds(before.rows, 'ASL')).toHaveLength(3);
    expect(
      (await call('srmAuctionAward', 'handOffPreview', { awardId: award.awardId }, suppliers.a)).httpStatus,
    ).toBe(403);
    // An order before the award: its prices are the last order prices price monitoring compares with.
    await releasedOrder();
    await ok('srmAuctionAward', 'doSubmit', { awardId: award.awardId });
    expect(await ok<Row>('srmAuction', 'findById', { auctionId: state.unit })).toMatchObject({
      status: 'AWARD_APPROVING',
    });
    await decideAll(server().runtime, 'srmAuctionAward', award.awardId, 'approve');
    expect(await ok<Row>('srmAuction', 'findById', { auctionId: state.unit })).toMatchObject({
      status: 'AWARDED',
    });
    const done = await findAward(award.awardId);
    expect(done).toMatchObject({ status: 'APPROVED', handOffNote: expect.stringContaining('3 条') });

    // Price monitoring: each awarded price beside the reserve, the lowest bid and the last order
    // price (0.3 and 6.25 without tax); every change here is beyond five percent. The buyer's only.
    const monitored = await ok<Row[]>('srmPriceMonitor', 'listByPage', {
      pageRows: 50,
      sourceNum: done.awardNum,
    });
    expect(
      monitored
        .map((row) => [
          row.itemId,
          row.supplierId,
          row.awardPercent,
          row.unitPrice,
          row.unitPriceExclTax,
          row.lowestPrice,
          row.targetPrice,
          row.targetChange,
          row.lastOrderPrice,
          row.orderChange,
          row.exceedsFlag,
        ])
        .sort((a, b) => String(a).localeCompare(String(b))),
    ).toEqual(
      [
        [ids.screw, ids.supB, 100, 0.27, 0.238938, 0.27, 0.25, 8, 0.3, -20.35, 'Y'],
        [ids.bracket, ids.supA, 60, 6.2, 5.486726, 6.2, 7, -11.43, 6.25, -12.21, 'Y'],
        [ids.bracket, ids.supB, 40, 6.4, 5.663717, 6.2, 7, -8.57, 6.25, -9.38, 'Y'],
      ].sort((a, b) => String(a).localeCompare(String(b))),
    );
    expect((await call('srmPriceMonitor', 'listByPage', {}, suppliers.b)).httpStatus).toBe(403);

    // Approved: the preview finds everything written (a second run would write nothing).
    const after = await preview();
    expect(kinds(after.rows, 'PRICE')).toEqual(['DONE', 'DONE', 'DONE']);
    expect(kinds(after.rows, 'AGREEMENT')).toEqual(['DONE', 'DONE']);
    expect(kinds(after.rows, 'ASL').every((state) => state === 'LISTED')).toBe(true);

    const prices = await ok<Row[]>('srmPurSupplierPl', 'listByPage', { pageRows: 50, sourceType: 'AUCTION' });
    expect(prices.map((row) => [row.supplierId, row.itemId, row.unitPrice, row.sourceNum]).sort()).toEqual(
      [
        [ids.supB, ids.screw, 0.27, done.awardNum],
        [ids.supA, ids.bracket, 6.2, done.awardNum],
        [ids.supB, ids.bracket, 6.4, done.awardNum],
      ].sort(),
    );
    const agreements = await ok<Row[]>('srmPurAgreement', 'listByPage', { pageRows: 50, status: 'DRAFT' });
    const ofA = agreements.filter((row) => row.supplierId === ids.supA && row.sourceNum === done.awardNum);
    expect(ofA).toHaveLength(1);
    const agreementA = await ok<Row & { quotas: Row[]; lines: Row[] }>('srmPurAgreement', 'findById', {
      agreementId: ofA[0]!.agreementId,
    });
    // 6.20 including the award line's 13 % tax; A's quota of the bracket is 60 %.
    expect(agreementA.lines.map((row) => [row.itemId, row.unitPrice, row.taxRate])).toEqual([
      [ids.bracket, 5.486726, 13],
    ]);
    expect(agreementA.quotas.map((row) => [row.itemId, row.quotaPercent])).toEqual([[ids.bracket, 60]]);

    // Each bidder reads its own result on its entry; the message names no one else.
    for (const [side, actor] of [
      ['a', suppliers.a],
      ['b', suppliers.b],
    ] as const) {
      const entry = await ok<Row>(
        'srmAuctionEntry',
        'findById',
        { entryId: state.entries.get(`${state.unit}:${side}`) },
        actor,
      );
      expect(entry.resultNote).toBe('部分中标');
    }
    const awarded = await call('srmAuctionAward', 'saveOrUpdate', {
      awardId: award.awardId,
      versionNum: done.versionNum,
      awardNote: '改',
    });
    expect(awarded.httpStatus).toBeGreaterThanOrEqual(400);
  });

  it('spreads a lot bid over its materials and awards the lot whole per supplier', async () => {
    state.lot = await openedAuction(
      { bidBasis: 'TOTAL', decrementValue: 1 },
      [
        { lineNum: 1, itemId: ids.screw, quantity: 10000, startPrice: 0.3 },
        { lineNum: 2, itemId: ids.bracket, quantity: 1000, startPrice: 7 },
      ],
      async ({ a, b }) => {
        // The lot starts at 3,000 + 7,000 = 10,000.
        await bid(a, suppliers.a, '9000');
        await bid(b, suppliers.b, '9500');
      },
    );
    const award = await prepare(state.lot);
    expect(
      award.lines.map((line) => [line.itemLineNum, line.supplierId, line.unitPrice, line.awardPercent]),
    ).toEqual([
      [1, ids.supA, 0.27, 100],
      [1, ids.supB, 0.285, 0],
      [2, ids.supA, 6.3, 100],
      [2, ids.supB, 6.65, 0],
    ]);
    expect(award.totalAmount).toBe(9000);
    const torn = await call('srmAuctionAward', 'saveOrUpdate', {
      awardId: award.awardId,
      versionNum: award.versionNum,
      lines: shares(award, {
        [`1:${ids.supA}`]: [100, null],
        [`2:${ids.supA}`]: [50, null],
        [`2:${ids.supB}`]: [50, '拆分'],
      }),
    });
    expect([torn.httpStatus, torn.body.msg]).toEqual([400, expect.stringContaining('整包竞价须按整包定标')]);
    await ok('srmAuctionAward', 'doSubmit', { awardId: award.awardId });
    await decideAll(server().runtime, 'srmAuctionAward', award.awardId, 'approve');
    const entryA = await ok<Row>(
      'srmAuctionEntry',
      'findById',
      { entryId: state.entries.get(`${state.lot}:a`) },
      suppliers.a,
    );
    const entryB = await ok<Row>(
      'srmAuctionEntry',
      'findById',
      { entryId: state.entries.get(`${state.lot}:b`) },
      suppliers.b,
    );
    expect([entryA.resultNote, entryB.resultNote]).toEqual(['中标', '未中标']);
  });

  it('reports every opened auction by material and bidder: bids, prices, rank, drop and award (竞价明细)', async () => {
    type ReportRow = Row & { auctionId: number };
    const report = async (filters: Row, actor?: Partial<Actor>) =>
      ok<{ rows: ReportRow[]; auctions: number }>('srmAuction', 'detailReport', filters, actor);
    const unit = await ok<Row>('srmAuction', 'findById', { auctionId: state.unit });
    const shown = (rows: ReportRow[]) =>
      rows.map((row) => [
        row.lineNum,
        row.supplierId,
        row.bidCount,
        row.finalPrice,
        row.rank,
        row.dropPercent,
        row.savingAmount,
        row.awardPercent,
      ]);
    const ofUnit = await report({ auctionNum: unit.auctionNum });
    expect(ofUnit.auctions).toBe(1);
    // Start prices 0.30 and 6.50; the screw all to B, the bracket 60/40.
    expect(shown(ofUnit.rows)).toEqual([
      [1, ids.supB, 1, '0.27', 1, 10, 3000, 100],
      [1, ids.supA, 1, '0.28', 2, 6.67, 2000, 0],
      [2, ids.supA, 1, '6.2', 1, 4.62, 600, 60],
      [2, ids.supB, 1, '6.4', 2, 1.54, 200, 40],
    ]);
    expect(ofUnit.rows[0]).toMatchObject({ supplierName: '宁波瑞丰电子科技有限公司', startPrice: '0.3' });
    // The lot of an auction bid on the total: one row per bidder, against the lot's 10,000.
    const lot = await ok<Row>('srmAuction', 'findById', { auctionId: state.lot });
    const ofLot = await report({ auctionNum: lot.auctionNum, supplierId: ids.supA });
    expect(shown(ofLot.rows)).toEqual([[null, ids.supA, 1, '9000', 1, 10, 1000, 100]]);
    // By material: the bracket's rows of both auctions (the lot holds the bracket too).
    const brackets = await report({ itemId: ids.bracket });
    expect(brackets.rows.filter((row) => row.auctionId === state.unit)).toHaveLength(2);
    expect(brackets.rows.filter((row) => row.auctionId === state.lot)).toHaveLength(2);
    // Opened auctions only, and the buyer's: a supplier may not read the report.
    expect(
      brackets.rows.every((row) => ['OPENED', 'AWARD_APPROVING', 'AWARDED'].includes(String(row.status))),
    ).toBe(true);
    expect((await call('srmAuction', 'detailReport', {}, suppliers.a)).httpStatus).toBe(403);

    // 导出: the same rows as an xlsx, in the columns and titles the screen sends.
    const columns = [
      ['auctionNum', '竞价单号'],
      ['itemName', '物料'],
      ['supplierName', '供应商'],
      ['finalPrice', '最终出价'],
      ['rank', '排名'],
      ['awardPercent', '中标比例'],
    ];
    const exported = async (actor: Partial<Actor>) =>
      fetch(`${server().url}/api/srm/v1/srmAuctionRestful/detailReport/exportExcel`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [TEST_ACTOR_HEADER]: JSON.stringify(actor) },
        body: JSON.stringify({
          requestParams: { auctionNum: unit.auctionNum },
          columns: columns.map(([key, title]) => ({ key, title })),
        }),
      });
    const response = await exported({});
    expect(response.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await response.arrayBuffer());
    const sheet: unknown[][] = [];
    book.worksheets[0]!.eachRow((row) => sheet.push((row.values as unknown[]).slice(1)));
    expect(sheet[0]).toEqual(columns.map(([, title]) => title));
    expect(sheet.slice(1).map((row) => row.slice(1))).toEqual([
      ['内六角圆柱头螺钉 M6×20', '宁波瑞丰电子科技有限公司', 0.27, 1, 100],
      ['内六角圆柱头螺钉 M6×20', '苏州恒达精密五金有限公司', 0.28, 2, 0],
      ['电机安装支架', '苏州恒达精密五金有限公司', 6.2, 1, 60],
      ['电机安装支架', '宁波瑞丰电子科技有限公司', 6.4, 2, 40],
    ]);
    expect((await exported(suppliers.a)).status).toBe(403);
  });
});

describe('the auction program tells the suppliers', () => {
  const tick = () => runExecutable(server(), sourcingServer.executables.SOURCING_AUCTION_TICK!);
  /** In-app messages of a source per supplier, about its entry of this auction. */
  const told = async (auctionId: number, source: string) =>
    queryRows<{ supplierId: number; n: number }>(
      server().runtime.executor(),
      sql`select m.supplier_id::int as "supplierId", count(*)::int as n
            from base_site_message m join srm_auction_entry e on e.entry_id = m.document_id
           where m.source = ${source} and m.entity_name = 'srmAuctionEntry' and e.auction_id = ${auctionId}
           group by m.supplier_id order by m.supplier_id`,
    );

  it('of the start 15 minutes ahead, once; of extensions since the last notice; of the close', async () => {
    if (!state.pm) state.pm = Number((await server().first<Row>('baseUser', { userName: 'pm' })).userId);
    // A user of each supplier: messages to a supplier reach its users.
    await supplierUsers('notices');
    const now = server().clock.nowMs();
    const saved = await ok<Row & { auctionId: number }>('srmAuction', 'saveOrUpdate', {
      title: '提醒与延时',
      orgId: ids.orgA,
      currencyId: ids.currency,
      decrementType: 'AMOUNT',
      decrementValue: 0.01,
      startDate: now + 30 * MIN,
      endDate: now + 90 * MIN,
      extendWindowMinutes: 5,
      extendMinutes: 5,
      items: [{ lineNum: 1, itemId: ids.screw, quantity: 1000, startPrice: 0.3 }],
      suppliers: [{ supplierId: ids.supA }, { supplierId: ids.supB }],
      jury: [{ userId: state.pm, juryRole: 'OPENER' }],
    });
    const auctionId = saved.auctionId;
    await ok('srmAuction', 'doSubmit', { auctionId });
    await decideAll(server().runtime, 'srmAuction', auctionId, 'approve');
    await tick();
    expect(await told(auctionId, 'AUCTION_REMIND')).toEqual([]);
    // 14 minutes before the start: both invited suppliers, once.
    server().clock.set(now + 16 * MIN);
    await tick();
    await tick();
    const reminded = await told(auctionId, 'AUCTION_REMIND');
    expect(reminded.map((row) => row.supplierId).sort()).toEqual([ids.supA, ids.supB].sort());
    const once = reminded.map((row) => row.n);
    server().clock.travel(MIN);
    await tick();
    expect((await told(auctionId, 'AUCTION_REMIND')).map((row) => row.n)).toEqual(once);

    // Both confirm; at the start the program runs it.
    const entryOf = async (actor: Partial<Actor>) => {
      const rows = await ok<Row[]>('srmAuctionEntry', 'listByPage', { pageRows: 50 }, actor);
      const entryId = Number(rows.find((row) => row.auctionId === auctionId)!.entryId);
      await ok('srmAuctionEntry', 'doConfirm', { entryId }, actor);
      return entryId;
    };
    const entryA = await entryOf(suppliers.a);
    await entryOf(suppliers.b);
    server().clock.set(now + 30 * MIN);
    await tick();
    expect(await ok<Row>('srmAuction', 'findById', { auctionId })).toMatchObject({ status: 'RUNNING' });

    // A bid 3 minutes before the end extends it; the next run tells the confirmed suppliers, once.
    server().clock.set(now + 87 * MIN);
    await bid(
      entryA,
      suppliers.a,
      '0.29',
      Number(
        (await ok<Row & { items: Row[] }>('srmAuction', 'findById', { auctionId })).items[0]!.auctionItemId,
      ),
    );
    expect(await told(auctionId, 'AUCTION_EXTENDED')).toEqual([]);
    await tick();
    await tick();
    expect(
      (await told(auctionId, 'AUCTION_EXTENDED')).map((row) => [row.supplierId, row.n > 0]).sort(),
    ).toEqual(
      [
        [ids.supA, true],
        [ids.supB, true],
      ].sort(),
    );
    const extendedOnce = (await told(auctionId, 'AUCTION_EXTENDED')).map((row) => row.n);
    const after = await ok<Row & { endDate: number }>('srmAuction', 'findById', { auctionId });
    expect(after).toMatchObject({ extendCount: 1, extendNoticedCount: 1 });

    // The end: closed by the program, and every confirmed supplier told.
    server().clock.set(after.endDate);
    await tick();
    expect(await ok<Row>('srmAuction', 'findById', { auctionId })).toMatchObject({ status: 'CLOSED' });
    expect((await told(auctionId, 'AUCTION_CLOSED')).map((row) => row.supplierId).sort()).toEqual(
      [ids.supA, ids.supB].sort(),
    );
    expect((await told(auctionId, 'AUCTION_EXTENDED')).map((row) => row.n)).toEqual(extendedOnce);
  });
});

describe('award by engineer (auction item categories)', () => {
  it('auctions only listed categories; the engineer signs the award off before the hand-off', async () => {
    if (!state.pm) state.pm = Number((await server().first<Row>('baseUser', { userName: 'pm' })).userId);
    const screw = await ok<Row & { categoryId: number }>('srmBaseItem', 'findById', { itemId: ids.screw });
    const engineer = await ok<Row & { userId: number }>('baseUser', 'saveOrUpdate', {
      userName: 'eng',
      userFullName: '王工',
      userType: 'INTERNAL',
    });
    const listed = await ok<Row & { auctionCategoryId: number }>('srmAuctionCategory', 'saveOrUpdate', {
      categoryId: screw.categoryId,
      engineerAwardFlag: 'Y',
    });
    try {
      // Listed categories: an auction names one, and its materials lie in it.
      const now = server().clock.nowMs();
      const draft = {
        title: '品类校验',
        orgId: ids.orgA,
        currencyId: ids.currency,
        decrementType: 'AMOUNT',
        decrementValue: 0.01,
        startDate: now + 30 * MIN,
        endDate: now + 90 * MIN,
        suppliers: [{ supplierId: ids.supA }, { supplierId: ids.supB }],
      };
      const screwLine = { lineNum: 1, itemId: ids.screw, quantity: 1000, startPrice: 0.3 };
      const bracketLine = { lineNum: 2, itemId: ids.bracket, quantity: 10, startPrice: 6 };
      const unnamed = await call('srmAuction', 'saveOrUpdate', { ...draft, items: [screwLine] });
      expect([unnamed.httpStatus, unnamed.body.msg]).toEqual([
        400,
        expect.stringContaining('请选择竞价品类'),
      ]);
      const outside = await call('srmAuction', 'saveOrUpdate', {
        ...draft,
        categoryId: screw.categoryId,
        items: [screwLine, bracketLine],
      });
      expect([outside.httpStatus, outside.body.msg]).toEqual([400, expect.stringContaining('第 2 行物料')]);

      const auctionId = await openedAuction(
        {
          categoryId: screw.categoryId,
          jury: [
            { userId: state.pm, juryRole: 'OPENER' },
            { userId: engineer.userId, juryRole: 'ENGINEER' },
          ],
        },
        [{ lineNum: 1, itemId: ids.screw, quantity: 50000, startPrice: 0.3 }],
        async ({ a, b }, [item]) => {
          await bid(a, suppliers.a, '0.27', item);
          await bid(b, suppliers.b, '0.26', item);
        },
      );
      const award = await prepare(auctionId);
      expect(award).toMatchObject({ engineerFlag: 'Y', engineerId: engineer.userId });

      // Without an engineer it is not submitted.
      await ok('srmAuctionAward', 'saveOrUpdate', {
        awardId: award.awardId,
        versionNum: award.versionNum,
        engineerId: null,
      });
      const bare = await call('srmAuctionAward', 'doSubmit', { awardId: award.awardId });
      expect([bare.httpStatus, bare.body.msg]).toEqual([422, expect.stringContaining('指定确认工程师')]);
      const again = await findAward(award.awardId);
      await ok('srmAuctionAward', 'saveOrUpdate', {
        awardId: award.awardId,
        versionNum: again.versionNum,
        engineerId: engineer.userId,
      });

      // The manager approves: the award waits for the engineer, nothing is handed off yet.
      await ok('srmAuctionAward', 'doSubmit', { awardId: award.awardId });
      expect((await decideTask(server(), pm(), 'srmAuctionAward', award.awardId)).body.status).toBe('S');
      expect(await findAward(award.awardId)).toMatchObject({
        status: 'ENGINEER_APPROVING',
        handOffNote: null,
      });
      expect(await ok<Row>('srmAuction', 'findById', { auctionId })).toMatchObject({
        status: 'ENGINEER_APPROVING',
      });
      const engineerActor = { userId: engineer.userId, userName: 'eng' };
      // The engineer's own task: the manager has none; the award's actions are not for HTTP.
      expect(
        (await call('srmAuctionAward', 'doEngineerAwardApproval', { awardId: award.awardId })).httpStatus,
      ).toBe(403);
      const rejected = await decideTask(
        server(),
        engineerActor,
        'srmAuctionAward',
        award.awardId,
        'doReject',
        '材料规格需复核',
      );
      expect(rejected.body.status, rejected.body.msg).toBe('S');
      expect(await findAward(award.awardId)).toMatchObject({ status: 'REJECTED' });
      expect(await ok<Row>('srmAuction', 'findById', { auctionId })).toMatchObject({ status: 'OPENED' });

      // Submitted again: the manager, then the engineer, approve; then the hand-off runs.
      await ok('srmAuctionAward', 'doSubmit', { awardId: award.awardId });
      expect((await decideTask(server(), pm(), 'srmAuctionAward', award.awardId)).body.status).toBe('S');
      const signed = await decideTask(server(), engineerActor, 'srmAuctionAward', award.awardId);
      expect(signed.body.status, signed.body.msg).toBe('S');
      expect(await findAward(award.awardId)).toMatchObject({
        status: 'APPROVED',
        handOffNote: expect.stringContaining('供应商价格库'),
      });
      expect(await ok<Row>('srmAuction', 'findById', { auctionId })).toMatchObject({ status: 'AWARDED' });
    } finally {
      // The other tests' auctions name no category.
      await ok('srmAuctionCategory', 'saveOrUpdate', {
        auctionCategoryId: listed.auctionCategoryId,
        versionNum: 1,
        enabledFlag: 'N',
      });
    }
  });
});

describe('an auction made from a requisition', () => {
  it('starts from the requisition’s prices, and its approved award drafts the orders of its lines', async () => {
    if (!state.pm) state.pm = Number((await server().first<Row>('baseUser', { userName: 'pm' })).userId);
    const runtime = server().runtime;
    const day = (days: number) =>
      new Date(server().clock.nowMs() + days * 86_400_000).toISOString().slice(0, 10);
    const prType = (await server().first<Row>('srmPurBillType', { billTypeCode: 'STD_PR' })).billTypeId;
    const line = (
      lineNum: number,
      itemId: number,
      quantity: number,
      unitPrice: number | null,
      supplier: number,
    ) => ({
      lineNum,
      itemId,
      quantity,
      ...(unitPrice === null ? {} : { unitPrice }),
      needByDate: day(40),
      suggestedSupplierId: supplier,
    });
    const approved = async (lines: Row[]) => {
      const saved = await ok<Row & { requisitionHeaderId: number }>(
        'srmPurRequisitionHeader',
        'saveOrUpdate',
        {
          title: '冲压支架与螺钉竞价采购',
          billTypeId: prType,
          orgId: ids.orgA,
          requesterName: '张伟',
          requisitionDate: day(0),
          lines,
        },
      );
      await ok('srmPurRequisitionHeader', 'doSubmit', { requisitionHeaderId: saved.requisitionHeaderId });
      await decideAll(runtime, 'srmPurRequisitionHeader', saved.requisitionHeaderId, 'approve');
      return saved.requisitionHeaderId;
    };
    // A line without a price has no start price: refused, naming the line.
    const unpriced = await approved([line(1, ids.screw, 500, null, ids.supA)]);
    const refused = await call('srmAuction', 'createFromRequisition', { requisitionHeaderId: unpriced });
    expect([refused.httpStatus, refused.body.msg]).toEqual([422, expect.stringContaining('第 1 行没有单价')]);

    const requisitionHeaderId = await approved([
      line(1, ids.screw, 500, 0.3, ids.supB),
      line(2, ids.bracket, 20, 6.5, ids.supA),
    ]);
    const made = await ok<{ auctionId: number }>('srmAuction', 'createFromRequisition', {
      requisitionHeaderId,
    });
    const auctionId = made.auctionId;
    const draft = await ok<Row & { versionNum: number; items: Row[]; suppliers: Row[]; startDate: number }>(
      'srmAuction',
      'findById',
      { auctionId },
    );
    expect(draft.items.map((item) => [item.itemId, item.quantity, item.startPrice])).toEqual([
      [ids.screw, 500, 0.3],
      [ids.bracket, 20, 6.5],
    ]);
    expect(draft.suppliers.map((row) => row.supplierId).sort()).toEqual([ids.supA, ids.supB].sort());
    expect(draft.startDate).toBeGreaterThan(server().clock.nowMs());
    await ok('srmAuction', 'saveOrUpdate', {
      auctionId,
      versionNum: draft.versionNum,
      jury: [{ userId: state.pm, juryRole: 'OPENER' }],
    });
    await ok('srmAuction', 'doSubmit', { auctionId });
    await decideAll(runtime, 'srmAuction', auctionId, 'approve');
    const entryOf = async (actor: Partial<Actor>) => {
      const rows = await ok<Row[]>('srmAuctionEntry', 'listByPage', { auctionId }, actor);
      // The supplier's entry tells nothing of the requisition.
      expect(JSON.stringify(rows)).not.toMatch(/requisition/i);
      await ok('srmAuctionEntry', 'doConfirm', { entryId: rows[0]!.entryId }, actor);
      return Number(rows[0]!.entryId);
    };
    const a = await entryOf(suppliers.a);
    const b = await entryOf(suppliers.b);
    await ok('srmAuction', 'doImmediateStart', { auctionId });
    const running = await ok<Row & { items: Row[]; endDate: number }>('srmAuction', 'findById', {
      auctionId,
    });
    const [screw, bracket] = running.items.map((item) => Number(item.auctionItemId));
    await bid(a, suppliers.a, '0.28', screw);
    await bid(b, suppliers.b, '0.27', screw);
    await bid(a, suppliers.a, '6.20', bracket);
    server().clock.set(running.endDate);
    await runExecutable(server(), sourcingServer.executables.SOURCING_AUCTION_TICK!);
    await ok('srmAuction', 'doConfirmOpening', { auctionId });
    await ok('srmAuction', 'doBidOpening', { auctionId }, pm());
    const award = await prepare(auctionId);
    await ok('srmAuctionAward', 'doSubmit', { awardId: award.awardId });
    await decideAll(runtime, 'srmAuctionAward', award.awardId, 'approve');

    const awarded = await findAward(award.awardId);
    const orders = await ok<Row[]>('srmPoHeader', 'listByPage', {
      sourceNum: awarded.awardNum,
      pageRows: 10,
    });
    const linesOf = async (supplierId: number) =>
      (
        await ok<Row & { lines: Row[] }>('srmPoHeader', 'findById', {
          poHeaderId: orders.find((row) => row.supplierId === supplierId)!.poHeaderId,
        })
      ).lines.map((row) => [row.itemId, row.quantity, row.unitPriceExclTax, row.requisitionLineId !== null]);
    // The best bid of each material, all of it, net of 13 % tax.
    expect(await linesOf(ids.supB)).toEqual([[ids.screw, 500, 0.238938, true]]);
    expect(await linesOf(ids.supA)).toEqual([[ids.bracket, 20, 5.486726, true]]);
    expect(String(awarded.handOffNote)).toContain('已生成采购订单草稿');
    const requisition = await ok<Row & { lines: Row[] }>('srmPurRequisitionHeader', 'findById', {
      requisitionHeaderId,
    });
    expect(requisition.lines.map((row) => row.remainingQuantity)).toEqual([0, 0]);
    expect(
      (
        await queryRows<{ n: number }>(
          runtime.executor(),
          sql`select count(*)::int as n from srm_po_header where source_type = 'AWARD' and source_num = ${awarded.awardNum}`,
        )
      )[0]!.n,
    ).toBe(2);
  });
});
