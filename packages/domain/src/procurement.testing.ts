// Test fixture of the procure-to-receipt flow over real HTTP on a real database: base data with
// storage locations and the purchase bill types, a buyer (user 1, the test caller) and a
// purchasing manager who decides every approval, both demo suppliers qualified for sheet metal and
// fasteners in OU100 and on the approved supplier list for a screw and a bracket; and the calls
// the delivery and receiving tests share (call, ok, approve, releasedOrder).
import { afterAll, beforeAll, expect } from 'vitest';
import type { Actor, EsignProvider } from '@srm/platform';
import {
  type Mailbox,
  api,
  seedsNamed,
  startMailbox,
  startTestServer,
  type TestServer,
} from '@srm/platform/testing';
import { singleApproverTemplates, serverAreas } from './areas.server';
import { baseDataSeeds } from './base-data/server';
import { decideAll } from '@srm/platform';
import { purchasingServer } from './purchasing/area.server';
import { DEMO_SUPPLIERS } from './supplier/server';
import { qualifyLines } from './domain.testing';

type Row = Record<string, unknown> & { lines?: Row[] };

/** A user of the supplier's company (the test server takes the actor as given). */
export const supplierActor = (supplierId: number): Partial<Actor> => ({
  userId: 9000 + supplierId,
  userName: `sup${supplierId}`,
  side: 'supplier',
  supplierId,
});

/**
 * The fixture; `start()` (in beforeAll) fills `ids` and the server, the helpers may be
 * destructured before it.
 */
export interface ProcurementOptions {
  readonly mail?: boolean;
  /** An external e-sign provider, made when the server starts (the stand-in peer's client). */
  readonly esign?: () => Promise<EsignProvider>;
}

export function procurementFixture(options: ProcurementOptions = {}) {
  let server: TestServer | undefined;
  let mailbox: Mailbox | undefined;
  let approverId = 0;
  const ids = { orgA: 0, supA: 0, supB: 0, currency: 0, poType: 0, screw: 0, bracket: 0, store: 0 };
  const running = () => {
    if (!server) throw new Error('procurementFixture: start() first');
    return server;
  };

  async function call<T = Row>(
    entity: string,
    action: string,
    body: unknown,
    actor?: Partial<Actor>,
    language?: 'CN' | 'EN',
  ) {
    return running().post<T>(api(entity, action), body, {
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

  /** The purchasing manager approves the order's pending task. */
  async function approve(documentId: unknown) {
    const approver: Partial<Actor> = { userId: approverId, userName: 'pm' };
    const tasks = await running().post<Row[]>(
      '/api/bpm/v1/bpmTaskRestful/findTodoTasks',
      { pageIndex: 1, pageRows: 100, entityName: 'srmPoHeader' },
      { actor: approver },
    );
    const task = tasks.body.data.find((row) => row.documentId === documentId);
    expect(task).toBeDefined();
    const answer = await running().post<Row>(
      '/api/bpm/v1/bpmTaskRestful/doApprove',
      { taskId: task!.taskId },
      { actor: approver },
    );
    expect(answer.body.status, answer.body.msg).toBe('S');
  }

  /** A released order of 100 screws and 30 brackets to the supplier (supplier A by default). */
  async function releasedOrder(supplierId = ids.supA, buyer?: Partial<Actor>): Promise<Row> {
    const saved = await ok(
      'srmPoHeader',
      'saveOrUpdate',
      {
        billTypeId: ids.poType,
        orgId: ids.orgA,
        supplierId,
        currencyId: ids.currency,
        orderDate: '2026-11-21',
        lines: [
          { lineNum: 1, itemId: ids.screw, quantity: 100, unitPriceExclTax: 0.3, needByDate: '2026-12-10' },
          { lineNum: 2, itemId: ids.bracket, quantity: 30, unitPriceExclTax: 6.25, needByDate: '2026-12-20' },
        ],
      },
      buyer,
    );
    const key = { poHeaderId: saved.poHeaderId };
    await ok('srmPoHeader', 'doSubmit', key, buyer);
    await approve(saved.poHeaderId);
    await ok('srmPoHeader', 'doRelease', key, buyer);
    return ok('srmPoHeader', 'findById', key, buyer);
  }

  async function start(): Promise<TestServer> {
    if (options.mail) mailbox = await startMailbox();
    const started = await startTestServer({
      areas: serverAreas,
      ...(mailbox ? { smtpUrl: mailbox.url } : {}),
      ...(options.esign ? { esign: await options.esign() } : {}),
      seeds: [
        ...seedsNamed(
          baseDataSeeds,
          'lookups',
          'currencies',
          'units',
          'organisations',
          'categories',
          'items',
          'storage-locations',
        ),
        ...seedsNamed(purchasingServer.seeds, 'bill-types'),
      ],
    });
    server = started;
    const id = async (entity: string, filters: Record<string, unknown>, key: string) =>
      (await started.first<Row>(entity, filters))[key] as number;
    ids.orgA = await id('srmBaseOrg', { orgCode: 'OU100' }, 'orgId');
    ids.currency = await id('srmBaseCurrency', { currencyCode: 'CNY' }, 'currencyId');
    ids.poType = await id('srmPurBillType', { billTypeCode: 'STD_PO' }, 'billTypeId');
    ids.screw = await id('srmBaseItem', { itemCode: '02030001' }, 'itemId');
    ids.bracket = await id('srmBaseItem', { itemCode: '02010001' }, 'itemId');
    ids.store = await id('srmBaseStorageLocation', { locationCode: 'RM01' }, 'storageLocationId');
    // The test caller is user 1, the buyer; the manager decides (no one approves their own).
    await ok('baseUser', 'saveOrUpdate', { userName: 'buyer1', userFullName: '张伟', userType: 'INTERNAL' });
    approverId = (
      await ok('baseUser', 'saveOrUpdate', { userName: 'pm', userFullName: '李娜', userType: 'INTERNAL' })
    ).userId as number;
    for (const template of singleApproverTemplates(approverId)) {
      await ok('srmBaseProcessTemplate', 'saveOrUpdate', template);
    }
    const category = (categoryCode: string) => id('srmBaseCategory', { categoryCode }, 'categoryId');
    const [a, b] = DEMO_SUPPLIERS;
    ids.supA = (await ok('srmSupplierInfo', 'saveOrUpdate', a!.supplier)).supplierId as number;
    ids.supB = (await ok('srmSupplierInfo', 'saveOrUpdate', b!.supplier)).supplierId as number;
    for (const supplierId of [ids.supA, ids.supB]) {
      for (const categoryCode of ['0201', '0203']) {
        const line = await ok('srmSupplierCategoryOrg', 'saveOrUpdate', {
          supplierId,
          categoryId: await category(categoryCode),
          orgId: ids.orgA,
        });
        await qualifyLines(running(), [line.categoryOrgId as number]);
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
    await ok('srmPurAslApply', 'doSubmit', { aslApplyId: apply.aslApplyId });
    await decideAll(started.runtime, 'srmPurAslApply', apply.aslApplyId as number, 'approve');
    return started;
  }

  /** The in-process SMTP server the application mails to (`{ mail: true }`). */
  const mail = () => {
    if (!mailbox) throw new Error('procurementFixture: started without { mail: true }');
    return mailbox;
  };

  return { ids, start, call, ok, approve, releasedOrder, mail, closeMail: () => mailbox?.close() };
}

/**
 * The fixture, started before the file's tests and closed after them, with users of both demo
 * suppliers (`suppliers.a`, `suppliers.b`: filled in place once it has started).
 */
export function useProcurement(options: ProcurementOptions = {}) {
  const fixture = procurementFixture(options);
  const suppliers = { a: {} as Partial<Actor>, b: {} as Partial<Actor> };
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await fixture.start();
    Object.assign(suppliers.a, supplierActor(fixture.ids.supA));
    Object.assign(suppliers.b, supplierActor(fixture.ids.supB));
  }, 120_000);
  afterAll(async () => {
    await started?.close();
    await fixture.closeMail();
  });
  const server = () => {
    if (!started) throw new Error('useProcurement: the server starts in beforeAll');
    return started;
  };
  /** A user of each demo supplier, named `sup_a_{tag}` and `sup_b_{tag}`: messages reach users. */
  const supplierUsers = async (tag: string) => {
    for (const [userName, supplierId] of [
      [`sup_a_${tag}`, fixture.ids.supA],
      [`sup_b_${tag}`, fixture.ids.supB],
    ] as const)
      await fixture.ok('baseUser', 'saveOrUpdate', {
        userName,
        userFullName: userName,
        userType: 'EXTERNAL',
        supplierId,
      });
  };
  return { ...fixture, suppliers, server, supplierUsers };
}
