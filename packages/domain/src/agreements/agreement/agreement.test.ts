// Agreements over real HTTP with real sign-in: the demo buyer writes and submits, the purchasing
// manager (and finance above five percent) approves through the pending tasks. Each action's
// states, the five-percent price-change check (§7.2), the quota split (sums exactly), supplier
// isolation, and what the two endpoints answering about other parties' prices and shares tell a
// caller who may not read them: supplier B about supplier A, a buyer about an organisation it
// holds no permit for, a buyer permitted only plant P110 about its operating unit's agreements.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '@srm/platform/api-client';
import { api, visibleText } from '@srm/platform/testing';
import { DEMO_SUPPLIERS } from '../../demo';
import {
  type Row,
  type SignedIn,
  approveByTasks,
  decide,
  listOnAsl,
  ok,
  signIn,
  signedIn,
} from '../agreements.testing';

let on: SignedIn;
/** A buyer permitted only plant P110 (its operating unit OU100 is not among its permits). */
let plantBuyer: ApiClient;

const first = async (entity: string, filters: Row) =>
  (await ok<Row[]>(on.admin, entity, 'listByPage', filters))[0]!;

beforeAll(async () => {
  on = await signedIn();
  for (const supplier of [on.ids.supA!, on.ids.supB!]) {
    await listOnAsl(on, supplier, on.ids.screw!, on.ids.ou100!);
    await listOnAsl(on, supplier, on.ids.nut!, on.ids.ou100!);
  }
  // The demo agreements: 恒达 (A) and 瑞丰 (B) both sell hex nuts (02030002) to OU100, quotas
  // 70 / 30; A sells the hex screw (02030001) at 0.12.
  on.ids.hexScrew = (await first('srmBaseItem', { itemCode: '02030001' })).itemId as number;
  on.ids.hexNut = (await first('srmBaseItem', { itemCode: '02030002' })).itemId as number;
  await ningboAgreements();
  plantBuyer = await newPlantBuyer();
}, 240_000);
afterAll(async () => on?.server.close());

function agreementBody(supplierId: number, price: number, extra: Row = {}): Row {
  return {
    agreementName: '紧固件年度价格协议',
    supplierId,
    orgId: on.ids.ou100,
    currencyId: on.ids.cny,
    startDate: '2028-01-01',
    endDate: '2028-12-31',
    lines: [{ itemId: on.ids.screw, unitPrice: price, taxRate: 13 }],
    ...extra,
  };
}

async function approvedAgreement(supplierId: number, price: number, extra: Row = {}, client = on.buyer) {
  const saved = await ok(client, 'srmPurAgreement', 'saveOrUpdate', agreementBody(supplierId, price, extra));
  await ok(client, 'srmPurAgreement', 'doSubmit', { agreementId: saved.agreementId });
  await approveByTasks(on, 'srmPurAgreement', saved.agreementId);
  const approved = await ok(client, 'srmPurAgreement', 'findById', { agreementId: saved.agreementId });
  expect(approved.status).toBe('APPROVED');
  return approved;
}

/** Supplier A and B listed, and under approved agreements with quotas, at Ningbo's OU200. */
async function ningboAgreements(): Promise<void> {
  const { hexScrew, hexNut, supA, supB, ou200 } = on.ids;
  for (const [supplierId, itemId] of [
    [supA, hexScrew],
    [supA, hexNut],
    [supB, hexNut],
  ])
    await listOnAsl(on, supplierId!, itemId!, ou200!);
  const ningbo = (lines: Row[], quotaPercent: number) => ({
    orgId: ou200,
    startDate: '2020-01-01',
    endDate: '2099-12-31',
    lines,
    quotas: [{ itemId: hexNut, orgId: ou200, quotaPercent }],
  });
  const priced = (itemId: number | undefined, unitPrice: number) => ({ itemId, unitPrice, taxRate: 13 });
  await approvedAgreement(supA!, 0, ningbo([priced(hexScrew, 0.5), priced(hexNut, 0.06)], 60), on.admin);
  await approvedAgreement(supB!, 0, ningbo([priced(hexNut, 0.07)], 40), on.admin);
}

async function newPlantBuyer(): Promise<ApiClient> {
  const responsibility = await ok<Row[]>(on.admin, 'baseResponsibility', 'listByPage', {
    responsibilityCode: 'BUYER',
  });
  const saved = await ok(on.admin, 'baseUser', 'saveOrUpdate', {
    userName: 'p110_buyer',
    userFullName: '吴中工厂采购员',
    userType: 'INTERNAL',
    languageCode: 'CN',
    allCategoriesFlag: 'Y',
    allOrgsFlag: 'N',
    responsibilities: [{ responsibilityId: responsibility[0]!.responsibilityId, defaultFlag: 'Y' }],
    orgPermits: [{ orgId: on.ids.p110 }],
  });
  const reset = await on.admin.call('/api/base/v1/auth/resetPassword', {
    userId: saved.userId,
    newPassword: await on.admin.encrypt('Plant-Pass1'),
  });
  expect(reset.body.status, reset.body.msg).toBe('S');
  return signIn(on.server, 'p110_buyer', 'Plant-Pass1');
}

describe('demo data under approval', () => {
  it('puts the demo documents awaiting approval among the purchasing manager’s pending tasks', async () => {
    const tasks = async (entityName: string) =>
      (
        await on.manager.call<Row[]>('/api/bpm/v1/bpmTaskRestful/findTodoTasks', {
          pageIndex: 1,
          pageRows: 500,
          entityName,
        })
      ).body.data;
    const agreements = await ok<Row[]>(on.buyer, 'srmPurAgreement', 'listByPage', { status: 'APPROVING' });
    expect(agreements.length).toBeGreaterThan(0);
    const agreementTasks = await tasks('srmPurAgreement');
    for (const row of agreements)
      expect(agreementTasks.map((task) => task.documentId)).toContain(row.agreementId);
    expect((await tasks('srmPurAslApply')).length).toBeGreaterThan(0);
    expect((await tasks('srmSupplierRegister')).length).toBe(2);
  });

  it('sends an agreement flagged above five percent to finance after the manager', async () => {
    const [flagged] = await ok<Row[]>(on.buyer, 'srmPurAgreement', 'listByPage', {
      status: 'APPROVING',
      priceWarnFlag: 'Y',
    });
    expect(flagged).toBeDefined();
    const byManager = await decide(on.manager, 'srmPurAgreement', flagged!.agreementId);
    expect(byManager?.body.status, byManager?.body.msg).toBe('S');
    const between = await ok(on.buyer, 'srmPurAgreement', 'findById', { agreementId: flagged!.agreementId });
    expect(between.status).toBe('APPROVING');
    const byFinance = await decide(on.finance, 'srmPurAgreement', flagged!.agreementId);
    expect(byFinance?.body.status, byFinance?.body.msg).toBe('S');
    const approved = await ok(on.buyer, 'srmPurAgreement', 'findById', { agreementId: flagged!.agreementId });
    expect(approved.status).toBe('APPROVED');
  });
});

describe('agreement: submit, approve, reject', () => {
  it('moves through its states; the buyer cannot approve, a wrong state is refused', async () => {
    const saved = await ok(on.buyer, 'srmPurAgreement', 'saveOrUpdate', agreementBody(on.ids.supA!, 0.1));
    expect(saved).toMatchObject({ status: 'DRAFT', priceWarnFlag: 'N' });
    expect(String(saved.agreementNumber)).toMatch(/^AGR\d{12}$/);
    expect((saved.lines as Row[])[0]).toMatchObject({ unitPriceInclTax: 0.113, lastPrice: null });
    // Only the approval process approves or rejects: directly, never (not even the manager,
    // whose role cannot hold the right to a system action).
    const early = await on.manager.call(api('srmPurAgreement', 'doApproval'), {
      agreementId: saved.agreementId,
    });
    expect(early.httpStatus).toBe(403);
    await ok(on.buyer, 'srmPurAgreement', 'doSubmit', { agreementId: saved.agreementId });
    for (const client of [on.buyer, on.manager]) {
      const direct = await client.call(api('srmPurAgreement', 'doApproval'), {
        agreementId: saved.agreementId,
      });
      expect(direct.httpStatus).toBe(403);
    }
    const directReject = await on.manager.call(api('srmPurAgreement', 'doReject'), {
      agreementId: saved.agreementId,
      comment: '价格偏高',
    });
    expect(directReject.httpStatus).toBe(403);
    // The buyer submitted: no task of theirs; the manager's task needs a comment to reject.
    expect(await decide(on.buyer, 'srmPurAgreement', saved.agreementId)).toBeNull();
    const noComment = await decide(on.manager, 'srmPurAgreement', saved.agreementId, 'doReject');
    expect(noComment!.httpStatus).toBe(400);
    const rejecting = await decide(on.manager, 'srmPurAgreement', saved.agreementId, 'doReject', '价格偏高');
    expect(rejecting!.body.status, rejecting!.body.msg).toBe('S');
    const rejected = await ok(on.buyer, 'srmPurAgreement', 'findById', { agreementId: saved.agreementId });
    expect(rejected.status).toBe('REJECTED');
    await ok(on.buyer, 'srmPurAgreement', 'doSubmit', { agreementId: saved.agreementId });
    await approveByTasks(on, 'srmPurAgreement', saved.agreementId);
    const approved = await ok(on.buyer, 'srmPurAgreement', 'findById', { agreementId: saved.agreementId });
    expect(approved.status).toBe('APPROVED');
    const locked = await on.buyer.call(api('srmPurAgreement', 'saveOrUpdate'), {
      agreementId: saved.agreementId,
      versionNum: approved.versionNum,
      agreementName: 'x',
    });
    expect(locked.httpStatus).toBe(409);
  });

  it('refuses a material the supplier is not listed for, and steps of a material not on a line', async () => {
    const item = (await first('srmBaseItem', { itemCode: '01010001' })).itemId;
    const saved = await ok(on.buyer, 'srmPurAgreement', 'saveOrUpdate', {
      ...agreementBody(on.ids.supA!, 0.1),
      lines: [{ itemId: item, unitPrice: 10, taxRate: 13 }],
      steps: [{ itemId: on.ids.nut, fromQuantity: 1000, unitPrice: 0.09 }],
    });
    const answer = await on.buyer.call(api('srmPurAgreement', 'doSubmit'), {
      agreementId: saved.agreementId,
    });
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
      supplierId: on.ids.supA,
      orgId: on.ids.ou100,
      currencyId: on.ids.cny,
      lines: [{ itemId: on.ids.screw, unitPrice: price }],
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
      const answer = await check(on.buyer, price);
      expect(answer.body.status, answer.body.msg).toBe('S');
      expect(answer.body.data.exceeds, String(price)).toBe(exceeds);
      expect(answer.body.data.lines[0]).toMatchObject({ lastPrice: 0.1, exceeds, changePercent: percent });
      expect(answer.body.msg).toBe(exceeds ? '1 行价格与上次协议价相比变动超过 5%' : '');
    }
    const english = await check(on.buyer, 0.2, 'EN');
    expect(english.body.msg).toBe('1 line(s) differ from the last agreed price by more than 5 %');
    on.buyer.language = 'CN';
  });

  it('flags the lines of a saved agreement, and the agreement, on every save', async () => {
    const saved = await ok(on.buyer, 'srmPurAgreement', 'saveOrUpdate', agreementBody(on.ids.supA!, 0.106));
    expect(saved.priceWarnFlag).toBe('Y');
    expect((saved.lines as Row[])[0]).toMatchObject({ lastPrice: 0.1, changePercent: 6, priceWarnFlag: 'Y' });
    const fixed = await ok(on.buyer, 'srmPurAgreement', 'saveOrUpdate', {
      agreementId: saved.agreementId,
      versionNum: saved.versionNum,
      lines: [{ agreementLineId: (saved.lines as Row[])[0]!.agreementLineId, unitPrice: 0.104 }],
    });
    expect(fixed.priceWarnFlag).toBe('N');
    expect((fixed.lines as Row[])[0]).toMatchObject({ changePercent: 4, priceWarnFlag: 'N' });
    const stored = await on.buyer.call<{ exceeds: boolean }>(api('srmPurAgreement', 'checkPriceChange'), {
      agreementId: saved.agreementId,
    });
    expect(stored.body.data.exceeds).toBe(false);
  });

  it('compares with this supplier’s own history only, and refuses bad input', async () => {
    const other = await on.buyer.call<{ lines: Row[] }>(api('srmPurAgreement', 'checkPriceChange'), {
      supplierId: on.ids.supB,
      orgId: on.ids.ou100,
      currencyId: on.ids.cny,
      lines: [{ itemId: on.ids.screw, unitPrice: 5 }],
    });
    expect(other.body.data.lines[0]).toMatchObject({ lastPrice: null, exceeds: false });
    const bad = await on.buyer.call(api('srmPurAgreement', 'checkPriceChange'), {
      supplierId: on.ids.supA,
      lines: [{ itemId: 'x', unitPrice: -1 }],
    });
    expect(bad.httpStatus).toBe(400);
    expect(bad.body.status).toBe('E');
  });
});

describe('quota split', () => {
  const split = (quantity: number | string, orgId = on.ids.p110) =>
    on.buyer.call<{ shares: Row[]; places: number }>(api('srmPurAgreement', 'splitQuota'), {
      itemId: on.ids.nut,
      orgId,
      quantity,
      date: '2028-06-01',
    });

  it('shares a quantity by quota, summing exactly with rounding', async () => {
    expect((await split(100)).body.data.shares).toEqual([]);
    const quotas = (percent: number) => ({
      lines: [{ itemId: on.ids.nut, unitPrice: 0.05, taxRate: 13 }],
      quotas: [{ itemId: on.ids.nut, orgId: on.ids.ou100, quotaPercent: percent }],
    });
    await approvedAgreement(on.ids.supA!, 0.05, quotas(66.67));
    await approvedAgreement(on.ids.supB!, 0.05, quotas(33.33));
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
      [on.ids.supA, 67],
      [on.ids.supB, 33],
    ]);
    // The unit (PCS) has no decimals: a fractional quantity is refused.
    expect((await split(1.5)).httpStatus).toBe(400);
  });

  it('refuses quotas over 100 % when approved', async () => {
    const saved = await ok(on.buyer, 'srmPurAgreement', 'saveOrUpdate', {
      ...agreementBody(on.ids.supA!, 0.05),
      lines: [{ itemId: on.ids.nut, unitPrice: 0.05, taxRate: 13 }],
      quotas: [{ itemId: on.ids.nut, orgId: on.ids.ou100, quotaPercent: 10 }],
    });
    await ok(on.buyer, 'srmPurAgreement', 'doSubmit', { agreementId: saved.agreementId });
    // The manager's approval fires the agreement's approval, whose check refuses: nothing moves.
    const answer = (await decide(on.manager, 'srmPurAgreement', saved.agreementId))!;
    expect(answer.httpStatus).toBe(422);
    expect(answer.body.msg).toContain('配额合计将达到 110%');
  });

  it('leaves out a supplier the ASL no longer allows', async () => {
    const entry = (
      await ok<Row[]>(on.buyer, 'srmPurAsl', 'listByPage', { supplierId: on.ids.supB, itemId: on.ids.nut })
    )[0]!;
    const doc = await ok(on.buyer, 'srmPurAslAlteration', 'saveOrUpdate', {
      orgId: on.ids.ou100,
      alterationReason: '质量整改',
      lines: [{ aslId: entry.aslId, alterationType: 'SUSPEND' }],
    });
    await ok(on.buyer, 'srmPurAslAlteration', 'doSubmit', { aslAlterationId: doc.aslAlterationId });
    await approveByTasks(on, 'srmPurAslAlteration', doc.aslAlterationId);
    const shares = (await split(10)).body.data.shares;
    expect(shares.map((share) => [share.supplierId, share.quantity])).toEqual([[on.ids.supA, 10]]);
  });
});

describe('supplier isolation of agreements', () => {
  it('shows a supplier its approved agreements only, never another’s', async () => {
    const mine = await ok<Row[]>(on.supA, 'srmPurAgreement', 'listByPage', { pageRows: 500 });
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((row) => row.supplierId === on.ids.supA && row.status === 'APPROVED')).toBe(true);
    const theirs = await ok<Row[]>(on.supB, 'srmPurAgreement', 'listByPage', { pageRows: 500 });
    expect(theirs.every((row) => row.supplierId === on.ids.supB)).toBe(true);
    const aId = mine[0]!.agreementId;
    expect((await on.supB.call(api('srmPurAgreement', 'findById'), { agreementId: aId })).httpStatus).toBe(
      404,
    );
    expect(JSON.stringify(theirs)).not.toContain(DEMO_SUPPLIERS[0]!.supplier.supplierName as string);
  });
});

// ------------------------------------------------------------------ other parties' prices and shares

/** The answer carries none of supplier A's agreement numbers or names. */
async function expectNothingOfA(body: unknown): Promise<void> {
  const text = JSON.stringify(body);
  const ofA = await ok<Row[]>(on.admin, 'srmPurAgreement', 'listByPage', {
    supplierId: on.ids.supA,
    pageRows: 500,
  });
  expect(ofA.length).toBeGreaterThan(2);
  for (const row of ofA) expect(text).not.toContain(String(row.agreementNumber));
  const { supplierName, supplierShortName } = DEMO_SUPPLIERS[0]!.supplier;
  for (const name of [supplierName, supplierShortName]) expect(text).not.toContain(String(name));
}

const ask = (client: ApiClient, action: string, body: Row) =>
  client.call<Row>(api('srmPurAgreement', action), body);

describe('checkPriceChange answers from agreements the caller may read', () => {
  const aboutA = (orgId: number | undefined) => ({
    supplierId: on.ids.supA,
    orgId,
    currencyId: on.ids.cny,
    lines: [{ itemId: on.ids.hexScrew, unitPrice: 1 }],
  });

  it('refuses supplier B a question about supplier A’s prices (the issue’s request)', async () => {
    const answer = await ask(on.supB, 'checkPriceChange', aboutA(on.ids.ou100));
    expect(answer.httpStatus).toBe(404);
    expect(answer.body.data).toBeNull();
    await expectNothingOfA(answer.body);
    const [ofA] = await ok<Row[]>(on.supA, 'srmPurAgreement', 'listByPage', { pageRows: 1 });
    const stored = await ask(on.supB, 'checkPriceChange', { agreementId: ofA!.agreementId });
    expect(stored.httpStatus).toBe(404);
    await expectNothingOfA(stored.body);
  });

  it('answers supplier B about its own approved agreement from its own history', async () => {
    const own = await ok<Row[]>(on.supB, 'srmPurAgreement', 'listByPage', { pageRows: 500 });
    const answer = await ask(on.supB, 'checkPriceChange', { agreementId: own[0]!.agreementId });
    expect(answer.body.status, answer.body.msg).toBe('S');
    await expectNothingOfA(answer.body);
    const numbers = [null, ...own.map((row) => row.agreementNumber)];
    for (const line of answer.body.data.lines as Row[]) expect(numbers).toContain(line.lastAgreementNumber);
    // Materials are master data a supplier does not read: it cannot name one, even about itself.
    const named = await ask(on.supB, 'checkPriceChange', {
      supplierId: on.ids.supB,
      orgId: on.ids.ou100,
      currencyId: on.ids.cny,
      lines: [{ itemId: on.ids.hexNut, unitPrice: 1 }],
    });
    expect(named.httpStatus).toBe(403);
    await expectNothingOfA(named.body);
  });

  it('refuses a buyer the prices of an organisation it holds no permit for', async () => {
    const ningbo = await ask(on.buyer, 'checkPriceChange', aboutA(on.ids.ou200));
    expect(ningbo.httpStatus).toBe(404);
    expect(visibleText(ningbo.body)).not.toContain('0.5');
    await expectNothingOfA(ningbo.body);
    const [stored] = await ok<Row[]>(on.admin, 'srmPurAgreement', 'listByPage', {
      supplierId: on.ids.supA,
      orgId: on.ids.ou200,
    });
    expect((await ask(on.buyer, 'checkPriceChange', { agreementId: stored!.agreementId })).httpStatus).toBe(
      404,
    );
    const plant = await ask(plantBuyer, 'checkPriceChange', aboutA(on.ids.ou100));
    expect(plant.httpStatus).toBe(404);
    await expectNothingOfA(plant.body);
    // Within its permits the buyer learns supplier A's last price there: its own business.
    const own = await ok<{ lines: Row[] }>(
      on.buyer,
      'srmPurAgreement',
      'checkPriceChange',
      aboutA(on.ids.ou100),
    );
    expect(own.lines[0]!.lastPrice).toEqual(expect.any(Number));
  });
});

describe('splitQuota is a buyer’s tool over the agreements it may read', () => {
  const split = (client: ApiClient, orgId: number | undefined) =>
    ask(client, 'splitQuota', { itemId: on.ids.hexNut, orgId, quantity: 100 });

  it('tells supplier B no share, name or agreement (the issue’s request)', async () => {
    const answer = await split(on.supB, on.ids.ou100);
    expect(answer.httpStatus).toBe(403);
    expect(answer.body.data).toBeNull();
    await expectNothingOfA(answer.body);
  });

  it('refuses a buyer the quotas of an organisation it holds no permit for', async () => {
    const answer = await split(on.buyer, on.ids.ou200);
    expect(answer.httpStatus).toBe(404);
    await expectNothingOfA(answer.body);
    // At its own plant the buyer shares by both suppliers' quotas of OU100.
    const own = await split(on.buyer, on.ids.p110);
    expect((own.body.data.shares as Row[]).map((share) => [share.supplierId, share.quantity])).toEqual([
      [on.ids.supA, 70],
      [on.ids.supB, 30],
    ]);
  });

  it('leaves out the quotas of agreements the caller may not read', async () => {
    // The quotas covering P110 are on OU100's agreements, which the plant buyer may not read.
    const answer = await split(plantBuyer, on.ids.p110);
    expect(answer.body.status, answer.body.msg).toBe('S');
    expect(answer.body.data.shares).toEqual([]);
    await expectNothingOfA(answer.body);
  });
});

describe('the ASL check of an agreement reads the whole register', () => {
  it('lets a plant buyer’s agreement through on its operating unit’s entry it cannot read', async () => {
    // 恒达's hex screw is listed for OU100, which covers P110; the plant buyer cannot read OU100's entries.
    const saved = await ok(plantBuyer, 'srmPurAgreement', 'saveOrUpdate', {
      ...agreementBody(on.ids.supA!, 0.12),
      orgId: on.ids.p110,
      lines: [{ itemId: on.ids.hexScrew, unitPrice: 0.12, taxRate: 13 }],
    });
    expect((saved.lines as Row[])[0]).toMatchObject({ lastPrice: null, lastAgreementNumber: null });
    const [submitted] = await ok<Row[]>(plantBuyer, 'srmPurAgreement', 'doSubmit', {
      agreementId: saved.agreementId,
    });
    expect(submitted!.status).toBe('APPROVING');
  });
});
