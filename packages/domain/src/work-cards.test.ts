// The homes' work cards over real HTTP on the demo company, signed in as its users: each user gets
// the cards of its grants only, each counting what the card's list shows that user, and a
// document moving to a state moves the counts of those who act on it. A supplier's counts never
// take in another supplier's documents; a card of an entity the user may not read is left out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WorkCount, formatDate, workCards } from '@srm/kernel';
import { WORK_COUNTS_PATH } from '@srm/platform';
import { ApiClient } from '@srm/platform/api-client';
import { api, startTestServer, type TestServer } from '@srm/platform/testing';
import { areas } from './areas';
import { domainSeeds, serverAreas } from './areas.server';
import { DEMO_PASSWORD, DEMO_SUPPLIERS } from './demo';

type Row = Record<string, unknown>;

const BUYER_CARDS = [
  'demandPool',
  'ordersToSubmit',
  'ordersToRelease',
  'ordersAwaitingSupplier',
  'orderChangesProposed',
  'deliveriesToReceive',
  'receiptsToPost',
  'statementsToSend',
  'statementDisputes',
  'invoiceExceptions',
];
const SUPPLIER_CARDS = [
  'ordersToConfirm',
  'noticesToConfirm',
  'deliveriesToSubmit',
  'statementsToConfirm',
  'invoicesToCorrect',
  'deductionsToAcknowledge',
  'balancesToConfirm',
];

let server: TestServer;
const as: Record<'admin' | 'buyer' | 'approver' | 'finance' | 'supA' | 'supB', ApiClient> = {} as never;
const ids: Record<string, number> = {};
let today = '';

async function signIn(userName: string): Promise<ApiClient> {
  const client = new ApiClient(server.url);
  const answer = await client.login(userName, DEMO_PASSWORD);
  expect(answer.body.status, `${userName}: ${answer.body.msg}`).toBe('S');
  return client;
}

async function ok<T = Row>(client: ApiClient, entity: string, action: string, body: unknown): Promise<T> {
  const answer = await client.call<T>(api(entity, action), body);
  expect(answer.body.status, `${entity}/${action}: ${answer.body.msg}`).toBe('S');
  return answer.body.data;
}

async function cardsOf(client: ApiClient): Promise<WorkCount[]> {
  const answer = await client.call<WorkCount[]>(WORK_COUNTS_PATH, {});
  expect(answer.body.status, answer.body.msg).toBe('S');
  return answer.body.data;
}

/** The caller's counts by card. */
async function counts(client: ApiClient): Promise<Record<string, number>> {
  return Object.fromEntries((await cardsOf(client)).map((card) => [card.key, card.count]));
}

/** What the card's list counts for the caller with the card's filters. */
async function listed(client: ApiClient, card: WorkCount): Promise<number> {
  const { apiPath } = server.runtime.registry.get(card.entity);
  const answer = await client.call<Row[]>(`${apiPath}/listByPage`, {
    ...card.filters,
    pageIndex: 1,
    pageRows: 1,
  });
  expect(answer.body.status, answer.body.msg).toBe('S');
  return answer.body.page!.count;
}

/** The approver decides the document's pending task. */
async function approve(entityName: string, documentId: unknown): Promise<void> {
  const tasks = await as.approver.call<Row[]>('/api/bpm/v1/bpmTaskRestful/findTodoTasks', {
    pageIndex: 1,
    pageRows: 500,
    entityName,
  });
  const task = tasks.body.data.find((row) => row.documentId === documentId);
  expect(task, `no pending ${entityName} task on ${String(documentId)}`).toBeDefined();
  const decided = await as.approver.call('/api/bpm/v1/bpmTaskRestful/doApprove', { taskId: task!.taskId });
  expect(decided.body.status, decided.body.msg).toBe('S');
}

/** A draft order of the buyer to the supplier. */
function draftOrder(supplier: 'supA' | 'supB'): Promise<Row> {
  return ok(as.buyer, 'srmPoHeader', 'saveOrUpdate', {
    billTypeId: ids.poType,
    orgId: ids.ou100,
    supplierId: ids[supplier],
    currencyId: ids.cny,
    orderDate: today,
    lines: [
      {
        lineNum: 1,
        itemId: supplier === 'supA' ? ids.fastener : ids.chip,
        quantity: 100,
        unitPriceExclTax: 0.5,
        taxRate: 13,
        needByDate: today,
      },
    ],
  });
}

/** An order of the buyer to the supplier, approved and released; with its lines. */
async function releasedOrder(supplier: 'supA' | 'supB'): Promise<Row> {
  const { poHeaderId } = await draftOrder(supplier);
  await ok(as.buyer, 'srmPoHeader', 'doSubmit', { poHeaderId });
  await approve('srmPoHeader', poHeaderId);
  await ok(as.buyer, 'srmPoHeader', 'doRelease', { poHeaderId });
  return ok(as.buyer, 'srmPoHeader', 'findById', { poHeaderId });
}

/** A user of a new responsibility made of these roles. */
async function userWithRoles(name: string, roleIds: number[]): Promise<ApiClient> {
  const responsibility = await ok(as.admin, 'baseResponsibility', 'saveOrUpdate', {
    responsibilityCode: name.toUpperCase(),
    responsibilityName: name,
    side: 'INTERNAL',
    roles: roleIds.map((roleId) => ({ roleId })),
  });
  const user = await ok(as.admin, 'baseUser', 'saveOrUpdate', {
    userName: name,
    userFullName: name,
    userType: 'INTERNAL',
    allOrgsFlag: 'Y',
    allCategoriesFlag: 'Y',
    responsibilities: [{ responsibilityId: responsibility.responsibilityId, defaultFlag: 'Y' }],
  });
  await server.identity.setPassword(user.userId as number, DEMO_PASSWORD);
  return signIn(name);
}

async function idOf(entity: string, filters: Row, key: string): Promise<number> {
  const [row] = await ok<Row[]>(as.admin, entity, 'listByPage', { ...filters, pageRows: 1 });
  expect(row, `${entity} ${JSON.stringify(filters)}`).toBeDefined();
  return row![key] as number;
}

beforeAll(async () => {
  server = await startTestServer({ areas: serverAreas, policy: 'signIn', seeds: domainSeeds });
  today = formatDate(server.clock.nowMs(), server.runtime.timeZone);
  for (const [name, userName] of [
    ['admin', 'admin'],
    ['buyer', 'buyer'],
    ['approver', 'approver'],
    ['finance', 'finance'],
    ['supA', 'sup_a'],
    ['supB', 'sup_b'],
  ] as const)
    as[name] = await signIn(userName);
  const [a, b] = DEMO_SUPPLIERS;
  ids.supA = await idOf('srmSupplierInfo', { creditCode: a!.supplier.creditCode }, 'supplierId');
  ids.supB = await idOf('srmSupplierInfo', { creditCode: b!.supplier.creditCode }, 'supplierId');
  ids.ou100 = await idOf('srmBaseOrg', { orgCode: 'OU100' }, 'orgId');
  ids.cny = await idOf('srmBaseCurrency', { currencyCode: 'CNY' }, 'currencyId');
  ids.poType = await idOf('srmPurBillType', { billTypeCode: 'STD_PO' }, 'billTypeId');
  ids.prType = await idOf('srmPurBillType', { billTypeCode: 'STD_PR' }, 'billTypeId');
  // What the demo suppliers are on the approved supplier list for: 恒达 a fastener, 瑞丰 electronics.
  ids.fastener = await idOf('srmBaseItem', { itemCode: '02030002' }, 'itemId');
  ids.chip = await idOf('srmBaseItem', { itemCode: '01010001' }, 'itemId');
  ids.store = await idOf('srmBaseStorageLocation', { locationCode: 'RM01' }, 'storageLocationId');
}, 600_000);
afterAll(async () => server?.close());

describe('the work cards of a home', () => {
  it('each user gets the cards of its grants, each counting what its list shows that user', async () => {
    const expected = {
      buyer: BUYER_CARDS,
      // The approver's work is its pending approvals (我的待办), not cards.
      approver: [],
      finance: [
        'statementsToSend',
        'statementDisputes',
        'invoiceExceptions',
        'paymentsToPay',
        'balanceDisputes',
      ],
      supA: SUPPLIER_CARDS,
      supB: SUPPLIER_CARDS,
    } as const;
    for (const [name, keys] of Object.entries(expected)) {
      const client = as[name as keyof typeof expected];
      const cards = await cardsOf(client);
      expect(
        cards.map((card) => card.key),
        name,
      ).toEqual(keys);
      for (const card of cards) expect(card.count, `${name} ${card.key}`).toBe(await listed(client, card));
    }
    // The administrator holds every internal grant: every internal card, no supplier's.
    expect((await cardsOf(as.admin)).map((card) => card.key)).toEqual(
      workCards(areas, 'internal').map((card) => card.key),
    );
    // The demo company has documents waiting at most steps: the counts are not all zero.
    expect(Object.values(await counts(as.buyer)).some((count) => count > 0)).toBe(true);
  });

  it('finance counts the statements to send, and its card opens exactly those', async () => {
    const [card] = await cardsOf(as.finance);
    expect(card).toMatchObject({ entity: 'srmStlAccountHeader', list: 'accountStmt' });
    expect(card!.filters).toEqual({ status: 'DRAFT' });
  });

  it('an order moves the counts of the buyer and of its own supplier, never those of another supplier', async () => {
    const before = {
      buyer: await counts(as.buyer),
      supA: await counts(as.supA),
      supB: await counts(as.supB),
    };
    const { poHeaderId } = await draftOrder('supA');
    expect((await counts(as.buyer)).ordersToSubmit).toBe(before.buyer.ordersToSubmit! + 1);
    // A draft does not exist for its supplier.
    expect(await counts(as.supA)).toEqual(before.supA);

    await ok(as.buyer, 'srmPoHeader', 'doSubmit', { poHeaderId });
    await approve('srmPoHeader', poHeaderId);
    let buyer = await counts(as.buyer);
    expect(buyer.ordersToSubmit).toBe(before.buyer.ordersToSubmit);
    expect(buyer.ordersToRelease).toBe(before.buyer.ordersToRelease! + 1);

    await ok(as.buyer, 'srmPoHeader', 'doRelease', { poHeaderId });
    buyer = await counts(as.buyer);
    expect(buyer.ordersToRelease).toBe(before.buyer.ordersToRelease);
    expect(buyer.ordersAwaitingSupplier).toBe(before.buyer.ordersAwaitingSupplier! + 1);
    expect((await counts(as.supA)).ordersToConfirm).toBe(before.supA.ordersToConfirm! + 1);
    expect(await counts(as.supB)).toEqual(before.supB);

    const order = await ok(as.supA, 'srmPoHeader', 'findById', { poHeaderId });
    const [line] = order.lines as Row[];
    await ok(as.supA, 'srmPoHeader', 'doSupplierPropose', {
      poHeaderId,
      lines: [{ poLineId: line!.poLineId, proposedQuantity: 80, supplierComment: '库存不足' }],
    });
    buyer = await counts(as.buyer);
    expect(buyer.ordersAwaitingSupplier).toBe(before.buyer.ordersAwaitingSupplier);
    expect(buyer.orderChangesProposed).toBe(before.buyer.orderChangesProposed! + 1);
    expect((await counts(as.supA)).ordersToConfirm).toBe(before.supA.ordersToConfirm);

    // Supplier B's order: B's count moves, A's does not.
    await releasedOrder('supB');
    expect((await counts(as.supB)).ordersToConfirm).toBe(before.supB.ordersToConfirm! + 1);
    expect((await counts(as.supA)).ordersToConfirm).toBe(before.supA.ordersToConfirm);
  });

  it('a delivery note: the supplier’s draft, the buyer’s arrival and receipt to post, finance’s posted receipt', async () => {
    const order = await releasedOrder('supA');
    const before = {
      buyer: await counts(as.buyer),
      finance: await counts(as.finance),
      supA: await counts(as.supA),
      supB: await counts(as.supB),
    };
    const [line] = order.lines as Row[];
    const note = await ok(as.supA, 'srmPurAsnHeader', 'createFromOrderLines', {
      shipDate: today,
      lines: [{ poLineId: line!.poLineId, shipQuantity: 100 }],
    });
    expect((await counts(as.supA)).deliveriesToSubmit).toBe(before.supA.deliveriesToSubmit! + 1);
    expect(await counts(as.supB)).toEqual(before.supB);
    // The buyer does not see a draft note.
    expect((await counts(as.buyer)).deliveriesToReceive).toBe(before.buyer.deliveriesToReceive);

    await ok(as.supA, 'srmPurAsnHeader', 'doSubmit', { asnHeaderId: note.asnHeaderId });
    expect((await counts(as.supA)).deliveriesToSubmit).toBe(before.supA.deliveriesToSubmit);
    expect((await counts(as.buyer)).deliveriesToReceive).toBe(before.buyer.deliveriesToReceive! + 1);

    const receipt = await ok(as.buyer, 'srmPurReceiveHeader', 'saveOrUpdate', {
      asnHeaderId: note.asnHeaderId,
      receiveDate: today,
      storageLocationId: ids.store,
    });
    expect((await counts(as.buyer)).receiptsToPost).toBe(before.buyer.receiptsToPost! + 1);

    await ok(as.buyer, 'srmPurReceiveHeader', 'doPost', { receiveHeaderId: receipt.receiveHeaderId });
    const buyer = await counts(as.buyer);
    expect(buyer.receiptsToPost).toBe(before.buyer.receiptsToPost);
    expect(buyer.deliveriesToReceive).toBe(before.buyer.deliveriesToReceive);
    // Finance settles it: a statement to send on its home and the buyer's, none yet for the supplier.
    const [made] = await ok<Row[]>(as.finance, 'srmStlAccountHeader', 'generate', {
      supplierId: ids.supA,
      orgId: ids.ou100,
      currencyId: ids.cny,
      periodStartDate: today,
      periodEndDate: today,
    });
    expect((await counts(as.finance)).statementsToSend).toBe(before.finance.statementsToSend! + 1);
    expect((await counts(as.buyer)).statementsToSend).toBe(before.buyer.statementsToSend! + 1);
    expect((await counts(as.supA)).statementsToConfirm).toBe(before.supA.statementsToConfirm);
    await ok(as.finance, 'srmStlAccountHeader', 'doSend', { accountHeaderId: made!.accountHeaderId });
    expect((await counts(as.finance)).statementsToSend).toBe(before.finance.statementsToSend);
    expect((await counts(as.supA)).statementsToConfirm).toBe(before.supA.statementsToConfirm! + 1);
    expect(await counts(as.supB)).toEqual(before.supB);
  });

  it('an approved requisition’s lines enter the buyer’s demand pool card', async () => {
    const before = (await counts(as.buyer)).demandPool!;
    const saved = await ok(as.buyer, 'srmPurRequisitionHeader', 'saveOrUpdate', {
      title: '工作台计数测试申请',
      billTypeId: ids.prType,
      orgId: ids.ou100,
      requesterName: '张伟',
      requisitionDate: today,
      lines: [
        { lineNum: 1, itemId: ids.fastener, quantity: 10, needByDate: today },
        { lineNum: 2, itemId: ids.chip, quantity: 20, needByDate: today },
      ],
    });
    await ok(as.buyer, 'srmPurRequisitionHeader', 'doSubmit', {
      requisitionHeaderId: saved.requisitionHeaderId,
    });
    expect((await counts(as.buyer)).demandPool).toBe(before);
    await approve('srmPurRequisitionHeader', saved.requisitionHeaderId);
    expect((await counts(as.buyer)).demandPool).toBe(before + 2);
  });

  it('a responsibility of several roles sees the union of their cards', async () => {
    const role = (roleCode: string) => idOf('baseRole', { roleCode }, 'roleId');
    const buyerAndFinance = await userWithRoles('buyer_finance', [
      await role('BUYER'),
      await role('FINANCE'),
    ]);
    expect((await cardsOf(buyerAndFinance)).map((card) => card.key)).toEqual([
      ...BUYER_CARDS,
      'paymentsToPay',
      'balanceDisputes',
    ]);
  });

  it('a buyer who may not read receipts gets no card of them, whatever else it holds', async () => {
    // Orders only, and the payment terms: receipts stay unreadable.
    const resourcesOf = async (menuCode: string) => {
      const menus = await ok<Row[]>(as.admin, 'baseMenu', 'listByPage', { menuCode, pageRows: 50 });
      const menuId = menus.find((row) => row.menuCode === menuCode)!.menuId as number;
      const menu = await ok(as.admin, 'baseMenu', 'findById', { menuId });
      return { menuId, resources: (menu.resources as Row[]).map((row) => row.resourceId as number) };
    };
    const orders = await resourcesOf('PUR_ORDER');
    const terms = await resourcesOf('BASE_PAYMENT_TERM');
    const role = await ok(as.admin, 'baseRole', 'saveOrUpdate', {
      roleCode: 'ORDER_DESK',
      roleName: '订单专员',
      menus: [{ menuId: orders.menuId }, { menuId: terms.menuId }],
      resources: [...orders.resources, ...terms.resources].map((resourceId) => ({ resourceId })),
    });
    const orderDesk = await userWithRoles('order_desk', [role.roleId as number]);
    expect((await orderDesk.call(api('srmPurReceiveHeader', 'listByPage'), {})).httpStatus).toBe(403);
    const keys = (await cardsOf(orderDesk)).map((card) => card.key);
    expect(keys).toEqual(expect.arrayContaining(['ordersToSubmit', 'ordersToRelease']));
    for (const key of ['receiptsToPost', 'deliveriesToReceive']) expect(keys, key).not.toContain(key);
  });

  it('answers only a signed-in caller', async () => {
    const anonymous = new ApiClient(server.url);
    expect((await anonymous.call(WORK_COUNTS_PATH, {})).httpStatus).toBe(401);
  });
});
