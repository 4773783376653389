// The purchasing tests' server and helpers: a real server on a real database with base data,
// bill types, two demo suppliers on the approved supplier list and one-node approvals decided by
// the purchasing manager; bodies of a requisition and an order; the approver's decision.
import { afterAll, beforeAll, expect } from 'vitest';
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
import { qualifyLines } from '../domain.testing';
import { purchasingServer } from './area.server';
import { decideAll } from '@srm/platform';
import { singleApproverTemplates, serverAreas } from '../areas.server';

export type Row = Record<string, unknown> & { lines?: Row[] };

/** The running server and mailbox of the test file that called `usePurchasingServer`. */
export const fixture = {
  server: undefined as unknown as TestServer,
  mailbox: undefined as unknown as Mailbox,
};
let approverId = 0;
export const ids = {
  orgA: 0,
  orgB: 0,
  supA: 0,
  supB: 0,
  currency: 0,
  prType: 0,
  poType: 0,
  screw: 0,
  bracket: 0,
};

export const supplier = (supplierId: number): Partial<Actor> => ({
  userId: 9000 + supplierId,
  userName: `sup${supplierId}`,
  side: 'supplier',
  supplierId,
});

export async function call<T = Row>(entity: string, action: string, body: unknown, actor?: Partial<Actor>) {
  return fixture.server.post<T>(api(entity, action), body, actor ? { actor } : {});
}

export async function ok<T = Row>(
  entity: string,
  action: string,
  body: unknown,
  actor?: Partial<Actor>,
): Promise<T> {
  const answer = await call<T>(entity, action, body, actor);
  expect(answer.body.status, answer.body.msg).toBe('S');
  return answer.body.data;
}

export async function pdfText(bytes: Buffer): Promise<string> {
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

/** Starts the purchasing server before the file's tests and stops it after them. */
export function usePurchasingServer(): void {
  beforeAll(async () => {
    fixture.mailbox = await startMailbox();
    fixture.server = await startTestServer({
      areas: serverAreas,
      smtpUrl: fixture.mailbox.url,
      seeds: [
        ...seedsNamed(
          baseDataSeeds,
          'lookups',
          'currencies',
          'units',
          'organisations',
          'categories',
          'items',
        ),
        ...seedsNamed(purchasingServer.seeds, 'bill-types'),
      ],
    });
    const id = async (entity: string, filters: Record<string, unknown>, key: string) =>
      (await fixture.server.first<Row>(entity, filters))[key] as number;
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
      await qualifyLines(fixture.server, [line.categoryOrgId as number]);
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
    await decideAll(fixture.server.runtime, 'srmPurAslApply', apply.aslApplyId as number, 'approve');
  }, 120_000);
  afterAll(async () => {
    await fixture.server?.close();
    await fixture.mailbox?.close();
  });
}

/** The approver's decision on the document's pending task, through the approval engine. */
export async function decide(
  entityName: string,
  documentId: unknown,
  action: 'doApprove' | 'doReject',
  comment?: string,
) {
  const approver: Partial<Actor> = { userId: approverId, userName: 'pm' };
  const tasks = await fixture.server.post<Row[]>(
    '/api/bpm/v1/bpmTaskRestful/findTodoTasks',
    { pageIndex: 1, pageRows: 100, entityName },
    { actor: approver },
  );
  const task = tasks.body.data.find((row) => row.documentId === documentId);
  expect(task, `no task on ${String(documentId)}`).toBeDefined();
  return fixture.server.post<Row>(
    `/api/bpm/v1/bpmTaskRestful/${action}`,
    { taskId: task!.taskId, ...(comment ? { comment } : {}) },
    { actor: approver },
  );
}

export function requisitionBody(overrides: Row = {}): Row {
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

export async function approvedRequisition(overrides: Row = {}): Promise<Row> {
  const saved = await ok('srmPurRequisitionHeader', 'saveOrUpdate', requisitionBody(overrides));
  await ok('srmPurRequisitionHeader', 'doSubmit', { requisitionHeaderId: saved.requisitionHeaderId });
  expect((await decide('srmPurRequisitionHeader', saved.requisitionHeaderId, 'doApprove')).body.status).toBe(
    'S',
  );
  return ok('srmPurRequisitionHeader', 'findById', { requisitionHeaderId: saved.requisitionHeaderId });
}

export function orderBody(overrides: Row = {}): Row {
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

export async function releasedOrder(overrides: Row = {}): Promise<Row> {
  const saved = await ok('srmPoHeader', 'saveOrUpdate', orderBody(overrides));
  const id = { poHeaderId: saved.poHeaderId };
  await ok('srmPoHeader', 'doSubmit', id);
  expect((await decide('srmPoHeader', saved.poHeaderId, 'doApprove')).body.status).toBe('S');
  await ok('srmPoHeader', 'doRelease', id);
  return ok('srmPoHeader', 'findById', id);
}

export const remainingOf = async (requisitionLineId: unknown) =>
  (await ok('srmPurRequisitionLine', 'findById', { requisitionLineId })) as Row;
