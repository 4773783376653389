// Delivery over real HTTP on a real database: delivery notes against released orders (never
// more than remains open, also when two notes race for the last quantity), submitted to the
// buyer, cancelled and closed; a supplier never sees another supplier's notes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor } from '@srm/platform';
import { api, seedsNamed, startTestServer, type TestServer } from '@srm/server/testing';
import { baseDataSeeds } from '../base-data/server';
import { DEMO_SUPPLIERS } from '../supplier/supplier.seed';
import { purchasingSeeds } from '../purchasing/server';
import { purchasingTemplates } from '../purchasing/approval';

type Row = Record<string, unknown> & { lines?: Row[] };

let server: TestServer;
let approverId = 0;
const ids = { orgA: 0, supA: 0, supB: 0, currency: 0, poType: 0, screw: 0, bracket: 0 };

const supplier = (supplierId: number): Partial<Actor> => ({
  userId: 9000 + supplierId,
  userName: `sup${supplierId}`,
  side: 'supplier',
  supplierId,
});
let supA: Partial<Actor>;
let supB: Partial<Actor>;

async function call<T = Row>(
  entity: string,
  action: string,
  body: unknown,
  actor?: Partial<Actor>,
  language?: 'CN' | 'EN',
) {
  return server.post<T>(api(entity, action), body, {
    ...(actor ? { actor } : {}),
    ...(language ? { language } : {}),
  });
}

async function ok<T = Row>(
  entity: string,
  action: string,
  body: unknown,
  actor?: Partial<Actor>,
): Promise<T> {
  const answer = await call<T>(entity, action, body, actor);
  expect(answer.body.status, answer.body.msg).toBe('S');
  return answer.body.data;
}

beforeAll(async () => {
  server = await startTestServer({
    seeds: [
      ...seedsNamed(baseDataSeeds, 'lookups', 'currencies', 'units', 'organisations', 'categories', 'items'),
      ...seedsNamed(purchasingSeeds, 'bill-types'),
    ],
  });
  const id = async (entity: string, filters: Record<string, unknown>, key: string) =>
    (await server.first<Row>(entity, filters))[key] as number;
  ids.orgA = await id('srmBaseOrg', { orgCode: 'OU100' }, 'orgId');
  ids.currency = await id('srmBaseCurrency', { currencyCode: 'CNY' }, 'currencyId');
  ids.poType = await id('srmPurBillType', { billTypeCode: 'STD_PO' }, 'billTypeId');
  ids.screw = await id('srmBaseItem', { itemCode: '02030001' }, 'itemId');
  ids.bracket = await id('srmBaseItem', { itemCode: '02010001' }, 'itemId');
  await ok('baseUser', 'saveOrUpdate', { userName: 'buyer1', userFullName: '张伟', userType: 'INTERNAL' });
  approverId = (
    await ok('baseUser', 'saveOrUpdate', { userName: 'pm', userFullName: '李娜', userType: 'INTERNAL' })
  ).userId as number;
  for (const template of purchasingTemplates(0)) {
    await ok('srmBaseProcessTemplate', 'saveOrUpdate', {
      ...template,
      approvers: [{ nodeNum: 1, approverType: 'USER', userId: approverId }],
    });
  }
  const category = (categoryCode: string) => id('srmBaseCategory', { categoryCode }, 'categoryId');
  const [a, b] = DEMO_SUPPLIERS;
  ids.supA = (await ok('srmSupplierInfo', 'saveOrUpdate', a!.supplier)).supplierId as number;
  ids.supB = (await ok('srmSupplierInfo', 'saveOrUpdate', b!.supplier)).supplierId as number;
  supA = supplier(ids.supA);
  supB = supplier(ids.supB);
  for (const supplierId of [ids.supA, ids.supB]) {
    for (const categoryCode of ['0201', '0203']) {
      const line = await ok('srmSupplierCategoryOrg', 'saveOrUpdate', {
        supplierId,
        categoryId: await category(categoryCode),
        orgId: ids.orgA,
      });
      await ok('srmSupplierCategoryOrg', 'doQualify', { categoryOrgId: line.categoryOrgId });
    }
  }
  const apply = await ok('srmPurAslApply', 'saveOrUpdate', {
    orgId: ids.orgA,
    applyReason: '年度合格供应商',
    lines: [ids.supA, ids.supB].flatMap((supplierId) => [
      { supplierId, itemId: ids.screw },
      { supplierId, itemId: ids.bracket },
    ]),
  });
  for (const action of ['doSubmit', 'doApproval'])
    await ok('srmPurAslApply', action, { aslApplyId: apply.aslApplyId });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

async function approve(documentId: unknown) {
  const approver: Partial<Actor> = { userId: approverId, userName: 'pm' };
  const tasks = await server.post<Row[]>(
    '/api/bpm/v1/bpmTaskRestful/findTodoTasks',
    { pageIndex: 1, pageRows: 100, entityName: 'srmPoHeader' },
    { actor: approver },
  );
  const task = tasks.body.data.find((row) => row.documentId === documentId);
  expect(task).toBeDefined();
  const answer = await server.post<Row>(
    '/api/bpm/v1/bpmTaskRestful/doApprove',
    { taskId: task!.taskId },
    { actor: approver },
  );
  expect(answer.body.status, answer.body.msg).toBe('S');
}

/** A released order of 100 screws and 30 brackets to the supplier. */
async function releasedOrder(supplierId = ids.supA): Promise<Row> {
  const saved = await ok('srmPoHeader', 'saveOrUpdate', {
    billTypeId: ids.poType,
    orgId: ids.orgA,
    supplierId,
    currencyId: ids.currency,
    orderDate: '2026-11-21',
    lines: [
      { lineNum: 1, itemId: ids.screw, quantity: 100, unitPriceExclTax: 0.3, needByDate: '2026-12-10' },
      { lineNum: 2, itemId: ids.bracket, quantity: 30, unitPriceExclTax: 6.25, needByDate: '2026-12-20' },
    ],
  });
  const key = { poHeaderId: saved.poHeaderId };
  await ok('srmPoHeader', 'doSubmit', key);
  await approve(saved.poHeaderId);
  await ok('srmPoHeader', 'doRelease', key);
  return ok('srmPoHeader', 'findById', key);
}

function asnBody(lines: { poLineId: unknown; shipQuantity: number }[], extra: Row = {}): Row {
  return {
    shipDate: '2026-12-01',
    expectedArrivalDate: '2026-12-03',
    carrierName: '顺丰速运',
    lines: lines.map((line, index) => ({ lineNum: index + 1, ...line })),
    ...extra,
  };
}

describe('delivery notes', () => {
  it('the supplier ships against its released order lines: material copied, organisation set, number given', async () => {
    const order = await releasedOrder();
    const [screws, brackets] = order.lines!;
    const open = await ok<Row[]>('srmPurAsnHeader', 'openOrderLines', { poHeaderId: order.poHeaderId }, supA);
    expect(open.map((line) => [line.lineNum, line.openQuantity])).toEqual([
      [1, 100],
      [2, 30],
    ]);
    const note = await ok(
      'srmPurAsnHeader',
      'saveOrUpdate',
      asnBody([
        { poLineId: screws!.poLineId, shipQuantity: 60 },
        { poLineId: brackets!.poLineId, shipQuantity: 30 },
      ]),
      supA,
    );
    expect(note.asnNumber).toMatch(/^ASN\d{8}\d{4}$/);
    expect(note).toMatchObject({ status: 'DRAFT', supplierId: ids.supA, orgId: ids.orgA });
    expect(note.lines![0]).toMatchObject({
      poNumber: order.poNumber,
      itemCode: '02030001',
      itemName: '内六角圆柱头螺钉 M6×20',
      shipQuantity: 60,
      receivedQuantity: 0,
    });
    const after = await ok<Row[]>(
      'srmPurAsnHeader',
      'openOrderLines',
      { poHeaderId: order.poHeaderId },
      supA,
    );
    expect(after.map((line) => [line.lineNum, line.openQuantity])).toEqual([[1, 40]]);
  });

  it('never ships more than remains open; cancelling gives the quantity back', async () => {
    const order = await releasedOrder();
    const screws = order.lines![0]!;
    const first = await ok(
      'srmPurAsnHeader',
      'saveOrUpdate',
      asnBody([{ poLineId: screws.poLineId, shipQuantity: 70 }]),
      supA,
    );
    const over = await call(
      'srmPurAsnHeader',
      'saveOrUpdate',
      asnBody([{ poLineId: screws.poLineId, shipQuantity: 31 }]),
      supA,
      'EN',
    );
    expect(over.httpStatus).toBe(422);
    expect(over.body.msg).toBe(
      `Line 1 of order ${String(order.poNumber)}: 31 exceeds the quantity still open (30).`,
    );
    const overCn = await call(
      'srmPurAsnHeader',
      'saveOrUpdate',
      asnBody([{ poLineId: screws.poLineId, shipQuantity: 31 }]),
      supA,
      'CN',
    );
    expect(overCn.body.msg).toBe(`订单 ${String(order.poNumber)} 第 1 行：发货数量 31 超过未发货数量 30。`);
    // Two lines of one note on the same order line count together.
    const split = await call(
      'srmPurAsnHeader',
      'saveOrUpdate',
      asnBody([
        { poLineId: screws.poLineId, shipQuantity: 20 },
        { poLineId: screws.poLineId, shipQuantity: 11 },
      ]),
      supA,
    );
    expect(split.httpStatus).toBe(422);
    // Raising the first note's own quantity counts its stored quantity only once.
    const raised = await ok(
      'srmPurAsnHeader',
      'saveOrUpdate',
      {
        asnHeaderId: first.asnHeaderId,
        versionNum: first.versionNum,
        lines: [
          { asnLineId: first.lines![0]!.asnLineId, lineNum: 1, poLineId: screws.poLineId, shipQuantity: 100 },
        ],
      },
      supA,
    );
    expect(raised.lines![0]!.shipQuantity).toBe(100);
    const none = await call(
      'srmPurAsnHeader',
      'saveOrUpdate',
      asnBody([{ poLineId: screws.poLineId, shipQuantity: 1 }]),
      supA,
    );
    expect(none.httpStatus).toBe(422);
    await ok('srmPurAsnHeader', 'doSubmit', { asnHeaderId: first.asnHeaderId }, supA);
    const [cancelled] = await ok<Row[]>(
      'srmPurAsnHeader',
      'doCancel',
      { asnHeaderId: first.asnHeaderId },
      supA,
    );
    expect(cancelled!.status).toBe('CANCELLED');
    await ok(
      'srmPurAsnHeader',
      'saveOrUpdate',
      asnBody([{ poLineId: screws.poLineId, shipQuantity: 100 }]),
      supA,
    );
  });

  it('two notes racing for the last open quantity: one is saved, the other refused', async () => {
    const order = await releasedOrder();
    const brackets = order.lines![1]!;
    await ok(
      'srmPurAsnHeader',
      'saveOrUpdate',
      asnBody([{ poLineId: brackets.poLineId, shipQuantity: 10 }]),
      supA,
    );
    const race = () =>
      call(
        'srmPurAsnHeader',
        'saveOrUpdate',
        asnBody([{ poLineId: brackets.poLineId, shipQuantity: 15 }]),
        supA,
      );
    const answers = await Promise.all([race(), race(), race()]);
    expect(answers.map((answer) => answer.httpStatus).sort()).toEqual([200, 422, 422]);
    const open = await ok<Row[]>('srmPurAsnHeader', 'openOrderLines', { poHeaderId: order.poHeaderId }, supA);
    expect(open.find((line) => line.poLineId === brackets.poLineId)?.openQuantity).toBe(5);
  });

  it('a draft or unreleased order, a closed line and another supplier’s line are refused', async () => {
    const draft = await ok('srmPoHeader', 'saveOrUpdate', {
      billTypeId: ids.poType,
      orgId: ids.orgA,
      supplierId: ids.supA,
      currencyId: ids.currency,
      orderDate: '2026-11-21',
      lines: [{ lineNum: 1, itemId: ids.screw, quantity: 5, unitPriceExclTax: 1, needByDate: '2026-12-10' }],
    });
    const onDraft = await call(
      'srmPurAsnHeader',
      'saveOrUpdate',
      asnBody([{ poLineId: draft.lines![0]!.poLineId, shipQuantity: 1 }]),
      supA,
    );
    expect(onDraft.body.status).toBe('E');
    expect([400, 404, 422]).toContain(onDraft.httpStatus);
    const order = await releasedOrder();
    const [screws, brackets] = order.lines!;
    await ok('srmPoHeader', 'doCloseLines', {
      poHeaderId: order.poHeaderId,
      poLineIds: [brackets!.poLineId],
    });
    const closed = await call(
      'srmPurAsnHeader',
      'saveOrUpdate',
      asnBody([{ poLineId: brackets!.poLineId, shipQuantity: 1 }]),
      supA,
      'EN',
    );
    expect(closed.httpStatus).toBe(422);
    expect(closed.body.msg).toBe(
      `Line 2 of order ${String(order.poNumber)} is closed and accepts no delivery.`,
    );
    const foreign = await call(
      'srmPurAsnHeader',
      'saveOrUpdate',
      asnBody([{ poLineId: screws!.poLineId, shipQuantity: 1 }]),
      supB,
    );
    expect(foreign.body.status).toBe('E');
    expect([400, 404]).toContain(foreign.httpStatus);
    const buyer = await call(
      'srmPurAsnHeader',
      'saveOrUpdate',
      asnBody([{ poLineId: screws!.poLineId, shipQuantity: 1 }]),
    );
    expect(buyer.httpStatus).toBe(403);
  });

  it('a supplier never sees another supplier’s notes; the buyer sees submitted ones', async () => {
    const order = await releasedOrder();
    const note = await ok(
      'srmPurAsnHeader',
      'createFromOrderLines',
      { shipDate: '2026-12-02', lines: [{ poLineId: order.lines![0]!.poLineId, shipQuantity: 25 }] },
      supA,
    );
    const key = { asnHeaderId: note.asnHeaderId };
    expect(note.lines!.map((line) => line.shipQuantity)).toEqual([25]);
    expect((await call('srmPurAsnHeader', 'findById', key, supB)).httpStatus).toBe(404);
    expect(await ok<Row[]>('srmPurAsnHeader', 'listByPage', { asnHeaderId: note.asnHeaderId }, supB)).toEqual(
      [],
    );
    expect(await ok<Row[]>('srmPurAsnLine', 'listByPage', { asnHeaderId: note.asnHeaderId }, supB)).toEqual(
      [],
    );
    expect((await call('srmPurAsnHeader', 'doSubmit', key, supB)).httpStatus).toBe(404);
    expect((await call('srmPurAsnHeader', 'doCancel', key, supB)).httpStatus).toBe(404);
    const listB = await ok<Row[]>('srmPurAsnHeader', 'listByPage', { pageRows: 500 }, supB);
    expect(listB.every((row) => row.supplierId === ids.supB)).toBe(true);
    // The buyer cannot submit for the supplier; the supplier submits.
    expect((await call('srmPurAsnHeader', 'doSubmit', key)).httpStatus).toBe(403);
    const [submitted] = await ok<Row[]>('srmPurAsnHeader', 'doSubmit', key, supA);
    expect(submitted!.status).toBe('SUBMITTED');
    expect(submitted!.submittedDate).toEqual(expect.any(Number));
    const buyerList = await ok<Row[]>('srmPurAsnHeader', 'listByPage', {
      status: ['SUBMITTED', 'RECEIVING', 'RECEIVED', 'CLOSED'],
      pageRows: 500,
    });
    expect(buyerList.some((row) => row.asnHeaderId === note.asnHeaderId)).toBe(true);
    // Submitted notes are locked for the supplier; the buyer closes it.
    const edit = await call(
      'srmPurAsnHeader',
      'saveOrUpdate',
      { asnHeaderId: note.asnHeaderId, versionNum: submitted!.versionNum, remark: '改' },
      supA,
    );
    expect(edit.httpStatus).toBe(409);
    const [closed] = await ok<Row[]>('srmPurAsnHeader', 'doClose', key);
    expect(closed!.status).toBe('CLOSED');
    // A closed note without receipts gives back its quantity.
    const open = await ok<Row[]>('srmPurAsnHeader', 'openOrderLines', { poHeaderId: order.poHeaderId }, supA);
    expect(open.find((line) => line.lineNum === 1)?.openQuantity).toBe(100);
  });

  it('an empty note cannot be submitted; bad dates are refused', async () => {
    const empty = await ok('srmPurAsnHeader', 'saveOrUpdate', asnBody([]), supA);
    const refused = await call('srmPurAsnHeader', 'doSubmit', { asnHeaderId: empty.asnHeaderId }, supA, 'EN');
    expect(refused.httpStatus).toBe(422);
    expect(refused.body.msg).toContain('without lines');
    const backwards = await call(
      'srmPurAsnHeader',
      'saveOrUpdate',
      asnBody([], { shipDate: '2026-12-05', expectedArrivalDate: '2026-12-01' }),
      supA,
    );
    expect(backwards.httpStatus).toBe(400);
  });
});
