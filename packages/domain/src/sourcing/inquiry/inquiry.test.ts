// A sealed inquiry over HTTP on a real database, from the buyer's draft to the award handed to
// purchasing: suppliers A and B are invited (C, not invited, learns nothing, not even that it
// exists); each quotes on its own quotation, A revises (versions kept); before opening nobody
// reads a price — not the buyer, not an administrator, not the database — and the comparison says
// only who answered; quoting after the deadline on the server's clock is refused; one person
// cannot open it alone; two do; the comparison then shows both; the award splits a material 70/30
// and its approval writes price list rows, one draft agreement per supplier with the quota and the
// tier as a step price, and ASL rows — a second run of the hand-off creates nothing.
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { SEALED_MASK } from '@srm/kernel';
import { queryRows } from '@srm/db';
import { SYSTEM_ACTOR, dataApi, decideAll } from '@srm/platform';
import { TEST_ACTOR_HEADER, runExecutable, visibleText } from '@srm/platform/testing';
import { handOffAward } from '../../agreements/server';
import { useProcurement, supplierActor } from '../../procurement.testing';
import { sourcingServer } from '../area.server';
import { draftAwardOrders, planAwardOrders } from '../award-orders';
import { requisitionLinesOf } from '../from-requisition';
import { inquiryHandOff } from '../inquiry-award/inquiry-award.actions';
import { type OrderedMaterial, orderMaterials } from './comparison.order';

type Row = Record<string, unknown>;
type OrderedRow = OrderedMaterial & { inquiryItemId: number };
type QuoteLine = Row & { quoteLineId: number; itemLineNum: number; fromQuantity: number };
type Quote = Row & { quoteId: number; versionNum: number; status: string; lines: QuoteLine[] };
type Inquiry = Row & {
  inquiryId: number;
  versionNum: number;
  status: string;
  suppliers: Row[];
};

const { ids, ok, call, suppliers, server, supplierUsers } = useProcurement();
const HOUR = 3_600_000;
const state = { inquiryId: 0, pm: 0, quoteA: 0, quoteA2: 0, quoteB: 0, awardId: 0 };
const outsider = supplierActor(987_654);
const admin = { userId: 1, userName: 'admin', side: 'internal' as const };

const findInquiry = () => ok<Inquiry>('srmInquiry', 'findById', { inquiryId: state.inquiryId });
const findQuote = (quoteId: number, actor?: Row) =>
  ok<Quote>('srmInquiryQuote', 'findById', { quoteId }, actor);
const pm = () => ({ userId: state.pm, userName: 'pm' });

/** 导出 of the comparison as this caller: the HTTP status and the sheet's rows (the header first). */
async function exportComparison(
  columns: readonly string[],
  actor: Row = {},
  view: Row = {},
): Promise<{ status: number; sheet: unknown[][] }> {
  const response = await fetch(`${server().url}/api/srm/v1/srmInquiryRestful/comparison/exportExcel`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [TEST_ACTOR_HEADER]: JSON.stringify(actor) },
    body: JSON.stringify({
      requestParams: { inquiryId: state.inquiryId, ...view },
      columns: columns.map((key) => ({ key, title: key })),
    }),
  });
  if (response.status !== 200) return { status: response.status, sheet: [] };
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await response.arrayBuffer());
  const sheet: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => sheet.push((row.values as unknown[]).slice(1)));
  return { status: 200, sheet };
}

/** The supplier's prices: per line [unit price, lead time] or null for no quote. */
async function price(
  quote: Quote,
  values: (readonly [number, number] | null)[],
  actor: Row,
  validTo = '2027-06-30',
) {
  return call(
    'srmInquiryQuote',
    'saveOrUpdate',
    {
      quoteId: quote.quoteId,
      versionNum: quote.versionNum,
      validToDate: validTo,
      quoteNote: '含税含运费，成本明细见附件',
      lines: quote.lines.map((line, index) => {
        const value = values[index];
        return value
          ? {
              quoteLineId: line.quoteLineId,
              unitPrice: value[0],
              leadTimeDays: value[1],
              taxRate: 13,
              noQuoteFlag: 'N',
            }
          : { quoteLineId: line.quoteLineId, noQuoteFlag: 'Y', noQuoteReason: '该规格停产' };
      }),
    },
    actor,
  );
}

describe('a sealed inquiry', () => {
  it('invites only eligible suppliers and publishes one quotation per supplier on approval', async () => {
    state.pm = Number((await server().first<Row>('baseUser', { userName: 'pm' })).userId);
    const deadline = server().clock.nowMs() + 24 * HOUR;
    const body = {
      title: '2027 年度紧固件与钣金件询价',
      orgId: ids.orgA,
      currencyId: ids.currency,
      taxIncludedFlag: 'Y',
      quoteDeadline: deadline,
      sealedFlag: 'Y',
      openersRequired: 2,
      requestNote: '年度框架价格，按季度下单；含运费送货至苏州工厂',
      items: [
        { lineNum: 1, itemId: ids.screw, quantity: 10000, ladder: '50000', targetPrice: 0.28 },
        { lineNum: 2, itemId: ids.bracket, quantity: 2000, targetPrice: 6.0 },
      ],
      suppliers: [{ supplierId: ids.supA }, { supplierId: ids.supB }],
      jury: [{ userId: state.pm, juryRole: 'OPENER' }],
    };
    const badLadder = await call('srmInquiry', 'saveOrUpdate', {
      ...body,
      items: [{ ...body.items[0], ladder: '5000,1000' }],
    });
    expect(badLadder.httpStatus).toBe(400);
    // A material of a category the suppliers are not qualified for in the organisation: no invitation.
    const other = (await server().first<Row>('srmBaseItem', { itemCode: '01020002' })).itemId;
    const refused = await call('srmInquiry', 'saveOrUpdate', {
      ...body,
      items: [...body.items, { lineNum: 3, itemId: other, quantity: 10 }],
    });
    expect([refused.httpStatus, refused.body.status]).toEqual([422, 'E']);
    expect(refused.body.msg).toMatch(/^供应商 苏州恒达精密五金有限公司 未在品类组织库中获准/);
    const saved = await ok<Inquiry>('srmInquiry', 'saveOrUpdate', body);
    state.inquiryId = saved.inquiryId;
    expect(saved.inquiryNum).toMatch(/^INQ\d{12}$/);
    await ok('srmInquiry', 'doSubmit', { inquiryId: state.inquiryId });
    expect((await findInquiry()).status).toBe('APPROVING');
    await decideAll(server().runtime, 'srmInquiry', state.inquiryId, 'approve');
    const published = await findInquiry();
    expect(published).toMatchObject({ status: 'PUBLISHED', invitedCount: 2, answeredCount: 0 });

    const list = await ok<Row[]>('srmInquiryQuote', 'listByPage', { inquiryId: state.inquiryId });
    expect(list).toHaveLength(2);
    state.quoteA = Number(list.find((row) => row.supplierId === ids.supA)!.quoteId);
    state.quoteB = Number(list.find((row) => row.supplierId === ids.supB)!.quoteId);
    const mine = await findQuote(state.quoteA, suppliers.a);
    expect(mine).toMatchObject({
      status: 'DRAFT',
      title: body.title,
      quoteDeadline: deadline,
      quoteVersion: 1,
    });
    // The screw's base quantity and its tier from 50,000, then the bracket.
    expect(mine.lines.map((line) => [line.itemLineNum, line.fromQuantity, line.quantity])).toEqual([
      [1, 0, 10000],
      [1, 50000, 10000],
      [2, 0, 2000],
    ]);
    expect(JSON.stringify(mine)).not.toContain('targetPrice');
    // A day before the deadline, each supplier that has not quoted is reminded once.
    expect(await runExecutable(server(), sourcingServer.executables.SOURCING_QUOTE_REMIND!)).toBe(
      '2 reminded',
    );
    expect(await runExecutable(server(), sourcingServer.executables.SOURCING_QUOTE_REMIND!)).toBe(
      '0 reminded',
    );
  });

  it('shows a supplier its own quotation only, and an outsider nothing at all', async () => {
    expect(
      (await call('srmInquiryQuote', 'findById', { quoteId: state.quoteB }, suppliers.a)).httpStatus,
    ).toBe(404);
    expect(
      (await call('srmInquiry', 'findById', { inquiryId: state.inquiryId }, suppliers.a)).httpStatus,
    ).toBeGreaterThanOrEqual(403);
    const own = await ok<Row[]>('srmInquiryQuote', 'listByPage', {}, suppliers.a);
    expect(own.map((row) => row.quoteId)).toEqual([state.quoteA]);
    expect(JSON.stringify(own)).not.toMatch(/金桥|恒达精密五金.*金桥/);
    const missing = await call('srmInquiryQuote', 'findById', { quoteId: 999_999 }, outsider);
    const notInvited = await call('srmInquiryQuote', 'findById', { quoteId: state.quoteA }, outsider);
    expect([notInvited.httpStatus, notInvited.body.msg]).toEqual([missing.httpStatus, missing.body.msg]);
    expect(await ok<Row[]>('srmInquiryQuote', 'listByPage', {}, outsider)).toEqual([]);
  });

  it('seals the prices: masked to the buyer and administrators, ciphertext in the database', async () => {
    const quote = await findQuote(state.quoteA, suppliers.a);
    const saved = await price(
      quote,
      [
        [0.2613, 10],
        [0.2477, 12],
        [5.85, 15],
      ],
      suppliers.a,
    );
    expect(saved.body.status, saved.body.msg).toBe('S');
    await ok('srmInquiryQuote', 'doSubmit', { quoteId: state.quoteA }, suppliers.a);
    // The supplier reads its own values.
    const own = await findQuote(state.quoteA, suppliers.a);
    expect(own.lines.map((line) => line.unitPrice)).toEqual([0.2613, 0.2477, 5.85]);
    expect(own.totalAmount).toBe(14313);
    for (const actor of [undefined, admin, pm()]) {
      const seen = await findQuote(state.quoteA, actor);
      expect(seen.lines.map((line) => line.unitPrice)).toEqual([SEALED_MASK, SEALED_MASK, SEALED_MASK]);
      expect(seen.totalAmount).toBe(SEALED_MASK);
      expect(visibleText(seen)).not.toMatch(/0\.2613|5\.85|成本明细/);
    }
    // Each of those reads is in the quotation's audit trail, with who read it; the supplier's are not.
    const refused = await queryRows<{ user: string | null }>(
      server().runtime.executor(),
      sql`select user_name as user from base_audit_log
           where entity = 'srmInquiryQuote' and record_id = ${state.quoteA} and action = 'sealedReadRefused'`,
    );
    expect(new Set(refused.map((row) => row.user))).toEqual(new Set(['admin', 'pm']));
    const rows = await server()
      .runtime.executor()
      .execute(`select unit_price from srm_inquiry_quote_line where quote_id = ${state.quoteA}`);
    const stored = visibleText(rows);
    expect(stored).not.toContain('0.2613');
    // Sealed with the inquiry's own data key, which the database holds only wrapped by the seal key.
    const [dataKey] = await queryRows<{ id: number; wrapped: string }>(
      server().runtime.executor(),
      sql`select key_id::int as id, wrapped_key as wrapped from base_seal_data_key
           where scope = ${`srmInquiry:${state.inquiryId}`}`,
    );
    expect(dataKey!.wrapped).toMatch(/^v1:/);
    expect(stored.match(/v\d:\d*:?/g)).toEqual([
      `v2:${dataKey!.id}:`,
      `v2:${dataKey!.id}:`,
      `v2:${dataKey!.id}:`,
    ]);
    // The canary is nowhere in the database in plain text: not the quote, not its history, not the
    // messages and mails, not the job queue (what a dump, a replica or a report would read).
    const db = server().database.db;
    const tables = await queryRows<{ name: string }>(
      db,
      sql`select quote_ident(table_schema) || '.' || quote_ident(table_name) as name
            from information_schema.tables
           where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
    );
    expect(tables.length).toBeGreaterThan(100);
    for (const { name } of tables) {
      const [found] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from ${sql.raw(name)} t
             where t::text like '%0.2613%' or t::text like '%成本明细%'`,
      );
      expect(found!.n, name).toBe(0);
    }
    const compared = await ok<Row>('srmInquiry', 'comparison', { inquiryId: state.inquiryId });
    expect(compared).toMatchObject({ opened: false, invitedCount: 2, answeredCount: 1, items: [] });
    expect(visibleText(compared)).not.toMatch(/0\.2613|5\.85/);
    // Its 导出 while sealed: the header alone.
    const sealedSheet = await exportComparison(['itemName', 'supplierName', 'unitPrice', 'remark']);
    expect(sealedSheet).toEqual({
      status: 200,
      sheet: [['itemName', 'supplierName', 'unitPrice', 'remark']],
    });
  });

  it('keeps every version: a revision counts once submitted, the earlier one superseded', async () => {
    await ok('srmInquiryQuote', 'doRevise', { quoteId: state.quoteA }, suppliers.a);
    const twice = await call('srmInquiryQuote', 'doRevise', { quoteId: state.quoteA }, suppliers.a);
    expect(twice.httpStatus).toBe(422);
    const drafts = await ok<Row[]>('srmInquiryQuote', 'listByPage', { status: 'DRAFT' }, suppliers.a);
    state.quoteA2 = Number(drafts[0]!.quoteId);
    const draft = await findQuote(state.quoteA2, suppliers.a);
    expect(draft).toMatchObject({ quoteVersion: 2 });
    expect(draft.lines.map((line) => line.unitPrice)).toEqual([0.2613, 0.2477, 5.85]);
    const revised = await price(
      draft,
      [
        [0.2588, 10],
        [0.2455, 12],
        [5.8, 15],
      ],
      suppliers.a,
    );
    expect(revised.body.status, revised.body.msg).toBe('S');
    await ok('srmInquiryQuote', 'doSubmit', { quoteId: state.quoteA2 }, suppliers.a);
    expect((await findQuote(state.quoteA, suppliers.a)).status).toBe('SUPERSEDED');
    const inquiry = await findInquiry();
    expect(inquiry.suppliers.find((row) => row.supplierId === ids.supA)).toMatchObject({
      answerStatus: 'ANSWERED',
      submitCount: 2,
    });
  });

  it('takes B’s quote, then refuses quoting after the deadline and opening before it', async () => {
    // Two hours before the deadline, B (still not quoted) is reminded again; A has quoted.
    server().clock.travel(22.5 * HOUR);
    expect(await runExecutable(server(), sourcingServer.executables.SOURCING_QUOTE_REMIND!)).toBe(
      '1 reminded',
    );
    const quote = await findQuote(state.quoteB, suppliers.b);
    expect(quote.remindedHours).toBe(2);
    expect((await price(quote, [[0.27, 7], null, [5.6, 20]], suppliers.b)).body.status).toBe('S');
    await ok('srmInquiryQuote', 'doSubmit', { quoteId: state.quoteB }, suppliers.b);
    expect((await findInquiry()).answeredCount).toBe(2);
    const early = await call('srmInquiry', 'doBidOpening', { inquiryId: state.inquiryId });
    expect(early.httpStatus).toBe(422);
    server().clock.travel(2.5 * HOUR);
    const late = await call('srmInquiryQuote', 'doRevise', { quoteId: state.quoteB }, suppliers.b);
    expect([late.httpStatus, late.body.msg]).toEqual([422, expect.stringContaining('截止')]);
    const result = await runExecutable(server(), sourcingServer.executables.SOURCING_INQUIRY_CLOSE!);
    expect(result).toBe('1 closed');
    expect((await findInquiry()).status).toBe('CLOSED');
  });

  it('opens only when two different openers confirmed, each in their own session', async () => {
    const key = { inquiryId: state.inquiryId };
    const alone = await call('srmInquiry', 'doBidOpening', key);
    expect(alone.httpStatus).toBe(422);
    await ok('srmInquiry', 'doConfirmOpening', key);
    await ok('srmInquiry', 'doConfirmOpening', key);
    expect((await call('srmInquiry', 'doBidOpening', key)).httpStatus).toBe(422);
    const outsiderBuyer = await call('srmInquiry', 'doBidOpening', key, { userId: 4242, userName: 'other' });
    expect(outsiderBuyer.httpStatus).toBe(422);
    await ok('srmInquiry', 'doBidOpening', key, pm());
    const opened = await findInquiry();
    expect(opened).toMatchObject({ status: 'OPENED', openedByNames: '张伟、李娜' });
    const seen = await findQuote(state.quoteA2);
    expect(seen.lines.map((line) => line.unitPrice)).toEqual([0.2588, 0.2455, 5.8]);
    // B still never reads A's quote.
    expect(
      (await call('srmInquiryQuote', 'findById', { quoteId: state.quoteA2 }, suppliers.b)).httpStatus,
    ).toBe(404);
  });

  it('compares materials down and suppliers across, the lowest marked', async () => {
    const compared = await ok<Row & { items: Row[] }>('srmInquiry', 'comparison', {
      inquiryId: state.inquiryId,
    });
    expect(compared.opened).toBe(true);
    const [screw, bracket] = compared.items as (Row & { offers: Record<number, Row> })[];
    expect(screw!.offers[ids.supA]).toMatchObject({
      unitPrice: 0.2588,
      lowest: true,
      tiers: [{ fromQuantity: 50000, unitPrice: 0.2455 }],
    });
    expect(screw!.offers[ids.supB]).toMatchObject({
      unitPrice: 0.27,
      lowest: false,
      tiers: [{ fromQuantity: 50000, unitPrice: null }],
    });
    expect(bracket!.offers[ids.supB]).toMatchObject({ unitPrice: 5.6, lowest: true });
    expect(bracket!.savingVsTarget).toBe(800);
    expect(compared.bestPerItemTotal).toBe(13788);
    expect(compared.bestSingleSupplier).toMatchObject({ supplierId: ids.supB, total: 13900 });

    // 导出: one row per material and supplier, the suppliers lowest total first, amounts exact.
    const columns = [
      'lineNum',
      'supplierName',
      'unitPrice',
      'amount',
      'lowestFlag',
      'tierPrices',
      'supplierTotal',
    ];
    const { status, sheet } = await exportComparison(columns);
    expect(status).toBe(200);
    expect(sheet[0]).toEqual(columns);
    const names = Object.fromEntries(
      (compared.columns as Row[]).map((column) => [Number(column.supplierId), column.supplierName]),
    );
    const supplierTotals = Object.fromEntries(
      (compared.columns as Row[]).map((column) => [Number(column.supplierId), column.totalAmount]),
    );
    const first = (compared.columns as Row[]).map((column) => Number(column.supplierId));
    expect(sheet.slice(1)).toEqual(
      [screw!, bracket!].flatMap((item) =>
        first.map((supplierId) => {
          const offer = item.offers[supplierId]!;
          return [
            item.lineNum,
            names[supplierId],
            offer.unitPrice,
            Number((Number(offer.unitPrice) * Number(item.quantity)).toFixed(2)),
            offer.lowest ? '是' : '否',
            (offer.tiers as Row[])
              .map((tier) => `≥${String(tier.fromQuantity)}: ${String(tier.unitPrice ?? '-')}`)
              .join('; ') || undefined,
            supplierTotals[supplierId],
          ];
        }),
      ),
    );
    // A supplier exports nothing of it.
    expect((await exportComparison(columns, suppliers.a)).status).toBe(403);
    // As the dialog shows it: the materials the keyword finds in the chosen order, the chosen
    // suppliers in theirs; what is lowest and the totals stay those over every supplier.
    const invited = [ids.supA, ids.supB];
    const bySpend = orderMaterials([screw, bracket] as unknown as OrderedRow[], 'SPEND').map(
      (item) => item.lineNum,
    );
    const asShown = await exportComparison(
      ['lineNum', 'supplierName', 'lowestFlag', 'supplierTotal'],
      {},
      {
        itemOrder: 'SPEND',
        supplierOrder: 'INVITED',
      },
    );
    expect(asShown.sheet.slice(1)).toEqual(
      bySpend.flatMap((lineNum) =>
        invited.map((supplierId) => [
          lineNum,
          names[supplierId],
          [screw, bracket].find((item) => item!.lineNum === lineNum)!.offers[supplierId]!.lowest
            ? '是'
            : '否',
          supplierTotals[supplierId],
        ]),
      ),
    );
    const onlyB = await exportComparison(
      ['lineNum', 'supplierName', 'lowestFlag'],
      {},
      {
        keyword: String(bracket!.itemName),
        supplierIds: [ids.supB],
      },
    );
    expect([onlyB.status, onlyB.sheet.slice(1)]).toEqual([200, [[2, names[ids.supB], '是']]]);
    const wrongOrder = await exportComparison(['lineNum'], {}, { itemOrder: 'CHEAPEST' });
    expect(wrongOrder.status).toBe(400);

    // In parts, as the dialog reads a large inquiry: a page of materials with the same offers,
    // and the totals from the prices alone — equal to the answer read at once.
    const page = await ok<Row & { items: Row[]; columns: Row[] }>('srmInquiry', 'comparison', {
      inquiryId: state.inquiryId,
      pageIndex: 2,
      pageRows: 1,
    });
    expect(page).toMatchObject({ opened: true, itemCount: 2, pageIndex: 2, pageRows: 1 });
    expect(page.items).toEqual([bracket]);
    expect(page).not.toHaveProperty('bestPerItemTotal');
    const totals = await ok<Row & { items: Row[]; columns: Row[] }>('srmInquiry', 'comparisonTotals', {
      inquiryId: state.inquiryId,
    });
    const { items: everyItem, suppliers: _answers, ...whole } = compared;
    expect(totals).toMatchObject(whole);
    expect(
      totals.items.map((item) => [
        item.lineNum,
        item.lowestPrice,
        item.savingVsTarget,
        item.lowestSupplierIds,
      ]),
    ).toEqual(
      everyItem.map((item) => [
        item.lineNum,
        item.lowestPrice,
        item.savingVsTarget,
        Object.entries(item.offers as Record<string, Row>)
          .filter(([, offer]) => offer.lowest)
          .map(([supplierId]) => Number(supplierId)),
      ]),
    );
    expect(JSON.stringify(totals.items)).not.toContain('offers');
    expect(totals.savingVsTargetTotal).toBe(
      everyItem.reduce((sum, item) => sum + Number(item.savingVsTarget ?? 0), 0),
    );
    // A keyword finds materials by code, name (any case) or line number; the page counts those.
    const found = await ok<Row & { items: Row[] }>('srmInquiry', 'comparison', {
      inquiryId: state.inquiryId,
      pageIndex: 1,
      pageRows: 25,
      keyword: String(bracket!.itemName).slice(0, 3).toUpperCase(),
    });
    expect([found.itemCount, found.items.map((item) => item.lineNum)]).toEqual([1, [2]]);
    const byLine = await ok<Row & { items: Row[] }>('srmInquiry', 'comparison', {
      inquiryId: state.inquiryId,
      keyword: '1',
    });
    expect(byLine.items.map((item) => item.lineNum)).toEqual([1]);
    // Each material with its code, found by it too (from its start).
    const { itemCode: screwCode } = await ok<{ itemCode: string }>('srmBaseItem', 'findById', {
      itemId: screw!.itemId,
    });
    expect(screw!.itemCode).toBe(screwCode);
    expect(totals.items[0]!.itemCode).toBe(screwCode);
    const byCode = await ok<Row & { items: Row[] }>('srmInquiry', 'comparison', {
      inquiryId: state.inquiryId,
      keyword: String(screwCode).toLowerCase(),
    });
    expect(byCode.items.map((item) => item.lineNum)).toEqual([1]);
    // By the start of its code (the category's digits find both; a code's middle finds nothing).
    const byStart = async (keyword: string) =>
      (await ok<Row & { items: Row[] }>('srmInquiry', 'comparison', { inquiryId: state.inquiryId, keyword }))
        .items;
    expect((await byStart(String(screwCode).slice(0, 2))).length).toBe(2);
    expect(await byStart(String(screwCode).slice(2, 6))).toEqual([]);
    // The materials in another order (the dialog orders them from the totals): by the amount at
    // their lowest price the bracket (13,000 → more) comes first; asked by their ids, a page
    // answers them in that order with the same rows; an id of no material of it is ignored.
    const spend = orderMaterials(totals.items as unknown as OrderedRow[], 'SPEND');
    expect(spend.map((item) => item.lineNum)).toEqual(
      Number(bracket!.lowestPrice) * Number(bracket!.quantity) >
        Number(screw!.lowestPrice) * Number(screw!.quantity)
        ? [2, 1]
        : [1, 2],
    );
    const named = await ok<Row & { items: Row[] }>('srmInquiry', 'comparison', {
      inquiryId: state.inquiryId,
      inquiryItemIds: [bracket!.inquiryItemId, screw!.inquiryItemId, bracket!.inquiryItemId],
    });
    expect(named.items).toEqual([bracket, screw]);
    expect(
      (
        await ok<Row & { items: Row[] }>('srmInquiry', 'comparison', {
          inquiryId: state.inquiryId,
          inquiryItemIds: [screw!.inquiryItemId],
        })
      ).items,
    ).toEqual([screw]);
    // A page beyond the last is empty; a page of more than 100 materials is refused.
    expect(
      (
        await ok<Row & { items: Row[] }>('srmInquiry', 'comparison', {
          inquiryId: state.inquiryId,
          pageIndex: 3,
          pageRows: 1,
        })
      ).items,
    ).toEqual([]);
    const tooMany = await call('srmInquiry', 'comparison', { inquiryId: state.inquiryId, pageRows: 101 });
    expect([tooMany.httpStatus, tooMany.body.status]).toEqual([400, 'E']);
  });

  it('awards 70/30 with a reason and hands the approved award to purchasing once', async () => {
    await ok('srmInquiry', 'doPrepareAward', { inquiryId: state.inquiryId });
    const inquiry = await findInquiry();
    state.awardId = Number(inquiry.awardId);
    const award = await ok<Row & { versionNum: number; lines: (Row & { awardLineId: number })[] }>(
      'srmInquiryAward',
      'findById',
      { awardId: state.awardId },
    );
    const shares = (values: Record<string, [number, string | null]>) =>
      award.lines.map((line) => {
        const [percent, reason] = values[`${String(line.itemLineNum)}:${String(line.supplierId)}`] ?? [
          0,
          null,
        ];
        return { awardLineId: line.awardLineId, awardPercent: percent, reason };
      });
    const bracketA = `2:${ids.supA}`;
    const bracketB = `2:${ids.supB}`;
    const screwA = `1:${ids.supA}`;
    const noReason = await call('srmInquiryAward', 'saveOrUpdate', {
      awardId: state.awardId,
      versionNum: award.versionNum,
      lines: shares({ [screwA]: [100, null], [bracketB]: [70, null], [bracketA]: [30, null] }),
    });
    expect([noReason.httpStatus, noReason.body.msg]).toEqual([400, expect.stringContaining('理由')]);
    const not100 = await call('srmInquiryAward', 'saveOrUpdate', {
      awardId: state.awardId,
      versionNum: award.versionNum,
      lines: shares({ [screwA]: [100, null], [bracketB]: [70, null], [bracketA]: [20, '双源供应'] }),
    });
    expect(not100.httpStatus).toBe(400);
    await ok('srmInquiryAward', 'saveOrUpdate', {
      awardId: state.awardId,
      versionNum: award.versionNum,
      lines: shares({
        [screwA]: [100, null],
        [bracketB]: [70, null],
        [bracketA]: [30, '双源供应，保障交付'],
      }),
    });
    await ok('srmInquiryAward', 'doSubmit', { awardId: state.awardId });
    expect((await findInquiry()).status).toBe('AWARD_APPROVING');
    await decideAll(server().runtime, 'srmInquiryAward', state.awardId, 'approve');
    expect((await findInquiry()).status).toBe('AWARDED');

    const prices = await ok<Row[]>('srmPurSupplierPl', 'listByPage', { pageRows: 50 });
    expect(prices.map((row) => [row.supplierId, row.itemId, row.fromQuantity, row.unitPrice]).sort()).toEqual(
      [
        [ids.supA, ids.screw, 0, 0.2588],
        [ids.supA, ids.screw, 50000, 0.2455],
        [ids.supA, ids.bracket, 0, 5.8],
        [ids.supB, ids.bracket, 0, 5.6],
      ].sort(),
    );
    const agreements = await ok<Row[]>('srmPurAgreement', 'listByPage', { pageRows: 50, status: 'DRAFT' });
    expect(agreements).toHaveLength(2);
    const ofB = await ok<Row & { quotas: Row[]; lines: Row[] }>('srmPurAgreement', 'findById', {
      agreementId: agreements.find((row) => row.supplierId === ids.supB)!.agreementId,
    });
    expect(ofB.quotas.map((row) => [row.itemId, row.quotaPercent])).toEqual([[ids.bracket, 70]]);
    // 5.6 including 13 % tax.
    expect(ofB.lines.map((row) => [row.itemId, row.unitPrice, row.taxRate])).toEqual([
      [ids.bracket, 4.955752, 13],
    ]);
    const ofA = await ok<Row & { steps: Row[] }>('srmPurAgreement', 'findById', {
      agreementId: agreements.find((row) => row.supplierId === ids.supA)!.agreementId,
    });
    expect(ofA.steps.map((row) => [row.itemId, row.fromQuantity])).toEqual([[ids.screw, 50000]]);

    // Price monitoring: each awarded price beside the target and the lowest quote; beyond five
    // percent flagged (0.2588 is 7.57 % under 0.28; 5.8 only 3.33 % under 6.0).
    const monitored = await ok<Row[]>('srmPriceMonitor', 'listByPage', {
      pageRows: 50,
      sourceType: 'INQUIRY',
    });
    expect(
      monitored
        .map((row) => [
          row.itemId,
          row.supplierId,
          row.unitPrice,
          row.targetPrice,
          row.targetChange,
          row.lowestPrice,
          row.exceedsFlag,
        ])
        .sort((a, b) => String(a).localeCompare(String(b))),
    ).toEqual(
      [
        [ids.screw, ids.supA, 0.2588, 0.28, -7.57, 0.2588, 'Y'],
        [ids.bracket, ids.supB, 5.6, 6, -6.67, 5.6, 'Y'],
        [ids.bracket, ids.supA, 5.8, 6, -3.33, 5.6, 'N'],
      ].sort((a, b) => String(a).localeCompare(String(b))),
    );

    // Suppliers learn their own result.
    expect((await findQuote(state.quoteA2, suppliers.a)).awardResult).toBe('PARTIAL');
    expect((await findQuote(state.quoteB, suppliers.b)).awardResult).toBe('PARTIAL');

    // Run again, nothing is created twice.
    const counts = async () =>
      JSON.stringify(
        await server()
          .runtime.executor()
          .execute(
            `select (select count(*) from srm_pur_supplier_pl) pl, (select count(*) from srm_pur_agreement) ag, (select count(*) from srm_pur_asl) asl`,
          ),
      );
    const before = await counts();
    const found = await ok<Row & { awardNum: string; lines: Row[] }>('srmInquiryAward', 'findById', {
      awardId: state.awardId,
    });
    await server().runtime.transaction(async (tx) => {
      const data = dataApi(
        { actor: SYSTEM_ACTOR, runtime: server().runtime, tx, now: server().clock.now() },
        'test',
      );
      await handOffAward(data, {
        sourceType: 'INQUIRY',
        sourceNum: found.awardNum,
        title: 'again',
        orgId: ids.orgA,
        currencyId: ids.currency,
        taxIncluded: true,
        validFrom: String(found.validFrom),
        validTo: String(found.validTo),
        agreements: true,
        asl: true,
        lines: found.lines
          .filter((line) => Number(line.awardPercent) > 0)
          .map((line) => ({
            key: Number(line.awardLineId),
            supplierId: Number(line.supplierId),
            itemId: Number(line.itemId),
            percent: Number(line.awardPercent),
            unitPrice: Number(line.unitPrice),
            taxRate: 13,
            tiers: [],
          })),
      });
    });
    expect(await counts()).toBe(before);
    // The daily program marks the current quotes expired once their validity has passed.
    expect(await runExecutable(server(), sourcingServer.executables.SOURCING_QUOTE_EXPIRE!)).toBe(
      '0 expired',
    );
    server().clock.travel(400 * 24 * HOUR);
    expect(await runExecutable(server(), sourcingServer.executables.SOURCING_QUOTE_EXPIRE!)).toBe(
      '2 expired',
    );
    expect((await findQuote(state.quoteA2, suppliers.a)).expiredFlag).toBe('Y');
    // An awarded inquiry is locked.
    expect(
      (await call('srmInquiry', 'doCancel', { inquiryId: state.inquiryId, comment: 'x' })).httpStatus,
    ).toBe(409);
  });
});

describe('an inquiry made from a requisition', () => {
  it('asks for the open lines, and its approved award drafts their orders by the shares', async () => {
    const runtime = server().runtime;
    state.pm = Number((await server().first<Row>('baseUser', { userName: 'pm' })).userId);
    const day = (days: number) =>
      new Date(server().clock.nowMs() + days * 24 * HOUR).toISOString().slice(0, 10);
    const prType = (await server().first<Row>('srmPurBillType', { billTypeCode: 'STD_PR' })).billTypeId;
    const body = {
      title: '总装线紧固件与支架补货',
      billTypeId: prType,
      orgId: ids.orgA,
      requesterName: '张伟',
      requisitionDate: day(0),
      lines: [
        {
          lineNum: 1,
          itemId: ids.screw,
          quantity: 1000,
          unitPrice: 0.3,
          needByDate: day(30),
          suggestedSupplierId: ids.supA,
        },
        {
          lineNum: 2,
          itemId: ids.bracket,
          quantity: 40,
          unitPrice: 6.5,
          needByDate: day(35),
          suggestedSupplierId: ids.supB,
        },
      ],
    };
    const requisition = await ok<Row & { requisitionHeaderId: number; requisitionNumber: string }>(
      'srmPurRequisitionHeader',
      'saveOrUpdate',
      body,
    );
    const key = { requisitionHeaderId: requisition.requisitionHeaderId };
    const draft = await call('srmInquiry', 'createFromRequisition', key);
    expect([draft.httpStatus, draft.body.msg]).toEqual([422, expect.stringContaining('尚未审批通过')]);
    await ok('srmPurRequisitionHeader', 'doSubmit', key);
    await decideAll(runtime, 'srmPurRequisitionHeader', requisition.requisitionHeaderId, 'approve');
    // A supplier may not make inquiries at all.
    expect((await call('srmInquiry', 'createFromRequisition', key, suppliers.a)).httpStatus).toBe(403);

    const made = await ok<{ inquiryId: number; inquiryNum: string }>(
      'srmInquiry',
      'createFromRequisition',
      key,
    );
    const inquiryId = made.inquiryId;
    const drafted = await ok<Inquiry & { items: Row[] }>('srmInquiry', 'findById', { inquiryId });
    expect(drafted).toMatchObject({ status: 'DRAFT', title: body.title, orgId: ids.orgA });
    expect(
      drafted.items.map((item) => [item.itemId, item.quantity, item.targetPrice, item.requisitionNum]),
    ).toEqual([
      [ids.screw, 1000, 0.3, requisition.requisitionNumber],
      [ids.bracket, 40, 6.5, requisition.requisitionNumber],
    ]);
    expect(drafted.suppliers.map((row) => row.supplierId).sort()).toEqual([ids.supA, ids.supB].sort());

    // Meanwhile 300 screws are ordered directly: the award orders what then remains (700).
    const [screwLine] = (await ok<Row & { lines: Row[] }>('srmPurRequisitionHeader', 'findById', key)).lines;
    await ok('srmPoHeader', 'createFromRequisition', {
      billTypeId: ids.poType,
      supplierId: ids.supA,
      currencyId: ids.currency,
      lines: [{ requisitionLineId: screwLine!.requisitionLineId, quantity: 300, unitPriceExclTax: 0.27 }],
    });

    await ok('srmInquiry', 'saveOrUpdate', {
      inquiryId,
      versionNum: drafted.versionNum,
      jury: [{ userId: state.pm, juryRole: 'OPENER' }],
    });
    await ok('srmInquiry', 'doSubmit', { inquiryId });
    await decideAll(runtime, 'srmInquiry', inquiryId, 'approve');
    const quotes = await ok<Row[]>('srmInquiryQuote', 'listByPage', { inquiryId });
    for (const [supplier, actor, values] of [
      [
        ids.supA,
        suppliers.a,
        [
          [0.29, 5],
          [6.1, 10],
        ],
      ],
      [
        ids.supB,
        suppliers.b,
        [
          [0.3, 5],
          [5.9, 10],
        ],
      ],
    ] as const) {
      const quoteId = Number(quotes.find((row) => row.supplierId === supplier)!.quoteId);
      const quote = await findQuote(quoteId, actor);
      // The supplier never learns which requisition asked for it.
      expect(JSON.stringify(quote)).not.toMatch(/requisition/i);
      expect((await price(quote, [...values], actor, day(200))).body.status).toBe('S');
      await ok('srmInquiryQuote', 'doSubmit', { quoteId }, actor);
    }
    server().clock.travel(73 * HOUR);
    await runExecutable(server(), sourcingServer.executables.SOURCING_INQUIRY_CLOSE!);
    await ok('srmInquiry', 'doConfirmOpening', { inquiryId });
    await ok('srmInquiry', 'doBidOpening', { inquiryId }, pm());
    await ok('srmInquiry', 'doPrepareAward', { inquiryId });
    const awardId = Number((await ok<Row>('srmInquiry', 'findById', { inquiryId })).awardId);
    const award = await ok<Row & { awardNum: string; versionNum: number; lines: Row[] }>(
      'srmInquiryAward',
      'findById',
      { awardId },
    );
    const share = (item: number, supplier: number): [number, string | null] =>
      item === ids.screw
        ? supplier === ids.supA
          ? [60, null]
          : [40, '双源供应']
        : supplier === ids.supB
          ? [100, null]
          : [0, null];
    await ok('srmInquiryAward', 'saveOrUpdate', {
      awardId,
      versionNum: award.versionNum,
      lines: award.lines.map((line) => {
        const [awardPercent, reason] = share(Number(line.itemId), Number(line.supplierId));
        return { awardLineId: line.awardLineId, awardPercent, reason };
      }),
    });
    // The preview names the orders to be drafted: 700 remaining screws split 60/40, the 40 brackets.
    const preview = await ok<{ rows: Row[] }>('srmInquiryAward', 'handOffPreview', { awardId });
    expect(
      preview.rows
        .filter((row) => row.kind === 'ORDER')
        .map((row) => [row.supplierName, row.quantity, row.unitPrice, row.state]),
    ).toEqual([
      ['苏州恒达精密五金有限公司', 420, 0.29, 'NEW'],
      ['宁波瑞丰电子科技有限公司', 280, 0.3, 'NEW'],
      ['宁波瑞丰电子科技有限公司', 40, 5.9, 'NEW'],
    ]);
    await ok('srmInquiryAward', 'doSubmit', { awardId });
    await decideAll(runtime, 'srmInquiryAward', awardId, 'approve');

    const orders = await ok<Row[]>('srmPoHeader', 'listByPage', { sourceNum: award.awardNum, pageRows: 10 });
    // Drafts for the buyer who made the award (the test caller, user 1: 系统管理员).
    const buyerName = (await server().first<Row>('baseUser', { userId: 1 })).userFullName;
    expect(orders.map((row) => [row.supplierId, row.status, row.sourceType, row.buyerName]).sort()).toEqual(
      [
        [ids.supA, 'DRAFT', 'AWARD', buyerName],
        [ids.supB, 'DRAFT', 'AWARD', buyerName],
      ].sort(),
    );
    expect(typeof buyerName === 'string' && buyerName.length > 0).toBe(true);
    const linesOf = async (supplierId: number) =>
      (
        await ok<Row & { lines: Row[] }>('srmPoHeader', 'findById', {
          poHeaderId: orders.find((row) => row.supplierId === supplierId)!.poHeaderId,
        })
      ).lines.map((line) => [line.itemId, line.quantity, line.unitPriceExclTax, line.taxRate]);
    // Awarded prices include 13 % tax: the orders carry them without.
    expect(await linesOf(ids.supA)).toEqual([[ids.screw, 420, 0.256637, 13]]);
    expect(await linesOf(ids.supB)).toEqual([
      [ids.screw, 280, 0.265487, 13],
      [ids.bracket, 40, 5.221239, 13],
    ]);
    const after = await ok<Row & { lines: Row[] }>('srmPurRequisitionHeader', 'findById', key);
    expect(after.lines.map((line) => [line.orderedQuantity, line.remainingQuantity])).toEqual([
      [1000, 0],
      [40, 0],
    ]);
    expect(String((await ok<Row>('srmInquiryAward', 'findById', { awardId })).handOffNote)).toContain(
      '已生成采购订单草稿',
    );
    // The preview after approval finds them drafted, and a second run drafts nothing.
    const again = await ok<{ rows: Row[] }>('srmInquiryAward', 'handOffPreview', { awardId });
    expect(
      again.rows.filter((row) => row.kind === 'ORDER').map((row) => [row.quantity, row.state, row.number]),
    ).toEqual([
      [420, 'DONE', orders.find((row) => row.supplierId === ids.supA)!.poNumber],
      [280, 'DONE', orders.find((row) => row.supplierId === ids.supB)!.poNumber],
      [40, 'DONE', orders.find((row) => row.supplierId === ids.supB)!.poNumber],
    ]);
    const handOff = await inquiryHandOff(
      dataApi({ actor: SYSTEM_ACTOR, runtime, tx: runtime.executor(), now: server().clock.now() }, 'test'),
      await ok('srmInquiryAward', 'findById', { awardId }),
    );
    await runtime.transaction((tx) =>
      draftAwardOrders(
        dataApi({ actor: SYSTEM_ACTOR, runtime, tx, now: server().clock.now() }, 'test'),
        handOff,
      ),
    );
    expect(
      (
        await queryRows<{ n: number }>(
          runtime.executor(),
          sql`select count(*)::int as n from srm_po_header where source_num = ${award.awardNum}`,
        )
      )[0]!.n,
    ).toBe(2);
  });

  it('draws the material’s price trend from every award, without tax, for the buyer only', async () => {
    const trend = await ok<{ points: Row[] }>('srmPriceMonitor', 'trend', {
      itemId: ids.screw,
    });
    expect(
      trend.points.map((point) => [
        point.supplierName,
        point.awardPercent,
        point.awardedPrice,
        point.lowestPrice,
        point.targetPrice,
      ]),
    ).toEqual([
      // The sealed inquiry's award (0.2588 with 13 % tax; target 0.28), then the requisition's 60/40.
      ['苏州恒达精密五金有限公司', 100, 0.229027, 0.229027, 0.247788],
      ['苏州恒达精密五金有限公司', 60, 0.256637, 0.256637, 0.265487],
      ['宁波瑞丰电子科技有限公司', 40, 0.265487, 0.256637, 0.265487],
    ]);
    expect(String(trend.points[0]!.awardedDate) < String(trend.points[1]!.awardedDate)).toBe(true);
    expect((await call('srmPriceMonitor', 'trend', { itemId: ids.screw }, suppliers.a)).httpStatus).toBe(403);
  });
});

describe('rounds of quotes', () => {
  it('asks chosen suppliers for chosen materials again, sealed until opened again; the latest offer counts', async () => {
    const pmId = Number((await server().first<Row>('baseUser', { userName: 'pm' })).userId);
    const asPm = { userId: pmId, userName: 'pm' };
    // A user of each supplier: messages to a supplier reach its users.
    await supplierUsers('rounds');
    const body = {
      title: '冲压支架与螺钉二次议价',
      orgId: ids.orgA,
      currencyId: ids.currency,
      quoteDeadline: server().clock.nowMs() + 24 * HOUR,
      items: [
        { lineNum: 1, itemId: ids.screw, quantity: 10000, ladder: '50000' },
        { lineNum: 2, itemId: ids.bracket, quantity: 2000 },
      ],
      suppliers: [{ supplierId: ids.supA }, { supplierId: ids.supB }],
      jury: [{ userId: pmId, juryRole: 'OPENER' }],
    };
    // Another inquiry's rows are not this one's to ask again.
    const other = await ok<Inquiry & { items: Row[] }>('srmInquiry', 'saveOrUpdate', body);
    const saved = await ok<Inquiry>('srmInquiry', 'saveOrUpdate', body);
    const key = { inquiryId: saved.inquiryId };
    await ok('srmInquiry', 'doSubmit', key);
    await decideAll(server().runtime, 'srmInquiry', saved.inquiryId, 'approve');
    const quotes = await ok<Row[]>('srmInquiryQuote', 'listByPage', key);
    const quoteOf = (supplierId: number) =>
      Number(quotes.find((row) => row.supplierId === supplierId)!.quoteId);
    const [a1, b1] = [quoteOf(ids.supA), quoteOf(ids.supB)];
    // Prices that hold half a year (other tests of this file move the clock on).
    const validTo = new Date(server().clock.nowMs() + 180 * 24 * HOUR).toISOString().slice(0, 10);
    const a = await findQuote(a1, suppliers.a);
    const quotedA = [
      [0.26, 8],
      [0.25, 9],
      [5.9, 12],
    ] as const;
    expect((await price(a, [...quotedA], suppliers.a, validTo)).body.status).toBe('S');
    await ok('srmInquiryQuote', 'doSubmit', { quoteId: a1 }, suppliers.a);
    const b = await findQuote(b1, suppliers.b);
    expect((await price(b, [[0.27, 7], null, [5.6, 20]], suppliers.b, validTo)).body.status).toBe('S');
    await ok('srmInquiryQuote', 'doSubmit', { quoteId: b1 }, suppliers.b);
    server().clock.travel(25 * HOUR);
    await ok('srmInquiry', 'doConfirmOpening', key);
    await ok('srmInquiry', 'doBidOpening', key, asPm);

    const opened = await ok<Inquiry & { items: (Row & { inquiryItemId: number })[] }>(
      'srmInquiry',
      'findById',
      key,
    );
    const supplierRow = (supplierId: number) =>
      Number(opened.suppliers.find((row) => row.supplierId === supplierId)!.inquirySupplierId);
    const screw = opened.items.find((item) => item.lineNum === 1)!.inquiryItemId;
    const requote = (input: Row, actor?: Row) =>
      call(
        'srmInquiry',
        'doRequote',
        {
          ...key,
          quoteDeadline: server().clock.nowMs() + 24 * HOUR,
          comment: '两家价格接近，请给出最终报价',
          inquirySupplierIds: [supplierRow(ids.supA)],
          inquiryItemIds: [screw],
          ...input,
        },
        actor,
      );
    const foreign = await requote({ inquiryItemIds: [Number(other.items[0]!.inquiryItemId)] });
    expect([foreign.httpStatus, foreign.body.msg]).toEqual([422, expect.stringContaining('不属于该询价单')]);
    const past = await requote({ quoteDeadline: server().clock.nowMs() - HOUR });
    expect([past.httpStatus, past.body.msg]).toEqual([422, expect.stringContaining('截止时间已过')]);
    const none = await requote({ inquirySupplierIds: [] });
    expect(none.httpStatus).toBe(400);
    // A supplier may not start a round.
    expect((await requote({}, suppliers.a)).httpStatus).toBeGreaterThanOrEqual(403);
    const started = await requote({});
    expect(started.body.status, started.body.msg).toBe('S');

    const round2 = await ok<Inquiry>('srmInquiry', 'findById', key);
    expect(round2).toMatchObject({
      status: 'PUBLISHED',
      roundNum: 2,
      invitedCount: 1,
      answeredCount: 0,
      openedDate: null,
      ownerConfirmedDate: null,
    });
    // A's new quotation: the screw only, its base and tier, filled in with its offer so far. The
    // round's number is the buyer's: it would tell a supplier how often others were asked.
    const all = await ok<Row[]>('srmInquiryQuote', 'listByPage', { ...key, supplierId: ids.supA });
    expect(all.map((row) => [row.roundNum, row.quoteVersion, row.status])).toEqual([
      [2, 2, 'DRAFT'],
      [1, 1, 'SUBMITTED'],
    ]);
    const mine = await ok<Row[]>('srmInquiryQuote', 'listByPage', key, suppliers.a);
    expect(mine.map((row) => [row.quoteVersion, row.status])).toEqual([
      [2, 'DRAFT'],
      [1, 'SUBMITTED'],
    ]);
    expect(JSON.stringify(mine)).not.toContain('roundNum');
    const a2 = Number(mine[0]!.quoteId);
    const draft = await findQuote(a2, suppliers.a);
    expect(draft.lines.map((line) => [line.itemLineNum, line.fromQuantity, line.unitPrice])).toEqual([
      [1, 0, 0.26],
      [1, 50000, 0.25],
    ]);
    expect(draft.totalAmount).toBe(2600);
    // Only A is told; B learns nothing of the round, and neither round-1 quote can change now.
    const told = await queryRows<{ supplierId: number; n: number }>(
      server().runtime.executor(),
      sql`select supplier_id::int as "supplierId", count(*)::int as n from base_site_message
           where source = 'INQUIRY_REQUOTE' group by supplier_id`,
    );
    expect(told).toEqual([{ supplierId: ids.supA, n: 1 }]);
    expect(await ok<Row[]>('srmInquiryQuote', 'listByPage', key, suppliers.b)).toHaveLength(1);
    for (const [quoteId, actor] of [
      [a1, suppliers.a],
      [b1, suppliers.b],
    ] as const) {
      const closed = await call('srmInquiryQuote', 'doRevise', { quoteId }, actor);
      expect([closed.httpStatus, closed.body.msg]).toEqual([422, '该报价单的报价已截止，不能再修改或提交']);
    }
    // The round is sealed again: the buyer reads masks and the comparison names who answered.
    const lower = await call(
      'srmInquiryQuote',
      'saveOrUpdate',
      {
        quoteId: a2,
        versionNum: draft.versionNum,
        lines: draft.lines.map((line, index) => ({
          quoteLineId: line.quoteLineId,
          unitPrice: [0.255, 0.245][index],
        })),
      },
      suppliers.a,
    );
    expect(lower.body.status, lower.body.msg).toBe('S');
    await ok('srmInquiryQuote', 'doSubmit', { quoteId: a2 }, suppliers.a);
    // A later deadline for the round reaches A alone; B's quotation keeps its own.
    const later = server().clock.nowMs() + 25 * HOUR;
    await ok('srmInquiry', 'doExtendDeadline', { ...key, quoteDeadline: later, comment: '留出核价时间' });
    const extended = await queryRows<{ supplierId: number; n: number }>(
      server().runtime.executor(),
      sql`select m.supplier_id::int as "supplierId", count(*)::int as n
            from base_site_message m join srm_inquiry_quote q on q.quote_id = m.document_id
           where m.source = 'INQUIRY_EXTENDED' and q.inquiry_id = ${saved.inquiryId}
           group by m.supplier_id`,
    );
    expect(extended).toEqual([{ supplierId: ids.supA, n: 1 }]);
    expect((await findQuote(b1, suppliers.b)).quoteDeadline).toBe(body.quoteDeadline);
    expect((await findQuote(a2, suppliers.a)).quoteDeadline).toBe(later);
    expect((await findQuote(a2)).lines.map((line) => line.unitPrice)).toEqual([SEALED_MASK, SEALED_MASK]);
    const sealed = await ok<Row>('srmInquiry', 'comparison', key);
    expect(sealed).toMatchObject({ opened: false, roundNum: 2, invitedCount: 1, answeredCount: 1 });
    expect(visibleText(sealed)).not.toContain('0.255');
    const sealedTotals = await ok<Row>('srmInquiry', 'comparisonTotals', key);
    expect(sealedTotals).toMatchObject({ opened: false, items: [] });
    expect(sealedTotals).not.toHaveProperty('columns');

    // Opened again by two people, after the new deadline.
    server().clock.travel(26 * HOUR);
    expect(await runExecutable(server(), sourcingServer.executables.SOURCING_INQUIRY_CLOSE!)).toBe(
      '1 closed',
    );
    await ok('srmInquiry', 'doConfirmOpening', key);
    expect((await call('srmInquiry', 'doBidOpening', key)).httpStatus).toBe(422);
    await ok('srmInquiry', 'doBidOpening', key, asPm);
    expect((await findQuote(a2)).lines.map((line) => line.unitPrice)).toEqual([0.255, 0.245]);
    expect((await findQuote(a1)).status).toBe('SUBMITTED');

    type Offer = Row & { unitPrice: number | null; roundNum: number; lowest: boolean };
    const compared = await ok<Row & { items: (Row & { offers: Record<number, Offer> })[]; columns: Row[] }>(
      'srmInquiry',
      'comparison',
      key,
    );
    const [screwRow, bracketRow] = compared.items;
    expect(screwRow!.offers[ids.supA]).toMatchObject({ unitPrice: 0.255, roundNum: 2, lowest: true });
    expect(screwRow!.offers[ids.supB]).toMatchObject({ unitPrice: 0.27, roundNum: 1, lowest: false });
    expect(bracketRow!.offers[ids.supA]).toMatchObject({ unitPrice: 5.9, roundNum: 1 });
    expect(bracketRow!.offers[ids.supB]).toMatchObject({ unitPrice: 5.6, lowest: true });
    expect(
      compared.columns.map((column) => [column.supplierId, column.roundNum, column.totalAmount]),
    ).toEqual([
      [ids.supB, 1, 13900],
      [ids.supA, 2, 14350],
    ]);
    expect(compared.bestPerItemTotal).toBe(13750);
    // The totals read apart count the same offers (A's round 2 where it quoted again).
    const totals = await ok<Row & { columns: Row[] }>('srmInquiry', 'comparisonTotals', key);
    expect(totals.columns.map((column) => [column.supplierId, column.totalAmount])).toEqual([
      [ids.supB, 13900],
      [ids.supA, 14350],
    ]);
    expect(totals.bestPerItemTotal).toBe(13750);

    // The award starts from the offers that count: A's round-2 screw, B's bracket.
    await ok('srmInquiry', 'doPrepareAward', key);
    const awardId = Number((await ok<Inquiry>('srmInquiry', 'findById', key)).awardId);
    const award = await ok<Row & { lines: Row[] }>('srmInquiryAward', 'findById', { awardId });
    const won = award.lines.filter((line) => line.awardPercent === 100);
    expect(won.map((line) => [line.itemLineNum, line.supplierId, line.unitPrice])).toEqual([
      [1, ids.supA, 0.255],
      [2, ids.supB, 5.6],
    ]);
    expect(draft.lines.map((line) => line.quoteLineId)).toContain(won[0]!.quoteLineId);
    const again = await requote({ quoteDeadline: server().clock.nowMs() + 24 * HOUR });
    expect([again.httpStatus, again.body.msg]).toEqual([
      422,
      expect.stringContaining(String(award.awardNum)),
    ]);
  });
});

describe('events from lines of the demand pool', () => {
  it('takes lines of several requisitions of one organisation: one material per item, each line ordered for its own requisition', async () => {
    const runtime = server().runtime;
    const day = (days: number) =>
      new Date(server().clock.nowMs() + days * 24 * HOUR).toISOString().slice(0, 10);
    const prType = (await server().first<Row>('srmPurBillType', { billTypeCode: 'STD_PR' })).billTypeId;
    const orgB = (await server().first<Row>('srmBaseOrg', { orgCode: 'OU200' })).orgId;
    type Requisition = Row & { requisitionHeaderId: number; requisitionNumber: string; lines: Row[] };
    const approved = async (title: string, orgId: unknown, lines: Row[]) => {
      const made = await ok<Requisition>('srmPurRequisitionHeader', 'saveOrUpdate', {
        title,
        billTypeId: prType,
        orgId,
        requesterName: '王磊',
        requisitionDate: day(0),
        lines: lines.map((line, index) => ({ lineNum: index + 1, needByDate: day(30), ...line })),
      });
      const key = { requisitionHeaderId: made.requisitionHeaderId };
      await ok('srmPurRequisitionHeader', 'doSubmit', key);
      await decideAll(runtime, 'srmPurRequisitionHeader', made.requisitionHeaderId, 'approve');
      return ok<Requisition>('srmPurRequisitionHeader', 'findById', key);
    };
    const first = await approved('一车间螺钉补货', ids.orgA, [
      { itemId: ids.screw, quantity: 500, unitPrice: 0.3, suggestedSupplierId: ids.supA },
    ]);
    const second = await approved('二车间支架与螺钉', ids.orgA, [
      { itemId: ids.bracket, quantity: 30, unitPrice: 6.5, suggestedSupplierId: ids.supB },
      { itemId: ids.screw, quantity: 200, unitPrice: 0.31 },
    ]);
    const elsewhere = await approved('无锡工厂螺钉', orgB, [
      { itemId: ids.screw, quantity: 100, unitPrice: 0.3 },
    ]);
    const lineOf = (requisition: Requisition, index: number) =>
      Number(requisition.lines[index]!.requisitionLineId);
    const make = (input: Row, entity = 'srmInquiry', actor?: Row) =>
      call(entity, 'createFromRequisition', input, actor);

    expect((await make({})).httpStatus).toBe(400);
    // A line that does not exist (or that the caller may not read) is not quietly left out.
    const unknown = await make({ requisitionLineIds: [lineOf(first, 0), 987_654_321] });
    expect(unknown.httpStatus).toBe(404);
    expect(
      (await make({ requisitionHeaderId: first.requisitionHeaderId, requisitionLineIds: [lineOf(first, 0)] }))
        .httpStatus,
    ).toBe(400);
    const mixed = await make({ requisitionLineIds: [lineOf(first, 0), lineOf(elsewhere, 0)] });
    expect([mixed.httpStatus, mixed.body.msg]).toEqual([422, expect.stringContaining('不同的采购组织')]);
    const pooled = [lineOf(first, 0), lineOf(second, 0), lineOf(second, 1)];
    expect((await make({ requisitionLineIds: pooled }, 'srmInquiry', suppliers.a)).httpStatus).toBe(403);

    const made = await ok<{ inquiryId: number }>('srmInquiry', 'createFromRequisition', {
      requisitionLineIds: pooled,
    });
    const drafted = await ok<Inquiry & { title: string; items: Row[] }>('srmInquiry', 'findById', {
      inquiryId: made.inquiryId,
    });
    expect(drafted.title).toBe('一车间螺钉补货；二车间支架与螺钉');
    // The screw both ask for is one material: 500 + 200, the lower of their prices as the target.
    expect(
      drafted.items.map((item) => [item.itemId, item.quantity, item.targetPrice, item.requisitionNum]),
    ).toEqual([
      [ids.screw, 700, 0.3, `${first.requisitionNumber}, ${second.requisitionNumber}`],
      [ids.bracket, 30, 6.5, second.requisitionNumber],
    ]);
    // Its award orders each requisition line for its own requisition, split by the shares.
    const merged = drafted.items[0]!;
    expect(String(merged.requisitionLineIds)).toBe(`${lineOf(first, 0)},${lineOf(second, 1)}`);
    const plan = await planAwardOrders(
      dataApi({ actor: SYSTEM_ACTOR, runtime, tx: runtime.executor(), now: server().clock.now() }, 'test'),
      {
        sourceType: 'INQUIRY',
        sourceNum: 'IA-MERGED',
        title: '合并物料',
        orgId: Number(ids.orgA),
        currencyId: Number(ids.currency),
        taxIncluded: true,
        validFrom: day(0),
        validTo: day(365),
        agreements: false,
        asl: false,
        lines: [ids.supA, ids.supB].map((supplierId, index) => ({
          key: index + 1,
          supplierId: Number(supplierId),
          itemId: Number(ids.screw),
          percent: index === 0 ? 60 : 40,
          unitPrice: 0.29,
          taxRate: 13,
          tiers: [],
          requisitionLineIds: requisitionLinesOf({
            requisitionLineId: Number(merged.requisitionLineId),
            requisitionLineIds: String(merged.requisitionLineIds),
          }),
        })),
      },
    );
    expect(
      plan.map((order) => [
        order.supplierId,
        order.lines.map((line) => [line.requisitionLineId, line.quantity]),
      ]),
    ).toEqual([
      [
        ids.supA,
        [
          [lineOf(first, 0), 300],
          [lineOf(second, 1), 120],
        ],
      ],
      [
        ids.supB,
        [
          [lineOf(first, 0), 200],
          [lineOf(second, 1), 80],
        ],
      ],
    ]);
    expect(drafted.suppliers.map((row) => row.supplierId).sort()).toEqual([ids.supA, ids.supB].sort());
    // The auction takes pool lines the same way.
    const auction = await ok<{ auctionId: number }>('srmAuction', 'createFromRequisition', {
      requisitionLineIds: [lineOf(second, 0)],
    });
    const found = await ok<Row & { items: Row[] }>('srmAuction', 'findById', {
      auctionId: auction.auctionId,
    });
    expect(found.items.map((item) => [item.itemId, item.startPrice, item.requisitionNum])).toEqual([
      [ids.bracket, 6.5, second.requisitionNumber],
    ]);

    // A line ordered in full meanwhile has left the pool.
    await ok('srmPoHeader', 'createFromRequisition', {
      billTypeId: ids.poType,
      supplierId: ids.supA,
      currencyId: ids.currency,
      lines: [{ requisitionLineId: lineOf(first, 0), quantity: 500, unitPriceExclTax: 0.27 }],
    });
    const gone = await make({ requisitionLineIds: [lineOf(first, 0), lineOf(second, 1)] });
    expect([gone.httpStatus, gone.body.msg]).toEqual([
      422,
      `采购申请 ${first.requisitionNumber} 第 1 行已不在需求池中（已下单完毕、已关闭或已取消），请重新选择`,
    ]);
  });
});
