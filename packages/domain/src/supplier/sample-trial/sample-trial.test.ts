// Sample trials: requested of the supplier, which records its shipment and ships in its portal;
// received; each evaluator records only their own verdict, only once the samples are in; the
// evaluation combines them (every mandatory evaluator must pass) and approval writes the
// introduction's sample step, which no buyer records by hand; another supplier sees nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideAll } from '@srm/platform';
import { api, seedsNamed, startTestServer, supplierUser, type TestServer } from '@srm/platform/testing';
import { baseDataSeeds } from '../../base-data/server';
import { serverAreas } from '../../areas.server';
import { internalUsers, keysOf, startedIntro, useOneApprover } from '../../domain.testing';
import { supplierSeeds } from '../server';
import { sampleResultOf } from './sample-trial.actions';

type Row = Record<string, unknown>;
type Trial = Row & {
  sampleTrialId: number;
  versionNum: number;
  status: string;
  sampleTrialNum: string;
  lines: (Row & { sampleLineId: number })[];
  results: (Row & { sampleResultId: number; evaluatorId: number; verdict: string })[];
};
type Intro = Row & {
  introId: number;
  versionNum: number;
  steps: (Row & { introStepId: number; stepType: string })[];
};

const TRIAL = (action: string) => api('srmSampleTrial', action);

let server: TestServer;
const ids: Record<string, number> = {};
const find = async (sampleTrialId: number, options = {}) =>
  (await server.post<Trial>(TRIAL('findById'), { sampleTrialId }, options)).body.data;
const as = (key: string) => ({ actor: { userId: ids[key]!, userName: key } });
const act = (action: string, trial: Trial, options = {}, extra: Row = {}) =>
  server.post(
    TRIAL(action),
    { sampleTrialId: trial.sampleTrialId, versionNum: trial.versionNum, ...extra },
    options,
  );
/** An evaluator's verdict on their own row (the others' sent unchanged). */
const judge = (key: string, trial: Trial, row: number, verdict: string, evaluationData: string) =>
  server.post(
    TRIAL('saveOrUpdate'),
    {
      sampleTrialId: trial.sampleTrialId,
      versionNum: trial.versionNum,
      results: trial.results.map((result, index) => ({
        sampleResultId: result.sampleResultId,
        ...(index === row ? { verdict, evaluationData, evaluateDate: '2026-11-29' } : {}),
      })),
    },
    as(key),
  );

beforeAll(async () => {
  server = await startTestServer({
    areas: serverAreas,
    seeds: [
      ...seedsNamed(baseDataSeeds, 'lookups', 'currencies', 'units', 'organisations', 'categories', 'items'),
      ...supplierSeeds,
    ],
  });
  await useOneApprover(server);
  Object.assign(
    ids,
    await internalUsers(server, [
      ['qe', '质量工程师周'],
      ['rd', '研发工程师吴'],
    ]),
  );
  Object.assign(
    ids,
    await keysOf(server, [
      ['A', 'srmSupplierInfo', { creditCode: '91320505MA1NH7QX3R' }],
      ['B', 'srmSupplierInfo', { creditCode: '91330212MA2GQ3RT8L' }],
      ['0301', 'srmBaseCategory', { categoryCode: '0301' }],
      ['OU200', 'srmBaseOrg', { orgCode: 'OU200' }],
      ['PROD', 'srmSupplierIntroScene', { sceneCode: 'NEW_SUPPLIER_PROD' }],
      ['CARTON', 'srmBaseItem', { itemCode: '03010001' }],
    ]),
  );
});
afterAll(async () => {
  await server?.close();
});

describe('the combined verdict', () => {
  it('passes only when every mandatory evaluator passed', () => {
    const row = (mandatoryFlag: string, verdict: string) => ({ mandatoryFlag, verdict });
    expect(sampleResultOf([row('Y', 'PASS'), row('Y', 'PASS'), row('N', 'FAIL')])).toBe('PASS');
    expect(sampleResultOf([row('Y', 'PASS'), row('Y', 'FAIL')])).toBe('FAIL');
  });
});

describe('a sample trial serving an introduction', () => {
  let intro: Intro;
  let trial: Trial;

  it('is requested with materials and evaluators, and shows to its supplier only from then on', async () => {
    intro = await startedIntro(server, {
      supplierId: ids.B,
      categoryId: ids['0301'],
      orgId: ids.OU200,
      sceneId: ids.PROD,
    });

    const saved = await server.post<Trial>(TRIAL('saveOrUpdate'), {
      introId: intro.introId,
      supplierId: ids.B,
      categoryId: ids['0301'],
      orgId: ids.OU200,
      requiredDate: '2026-12-15',
      requestNote: '纸箱 20 只、内衬 50 片，附出厂检测报告',
      lines: [
        { itemId: ids.CARTON, itemName: '五层瓦楞纸箱', quantity: 20 },
        { itemName: '防静电珍珠棉内衬', specification: '600×400×20mm，表面电阻 10⁶–10⁹Ω', quantity: 50 },
      ],
      results: [
        { evaluatorRole: 'QUALITY', evaluatorId: ids.qe, mandatoryFlag: 'Y' },
        { evaluatorRole: 'ENGINEERING', evaluatorId: ids.rd, mandatoryFlag: 'Y' },
      ],
    });
    expect(saved.body.status, saved.body.msg).toBe('S');
    trial = await find(saved.body.data.sampleTrialId);
    expect(trial.sampleTrialNum).toMatch(/^ST\d{12}$/);
    const early = await judge('qe', trial, 0, 'PASS', '外观良好');
    expect([early.httpStatus, early.body.msg]).toEqual([400, '样品评估：收样后才能填写评估结论']);
    expect(
      (
        await server.post(
          TRIAL('findById'),
          { sampleTrialId: trial.sampleTrialId },
          { actor: supplierUser(ids.B!) },
        )
      ).httpStatus,
    ).toBe(404);

    expect((await act('doRequest', trial)).body.status).toBe('S');
    trial = await find(trial.sampleTrialId);
    expect(trial.status).toBe('REQUESTED');
    const changed = await server.post(TRIAL('saveOrUpdate'), {
      sampleTrialId: trial.sampleTrialId,
      versionNum: trial.versionNum,
      lines: trial.lines.map((line, index) => ({
        sampleLineId: line.sampleLineId,
        ...(index === 0 ? { quantity: 5 } : {}),
      })),
    });
    expect([changed.httpStatus, changed.body.msg]).toEqual([409, '单据当前状态为“待送样”，不可修改']);
    const read = await find(trial.sampleTrialId, { actor: supplierUser(ids.B!) });
    expect(read.status).toBe('REQUESTED');
    expect(
      (
        await server.post(
          TRIAL('findById'),
          { sampleTrialId: trial.sampleTrialId },
          { actor: supplierUser(ids.A!) },
        )
      ).httpStatus,
    ).toBe(404);
  });

  it('is shipped by the supplier once every line’s shipment is recorded, then received', async () => {
    const supplier = { actor: supplierUser(ids.B!) };
    const early = await act('doShip', trial, supplier);
    expect([early.httpStatus, early.body.msg]).toEqual([
      422,
      '送样物料：请填写“五层瓦楞纸箱”的实送数量、发货日期和运单号',
    ]);
    const shipment = await server.post(
      TRIAL('saveOrUpdate'),
      {
        sampleTrialId: trial.sampleTrialId,
        versionNum: trial.versionNum,
        shipmentNote: '顺丰发出，含出厂报告',
        lines: trial.lines.map((line) => ({
          sampleLineId: line.sampleLineId,
          shippedQuantity: Number(line.quantity),
          shipDate: '2026-12-01',
          waybillNo: 'SF1234567890',
        })),
      },
      supplier,
    );
    expect(shipment.body.status, shipment.body.msg).toBe('S');
    trial = await find(trial.sampleTrialId);
    const shipped = await act('doShip', trial, supplier);
    expect(shipped.body.status, shipped.body.msg).toBe('S');
    trial = await find(trial.sampleTrialId);
    expect((await act('doReceive', trial)).body.status).toBe('S');
    trial = await find(trial.sampleTrialId);
    expect(trial.status).toBe('EVALUATING');
    expect(trial.receivedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(trial.lines.map((line) => [line.shippedQuantity, line.receivedQuantity])).toEqual([
      [20, 20],
      [50, 50],
    ]);
  });

  it('takes each evaluator’s own verdict and combines them on submit', async () => {
    const materials = await server.post(TRIAL('saveOrUpdate'), {
      sampleTrialId: trial.sampleTrialId,
      versionNum: trial.versionNum,
      lines: trial.lines.map((line, index) => ({
        sampleLineId: line.sampleLineId,
        ...(index === 0 ? { quantity: 5 } : { receivedQuantity: 48 }),
      })),
    });
    expect([materials.httpStatus, materials.body.msg]).toEqual([
      400,
      '送样物料：发出送样通知后不能增删或修改送样物料',
    ]);
    const others = await judge('qe', trial, 1, 'PASS', '替研发填写');
    expect(others.httpStatus).toBe(403);
    expect(others.body.msg).toMatch(/^样品评估第 2 行，评估结论：只能修改分配给本人的行/);
    expect((await judge('qe', trial, 0, 'PASS', '尺寸与边压强度合格，外观无异常')).body.status).toBe('S');
    trial = await find(trial.sampleTrialId);
    const pending = await act('doSubmit', trial);
    expect([pending.httpStatus, pending.body.msg]).toEqual([
      422,
      '样品评估：研发/工程评估人 研发工程师吴 尚未给出评估结论',
    ]);
    expect((await judge('rd', trial, 1, 'FAIL', '内衬表面电阻 10¹¹Ω，防静电不达标')).body.status).toBe('S');
    trial = await find(trial.sampleTrialId);
    const noComment = await act('doSubmit', trial);
    expect([noComment.httpStatus, noComment.body.msg]).toEqual([
      422,
      '结论说明（供应商可见）：样品认证不通过，请填写结论说明',
    ]);
    const removed = await server.post(TRIAL('saveOrUpdate'), {
      sampleTrialId: trial.sampleTrialId,
      versionNum: trial.versionNum,
      results: [{ sampleResultId: trial.results[0]!.sampleResultId }],
    });
    expect([removed.httpStatus, removed.body.msg]).toEqual([
      400,
      '样品评估：研发工程师吴 已给出评估结论，不能删除该评估行或更换评估人',
    ]);
    const handedOver = await server.post(TRIAL('saveOrUpdate'), {
      sampleTrialId: trial.sampleTrialId,
      versionNum: trial.versionNum,
      results: trial.results.map((result, index) => ({
        sampleResultId: result.sampleResultId,
        ...(index === 1 ? { evaluatorId: ids.qe } : {}),
      })),
    });
    expect([handedOver.httpStatus, handedOver.body.msg]).toEqual([
      400,
      '样品评估：研发工程师吴 已给出评估结论，不能删除该评估行或更换评估人',
    ]);
    const commented = await server.post(TRIAL('saveOrUpdate'), {
      sampleTrialId: trial.sampleTrialId,
      versionNum: trial.versionNum,
      resultComment: '内衬防静电性能不达标，请更换材料后重新送样',
    });
    expect(commented.body.status, commented.body.msg).toBe('S');
    trial = await find(trial.sampleTrialId);
    expect((await act('doSubmit', trial)).body.status).toBe('S');
    trial = await find(trial.sampleTrialId);
    expect([trial.status, trial.sampleResult]).toEqual(['APPROVING', 'FAIL']);
  });

  it('writes the introduction’s sample step on approval; the buyer cannot write it by hand', async () => {
    const current = (
      await server.post<Intro>(api('srmSupplierIntro', 'findById'), { introId: intro.introId })
    ).body.data;
    const byHand = await server.post(api('srmSupplierIntro', 'saveOrUpdate'), {
      introId: current.introId,
      versionNum: current.versionNum,
      steps: current.steps.map((s) => ({
        introStepId: s.introStepId,
        ...(s.stepType === 'SAMPLE' ? { result: 'PASS' } : {}),
      })),
    });
    expect([byHand.httpStatus, byHand.body.msg]).toEqual([
      400,
      '引入步骤：“样品认证”的结果由对应的单据审批后写入，不能手工填写',
    ]);
    await decideAll(server.runtime, 'srmSampleTrial', trial.sampleTrialId, 'approve');
    const after = (await server.post<Intro>(api('srmSupplierIntro', 'findById'), { introId: intro.introId }))
      .body.data;
    const step = after.steps.find((s) => s.stepType === 'SAMPLE')!;
    expect([step.result, step.documentRef, step.resultComment]).toEqual([
      'FAIL',
      trial.sampleTrialNum,
      `样品认证 ${trial.sampleTrialNum}：不通过。内衬防静电性能不达标，请更换材料后重新送样`,
    ]);
    const read = await find(trial.sampleTrialId, { actor: supplierUser(ids.B!) });
    expect([read.status, read.sampleResult]).toEqual(['APPROVED', 'FAIL']);
  });
});
