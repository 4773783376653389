// Contracts from an approved award (生成合同) over real HTTP on a real database: an inquiry quoted
// with tax by suppliers A and B, opened and awarded — the screws all to A, the brackets 60/40 to A
// and B — drafts one contract per supplier with its awarded quantities, its prices without tax and
// the amounts they give; pressed again it makes nothing and answers the same contracts. An award
// not yet approved, a supplier and a buyer of another organisation are refused. An auction's
// award does the same from its final bids.
import { beforeAll, describe, expect, it } from 'vitest';
import { decideAll } from '@srm/platform';
import { runExecutable } from '@srm/platform/testing';
import { useProcurement } from '../../procurement.testing';
import { sourcingServer } from '../../sourcing/server';

type Row = Record<string, unknown>;
type Lines = Row & { lines: (Row & { awardLineId: number; quoteLineId: number })[] };
interface Made {
  contractId: number;
  contractNumber: string;
  supplierId: number;
  amountInclTax: number;
  status: string;
  created: boolean;
}

const { ids, ok, call, suppliers, server } = useProcurement();
const HOUR = 3_600_000;
const TITLE = '2027 螺钉与支架询价';
const award = { awardId: 0, awardNum: '', validFrom: '', validTo: '' };

const fromAward = (body: Row, actor?: Row) =>
  call<{ contracts: Made[] }>('srmCctContract', 'createFromAward', body, actor);

/** A supplier prices its quotation with 13 % tax included and submits it: [screw, bracket]. */
async function quote(supplierId: number, actor: Row, prices: readonly [number, number]): Promise<void> {
  const listed = await ok<Row[]>('srmInquiryQuote', 'listByPage', { pageRows: 50 });
  const quoteId = listed.find((row) => row.supplierId === supplierId)!.quoteId;
  const found = await ok<Lines & { versionNum: number }>('srmInquiryQuote', 'findById', { quoteId }, actor);
  await ok(
    'srmInquiryQuote',
    'saveOrUpdate',
    {
      quoteId,
      versionNum: found.versionNum,
      validToDate: '2027-12-31',
      lines: found.lines.map((line, index) => ({
        quoteLineId: line.quoteLineId,
        unitPrice: prices[index],
        leadTimeDays: 10,
        taxRate: 13,
        noQuoteFlag: 'N',
      })),
    },
    actor,
  );
  await ok('srmInquiryQuote', 'doSubmit', { quoteId }, actor);
}

// An opened inquiry of 1,000 screws and 2,000 brackets, its award drafted (screws to A, brackets
// 60/40 to A and B) and not yet submitted.
beforeAll(async () => {
  const saved = await ok<{ inquiryId: number }>('srmInquiry', 'saveOrUpdate', {
    title: TITLE,
    orgId: ids.orgA,
    currencyId: ids.currency,
    taxIncludedFlag: 'Y',
    quoteDeadline: server().clock.nowMs() + 24 * HOUR,
    openersRequired: 1,
    items: [
      { lineNum: 1, itemId: ids.screw, quantity: 1000, needByDate: '2027-03-31' },
      { lineNum: 2, itemId: ids.bracket, quantity: 2000, needByDate: '2027-04-30' },
    ],
    suppliers: [{ supplierId: ids.supA }, { supplierId: ids.supB }],
  });
  const inquiryId = saved.inquiryId;
  await ok('srmInquiry', 'doSubmit', { inquiryId });
  await decideAll(server().runtime, 'srmInquiry', inquiryId, 'approve');
  await quote(ids.supA, suppliers.a, [0.27, 5.6]);
  await quote(ids.supB, suppliers.b, [0.29, 5.8]);
  server().clock.travel(25 * HOUR);
  await runExecutable(server(), sourcingServer.executables.SOURCING_INQUIRY_CLOSE!);
  await ok('srmInquiry', 'doConfirmOpening', { inquiryId });
  await ok('srmInquiry', 'doBidOpening', { inquiryId });
  await ok('srmInquiry', 'doPrepareAward', { inquiryId });
  const awardId = Number((await ok<Row>('srmInquiry', 'findById', { inquiryId })).awardId);
  const drafted = await ok<Lines & { versionNum: number }>('srmInquiryAward', 'findById', { awardId });
  const shares: Record<string, [number, string | null]> = {
    [`1:${ids.supA}`]: [100, null],
    [`2:${ids.supA}`]: [60, null],
    [`2:${ids.supB}`]: [40, '双源供应，保障交付'],
  };
  const found = await ok<Row>('srmInquiryAward', 'saveOrUpdate', {
    awardId,
    versionNum: drafted.versionNum,
    lines: drafted.lines.map((line) => {
      const [awardPercent, reason] = shares[`${String(line.itemLineNum)}:${String(line.supplierId)}`] ?? [
        0,
        null,
      ];
      return { awardLineId: line.awardLineId, awardPercent, reason };
    }),
  });
  Object.assign(award, {
    awardId,
    awardNum: String(found.awardNum),
    validFrom: String(found.validFrom),
    validTo: String(found.validTo),
  });
}, 120_000);

describe('contracts from an award', () => {
  it('are refused while the award is not approved, and without exactly one award named', async () => {
    const draft = await fromAward({ inquiryAwardId: award.awardId });
    expect([draft.httpStatus, draft.body.msg]).toEqual([
      409,
      `定标单 ${award.awardNum} 尚未审批通过，不能生成合同`,
    ]);
    const neither = await fromAward({});
    expect([neither.httpStatus, neither.body.status]).toEqual([400, 'E']);
    const both = await fromAward({ inquiryAwardId: award.awardId, auctionAwardId: award.awardId });
    expect(both.httpStatus).toBeGreaterThanOrEqual(400);
    expect(both.httpStatus).toBeLessThan(500);
    await ok('srmInquiryAward', 'doSubmit', { awardId: award.awardId });
    await decideAll(server().runtime, 'srmInquiryAward', award.awardId, 'approve');
    expect(await ok<Row>('srmInquiryAward', 'findById', { awardId: award.awardId })).toMatchObject({
      status: 'APPROVED',
    });
  });

  it('drafts one contract per awarded supplier with its quantities, prices without tax and amounts', async () => {
    const answer = await fromAward({ inquiryAwardId: award.awardId });
    expect(answer.body.status, answer.body.msg).toBe('S');
    const { contracts } = answer.body.data;
    expect(contracts.map((row) => [row.supplierId, row.status, row.created, row.amountInclTax])).toEqual([
      [ids.supA, 'DRAFT', true, 6990],
      [ids.supB, 'DRAFT', true, 4640],
    ]);
    expect(answer.body.msg).toBe(`已生成合同草稿：${contracts.map((row) => row.contractNumber).join('、')}`);
    const [ofA, ofB] = await Promise.all(
      contracts.map((row) =>
        ok<Row & { items: Row[] }>('srmCctContract', 'findById', { contractId: row.contractId }),
      ),
    );
    for (const [found, supplierId] of [
      [ofA!, ids.supA],
      [ofB!, ids.supB],
    ] as const)
      expect(found).toMatchObject({
        contractName: `${TITLE} 采购合同`,
        contractType: 'MAIN',
        status: 'DRAFT',
        orgId: ids.orgA,
        supplierId,
        currencyId: ids.currency,
        effectiveFrom: award.validFrom,
        effectiveTo: award.validTo,
        sourceType: 'AWARD',
        sourceNum: award.awardNum,
        sourceKey: `INQUIRY:${award.awardNum}:S:${supplierId}`,
        taxIncludedFlag: 'Y',
      });
    const items = (found: Row & { items: Row[] }) =>
      found.items.map((line) => [
        line.lineNum,
        line.itemId,
        line.quantity,
        line.unitPrice,
        line.taxRate,
        line.unitPriceInclTax,
        line.amountExclTax,
        line.taxAmount,
        line.amountInclTax,
        line.needByDate,
      ]);
    // 0.27, 5.6 and 5.8 with 13 % tax: 0.2389380531, 4.9557522124 and 5.1327433628 without (10
    // decimals). The contract is priced with tax (含税计价) as the award was: each total with tax
    // is quantity × price with tax, as awarded (800 × 5.8 = 4,640.00, where quantity × price
    // without tax and then the tax gave 4,639.99), the amount without tax taken out of it.
    // the contract's own (quantity × price without tax, then the tax), as an order under it rounds.
    expect(items(ofA!)).toEqual([
      [1, ids.screw, 1000, 0.2389380531, 13, 0.27, 238.94, 31.06, 270, '2027-03-31'],
      [2, ids.bracket, 1200, 4.9557522124, 13, 5.6, 5946.9, 773.1, 6720, '2027-04-30'],
    ]);
    expect(ofA).toMatchObject({ amountExclTax: 6185.84, taxAmount: 804.16, amountInclTax: 6990 });
    expect(items(ofB!)).toEqual([
      [1, ids.bracket, 800, 5.1327433628, 13, 5.8, 4106.19, 533.81, 4640, '2027-04-30'],
    ]);
    // Each item remembers its award line.
    const awarded = await ok<Lines>('srmInquiryAward', 'findById', { awardId: award.awardId });
    const lineOf = (item: number, supplierId: number) =>
      awarded.lines.find((line) => line.itemLineNum === item && line.supplierId === supplierId)!.awardLineId;
    expect(ofA!.items.map((line) => line.sourceLineKey)).toEqual([
      `INQUIRY:${award.awardNum}:L:${lineOf(1, ids.supA)}`,
      `INQUIRY:${award.awardNum}:L:${lineOf(2, ids.supA)}`,
    ]);
  });

  it('makes nothing the second time and answers the same contracts', async () => {
    const count = async () =>
      (await ok<Row[]>('srmCctContract', 'listByPage', { pageRows: 100 })).filter(
        (row) => row.sourceNum === award.awardNum,
      ).length;
    expect(await count()).toBe(2);
    const first = await ok<Row[]>('srmCctContract', 'listByPage', { pageRows: 100 });
    const again = await fromAward({ inquiryAwardId: award.awardId });
    expect(again.body.status, again.body.msg).toBe('S');
    const { contracts } = again.body.data;
    expect(contracts.map((row) => [row.supplierId, row.created])).toEqual([
      [ids.supA, false],
      [ids.supB, false],
    ]);
    expect(contracts.map((row) => row.contractNumber).sort()).toEqual(
      first
        .filter((row) => row.sourceNum === award.awardNum)
        .map((row) => row.contractNumber)
        .sort(),
    );
    expect(again.body.msg).toMatch(/^该定标单已生成过合同：HT/);
    expect(await count()).toBe(2);
  });

  it('is the buyer’s: a supplier and a buyer of another organisation are refused', async () => {
    const supplier = await fromAward({ inquiryAwardId: award.awardId }, suppliers.a);
    expect([supplier.httpStatus, supplier.body.status]).toEqual([403, 'E']);
    const elsewhere = await fromAward(
      { inquiryAwardId: award.awardId },
      { userId: 1, userName: 'buyer1', orgIds: [ids.orgA + 1000] },
    );
    expect([403, 404]).toContain(elsewhere.httpStatus);
  });
});

describe('a contract from an auction award', () => {
  it('takes the final bid without tax for the supplier awarded, once', async () => {
    const MIN = 60_000;
    const now = server().clock.nowMs();
    const saved = await ok<{ auctionId: number }>('srmAuction', 'saveOrUpdate', {
      title: '支架竞价',
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
      openersRequired: 1,
      items: [{ lineNum: 1, itemId: ids.bracket, quantity: 500, startPrice: 6.5, needByDate: '2027-05-31' }],
      suppliers: [{ supplierId: ids.supA }, { supplierId: ids.supB }],
    });
    const auctionId = saved.auctionId;
    await ok('srmAuction', 'doSubmit', { auctionId });
    await decideAll(server().runtime, 'srmAuction', auctionId, 'approve');
    const entries: number[] = [];
    for (const actor of [suppliers.a, suppliers.b]) {
      const rows = await ok<Row[]>('srmAuctionEntry', 'listByPage', { pageRows: 50 }, actor);
      const entryId = Number(rows.find((row) => row.auctionId === auctionId)!.entryId);
      await ok('srmAuctionEntry', 'doConfirm', { entryId }, actor);
      entries.push(entryId);
    }
    await ok('srmAuction', 'doImmediateStart', { auctionId });
    const started = await ok<Row & { items: Row[]; endDate: number }>('srmAuction', 'findById', {
      auctionId,
    });
    const auctionItemId = started.items[0]!.auctionItemId;
    for (const [entryId, actor, price] of [
      [entries[0]!, suppliers.a, '6.20'],
      [entries[1]!, suppliers.b, '6.40'],
    ] as const) {
      server().clock.travel(1_100);
      await ok('srmAuctionEntry', 'bid', { entryId, price, auctionItemId }, actor);
    }
    server().clock.set(started.endDate);
    await runExecutable(server(), sourcingServer.executables.SOURCING_AUCTION_TICK!);
    await ok('srmAuction', 'doConfirmOpening', { auctionId });
    await ok('srmAuction', 'doBidOpening', { auctionId });
    await ok('srmAuction', 'doPrepareAward', { auctionId });
    const awardId = Number((await ok<Row>('srmAuction', 'findById', { auctionId })).awardId);
    await ok('srmAuctionAward', 'doSubmit', { awardId });
    await decideAll(server().runtime, 'srmAuctionAward', awardId, 'approve');
    const approved = await ok<Row>('srmAuctionAward', 'findById', { awardId });
    expect(approved.status).toBe('APPROVED');

    const answer = await fromAward({ auctionAwardId: awardId });
    expect(answer.body.status, answer.body.msg).toBe('S');
    expect(answer.body.data.contracts.map((row) => [row.supplierId, row.created, row.amountInclTax])).toEqual(
      [[ids.supA, true, 3100]],
    );
    const made = await ok<Row & { items: Row[] }>('srmCctContract', 'findById', {
      contractId: answer.body.data.contracts[0]!.contractId,
    });
    expect(made).toMatchObject({
      contractName: '支架竞价 采购合同',
      sourceType: 'AWARD',
      sourceNum: approved.awardNum,
      sourceKey: `AUCTION:${String(approved.awardNum)}:S:${ids.supA}`,
      taxIncludedFlag: 'Y',
    });
    // 6.20 with the award line's 13 % tax: 5.4867256637 without, the contract priced with tax.
    expect(
      made.items.map((line) => [
        line.itemId,
        line.quantity,
        line.unitPrice,
        line.amountInclTax,
        line.needByDate,
      ]),
    ).toEqual([[ids.bracket, 500, 5.4867256637, 3100, '2027-05-31']]);
    const again = await fromAward({ auctionAwardId: awardId });
    expect(again.body.data.contracts.map((row) => [row.contractId, row.created])).toEqual([
      [made.contractId, false],
    ]);
  });
});
