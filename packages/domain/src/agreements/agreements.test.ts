// Agreements, forecasts and delivery plans over real HTTP with real sign-in: the demo buyer
// writes and submits, the purchasing manager approves, the demo suppliers answer. Each action's
// states, the five-percent price-change check (§7.2), the quota split (sums exactly), and
// supplier isolation (supplier B never sees supplier A's forecast, plan or agreement).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_SUPPLIERS } from '../supplier/server';
import { domainSeeds } from '../areas.server';
import { ApiClient } from '@srm/server/api-client';
import { api, startTestServer, type TestServer } from '@srm/server/testing';

type Row = Record<string, unknown>;
let server: TestServer;
let buyer: ApiClient;
let manager: ApiClient;
let finance: ApiClient;
let supA: ApiClient;
let supB: ApiClient;
const ids: Record<string, number> = {};

async function signIn(user: string): Promise<ApiClient> {
  const client = new ApiClient(server.url);
  const answer = await client.login(user, DEMO_PASSWORD);
  expect(answer.body.status, answer.body.msg).toBe('S');
  return client;
}

/** The approver's decision on the document's pending task, from the pending list (待办). */
async function decide(
  client: ApiClient,
  entityName: string,
  documentId: unknown,
  action: 'doApprove' | 'doReject' = 'doApprove',
  comment?: string,
) {
  const tasks = await client.call<Row[]>('/api/bpm/v1/bpmTaskRestful/findTodoTasks', {
    pageIndex: 1,
    pageRows: 500,
    entityName,
  });
  const task = tasks.body.data.find((row) => row.documentId === documentId);
  if (!task) return null;
  return client.call<Row>(`/api/bpm/v1/bpmTaskRestful/${action}`, {
    taskId: task.taskId,
    ...(comment ? { comment } : {}),
  });
}

/** Approves through the process: the purchasing manager, then finance when its node applies. */
async function approveByTasks(entityName: string, documentId: unknown): Promise<void> {
  const byManager = await decide(manager, entityName, documentId);
  expect(byManager?.body.status, byManager?.body.msg ?? 'no task for the manager').toBe('S');
  const byFinance = await decide(finance, entityName, documentId);
  if (byFinance) expect(byFinance.body.status, byFinance.body.msg).toBe('S');
}

async function ok<T = Row>(client: ApiClient, entity: string, action: string, body: unknown): Promise<T> {
  const answer = await client.call<T>(api(entity, action), body);
  expect(answer.body.status, `${entity}/${action}: ${answer.body.msg}`).toBe('S');
  return answer.body.data;
}

let admin: ApiClient;
const first = async (entity: string, filters: Row, key: string) =>
  (await ok<Row[]>(admin, entity, 'listByPage', { ...filters, pageRows: 1 }))[0]![key] as number;

/** An approved ASL entry for the supplier and material at OU100 (agreements are checked against it). */
async function list(supplierId: number, itemId: number) {
  const listed = await ok<{ allowed: boolean }>(buyer, 'srmPurAsl', 'checkAllowed', {
    supplierId,
    itemId,
    orgId: ids.ou100,
  });
  if (listed.allowed) return; // the demo data may have listed it already
  const doc = await ok(buyer, 'srmPurAslApply', 'saveOrUpdate', {
    orgId: ids.ou100,
    applyReason: '协议前置货源',
    lines: [{ supplierId, itemId }],
  });
  await ok(buyer, 'srmPurAslApply', 'doSubmit', { aslApplyId: doc.aslApplyId });
  await approveByTasks('srmPurAslApply', doc.aslApplyId);
}

beforeAll(async () => {
  server = await startTestServer({ policy: 'signIn', seeds: domainSeeds });
  admin = await signIn('admin');
  ids.supA = await first(
    'srmSupplierInfo',
    { creditCode: DEMO_SUPPLIERS[0]!.supplier.creditCode },
    'supplierId',
  );
  ids.supB = await first(
    'srmSupplierInfo',
    { creditCode: DEMO_SUPPLIERS[1]!.supplier.creditCode },
    'supplierId',
  );
  ids.ou100 = await first('srmBaseOrg', { orgCode: 'OU100' }, 'orgId');
  ids.p110 = await first('srmBaseOrg', { orgCode: 'P110' }, 'orgId');
  ids.p120 = await first('srmBaseOrg', { orgCode: 'P120' }, 'orgId');
  ids.cny = await first('srmBaseCurrency', { currencyCode: 'CNY' }, 'currencyId');
  ids.screw = await first('srmBaseItem', { itemCode: '02020002' }, 'itemId'); // PCS, 0 places (no demo data)
  ids.nut = await first('srmBaseItem', { itemCode: '02040001' }, 'itemId');
  buyer = await signIn('buyer');
  manager = await signIn('approver');
  finance = await signIn('finance');
  supA = await signIn('sup_a');
  supB = await signIn('sup_b');
  for (const supplier of [ids.supA!, ids.supB!]) {
    await list(supplier, ids.screw!);
    await list(supplier, ids.nut!);
  }
}, 240_000);
afterAll(async () => server?.close());

function agreementBody(supplierId: number, price: number, extra: Row = {}): Row {
  return {
    agreementName: '紧固件年度价格协议',
    supplierId,
    orgId: ids.ou100,
    currencyId: ids.cny,
    startDate: '2028-01-01',
    endDate: '2028-12-31',
    lines: [{ itemId: ids.screw, unitPrice: price, taxRate: 13 }],
    ...extra,
  };
}

async function approvedAgreement(supplierId: number, price: number, extra: Row = {}): Promise<Row> {
  const saved = await ok(buyer, 'srmPurAgreement', 'saveOrUpdate', agreementBody(supplierId, price, extra));
  await ok(buyer, 'srmPurAgreement', 'doSubmit', { agreementId: saved.agreementId });
  await approveByTasks('srmPurAgreement', saved.agreementId);
  const approved = await ok(buyer, 'srmPurAgreement', 'findById', { agreementId: saved.agreementId });
  expect(approved.status).toBe('APPROVED');
  return approved;
}

describe('demo data under approval', () => {
  it('puts the demo documents awaiting approval among the purchasing manager’s pending tasks', async () => {
    const tasks = async (entityName: string) =>
      (
        await manager.call<Row[]>('/api/bpm/v1/bpmTaskRestful/findTodoTasks', {
          pageIndex: 1,
          pageRows: 500,
          entityName,
        })
      ).body.data;
    const agreements = await ok<Row[]>(buyer, 'srmPurAgreement', 'listByPage', { status: 'APPROVING' });
    expect(agreements.length).toBeGreaterThan(0);
    const agreementTasks = await tasks('srmPurAgreement');
    for (const row of agreements)
      expect(agreementTasks.map((task) => task.documentId)).toContain(row.agreementId);
    expect((await tasks('srmPurAslApply')).length).toBeGreaterThan(0);
    expect((await tasks('srmSupplierRegister')).length).toBe(2);
  });

  it('sends an agreement flagged above five percent to finance after the manager', async () => {
    const [flagged] = await ok<Row[]>(buyer, 'srmPurAgreement', 'listByPage', {
      status: 'APPROVING',
      priceWarnFlag: 'Y',
    });
    expect(flagged).toBeDefined();
    const byManager = await decide(manager, 'srmPurAgreement', flagged!.agreementId);
    expect(byManager?.body.status, byManager?.body.msg).toBe('S');
    const between = await ok(buyer, 'srmPurAgreement', 'findById', { agreementId: flagged!.agreementId });
    expect(between.status).toBe('APPROVING');
    const byFinance = await decide(finance, 'srmPurAgreement', flagged!.agreementId);
    expect(byFinance?.body.status, byFinance?.body.msg).toBe('S');
    const approved = await ok(buyer, 'srmPurAgreement', 'findById', { agreementId: flagged!.agreementId });
    expect(approved.status).toBe('APPROVED');
  });
});

describe('agreement: submit, approve, reject', () => {
  it('moves through its states; the buyer cannot approve, a wrong state is refused', async () => {
    const saved = await ok(buyer, 'srmPurAgreement', 'saveOrUpdate', agreementBody(ids.supA!, 0.1));
    expect(saved).toMatchObject({ status: 'DRAFT', priceWarnFlag: 'N' });
    expect(String(saved.agreementNumber)).toMatch(/^AGR\d{12}$/);
    expect((saved.lines as Row[])[0]).toMatchObject({ unitPriceInclTax: 0.113, lastPrice: null });
    // Only the approval process approves or rejects: directly, never (not even the manager,
    // whose role cannot hold the right to a system action).
    const early = await manager.call(api('srmPurAgreement', 'doApproval'), {
      agreementId: saved.agreementId,
    });
    expect(early.httpStatus).toBe(403);
    await ok(buyer, 'srmPurAgreement', 'doSubmit', { agreementId: saved.agreementId });
    for (const client of [buyer, manager]) {
      const direct = await client.call(api('srmPurAgreement', 'doApproval'), {
        agreementId: saved.agreementId,
      });
      expect(direct.httpStatus).toBe(403);
    }
    const directReject = await manager.call(api('srmPurAgreement', 'doReject'), {
      agreementId: saved.agreementId,
      comment: '价格偏高',
    });
    expect(directReject.httpStatus).toBe(403);
    // The buyer submitted: no task of theirs; the manager's task needs a comment to reject.
    expect(await decide(buyer, 'srmPurAgreement', saved.agreementId)).toBeNull();
    const noComment = await decide(manager, 'srmPurAgreement', saved.agreementId, 'doReject');
    expect(noComment!.httpStatus).toBe(400);
    const rejecting = await decide(manager, 'srmPurAgreement', saved.agreementId, 'doReject', '价格偏高');
    expect(rejecting!.body.status, rejecting!.body.msg).toBe('S');
    const rejected = await ok(buyer, 'srmPurAgreement', 'findById', { agreementId: saved.agreementId });
    expect(rejected.status).toBe('REJECTED');
    await ok(buyer, 'srmPurAgreement', 'doSubmit', { agreementId: saved.agreementId });
    await approveByTasks('srmPurAgreement', saved.agreementId);
    const approved = await ok(buyer, 'srmPurAgreement', 'findById', { agreementId: saved.agreementId });
    expect(approved.status).toBe('APPROVED');
    const locked = await buyer.call(api('srmPurAgreement', 'saveOrUpdate'), {
      agreementId: saved.agreementId,
      versionNum: approved.versionNum,
      agreementName: 'x',
    });
    expect(locked.httpStatus).toBe(409);
  });

  it('refuses a material the supplier is not listed for, and steps of a material not on a line', async () => {
    const item = await first('srmBaseItem', { itemCode: '01010001' }, 'itemId');
    const saved = await ok(buyer, 'srmPurAgreement', 'saveOrUpdate', {
      ...agreementBody(ids.supA!, 0.1),
      lines: [{ itemId: item, unitPrice: 10, taxRate: 13 }],
      steps: [{ itemId: ids.nut, fromQuantity: 1000, unitPrice: 0.09 }],
    });
    const answer = await buyer.call(api('srmPurAgreement', 'doSubmit'), { agreementId: saved.agreementId });
    expect(answer.httpStatus).toBe(422);
    expect(answer.body.msg).toContain('不在物料“微控制器 STM32F103C8T6”的合格供应商清单中');
    expect(JSON.stringify(answer.body)).toContain('阶梯价第 1 行：物料“球墨铸铁泵体”不在协议行中');
  });
});

describe('price-change check (§7.2, five percent)', () => {
  // Supplier A's approved price for the screw is 0.10 (previous test, latest start date).
  const check = (client: ApiClient, price: number | string, language: 'CN' | 'EN' = 'CN') => {
    client.language = language;
    return client.call<{ exceeds: boolean; lines: Row[] }>(api('srmPurAgreement', 'checkPriceChange'), {
      supplierId: ids.supA,
      orgId: ids.ou100,
      currencyId: ids.cny,
      lines: [{ itemId: ids.screw, unitPrice: price }],
    });
  };

  it('warns above five percent either way, not at five percent or below', async () => {
    const cases: [number | string, boolean, number][] = [
      [0.105, false, 5],
      [0.095, false, -5],
      ['0.105001', true, 5],
      [0.094999, true, -5],
      [0.1, false, 0],
      [0.2, true, 100],
    ];
    for (const [price, exceeds, percent] of cases) {
      const answer = await check(buyer, price);
      expect(answer.body.status, answer.body.msg).toBe('S');
      expect(answer.body.data.exceeds, String(price)).toBe(exceeds);
      expect(answer.body.data.lines[0]).toMatchObject({ lastPrice: 0.1, exceeds, changePercent: percent });
      expect(answer.body.msg).toBe(exceeds ? '1 行价格与上次协议价相比变动超过 5%' : '');
    }
    const english = await check(buyer, 0.2, 'EN');
    expect(english.body.msg).toBe('1 line(s) differ from the last agreed price by more than 5 %');
    buyer.language = 'CN';
  });

  it('flags the lines of a saved agreement, and the agreement, on every save', async () => {
    const saved = await ok(buyer, 'srmPurAgreement', 'saveOrUpdate', agreementBody(ids.supA!, 0.106));
    expect(saved.priceWarnFlag).toBe('Y');
    expect((saved.lines as Row[])[0]).toMatchObject({ lastPrice: 0.1, changePercent: 6, priceWarnFlag: 'Y' });
    const fixed = await ok(buyer, 'srmPurAgreement', 'saveOrUpdate', {
      agreementId: saved.agreementId,
      versionNum: saved.versionNum,
      lines: [{ agreementLineId: (saved.lines as Row[])[0]!.agreementLineId, unitPrice: 0.104 }],
    });
    expect(fixed.priceWarnFlag).toBe('N');
    expect((fixed.lines as Row[])[0]).toMatchObject({ changePercent: 4, priceWarnFlag: 'N' });
    const stored = await buyer.call<{ exceeds: boolean }>(api('srmPurAgreement', 'checkPriceChange'), {
      agreementId: saved.agreementId,
    });
    expect(stored.body.data.exceeds).toBe(false);
  });

  it('compares with this supplier’s own history only, and refuses bad input', async () => {
    const other = await buyer.call<{ lines: Row[] }>(api('srmPurAgreement', 'checkPriceChange'), {
      supplierId: ids.supB,
      orgId: ids.ou100,
      currencyId: ids.cny,
      lines: [{ itemId: ids.screw, unitPrice: 5 }],
    });
    expect(other.body.data.lines[0]).toMatchObject({ lastPrice: null, exceeds: false });
    const bad = await buyer.call(api('srmPurAgreement', 'checkPriceChange'), {
      supplierId: ids.supA,
      lines: [{ itemId: 'x', unitPrice: -1 }],
    });
    expect(bad.httpStatus).toBe(400);
    expect(bad.body.status).toBe('E');
  });
});

describe('quota split', () => {
  const split = (quantity: number | string, orgId = ids.p110) =>
    buyer.call<{ shares: Row[]; places: number }>(api('srmPurAgreement', 'splitQuota'), {
      itemId: ids.nut,
      orgId,
      quantity,
      date: '2028-06-01',
    });

  it('shares a quantity by quota, summing exactly with rounding', async () => {
    expect((await split(100)).body.data.shares).toEqual([]);
    const quotas = (percent: number) => ({
      lines: [{ itemId: ids.nut, unitPrice: 0.05, taxRate: 13 }],
      quotas: [{ itemId: ids.nut, orgId: ids.ou100, quotaPercent: percent }],
    });
    await approvedAgreement(ids.supA!, 0.05, quotas(66.67));
    await approvedAgreement(ids.supB!, 0.05, quotas(33.33));
    for (const quantity of [1, 2, 7, 100, 1001, 99999]) {
      const answer = await split(quantity);
      expect(answer.body.status, answer.body.msg).toBe('S');
      const shares = answer.body.data.shares;
      expect(shares).toHaveLength(2);
      expect(shares.reduce((acc, share) => acc + (share.quantity as number), 0)).toBe(quantity);
      for (const share of shares) expect(Number.isInteger(share.quantity)).toBe(true);
    }
    const hundred = (await split(100)).body.data.shares;
    expect(hundred.map((share) => [share.supplierId, share.quantity])).toEqual([
      [ids.supA, 67],
      [ids.supB, 33],
    ]);
    // The unit (PCS) has no decimals: a fractional quantity is refused.
    expect((await split(1.5)).httpStatus).toBe(400);
  });

  it('refuses quotas over 100 % when approved', async () => {
    const saved = await ok(buyer, 'srmPurAgreement', 'saveOrUpdate', {
      ...agreementBody(ids.supA!, 0.05),
      lines: [{ itemId: ids.nut, unitPrice: 0.05, taxRate: 13 }],
      quotas: [{ itemId: ids.nut, orgId: ids.ou100, quotaPercent: 10 }],
    });
    await ok(buyer, 'srmPurAgreement', 'doSubmit', { agreementId: saved.agreementId });
    // The manager's approval fires the agreement's approval, whose check refuses: nothing moves.
    const answer = (await decide(manager, 'srmPurAgreement', saved.agreementId))!;
    expect(answer.httpStatus).toBe(422);
    expect(answer.body.msg).toContain('配额合计将达到 110%');
  });

  it('leaves out a supplier the ASL no longer allows', async () => {
    const entry = (
      await ok<Row[]>(buyer, 'srmPurAsl', 'listByPage', { supplierId: ids.supB, itemId: ids.nut })
    )[0]!;
    const doc = await ok(buyer, 'srmPurAslAlteration', 'saveOrUpdate', {
      orgId: ids.ou100,
      alterationReason: '质量整改',
      lines: [{ aslId: entry.aslId, alterationType: 'SUSPEND' }],
    });
    await ok(buyer, 'srmPurAslAlteration', 'doSubmit', { aslAlterationId: doc.aslAlterationId });
    await approveByTasks('srmPurAslAlteration', doc.aslAlterationId);
    const shares = (await split(10)).body.data.shares;
    expect(shares.map((share) => [share.supplierId, share.quantity])).toEqual([[ids.supA, 10]]);
  });
});

describe('forecast: publish, answer, change, invalid', () => {
  let forecast: Row;
  const forecastId = () => forecast.forecastId as number;

  it('is invisible to the supplier until published, and to the other supplier always', async () => {
    forecast = await ok(buyer, 'srmPurForecast', 'saveOrUpdate', {
      forecastName: '2026年第三季度紧固件预测',
      supplierId: ids.supA,
      orgId: ids.p110,
      periodFrom: '2026-07-01',
      periodTo: '2026-09-30',
      lines: [
        { itemId: ids.screw, demandDate: '2026-07-01', forecastQuantity: 20000 },
        { itemId: ids.screw, demandDate: '2026-08-01', forecastQuantity: 25000 },
      ],
    });
    expect(String(forecast.forecastNumber)).toMatch(/^FC\d{12}$/);
    expect(
      (await supA.call(api('srmPurForecast', 'findById'), { forecastId: forecastId() })).httpStatus,
    ).toBe(404);
    const [published] = await ok<Row[]>(buyer, 'srmPurForecast', 'doPublish', { forecastId: forecastId() });
    expect(published!.status).toBe('PUBLISHED');
    const seen = await ok(supA, 'srmPurForecast', 'findById', { forecastId: forecastId() });
    expect((seen.lines as Row[]).map((line) => line.forecastQuantity)).toEqual([20000, 25000]);
    expect(
      (await supB.call(api('srmPurForecast', 'findById'), { forecastId: forecastId() })).httpStatus,
    ).toBe(404);
    const listed = await ok<Row[]>(supB, 'srmPurForecast', 'listByPage', { pageRows: 500 });
    expect(listed.filter((row) => row.supplierId === ids.supA)).toEqual([]);
    expect(
      (await supB.call(api('srmPurForecast', 'doApproval'), { forecastId: forecastId() })).httpStatus,
    ).toBe(404);
  });

  it('refuses a line outside the period when published', async () => {
    const bad = await ok(buyer, 'srmPurForecast', 'saveOrUpdate', {
      forecastName: 'x',
      supplierId: ids.supA,
      orgId: ids.p110,
      periodFrom: '2026-07-01',
      periodTo: '2026-07-31',
      lines: [{ itemId: ids.screw, demandDate: '2026-08-01', forecastQuantity: 1 }],
    });
    const answer = await buyer.call(api('srmPurForecast', 'doPublish'), { forecastId: bad.forecastId });
    expect(answer.httpStatus).toBe(422);
    expect(answer.body.msg).toContain('需求日期 2026-08-01 不在预测期间内');
  });

  it('takes the supplier’s committed quantities, and nothing else from the supplier', async () => {
    const seen = await ok(supA, 'srmPurForecast', 'findById', { forecastId: forecastId() });
    const lines = seen.lines as Row[];
    const notYet = await supA.call(api('srmPurForecast', 'doApproval'), { forecastId: forecastId() });
    expect(notYet.httpStatus).toBe(422);
    expect(notYet.body.msg).toContain('请填写承诺数量');
    const tamper = await supA.call(api('srmPurForecast', 'saveOrUpdate'), {
      forecastId: forecastId(),
      versionNum: seen.versionNum,
      lines: [{ forecastLineId: lines[0]!.forecastLineId, forecastQuantity: 1 }],
    });
    expect(tamper.body.status).toBe('E');
    const answered = await ok(supA, 'srmPurForecast', 'saveOrUpdate', {
      forecastId: forecastId(),
      versionNum: seen.versionNum,
      supplierComment: '八月产能紧张',
      lines: [
        { forecastLineId: lines[0]!.forecastLineId, committedQuantity: 20000 },
        { forecastLineId: lines[1]!.forecastLineId, committedQuantity: 22000, supplierRemark: '模具保养' },
      ],
    });
    expect((answered.lines as Row[]).map((line) => [line.forecastQuantity, line.committedQuantity])).toEqual([
      [20000, 20000],
      [25000, 22000],
    ]);
    const [accepted] = await ok<Row[]>(supA, 'srmPurForecast', 'doApproval', { forecastId: forecastId() });
    expect(accepted!.status).toBe('CONFIRMED');
    const buyerView = await ok(buyer, 'srmPurForecast', 'findById', { forecastId: forecastId() });
    expect(buyerView.supplierComment).toBe('八月产能紧张');
    expect((buyerView.lines as Row[])[1]).toMatchObject({
      committedQuantity: 22000,
      supplierRemark: '模具保养',
    });
    // Answered: no more changes by the supplier.
    const late = await supA.call(api('srmPurForecast', 'saveOrUpdate'), {
      forecastId: forecastId(),
      versionNum: buyerView.versionNum,
      supplierComment: 'x',
    });
    expect(late.body.status).toBe('E');
  });

  it('is changed by the buyer, refused by the supplier with a comment, withdrawn and invalidated', async () => {
    const buyerOnly = await supA.call(api('srmPurForecast', 'doChange'), { forecastId: forecastId() });
    expect(buyerOnly.httpStatus).toBe(403);
    const [changed] = await ok<Row[]>(buyer, 'srmPurForecast', 'doChange', { forecastId: forecastId() });
    expect(changed!.status).toBe('DRAFT');
    await ok(buyer, 'srmPurForecast', 'doPublish', { forecastId: forecastId() });
    const [withdrawn] = await ok<Row[]>(buyer, 'srmPurForecast', 'doWithdraw', { forecastId: forecastId() });
    expect(withdrawn!.status).toBe('DRAFT');
    await ok(buyer, 'srmPurForecast', 'doPublish', { forecastId: forecastId() });
    expect(
      (await supA.call(api('srmPurForecast', 'doRefuse'), { forecastId: forecastId() })).httpStatus,
    ).toBe(400);
    const [refused] = await ok<Row[]>(supA, 'srmPurForecast', 'doRefuse', {
      forecastId: forecastId(),
      comment: '该物料已停产',
    });
    expect(refused!.status).toBe('REFUSED');
    const [invalid] = await ok<Row[]>(buyer, 'srmPurForecast', 'doInvalid', { forecastId: forecastId() });
    expect(invalid!.status).toBe('INVALID');
    expect(
      (await buyer.call(api('srmPurForecast', 'doPublish'), { forecastId: forecastId() })).httpStatus,
    ).toBe(409);
    expect(
      (await supA.call(api('srmPurForecast', 'findById'), { forecastId: forecastId() })).httpStatus,
    ).toBe(404);
  });
});

describe('delivery plan: publish, confirm, adjust, close, cancel', () => {
  it('is confirmed by its supplier line by line, adjusted, closed; another is cancelled', async () => {
    const plan = await ok(buyer, 'srmPurDeliveryPlan', 'saveOrUpdate', {
      supplierId: ids.supA,
      orgId: ids.p110,
      lines: [{ itemId: ids.screw, planDate: '2026-07-10', planQuantity: 5000 }],
    });
    const id = { deliveryPlanId: plan.deliveryPlanId };
    expect((await supA.call(api('srmPurDeliveryPlan', 'findById'), id)).httpStatus).toBe(404);
    await ok(buyer, 'srmPurDeliveryPlan', 'doPublish', id);
    expect((await supB.call(api('srmPurDeliveryPlan', 'findById'), id)).httpStatus).toBe(404);
    expect((await supA.call(api('srmPurDeliveryPlan', 'doConfirm'), id)).httpStatus).toBe(422);
    const seen = await ok(supA, 'srmPurDeliveryPlan', 'findById', id);
    await ok(supA, 'srmPurDeliveryPlan', 'saveOrUpdate', {
      ...id,
      versionNum: seen.versionNum,
      lines: [
        {
          deliveryPlanLineId: (seen.lines as Row[])[0]!.deliveryPlanLineId,
          confirmedQuantity: 4800,
          confirmedDate: '2026-07-12',
        },
      ],
    });
    const [confirmed] = await ok<Row[]>(supA, 'srmPurDeliveryPlan', 'doConfirm', id);
    expect(confirmed!.status).toBe('CONFIRMED');
    expect((await buyer.call(api('srmPurDeliveryPlan', 'doCancel'), id)).httpStatus).toBe(409);
    const [adjusted] = await ok<Row[]>(buyer, 'srmPurDeliveryPlan', 'doAdjust', id);
    expect(adjusted!.status).toBe('DRAFT');
    await ok(buyer, 'srmPurDeliveryPlan', 'doPublish', id);
    await ok(supA, 'srmPurDeliveryPlan', 'doConfirm', id);
    const [closed] = await ok<Row[]>(buyer, 'srmPurDeliveryPlan', 'doClose', id);
    expect(closed!.status).toBe('CLOSED');

    const other = await ok(buyer, 'srmPurDeliveryPlan', 'saveOrUpdate', {
      supplierId: ids.supA,
      orgId: ids.p110,
      lines: [{ itemId: ids.screw, planDate: '2026-08-10', planQuantity: 100 }],
    });
    await ok(buyer, 'srmPurDeliveryPlan', 'doPublish', { deliveryPlanId: other.deliveryPlanId });
    const [cancelled] = await ok<Row[]>(buyer, 'srmPurDeliveryPlan', 'doCancel', {
      deliveryPlanId: other.deliveryPlanId,
    });
    expect(cancelled!.status).toBe('CANCELLED');
  });
});

describe('supplier isolation of agreements', () => {
  it('shows a supplier its approved agreements only, never another’s', async () => {
    const mine = await ok<Row[]>(supA, 'srmPurAgreement', 'listByPage', { pageRows: 500 });
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((row) => row.supplierId === ids.supA && row.status === 'APPROVED')).toBe(true);
    const theirs = await ok<Row[]>(supB, 'srmPurAgreement', 'listByPage', { pageRows: 500 });
    expect(theirs.every((row) => row.supplierId === ids.supB)).toBe(true);
    const aId = mine[0]!.agreementId;
    expect((await supB.call(api('srmPurAgreement', 'findById'), { agreementId: aId })).httpStatus).toBe(404);
    expect(JSON.stringify(theirs)).not.toContain(DEMO_SUPPLIERS[0]!.supplier.supplierName as string);
  });
});
