// Forecasts over real HTTP with real sign-in: the demo buyer publishes, changes, withdraws and
// invalidates; the supplier answers line by line, accepts or refuses with a comment; the other
// supplier never sees it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@srm/platform/testing';
import { type Row, type SignedIn, ok, signedIn } from '../agreements.testing';

let on: SignedIn;

beforeAll(async () => {
  on = await signedIn();
}, 240_000);
afterAll(async () => on?.server.close());

describe('forecast: publish, answer, change, invalid', () => {
  let forecast: Row;
  const forecastId = () => forecast.forecastId as number;

  it('is invisible to the supplier until published, and to the other supplier always', async () => {
    forecast = await ok(on.buyer, 'srmPurForecast', 'saveOrUpdate', {
      forecastName: '2026年第三季度紧固件预测',
      supplierId: on.ids.supA,
      orgId: on.ids.p110,
      periodFrom: '2026-07-01',
      periodTo: '2026-09-30',
      lines: [
        { itemId: on.ids.screw, demandDate: '2026-07-01', forecastQuantity: 20000 },
        { itemId: on.ids.screw, demandDate: '2026-08-01', forecastQuantity: 25000 },
      ],
    });
    expect(String(forecast.forecastNumber)).toMatch(/^FC\d{12}$/);
    expect(
      (await on.supA.call(api('srmPurForecast', 'findById'), { forecastId: forecastId() })).httpStatus,
    ).toBe(404);
    const [published] = await ok<Row[]>(on.buyer, 'srmPurForecast', 'doPublish', {
      forecastId: forecastId(),
    });
    expect(published!.status).toBe('PUBLISHED');
    const seen = await ok(on.supA, 'srmPurForecast', 'findById', { forecastId: forecastId() });
    expect((seen.lines as Row[]).map((line) => line.forecastQuantity)).toEqual([20000, 25000]);
    expect(
      (await on.supB.call(api('srmPurForecast', 'findById'), { forecastId: forecastId() })).httpStatus,
    ).toBe(404);
    const listed = await ok<Row[]>(on.supB, 'srmPurForecast', 'listByPage', { pageRows: 500 });
    expect(listed.filter((row) => row.supplierId === on.ids.supA)).toEqual([]);
    expect(
      (await on.supB.call(api('srmPurForecast', 'doApproval'), { forecastId: forecastId() })).httpStatus,
    ).toBe(404);
  });

  it('refuses a line outside the period when published', async () => {
    const bad = await ok(on.buyer, 'srmPurForecast', 'saveOrUpdate', {
      forecastName: 'x',
      supplierId: on.ids.supA,
      orgId: on.ids.p110,
      periodFrom: '2026-07-01',
      periodTo: '2026-07-31',
      lines: [{ itemId: on.ids.screw, demandDate: '2026-08-01', forecastQuantity: 1 }],
    });
    const answer = await on.buyer.call(api('srmPurForecast', 'doPublish'), { forecastId: bad.forecastId });
    expect(answer.httpStatus).toBe(422);
    expect(answer.body.msg).toContain('需求日期 2026-08-01 不在预测期间内');
  });

  it('takes the supplier’s committed quantities, and nothing else from the supplier', async () => {
    const seen = await ok(on.supA, 'srmPurForecast', 'findById', { forecastId: forecastId() });
    const lines = seen.lines as Row[];
    const notYet = await on.supA.call(api('srmPurForecast', 'doApproval'), { forecastId: forecastId() });
    expect(notYet.httpStatus).toBe(422);
    expect(notYet.body.msg).toContain('请填写承诺数量');
    const tamper = await on.supA.call(api('srmPurForecast', 'saveOrUpdate'), {
      forecastId: forecastId(),
      versionNum: seen.versionNum,
      lines: [{ forecastLineId: lines[0]!.forecastLineId, forecastQuantity: 1 }],
    });
    expect(tamper.body.status).toBe('E');
    const answered = await ok(on.supA, 'srmPurForecast', 'saveOrUpdate', {
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
    const [accepted] = await ok<Row[]>(on.supA, 'srmPurForecast', 'doApproval', { forecastId: forecastId() });
    expect(accepted!.status).toBe('CONFIRMED');
    const buyerView = await ok(on.buyer, 'srmPurForecast', 'findById', { forecastId: forecastId() });
    expect(buyerView.supplierComment).toBe('八月产能紧张');
    expect((buyerView.lines as Row[])[1]).toMatchObject({
      committedQuantity: 22000,
      supplierRemark: '模具保养',
    });
    // Answered: no more changes by the supplier.
    const late = await on.supA.call(api('srmPurForecast', 'saveOrUpdate'), {
      forecastId: forecastId(),
      versionNum: buyerView.versionNum,
      supplierComment: 'x',
    });
    expect(late.body.status).toBe('E');
  });

  it('is changed by the buyer, refused by the supplier with a comment, withdrawn and invalidated', async () => {
    const buyerOnly = await on.supA.call(api('srmPurForecast', 'doChange'), { forecastId: forecastId() });
    expect(buyerOnly.httpStatus).toBe(403);
    const [changed] = await ok<Row[]>(on.buyer, 'srmPurForecast', 'doChange', { forecastId: forecastId() });
    expect(changed!.status).toBe('DRAFT');
    await ok(on.buyer, 'srmPurForecast', 'doPublish', { forecastId: forecastId() });
    const [withdrawn] = await ok<Row[]>(on.buyer, 'srmPurForecast', 'doWithdraw', {
      forecastId: forecastId(),
    });
    expect(withdrawn!.status).toBe('DRAFT');
    await ok(on.buyer, 'srmPurForecast', 'doPublish', { forecastId: forecastId() });
    expect(
      (await on.supA.call(api('srmPurForecast', 'doRefuse'), { forecastId: forecastId() })).httpStatus,
    ).toBe(400);
    const [refused] = await ok<Row[]>(on.supA, 'srmPurForecast', 'doRefuse', {
      forecastId: forecastId(),
      comment: '该物料已停产',
    });
    expect(refused!.status).toBe('REFUSED');
    const [invalid] = await ok<Row[]>(on.buyer, 'srmPurForecast', 'doInvalid', { forecastId: forecastId() });
    expect(invalid!.status).toBe('INVALID');
    expect(
      (await on.buyer.call(api('srmPurForecast', 'doPublish'), { forecastId: forecastId() })).httpStatus,
    ).toBe(409);
    expect(
      (await on.supA.call(api('srmPurForecast', 'findById'), { forecastId: forecastId() })).httpStatus,
    ).toBe(404);
  });
});
