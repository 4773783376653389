// Introductions: a line becomes QUALIFIED only by completing an introduction whose every required
// step passed (or passed with conditions); a buyer cannot qualify a line by hand; the steps are
// the scene's as they were when the introduction started, and changing the scene afterwards
// changes nothing for it; a re-introduction brings back a line that quit; one running
// introduction per triple.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR, dataApi, decideAll } from '@srm/platform';
import { supplierIntroStep } from './supplier-intro.entity';
import { api, seedsNamed, startTestServer, type TestServer } from '@srm/platform/testing';
import { baseDataSeeds } from '../../base-data/server';
import { serverAreas } from '../../areas.server';
import { supplierSeeds } from '../server';
import { useOneApprover } from '../../domain.testing';
import { dayIn } from '../supplier-credential/supplier-credential.validity';

type Row = Record<string, unknown>;
type Step = Row & { introStepId: number; stepType: string; requiredFlag: string; result: string };
type Intro = Row & {
  introId: number;
  versionNum: number;
  status: string;
  steps: Step[];
  categoryOrgId: number | null;
};

const INTRO = (action: string) => api('srmSupplierIntro', action);
const SCENE = (action: string) => api('srmSupplierIntroScene', action);

let server: TestServer;
const ids: Record<string, number> = {};

const find = async (introId: number) => (await server.post<Intro>(INTRO('findById'), { introId })).body.data;
const act = (action: string, intro: Intro, extra: Row = {}) =>
  server.post(INTRO(action), { introId: intro.introId, versionNum: intro.versionNum, ...extra });
const record = (intro: Intro, results: Record<string, string>) =>
  server.post<Intro>(INTRO('saveOrUpdate'), {
    introId: intro.introId,
    versionNum: intro.versionNum,
    steps: intro.steps.map((step) => ({
      introStepId: step.introStepId,
      ...(results[step.stepType] ? { result: results[step.stepType], resultDate: '2026-11-28' } : {}),
    })),
  });
const lineOf = async (supplierId: number, categoryId: number, orgId: number) =>
  (await server.post<Row[]>(api('srmSupplierCategoryOrg', 'listByPage'), { supplierId, categoryId, orgId }))
    .body.data[0];

beforeAll(async () => {
  server = await startTestServer({
    areas: serverAreas,
    seeds: [
      ...seedsNamed(baseDataSeeds, 'lookups', 'currencies', 'organisations', 'categories'),
      ...supplierSeeds,
    ],
  });
  await useOneApprover(server);
  for (const [key, entity, filter] of [
    ['C', 'srmSupplierInfo', { creditCode: '91320412MA1XK5TP2X' }],
    ['A', 'srmSupplierInfo', { creditCode: '91320505MA1NH7QX3R' }],
    ['0301', 'srmBaseCategory', { categoryCode: '0301' }],
    ['0201', 'srmBaseCategory', { categoryCode: '0201' }],
    ['OU200', 'srmBaseOrg', { orgCode: 'OU200' }],
    ['OU100', 'srmBaseOrg', { orgCode: 'OU100' }],
    ['PROD', 'srmSupplierIntroScene', { sceneCode: 'NEW_SUPPLIER_PROD' }],
    ['REINTRODUCE', 'srmSupplierIntroScene', { sceneCode: 'REINTRODUCE' }],
  ] as const) {
    const row = await server.first<Row>(entity, filter);
    ids[key] = Number(row[server.runtime.registry.get(entity).key]);
  }
});
afterAll(async () => {
  await server?.close();
});

describe('an introduction', () => {
  let intro: Intro;

  it('starts with the scene’s steps and version, and puts the library line in INTRODUCING', async () => {
    const saved = await server.post<Intro>(INTRO('saveOrUpdate'), {
      supplierId: ids.C,
      categoryId: ids['0301'],
      orgId: ids.OU200,
      sceneId: ids.PROD,
      introReason: '宁波业务实体铸件二供',
    });
    expect(saved.body.status, saved.body.msg).toBe('S');
    expect(saved.body.data.introNum).toMatch(/^IN\d{12}$/);
    const twice = await server.post(INTRO('saveOrUpdate'), {
      supplierId: ids.C,
      categoryId: ids['0301'],
      orgId: ids.OU200,
      sceneId: ids.PROD,
    });
    expect([twice.httpStatus, twice.body.msg]).toEqual([
      400,
      `采购品类：该供应商在此品类和组织已有进行中的引入 ${String(saved.body.data.introNum)}`,
    ]);
    const started = await act('doStart', saved.body.data);
    expect(started.body.status, started.body.msg).toBe('S');
    intro = await find(saved.body.data.introId);
    expect(intro.status).toBe('IN_PROGRESS');
    expect(intro.steps.map((step) => [step.stepType, step.requiredFlag, step.result])).toEqual([
      ['CENSOR', 'Y', 'PENDING'],
      ['INSPECTION', 'Y', 'PENDING'],
      ['SAMPLE', 'Y', 'PENDING'],
      ['AGREEMENT', 'Y', 'PENDING'],
      ['BATCH', 'N', 'PENDING'],
    ]);
    const scene = await server.post<Row>(SCENE('findById'), { sceneId: ids.PROD });
    expect(intro.sceneVersion).toBe(scene.body.data.sceneVersion);
    const line = await lineOf(ids.C!, ids['0301']!, ids.OU200!);
    expect(line).toMatchObject({ status: 'INTRODUCING', categoryOrgId: intro.categoryOrgId });
  });

  it('keeps its steps when the scene changes afterwards', async () => {
    const scene = (
      await server.post<Row & { steps: Row[]; versionNum: number }>(SCENE('findById'), { sceneId: ids.PROD })
    ).body.data;
    const changed = await server.post<Row>(SCENE('saveOrUpdate'), {
      sceneId: ids.PROD,
      versionNum: scene.versionNum,
      steps: [
        ...scene.steps.map((step) => ({ sceneStepId: step.sceneStepId })),
        { stepType: 'QUESTIONNAIRE', requiredFlag: 'Y' },
      ],
    });
    expect(changed.body.status, changed.body.msg).toBe('S');
    expect(changed.body.data.sceneVersion).toBe((scene.sceneVersion as number) + 1);
    const same = await find(intro.introId);
    expect(same.steps.map((step) => step.stepType)).not.toContain('QUESTIONNAIRE');
    expect(same.sceneVersion).toBe(scene.sceneVersion);
  });

  it('cannot gain or lose steps, and a buyer cannot qualify the line by hand', async () => {
    const added = await server.post(INTRO('saveOrUpdate'), {
      introId: intro.introId,
      versionNum: intro.versionNum,
      steps: [...intro.steps.map((step) => ({ introStepId: step.introStepId })), { result: 'PASS' }],
    });
    expect([added.httpStatus, added.body.msg]).toEqual([403, '引入步骤：由系统生成，不能手工新增或删除']);
    const dropped = await server.post(INTRO('saveOrUpdate'), {
      introId: intro.introId,
      versionNum: intro.versionNum,
      steps: intro.steps.slice(1).map((step) => ({ introStepId: step.introStepId })),
    });
    expect([dropped.httpStatus, dropped.body.msg]).toEqual([403, '引入步骤：由系统生成，不能手工新增或删除']);
    const byHand = await server.post(api('srmSupplierCategoryOrg', 'doQualify'), {
      categoryOrgId: intro.categoryOrgId,
    });
    expect(byHand.httpStatus).toBe(403);
    expect((await lineOf(ids.C!, ids['0301']!, ids.OU200!))!.status).toBe('INTRODUCING');
  });

  it('completes only when every required step passed, then qualifies the line', async () => {
    const byHand = await record(intro, { BATCH: 'PASS' });
    expect([byHand.httpStatus, byHand.body.msg]).toEqual([
      400,
      '引入步骤：“小批量试产”的结果由对应的单据审批后写入，不能手工填写',
    ]);
    const early = await act('doComplete', intro);
    expect([early.httpStatus, early.body.msg]).toEqual([
      422,
      '以下必需步骤尚未通过：资质审查、现场考察、样品认证、协议签署',
    ]);
    // The inspection, sample, batch and agreement steps as their documents write them (their own
    // tests run them).
    await server.runtime.transaction(async (tx) => {
      const data = dataApi(
        { actor: SYSTEM_ACTOR, runtime: server.runtime, tx, now: server.clock.now() },
        'test',
      );
      for (const [stepType, result, documentRef] of [
        ['INSPECTION', 'CONDITIONAL', 'LI202611280001'],
        ['SAMPLE', 'PASS', 'ST202611280001'],
        ['BATCH', 'FAIL', 'BT202611280001'],
        ['AGREEMENT', 'PASS', 'AS202611280001'],
      ] as const) {
        const step = intro.steps.find((s) => s.stepType === stepType)!;
        await data.patch(supplierIntroStep, step.introStepId, { result, documentRef });
      }
    });
    expect((await lineOf(ids.C!, ids['0301']!, ids.OU200!))!.status).toBe('INTRODUCING');
    // The censor step is written by an approved qualification censor (cartons ask no certificate).
    const censor = await server.post<Row & { censorId: number; versionNum: number }>(
      api('srmQualifyCensor', 'saveOrUpdate'),
      {
        introId: intro.introId,
        supplierId: ids.C,
        categoryId: ids['0301'],
        orgId: ids.OU200,
        censorResult: 'PASS',
      },
    );
    expect(censor.body.status, censor.body.msg).toBe('S');
    const submitted = await server.post(api('srmQualifyCensor', 'doSubmit'), {
      censorId: censor.body.data.censorId,
      versionNum: censor.body.data.versionNum,
    });
    expect(submitted.body.status, submitted.body.msg).toBe('S');
    await decideAll(server.runtime, 'srmQualifyCensor', censor.body.data.censorId, 'approve');
    intro = await find(intro.introId);
    const done = await act('doComplete', intro); // the optional batch tryout failed: it does not decide
    expect(done.body.status, done.body.msg).toBe('S');
    expect((await find(intro.introId)).status).toBe('COMPLETED');
    expect((await lineOf(ids.C!, ids['0301']!, ids.OU200!))!.status).toBe('QUALIFIED');
    const history = await server.post<Row[]>(api('srmSupplierCategoryOrgHistory', 'listByPage'), {
      categoryOrgId: intro.categoryOrgId,
    });
    expect(history.body.data[0]).toMatchObject({
      toStatus: 'QUALIFIED',
      changeSource: 'INTRODUCTION',
      documentRef: intro.introNum,
    });
    // The supplier is on the approved supplier list for the category there, from today.
    const listed = await server.post<Row[]>(api('srmPurAsl', 'listByPage'), {
      supplierId: ids.C,
      categoryId: ids['0301'],
      orgId: ids.OU200,
    });
    expect(listed.body.data).toEqual([
      expect.objectContaining({
        itemId: null,
        aslStatus: 'VALID',
        validFrom: dayIn(server.clock.now(), server.runtime.timeZone),
        sourceNumber: intro.introNum,
      }),
    ]);
  });

  it('re-introduces a line that quit, only under a re-introduction scene', async () => {
    const line = await lineOf(ids.A!, ids['0201']!, ids.OU100!);
    const quit = await server.post<Row[]>(api('srmSupplierCategoryOrg', 'doQuit'), {
      categoryOrgId: line!.categoryOrgId,
      comment: '暂停合作',
    });
    expect(quit.body.status, quit.body.msg).toBe('S');
    const wrong = await server.post<Intro>(INTRO('saveOrUpdate'), {
      supplierId: ids.A,
      categoryId: ids['0201'],
      orgId: ids.OU100,
      sceneId: ids.PROD,
    });
    expect(wrong.body.status, wrong.body.msg).toBe('S');
    const refused = await act('doStart', wrong.body.data);
    expect([refused.httpStatus, refused.body.msg]).toEqual([
      422,
      '引入场景：该品类组织已退出，只能用“退出后重新引入”类型的场景引入',
    ]);
    const again = await server.post<Intro>(INTRO('saveOrUpdate'), {
      introId: wrong.body.data.introId,
      versionNum: wrong.body.data.versionNum,
      sceneId: ids.REINTRODUCE,
    });
    expect(again.body.status, again.body.msg).toBe('S');
    expect((await act('doStart', again.body.data)).body.status).toBe('S');
    expect((await lineOf(ids.A!, ids['0201']!, ids.OU100!))!.status).toBe('INTRODUCING');
  });
});
