// Purchasing over real HTTP on a real database: bill types, requisitions and their demand pool,
// orders consuming requisition quantity (never more than remains, also under concurrency), the
// supplier's line-by-line answer and the buyer's decision, closing lines, the PDF and the mail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor } from '@srm/platform';
import {
  api,
  seedsNamed,
  startTestServer,
  type TestServer,
  type Mailbox,
  startMailbox,
} from '@srm/platform/testing';
import { baseDataSeeds } from '../base-data/server';
import { DEMO_SUPPLIERS } from '../supplier/server';
import { purchasingServer } from './area.server';
import { decideAll } from '@srm/platform';
import { singleApproverTemplates, serverAreas } from '../areas.server';

type Row = Record<string, unknown> & { lines?: Row[] };

let server: TestServer;
let mailbox: Mailbox;
let approverId = 0;
const ids = { orgA: 0, orgB: 0, supA: 0, supB: 0, currency: 0, prType: 0, poType: 0, screw: 0, bracket: 0 };

const supplier = (supplierId: number): Partial<Actor> => ({
  userId: 9000 + supplierId,
  userName: `sup${supplierId}`,
  side: 'supplier',
  supplierId,
});

async function call<T = Row>(entity: string, action: string, body: unknown, actor?: Partial<Actor>) {
  return server.post<T>(api(entity, action), body, actor ? { actor } : {});
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

async function pdfText(bytes: Buffer): Promise<string> {
  // A build tool loaded by the test setup adds an enumerable Array.prototype.random, which
  // pdf.js refuses to run beside: hide it from enumeration before loading pdf.js.
  const random = Object.getOwnPropertyDescriptor(Array.prototype, 'random');
  if (random?.enumerable) Object.defineProperty(Array.prototype, 'random', { ...random, enumerable: false });
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: new Uint8Array(bytes), disableFontFace: true }).promise;
  let text = '';
  for (let page = 1; page <= pdf.numPages; page++) {
    const content = await (await pdf.getPage(page)).getTextContent();
    text += content.items.map((item) => ('str' in item ? item.str : '')).join('');
  }
  return text;
}

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({
    areas: serverAreas,
    smtpUrl: mailbox.url,
    seeds: [
      ...seedsNamed(baseDataSeeds, 'lookups', 'currencies', 'units', 'organisations', 'categories', 'items'),
      ...seedsNamed(purchasingServer.seeds, 'bill-types'),
    ],
  });
  const id = async (entity: string, filters: Record<string, unknown>, key: string) =>
    (await server.first<Row>(entity, filters))[key] as number;
  ids.orgA = await id('srmBaseOrg', { orgCode: 'OU100' }, 'orgId');
  ids.orgB = await id('srmBaseOrg', { orgCode: 'P210' }, 'orgId');
  ids.currency = await id('srmBaseCurrency', { currencyCode: 'CNY' }, 'currencyId');
  ids.prType = await id('srmPurBillType', { billTypeCode: 'STD_PR' }, 'billTypeId');
  ids.poType = await id('srmPurBillType', { billTypeCode: 'STD_PO' }, 'billTypeId');
  ids.screw = await id('srmBaseItem', { itemCode: '02030001' }, 'itemId');
  ids.bracket = await id('srmBaseItem', { itemCode: '02010001' }, 'itemId');
  // The approval processes: one node, decided by the purchasing manager. The test caller is
  // user 1 (the submitter, who may not approve): the buyer's user takes that id.
  await ok('baseUser', 'saveOrUpdate', { userName: 'buyer1', userFullName: '张伟', userType: 'INTERNAL' });
  approverId = (
    await ok('baseUser', 'saveOrUpdate', { userName: 'pm', userFullName: '李娜', userType: 'INTERNAL' })
  ).userId as number;
  expect(approverId).not.toBe(1);
  for (const template of singleApproverTemplates(approverId)) {
    await ok('srmBaseProcessTemplate', 'saveOrUpdate', template);
  }
  const category = (categoryCode: string) => id('srmBaseCategory', { categoryCode }, 'categoryId');
  const [a, b] = DEMO_SUPPLIERS;
  ids.supA = (await ok('srmSupplierInfo', 'saveOrUpdate', a!.supplier)).supplierId as number;
  ids.supB = (await ok('srmSupplierInfo', 'saveOrUpdate', b!.supplier)).supplierId as number;
  // The supplier library: 恒达 qualified for sheet metal and fasteners, 瑞丰 for electronics.
  for (const [supplierId, categoryCode] of [
    [ids.supA, '0201'],
    [ids.supA, '0203'],
    [ids.supB, '01'],
  ] as const) {
    const line = await ok('srmSupplierCategoryOrg', 'saveOrUpdate', {
      supplierId,
      categoryId: await category(categoryCode),
      orgId: ids.orgA,
    });
    await ok('srmSupplierCategoryOrg', 'doQualify', { categoryOrgId: line.categoryOrgId });
  }
  // The approved supplier list: 恒达 for fasteners and the bracket, 瑞丰 for electronics, in OU100.
  const apply = await ok('srmPurAslApply', 'saveOrUpdate', {
    orgId: ids.orgA,
    applyReason: '年度合格供应商',
    lines: [
      { supplierId: ids.supA, categoryId: await category('0203') },
      { supplierId: ids.supA, itemId: ids.bracket },
      { supplierId: ids.supB, categoryId: await category('01') },
    ],
  });
  await ok('srmPurAslApply', 'doSubmit', { aslApplyId: apply.aslApplyId });
  await decideAll(server.runtime, 'srmPurAslApply', apply.aslApplyId as number, 'approve');
}, 120_000);
afterAll(async () => {
  await server?.close();
  await mailbox?.close();
});

/** The approver's decision on the document's pending task, through the approval engine. */
async function decide(
  entityName: string,
  documentId: unknown,
  action: 'doApprove' | 'doReject',
  comment?: string,
) {
  const approver: Partial<Actor> = { userId: approverId, userName: 'pm' };
  const tasks = await server.post<Row[]>(
    '/api/bpm/v1/bpmTaskRestful/findTodoTasks',
    { pageIndex: 1, pageRows: 100, entityName },
    { actor: approver },
  );
  const task = tasks.body.data.find((row) => row.documentId === documentId);
  expect(task, `no task on ${String(documentId)}`).toBeDefined();
  return server.post<Row>(
    `/api/bpm/v1/bpmTaskRestful/${action}`,
    { taskId: task!.taskId, ...(comment ? { comment } : {}) },
    { actor: approver },
  );
}

function requisitionBody(overrides: Row = {}): Row {
  return {
    title: '装配线五金件申请',
    billTypeId: ids.prType,
    orgId: ids.orgA,
    requesterName: '张伟',
    requisitionDate: '2026-11-20',
    lines: [
      { lineNum: 1, itemId: ids.screw, quantity: 100, unitPrice: 0.32, needByDate: '2026-12-10' },
      { lineNum: 2, itemId: ids.bracket, quantity: 40, unitPrice: 6.5, needByDate: '2026-12-15' },
    ],
    ...overrides,
  };
}

async function approvedRequisition(overrides: Row = {}): Promise<Row> {
  const saved = await ok('srmPurRequisitionHeader', 'saveOrUpdate', requisitionBody(overrides));
  await ok('srmPurRequisitionHeader', 'doSubmit', { requisitionHeaderId: saved.requisitionHeaderId });
  expect((await decide('srmPurRequisitionHeader', saved.requisitionHeaderId, 'doApprove')).body.status).toBe(
    'S',
  );
  return ok('srmPurRequisitionHeader', 'findById', { requisitionHeaderId: saved.requisitionHeaderId });
}

function orderBody(overrides: Row = {}): Row {
  return {
    billTypeId: ids.poType,
    orgId: ids.orgA,
    supplierId: ids.supA,
    currencyId: ids.currency,
    orderDate: '2026-11-21',
    buyerName: '张伟',
    lines: [
      {
        lineNum: 1,
        itemId: ids.screw,
        quantity: 1000,
        unitPriceExclTax: 0.3,
        taxRate: 13,
        needByDate: '2026-12-10',
      },
      {
        lineNum: 2,
        itemId: ids.bracket,
        quantity: 30,
        unitPriceExclTax: 6.25,
        taxRate: 13,
        needByDate: '2026-12-20',
      },
    ],
    ...overrides,
  };
}

async function releasedOrder(overrides: Row = {}): Promise<Row> {
  const saved = await ok('srmPoHeader', 'saveOrUpdate', orderBody(overrides));
  const id = { poHeaderId: saved.poHeaderId };
  await ok('srmPoHeader', 'doSubmit', id);
  expect((await decide('srmPoHeader', saved.poHeaderId, 'doApprove')).body.status).toBe('S');
  await ok('srmPoHeader', 'doRelease', id);
  return ok('srmPoHeader', 'findById', id);
}

const remainingOf = async (requisitionLineId: unknown) =>
  (await ok('srmPurRequisitionLine', 'findById', { requisitionLineId })) as Row;

describe('purchase bill types', () => {
  it('are enabled and invalidated; an invalid type cannot be chosen on a new document', async () => {
    const created = await ok('srmPurBillType', 'saveOrUpdate', {
      billTypeCode: 'TEST_PR',
      billTypeName: '测试申请类型',
      docCategory: 'REQUISITION',
    });
    expect(created.status).toBe('NEW');
    const [enabled] = await ok<Row[]>('srmPurBillType', 'doEnable', { billTypeId: created.billTypeId });
    expect(enabled!.status).toBe('ENABLED');
    const [invalid] = await ok<Row[]>('srmPurBillType', 'doInvalid', { billTypeId: created.billTypeId });
    expect(invalid!.status).toBe('INVALID');
    const refused = await call(
      'srmPurRequisitionHeader',
      'saveOrUpdate',
      requisitionBody({ billTypeId: created.billTypeId }),
    );
    expect(refused.body.status).toBe('E');
    expect(refused.httpStatus).toBe(400);
    const orderType = await call(
      'srmPurRequisitionHeader',
      'saveOrUpdate',
      requisitionBody({ billTypeId: ids.poType }),
    );
    expect(orderType.body.status).toBe('E');
  });
});

describe('requisitions', () => {
  it('copy material details onto lines and sum the estimated amount', async () => {
    const saved = await ok('srmPurRequisitionHeader', 'saveOrUpdate', requisitionBody());
    expect(saved.requisitionNumber).toMatch(/^PR\d{8}\d{4}$/);
    expect(saved.totalAmount).toBe(292);
    expect(saved.lines![0]).toMatchObject({
      itemCode: '02030001',
      itemName: '内六角圆柱头螺钉 M6×20',
      remainingQuantity: 100,
      orderedQuantity: 0,
      demandStatus: 'PENDING',
    });
  });

  it('submit starts the approval; the approver rejects (with a comment), resubmit, approve: lines enter the demand pool', async () => {
    const saved = await ok('srmPurRequisitionHeader', 'saveOrUpdate', requisitionBody());
    const id = { requisitionHeaderId: saved.requisitionHeaderId };
    const [submitted] = await ok<Row[]>('srmPurRequisitionHeader', 'doSubmit', id);
    expect(submitted!.status).toBe('SUBMITTED');
    const byHand = await call('srmPurRequisitionHeader', 'doApproval', id);
    expect(byHand.httpStatus).toBe(403);
    const noComment = await decide('srmPurRequisitionHeader', saved.requisitionHeaderId, 'doReject');
    expect(noComment.httpStatus).toBe(400);
    const rejected = await decide(
      'srmPurRequisitionHeader',
      saved.requisitionHeaderId,
      'doReject',
      '数量过大',
    );
    expect(rejected.body.status, rejected.body.msg).toBe('S');
    expect((await ok('srmPurRequisitionHeader', 'findById', id)).status).toBe('REJECTED');
    await ok('srmPurRequisitionHeader', 'doSubmit', id);
    await decide('srmPurRequisitionHeader', saved.requisitionHeaderId, 'doApprove');
    const approved = await ok('srmPurRequisitionHeader', 'findById', id);
    expect(approved.status).toBe('APPROVED');
    expect(approved.lines!.map((line) => line.demandStatus)).toEqual(['POOLED', 'POOLED']);
    const pool = await ok<Row[]>('srmPurRequisitionLine', 'listByPage', {
      demandStatus: 'POOLED',
      pageRows: 500,
    });
    expect(pool.some((line) => line.requisitionNumber === saved.requisitionNumber)).toBe(true);
  });

  it('an empty requisition cannot be submitted; an approved one is locked', async () => {
    const empty = await ok('srmPurRequisitionHeader', 'saveOrUpdate', requisitionBody({ lines: [] }));
    const refused = await call('srmPurRequisitionHeader', 'doSubmit', {
      requisitionHeaderId: empty.requisitionHeaderId,
    });
    expect(refused.httpStatus).toBe(422);
    expect(refused.body.msg).toContain('没有申请行');
    const approved = await approvedRequisition();
    const edit = await call('srmPurRequisitionHeader', 'saveOrUpdate', {
      requisitionHeaderId: approved.requisitionHeaderId,
      versionNum: approved.versionNum,
      title: '改标题',
    });
    expect(edit.httpStatus).toBe(409);
  });

  it('return, cancel and close move the demand pool with them', async () => {
    const returned = await approvedRequisition();
    const [back] = await ok<Row[]>('srmPurRequisitionHeader', 'doReturn', {
      requisitionHeaderId: returned.requisitionHeaderId,
      comment: '请补充规格',
    });
    expect(back!.status).toBe('RETURNED');
    expect(back!.lines!.every((line) => line.demandStatus === 'PENDING')).toBe(true);
    const [cancelled] = await ok<Row[]>('srmPurRequisitionHeader', 'doCancel', {
      requisitionHeaderId: returned.requisitionHeaderId,
    });
    expect(cancelled!.lines!.every((line) => line.demandStatus === 'CANCELLED')).toBe(true);
    const closing = await approvedRequisition();
    const [closed] = await ok<Row[]>('srmPurRequisitionHeader', 'doClose', {
      requisitionHeaderId: closing.requisitionHeaderId,
    });
    expect(closed!.status).toBe('CLOSED');
    expect(closed!.lines!.every((line) => line.demandStatus === 'CLOSED')).toBe(true);
    const order = await call('srmPoHeader', 'createFromRequisition', {
      supplierId: ids.supA,
      billTypeId: ids.poType,
      currencyId: ids.currency,
      lines: [{ requisitionLineId: closed!.lines![0]!.requisitionLineId, quantity: 1 }],
    });
    expect(order.httpStatus).toBe(422);
    expect(order.body.msg).toContain('不在需求池中');
  });

  it('copy makes a new draft; split divides a line while the requisition is editable', async () => {
    const source = await approvedRequisition();
    const copy = await ok('srmPurRequisitionHeader', 'doCopy', {
      requisitionHeaderId: source.requisitionHeaderId,
    });
    expect(copy).toMatchObject({ status: 'DRAFT', sourceRequisitionNumber: source.requisitionNumber });
    expect(copy.requisitionNumber).not.toBe(source.requisitionNumber);
    expect(copy.lines!.map((line) => [line.quantity, line.demandStatus])).toEqual([
      [100, 'PENDING'],
      [40, 'PENDING'],
    ]);
    const split = await ok('srmPurRequisitionHeader', 'doSplit', {
      requisitionLineId: copy.lines![0]!.requisitionLineId,
      quantity: 30,
    });
    expect(split.lines!.map((line) => [line.lineNum, line.itemCode, line.quantity])).toEqual([
      [1, '02030001', 30],
      [2, '02010001', 40],
      [3, '02030001', 70],
    ]);
    const tooMuch = await call('srmPurRequisitionHeader', 'doSplit', {
      requisitionLineId: copy.lines![0]!.requisitionLineId,
      quantity: 30,
    });
    expect(tooMuch.httpStatus).toBe(400);
    const locked = await call('srmPurRequisitionHeader', 'doSplit', {
      requisitionLineId: source.lines![0]!.requisitionLineId,
      quantity: 10,
    });
    expect(locked.httpStatus).toBe(409);
  });

  it('the demand summary sums pooled lines by material and organisation', async () => {
    await approvedRequisition();
    const summary = await ok<Row[]>('srmPurRequisitionHeader', 'listDemandSummary', {});
    const screws = summary.find((row) => row.itemId === ids.screw && row.orgId === ids.orgA)!;
    expect(screws.lineCount).toBeGreaterThan(0);
    expect(screws.remainingQuantity).toBeLessThanOrEqual(screws.quantity as number);
    const otherOrg = await ok<Row[]>(
      'srmPurRequisitionHeader',
      'listDemandSummary',
      {},
      { orgIds: [ids.orgB] },
    );
    expect(otherOrg).toEqual([]);
  });
});

describe('requisition lines become order lines', () => {
  it('partially, tracking what remains; more than remains is refused; cancel gives it back', async () => {
    const requisition = await approvedRequisition();
    const line = requisition.lines![0]!;
    const order = await ok('srmPoHeader', 'createFromRequisition', {
      supplierId: ids.supA,
      billTypeId: ids.poType,
      currencyId: ids.currency,
      lines: [{ requisitionLineId: line.requisitionLineId, quantity: 30, unitPriceExclTax: 0.3 }],
    });
    expect(order).toMatchObject({ status: 'DRAFT', sourceType: 'REQUISITION', orgId: ids.orgA });
    expect(order.lines![0]).toMatchObject({ quantity: 30, itemCode: '02030001', needByDate: '2026-12-10' });
    expect(await remainingOf(line.requisitionLineId)).toMatchObject({
      orderedQuantity: 30,
      remainingQuantity: 70,
      demandStatus: 'POOLED',
    });
    const over = await call('srmPoHeader', 'createFromRequisition', {
      supplierId: ids.supA,
      billTypeId: ids.poType,
      currencyId: ids.currency,
      lines: [{ requisitionLineId: line.requisitionLineId, quantity: 80 }],
    });
    expect(over.httpStatus).toBe(422);
    expect(over.body.msg).toBe(
      `采购申请 ${String(requisition.requisitionNumber)} 第 1 行剩余数量为 70，不能下单 80`,
    );
    // Editing the order line moves the consumption with it.
    const edited = await ok('srmPoHeader', 'saveOrUpdate', {
      poHeaderId: order.poHeaderId,
      versionNum: order.versionNum,
      lines: [{ poLineId: order.lines![0]!.poLineId, quantity: 100 }],
    });
    expect(edited.lines![0]!.quantity).toBe(100);
    expect(await remainingOf(line.requisitionLineId)).toMatchObject({
      remainingQuantity: 0,
      demandStatus: 'ORDERED',
    });
    await ok('srmPoHeader', 'doCancel', { poHeaderId: order.poHeaderId });
    expect(await remainingOf(line.requisitionLineId)).toMatchObject({
      orderedQuantity: 0,
      remainingQuantity: 100,
      demandStatus: 'POOLED',
    });
  });

  it('two concurrent conversions cannot take more than remains', async () => {
    const requisition = await approvedRequisition();
    const line = requisition.lines![0]!;
    const convert = () =>
      call('srmPoHeader', 'createFromRequisition', {
        supplierId: ids.supA,
        billTypeId: ids.poType,
        currencyId: ids.currency,
        lines: [{ requisitionLineId: line.requisitionLineId, quantity: 60 }],
      });
    const answers = await Promise.all([convert(), convert(), convert()]);
    expect(answers.map((answer) => answer.httpStatus).sort()).toEqual([200, 422, 422]);
    expect(await remainingOf(line.requisitionLineId)).toMatchObject({
      orderedQuantity: 60,
      remainingQuantity: 40,
    });
  });
});

describe('purchase orders', () => {
  it('number themselves and compute amounts from lines: quantity × price, tax', async () => {
    const saved = await ok('srmPoHeader', 'saveOrUpdate', orderBody());
    expect(saved.poNumber).toMatch(/^PO\d{8}\d{4}$/);
    expect(
      saved.lines!.map((l) => [l.amountExclTax, l.taxAmount, l.amountInclTax, l.unitPriceInclTax]),
    ).toEqual([
      [300, 39, 339, 0.339],
      [187.5, 24.38, 211.88, 7.0625],
    ]);
    expect(saved).toMatchObject({
      amountExclTax: 487.5,
      taxAmount: 63.38,
      amountInclTax: 550.88,
      supplierEmail: DEMO_SUPPLIERS[0]!.supplier.contactEmail,
      currencyCode: 'CNY',
    });
  });

  it('are refused for a supplier the approved supplier list does not name for the material', async () => {
    const notInLibrary = await call('srmPoHeader', 'saveOrUpdate', orderBody({ supplierId: ids.supB }));
    expect(notInLibrary.httpStatus).toBe(422);
    expect(notInLibrary.body.msg).toContain('宁波瑞丰电子科技有限公司');
    // Qualified in the library for sheet metal, but the approved supplier list names only the
    // bracket: the side panel is refused by the list.
    const panel = (await server.first<Row>('srmBaseItem', { itemCode: '02010002' })).itemId as number;
    const notListed = await call(
      'srmPoHeader',
      'saveOrUpdate',
      orderBody({
        lines: [{ lineNum: 1, itemId: panel, quantity: 1, unitPriceExclTax: 1, needByDate: '2026-12-10' }],
      }),
    );
    expect(notListed.httpStatus).toBe(422);
    expect(notListed.body.msg).toContain('合格供应商清单');
    expect(notListed.body.msg).toContain('02010002');
    const otherOrg = await call('srmPoHeader', 'saveOrUpdate', orderBody({ orgId: ids.orgB }));
    expect(otherOrg.httpStatus).toBe(422);
  });

  it('a supplier sees its own orders only once released, never a draft or another supplier’s', async () => {
    const draft = await ok('srmPoHeader', 'saveOrUpdate', orderBody());
    const released = await releasedOrder();
    const a = supplier(ids.supA);
    const b = supplier(ids.supB);
    expect((await call('srmPoHeader', 'findById', { poHeaderId: draft.poHeaderId }, a)).httpStatus).toBe(404);
    expect((await call('srmPoHeader', 'findById', { poHeaderId: released.poHeaderId }, a)).httpStatus).toBe(
      200,
    );
    expect((await call('srmPoHeader', 'findById', { poHeaderId: released.poHeaderId }, b)).httpStatus).toBe(
      404,
    );
    const listA = await ok<Row[]>('srmPoHeader', 'listByPage', { pageRows: 500 }, a);
    expect(listA.some((row) => row.poHeaderId === released.poHeaderId)).toBe(true);
    expect(listA.every((row) => row.supplierId === ids.supA && row.status !== 'DRAFT')).toBe(true);
    expect(await ok<Row[]>('srmPoHeader', 'listByPage', { poHeaderId: released.poHeaderId }, b)).toEqual([]);
    const linesA = await ok<Row[]>('srmPoLine', 'listByPage', { poHeaderId: draft.poHeaderId }, a);
    expect(linesA).toEqual([]);
  });

  it('the supplier confirms one line and proposes a date on another; the buyer accepts', async () => {
    const order = await releasedOrder();
    const [first, second] = order.lines!;
    const a = supplier(ids.supA);
    const refused = await call(
      'srmPoHeader',
      'doSupplierConfirm',
      { poHeaderId: order.poHeaderId, lines: [{ poLineId: second!.poLineId, proposedDate: '2026-12-28' }] },
      a,
    );
    expect(refused.httpStatus).toBe(422);
    expect(refused.body.msg).toContain('第 2 行提出了变更');
    const byB = await call(
      'srmPoHeader',
      'doSupplierPropose',
      { poHeaderId: order.poHeaderId },
      supplier(ids.supB),
    );
    expect(byB.httpStatus).toBe(404);
    const byBuyer = await call('srmPoHeader', 'doSupplierConfirm', { poHeaderId: order.poHeaderId });
    expect(byBuyer.httpStatus).toBe(403);
    const [proposed] = await ok<Row[]>(
      'srmPoHeader',
      'doSupplierPropose',
      {
        poHeaderId: order.poHeaderId,
        lines: [
          { poLineId: first!.poLineId, promisedDate: '2026-12-09' },
          {
            poLineId: second!.poLineId,
            proposedDate: '2026-12-28',
            proposedQuantity: 25,
            supplierComment: '板材缺货',
          },
        ],
      },
      a,
    );
    expect(proposed!.status).toBe('CHANGE_PROPOSED');
    expect(proposed!.lines!.map((l) => [l.supplierConfirmStatus, l.promisedDate, l.proposedDate])).toEqual([
      ['CONFIRMED', '2026-12-09', null],
      ['PROPOSED', null, '2026-12-28'],
    ]);
    const [accepted] = await ok<Row[]>('srmPoHeader', 'doBuyerConfirm', { poHeaderId: order.poHeaderId });
    expect(accepted!.status).toBe('CONFIRMED');
    expect(accepted!.revisionNum).toBe(1);
    expect(accepted!.lines![1]).toMatchObject({
      supplierConfirmStatus: 'CONFIRMED',
      promisedDate: '2026-12-28',
      quantity: 25,
      amountExclTax: 156.25,
      proposedDate: null,
    });
    expect(accepted!.amountExclTax).toBe(456.25);
    const history = await ok(
      'srmPoHeader',
      'findById',
      { poHeaderId: order.poHeaderId, withHistory: true },
      a,
    );
    expect((history.history as Row[]).map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['doRelease', 'doSupplierPropose', 'doBuyerConfirm']),
    );
  });

  it('the order page’s answer: the supplier saves dates on the lines, then proposes; nothing else is writable', async () => {
    const order = await releasedOrder();
    const [first, second] = order.lines!;
    const a = supplier(ids.supA);
    // What the edit page sends for the supplier: the key, the version and the answer fields.
    const answer = (lines: Row[]) => ({ poHeaderId: order.poHeaderId, versionNum: order.versionNum, lines });
    const saved = await ok(
      'srmPoHeader',
      'saveOrUpdate',
      answer([
        { poLineId: first!.poLineId, promisedDate: '2026-12-08' },
        { poLineId: second!.poLineId, proposedDate: '2026-12-30', supplierComment: '模具检修' },
      ]),
      a,
    );
    expect(saved.lines!.map((l) => [l.promisedDate, l.proposedDate, l.supplierComment])).toEqual([
      ['2026-12-08', null, null],
      [null, '2026-12-30', '模具检修'],
    ]);
    // The supplier cannot touch the buyer's fields, nor another supplier the answer.
    const price = await call(
      'srmPoHeader',
      'saveOrUpdate',
      { ...answer([{ poLineId: first!.poLineId, unitPriceExclTax: 0.01 }]), versionNum: saved.versionNum },
      a,
    );
    expect(price.httpStatus).toBe(403);
    expect(price.body.status).toBe('E');
    const byB = await call(
      'srmPoHeader',
      'saveOrUpdate',
      {
        ...answer([{ poLineId: first!.poLineId, promisedDate: '2026-12-01' }]),
        versionNum: saved.versionNum,
      },
      supplier(ids.supB),
    );
    expect(byB.httpStatus).toBe(404);
    // The buyer does not answer for the supplier.
    const byBuyer = await call('srmPoHeader', 'saveOrUpdate', {
      ...answer([{ poLineId: first!.poLineId, promisedDate: '2026-12-01' }]),
      versionNum: saved.versionNum,
    });
    expect(byBuyer.httpStatus).toBe(403);
    // The saved answer is used by the action without lines in its body.
    const [proposed] = await ok<Row[]>(
      'srmPoHeader',
      'doSupplierPropose',
      { poHeaderId: order.poHeaderId },
      a,
    );
    expect(proposed!.status).toBe('CHANGE_PROPOSED');
    expect(proposed!.lines!.map((l) => l.supplierConfirmStatus)).toEqual(['CONFIRMED', 'PROPOSED']);
    // Once proposed, the answer is locked until the buyer decides.
    const late = await call(
      'srmPoHeader',
      'saveOrUpdate',
      {
        ...answer([{ poLineId: first!.poLineId, promisedDate: '2026-12-02' }]),
        versionNum: proposed!.versionNum,
      },
      a,
    );
    expect(late.httpStatus).toBe(409);
  });

  it('the buyer rejects proposals: the order goes back to the supplier, who confirms as asked', async () => {
    const order = await releasedOrder();
    const a = supplier(ids.supA);
    await ok(
      'srmPoHeader',
      'doSupplierPropose',
      {
        poHeaderId: order.poHeaderId,
        lines: [{ poLineId: order.lines![0]!.poLineId, proposedQuantity: 900 }],
      },
      a,
    );
    const [rejected] = await ok<Row[]>('srmPoHeader', 'doBuyerReject', {
      poHeaderId: order.poHeaderId,
      comment: '数量不能减少',
    });
    expect(rejected!.status).toBe('RELEASED');
    expect(rejected!.lines!.map((l) => [l.supplierConfirmStatus, l.proposedQuantity, l.quantity])).toEqual([
      ['PENDING', null, 1000],
      ['CONFIRMED', null, 30],
    ]);
    const [confirmed] = await ok<Row[]>(
      'srmPoHeader',
      'doSupplierConfirm',
      { poHeaderId: order.poHeaderId },
      a,
    );
    expect(confirmed!.status).toBe('CONFIRMED');
    expect(confirmed!.lines!.map((l) => [l.supplierConfirmStatus, l.promisedDate])).toEqual([
      ['CONFIRMED', '2026-12-10'],
      ['CONFIRMED', '2026-12-20'],
    ]);
    expect(confirmed!.supplierConfirmDate).toEqual(expect.any(Number));
  });

  it('lines close and reopen; the last line closed closes the order, reopening opens it', async () => {
    const order = await releasedOrder();
    await ok('srmPoHeader', 'doSupplierConfirm', { poHeaderId: order.poHeaderId }, supplier(ids.supA));
    const [first, second] = order.lines!;
    const one = await ok('srmPoHeader', 'doCloseLines', {
      poHeaderId: order.poHeaderId,
      poLineIds: [first!.poLineId],
    });
    expect(one.status).toBe('CONFIRMED');
    expect(one.lines!.map((l) => l.closedFlag)).toEqual(['Y', 'N']);
    const all = await ok('srmPoHeader', 'doCloseLines', {
      poHeaderId: order.poHeaderId,
      poLineIds: [second!.poLineId],
    });
    expect(all.status).toBe('CLOSED');
    const stale = await call('srmPoHeader', 'doOpenLines', {
      poHeaderId: order.poHeaderId,
      poLineIds: [first!.poLineId],
      versionNum: one.versionNum,
    });
    expect(stale.httpStatus).toBe(409);
    const reopened = await ok('srmPoHeader', 'doOpenLines', {
      poHeaderId: order.poHeaderId,
      poLineIds: [first!.poLineId],
    });
    expect(reopened.status).toBe('CONFIRMED');
    expect(reopened.lines!.map((l) => l.closedFlag)).toEqual(['N', 'Y']);
    const bySupplier = await call(
      'srmPoHeader',
      'doCloseLines',
      { poHeaderId: order.poHeaderId, poLineIds: [first!.poLineId] },
      supplier(ids.supA),
    );
    expect(bySupplier.body.status).toBe('E');
  });

  it('cancel works before release only; an approved order is locked', async () => {
    const saved = await ok('srmPoHeader', 'saveOrUpdate', orderBody());
    const [approving] = await ok<Row[]>('srmPoHeader', 'doSubmit', { poHeaderId: saved.poHeaderId });
    expect(approving!.status).toBe('APPROVING');
    await decide('srmPoHeader', saved.poHeaderId, 'doApprove', '同意');
    const approved = await ok('srmPoHeader', 'findById', { poHeaderId: saved.poHeaderId });
    expect(approved.status).toBe('APPROVED');
    expect(approved.approvedDate).toEqual(expect.any(Number));
    const edit = await call('srmPoHeader', 'saveOrUpdate', {
      poHeaderId: saved.poHeaderId,
      versionNum: approved.versionNum,
      buyerName: '李四',
    });
    expect(edit.httpStatus).toBe(409);
    const released = await releasedOrder();
    const late = await call('srmPoHeader', 'doCancel', { poHeaderId: released.poHeaderId });
    expect(late.httpStatus).toBe(409);
    const [cancelled] = await ok<Row[]>('srmPoHeader', 'doCancel', { poHeaderId: saved.poHeaderId });
    expect(cancelled!.status).toBe('CANCELLED');
  });
});

describe('printing and mailing', () => {
  it('prints the order to PDF in the CN and EN layouts, with its number; only for who may read it', async () => {
    const order = await releasedOrder();
    const cn = await ok<{ fileName: string; content: string }>('srmPoHeader', 'printPdf', {
      poHeaderId: order.poHeaderId,
      layout: 'CN',
    });
    const cnBytes = Buffer.from(cn.content, 'base64');
    expect(cnBytes.subarray(0, 5).toString()).toBe('%PDF-');
    const cnText = await pdfText(cnBytes);
    expect(cnText).toContain(String(order.poNumber));
    expect(cnText).toContain('采购订单');
    expect(cnText).toContain('内六角圆柱头螺钉');
    expect(cnText).toContain('恒达');
    const en = await ok<{ fileName: string; content: string }>(
      'srmPoHeader',
      'printPdf',
      { poHeaderId: order.poHeaderId, layout: 'EN' },
      supplier(ids.supA),
    );
    expect(en.fileName).toBe(`${String(order.poNumber)}-EN.pdf`);
    const enText = await pdfText(Buffer.from(en.content, 'base64'));
    expect(enText).toContain('PURCHASE ORDER');
    expect(enText).toContain(String(order.poNumber));
    const byB = await call('srmPoHeader', 'printPdf', { poHeaderId: order.poHeaderId }, supplier(ids.supB));
    expect(byB.httpStatus).toBe(404);
    const badLayout = await call('srmPoHeader', 'printPdf', { poHeaderId: order.poHeaderId, layout: 'FR' });
    expect(badLayout.httpStatus).toBe(400);
  });

  it('mails the printed order to the supplier; a draft cannot be sent', async () => {
    const draft = await ok('srmPoHeader', 'saveOrUpdate', orderBody());
    const early = await call('srmPoHeader', 'doSendMail', { poHeaderId: draft.poHeaderId });
    expect(early.httpStatus).toBe(409);
    const order = await releasedOrder();
    const sent = await ok<{ to: string; status: string }>('srmPoHeader', 'doSendMail', {
      poHeaderId: order.poHeaderId,
    });
    const to = String(DEMO_SUPPLIERS[0]!.supplier.contactEmail);
    expect(sent).toEqual({ to, status: 'SENT' });
    const mail = mailbox.mails.find(
      (item) => item.to.includes(to) && item.raw.includes(`${String(order.poNumber)}.pdf`),
    );
    expect(mail).toBeDefined();
    const attachment = /Content-Type: application\/pdf[^]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(mail!.raw);
    expect(attachment).not.toBeNull();
    const bytes = Buffer.from(attachment![1]!.replace(/\s+/g, ''), 'base64');
    expect(await pdfText(bytes)).toContain(String(order.poNumber));
  });
});
