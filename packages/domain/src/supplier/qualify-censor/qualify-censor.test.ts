// Qualification censors: the lines are the requirements of the category and organisation (parents
// included, the strictest per type) beside the supplier's certificates as they stand on the day;
// the result the certificates allow is checked on submit (a missing or expired mandatory
// certificate allows only FAIL, a failed line or a mandatory one short of its minimum no PASS);
// approval writes the introduction's censor step, which no buyer records by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideAll } from '@srm/platform';
import { api, seedsNamed, startTestServer, type TestServer } from '@srm/platform/testing';
import { baseDataSeeds } from '../../base-data/server';
import { serverAreas } from '../../areas.server';
import { keysOf, useOneApprover } from '../../domain.testing';
import { supplierSeeds } from '../server';
import { checkCredentials } from './qualify-censor.check';

type Row = Record<string, unknown>;
type Line = Row & {
  censorRequireId: number;
  credentialType: string;
  checkStatus: string;
  verdict: string | null;
};
type Censor = Row & {
  censorId: number;
  versionNum: number;
  status: string;
  censorNum: string;
  requires: Line[];
};
type Intro = Row & {
  introId: number;
  versionNum: number;
  steps: (Row & { introStepId: number; stepType: string })[];
};

const CENSOR = (action: string) => api('srmQualifyCensor', action);
const INTRO = (action: string) => api('srmSupplierIntro', action);

let server: TestServer;
const ids: Record<string, number> = {};

const findCensor = async (censorId: number) =>
  (await server.post<Censor>(CENSOR('findById'), { censorId })).body.data;
const findIntro = async (introId: number) =>
  (await server.post<Intro>(INTRO('findById'), { introId })).body.data;
/** Saves verdicts (by credential type) and the header's values. */
const review = async (censor: Censor, verdicts: Record<string, string>, header: Row = {}) =>
  server.post<Censor>(CENSOR('saveOrUpdate'), {
    censorId: censor.censorId,
    versionNum: censor.versionNum,
    ...header,
    requires: censor.requires.map((line) => ({
      censorRequireId: line.censorRequireId,
      verdict: verdicts[line.credentialType] ?? null,
    })),
  });
const submit = (censor: Censor) =>
  server.post(CENSOR('doSubmit'), { censorId: censor.censorId, versionNum: censor.versionNum });

beforeAll(async () => {
  server = await startTestServer({
    areas: serverAreas,
    seeds: [
      ...seedsNamed(baseDataSeeds, 'lookups', 'currencies', 'organisations', 'categories'),
      ...supplierSeeds,
    ],
  });
  await useOneApprover(server);
  Object.assign(
    ids,
    await keysOf(server, [
      ['B', 'srmSupplierInfo', { creditCode: '91330212MA2GQ3RT8L' }],
      ['03', 'srmBaseCategory', { categoryCode: '03' }],
      ['0301', 'srmBaseCategory', { categoryCode: '0301' }],
      ['0302', 'srmBaseCategory', { categoryCode: '0302' }],
      ['OU100', 'srmBaseOrg', { orgCode: 'OU100' }],
      ['OU200', 'srmBaseOrg', { orgCode: 'OU200' }],
      ['PROD', 'srmSupplierIntroScene', { sceneCode: 'NEW_SUPPLIER_PROD' }],
      ['ORG', 'srmSupplierIntroScene', { sceneCode: 'NEW_ORG' }],
    ]),
  );
  // Cartons: ISO 9001 for the whole packaging tree, RoHS with a year left for Ningbo's unit,
  // ISO 14001 wished for; IATF 16949 only for Suzhou's unit (not asked of Ningbo).
  for (const [category, org, credentialType, mandatoryFlag, minValidDays] of [
    ['03', null, 'ISO9001', 'Y', 30],
    ['0301', 'OU200', 'ROHS', 'Y', 365],
    ['0301', null, 'ISO14001', 'N', 0],
    ['03', 'OU100', 'IATF16949', 'Y', 0],
    ['0301', null, 'ROHS', 'N', 30],
  ] as const) {
    const saved = await server.post(api('srmQualificationRequirement', 'saveOrUpdate'), {
      categoryId: ids[category],
      orgId: org ? ids[org] : null,
      credentialType,
      mandatoryFlag,
      minValidDays,
    });
    expect(saved.body.status, saved.body.msg).toBe('S');
  }
});
afterAll(async () => {
  await server?.close();
});

describe('checking certificates', () => {
  const need = { credentialType: 'ISO9001', mandatory: true, minValidDays: 30 };
  const cert = (id: number, expiryDate: string | null, longTermFlag = 'N') => ({
    supplierCredentialId: id,
    credentialType: 'ISO9001',
    credentialNumber: `C${id}`,
    expiryDate,
    longTermFlag,
  });

  it('counts a certificate valid on its expiry day and expired the day after; picks the longest-lasting', () => {
    const status = (day: string, ...certs: ReturnType<typeof cert>[]) =>
      checkCredentials([need], certs, day).map((line) => [line.checkStatus, line.credentialNumber]);
    expect(status('2027-01-01')).toEqual([['MISSING', null]]);
    expect(status('2026-12-01', cert(1, '2027-01-01'))).toEqual([['VALID', 'C1']]);
    expect(status('2026-12-03', cert(1, '2027-01-01'))).toEqual([['SHORT', 'C1']]);
    expect(status('2027-01-01', cert(1, '2027-01-01'))).toEqual([['SHORT', 'C1']]);
    expect(status('2027-01-02', cert(1, '2027-01-01'))).toEqual([['EXPIRED', 'C1']]);
    expect(status('2027-01-02', cert(1, '2027-01-01'), cert(2, '2028-06-30'))).toEqual([['VALID', 'C2']]);
    expect(status('2099-01-01', cert(1, '2027-01-01'), cert(3, null, 'Y'))).toEqual([['VALID', 'C3']]);
  });
});

describe('a censor serving an introduction', () => {
  let intro: Intro;
  let censor: Censor;

  it('takes the introduction’s triple and lists the requirements that apply, strictest per type', async () => {
    const saved = await server.post<Intro>(INTRO('saveOrUpdate'), {
      supplierId: ids.B,
      categoryId: ids['0301'],
      orgId: ids.OU200,
      sceneId: ids.PROD,
      introReason: '宁波纸箱二供',
    });
    expect(saved.body.status, saved.body.msg).toBe('S');
    const draftCensor = await server.post(CENSOR('saveOrUpdate'), {
      introId: saved.body.data.introId,
      supplierId: ids.B,
      categoryId: ids['0301'],
      orgId: ids.OU200,
    });
    expect([draftCensor.httpStatus, draftCensor.body.msg]).toEqual([
      400,
      '供应商引入：所选供应商引入不在引入中，不能为其做资质审查',
    ]);
    const started = await server.post(INTRO('doStart'), {
      introId: saved.body.data.introId,
      versionNum: saved.body.data.versionNum,
    });
    expect(started.body.status, started.body.msg).toBe('S');
    intro = await findIntro(saved.body.data.introId);

    // Whatever triple the caller sends, the introduction's is taken.
    const made = await server.post<Censor>(CENSOR('saveOrUpdate'), {
      introId: intro.introId,
      supplierId: ids.B,
      categoryId: ids['0302'],
      orgId: ids.OU100,
    });
    expect(made.body.status, made.body.msg).toBe('S');
    censor = await findCensor(made.body.data.censorId);
    expect(censor.censorNum).toMatch(/^QC\d{12}$/);
    expect([censor.categoryId, censor.orgId, censor.status]).toEqual([ids['0301'], ids.OU200, 'DRAFT']);
    expect(
      censor.requires.map((line) => [
        line.credentialType,
        line.mandatoryFlag,
        line.minValidDays,
        line.checkStatus,
        line.credentialNumber,
      ]),
    ).toEqual([
      ['ISO14001', 'N', 0, 'MISSING', null],
      ['ISO9001', 'Y', 30, 'VALID', 'CN-QMS-24-1102'],
      ['ROHS', 'Y', 365, 'SHORT', 'SGS-RH-25-7781'],
    ]);

    const added = await server.post(CENSOR('saveOrUpdate'), {
      censorId: censor.censorId,
      versionNum: censor.versionNum,
      requires: [{ verdict: 'PASS', reviewComment: '补充的 3C 证书' }],
    });
    expect([added.httpStatus, added.body.msg]).toEqual([403, '资质要求：由系统生成，不能手工新增或删除']);
    const second = await server.post(CENSOR('saveOrUpdate'), {
      introId: intro.introId,
      supplierId: ids.B,
      categoryId: ids['0301'],
      orgId: ids.OU200,
    });
    expect([second.httpStatus, second.body.msg]).toEqual([
      400,
      `供应商引入：该供应商引入已有未完成的资质审查：${censor.censorNum}`,
    ]);
  });

  it('refuses on submit a result the certificates and verdicts do not allow', async () => {
    const noResult = await submit(censor);
    expect([noResult.httpStatus, noResult.body.msg]).toEqual([422, '审查结论：请填写审查结论']);

    let saved = await review(
      censor,
      { ISO14001: 'PASS', ISO9001: 'PASS', ROHS: 'PASS' },
      { censorResult: 'PASS' },
    );
    expect(saved.body.status, saved.body.msg).toBe('S');
    censor = await findCensor(censor.censorId);
    const passMissing = await submit(censor);
    expect([passMissing.httpStatus, passMissing.body.msg]).toEqual([
      422,
      '资质要求：资质“ISO 14001 环境管理体系”未提供，不能判定为符合',
    ]);

    saved = await review(censor, { ISO14001: 'FAIL', ISO9001: 'PASS' });
    expect(saved.body.status, saved.body.msg).toBe('S');
    censor = await findCensor(censor.censorId);
    const noVerdict = await submit(censor);
    expect([noVerdict.httpStatus, noVerdict.body.msg]).toEqual([
      422,
      '资质要求：请对资质“RoHS 检测报告”给出审查判定',
    ]);

    saved = await review(censor, { ISO14001: 'FAIL', ISO9001: 'PASS', ROHS: 'PASS' });
    expect(saved.body.status, saved.body.msg).toBe('S');
    censor = await findCensor(censor.censorId);
    const passWithFail = await submit(censor);
    expect([passWithFail.httpStatus, passWithFail.body.msg]).toEqual([
      422,
      '审查结论：资质“ISO 14001 环境管理体系”不符合或剩余有效期不足，审查结论不能为“通过”',
    ]);

    saved = await review(
      censor,
      { ISO14001: 'FAIL', ISO9001: 'PASS', ROHS: 'PASS' },
      { censorResult: 'CONDITIONAL' },
    );
    expect(saved.body.status, saved.body.msg).toBe('S');
    censor = await findCensor(censor.censorId);
    const noComment = await submit(censor);
    expect([noComment.httpStatus, noComment.body.msg]).toEqual([
      422,
      '审查意见：审查结论不是“通过”时，请填写审查意见',
    ]);
    saved = await review(
      censor,
      { ISO14001: 'FAIL', ISO9001: 'PASS', ROHS: 'PASS' },
      { censorComment: 'RoHS 报告 3 个月内更新，ISO 14001 年底前取证' },
    );
    expect(saved.body.status, saved.body.msg).toBe('S');
    censor = await findCensor(censor.censorId);
    const submitted = await submit(censor);
    expect(submitted.body.status, submitted.body.msg).toBe('S');
    censor = await findCensor(censor.censorId);
    expect(censor.status).toBe('APPROVING');
    expect(censor.reviewedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('writes the introduction’s censor step on approval; the buyer cannot write that step by hand', async () => {
    const step = (found: Intro, type: string) => found.steps.find((s) => s.stepType === type)!;
    const byHand = await server.post(INTRO('saveOrUpdate'), {
      introId: intro.introId,
      versionNum: intro.versionNum,
      steps: intro.steps.map((s) => ({
        introStepId: s.introStepId,
        ...(s.stepType === 'CENSOR' ? { result: 'PASS', resultDate: '2026-11-28' } : {}),
      })),
    });
    expect([byHand.httpStatus, byHand.body.msg]).toEqual([
      400,
      '引入步骤：“资质审查”的结果由对应的单据审批后写入，不能手工填写',
    ]);
    expect(step(await findIntro(intro.introId), 'CENSOR').result).toBe('PENDING');

    await decideAll(server.runtime, 'srmQualifyCensor', censor.censorId, 'approve');
    expect((await findCensor(censor.censorId)).status).toBe('APPROVED');
    const written = step(await findIntro(intro.introId), 'CENSOR');
    expect([written.result, written.documentRef, written.resultComment]).toEqual([
      'CONDITIONAL',
      censor.censorNum,
      'RoHS 报告 3 个月内更新，ISO 14001 年底前取证',
    ]);
  });
});

describe('a censor of its own', () => {
  it('allows only FAIL while a mandatory certificate is missing', async () => {
    const saved = await server.post(api('srmQualificationRequirement', 'saveOrUpdate'), {
      categoryId: ids['0302'],
      orgId: ids.OU200,
      credentialType: 'IATF16949',
      mandatoryFlag: 'Y',
      minValidDays: 0,
    });
    expect(saved.body.status, saved.body.msg).toBe('S');
    const made = await server.post<Censor>(CENSOR('saveOrUpdate'), {
      supplierId: ids.B,
      categoryId: ids['0302'],
      orgId: ids.OU200,
      censorResult: 'CONDITIONAL',
      censorComment: '限期取得 IATF 16949',
    });
    expect(made.body.status, made.body.msg).toBe('S');
    let censor = await findCensor(made.body.data.censorId);
    expect(censor.requires.map((line) => [line.credentialType, line.checkStatus])).toEqual([
      ['IATF16949', 'MISSING'],
      ['ISO9001', 'VALID'],
    ]);
    await review(censor, { IATF16949: 'FAIL', ISO9001: 'PASS' });
    censor = await findCensor(censor.censorId);
    const conditional = await submit(censor);
    expect([conditional.httpStatus, conditional.body.msg]).toEqual([
      422,
      '审查结论：必需资质“IATF 16949 汽车质量管理体系”未提供，审查结论只能为“不通过”',
    ]);
    await review(censor, { IATF16949: 'FAIL', ISO9001: 'PASS' }, { censorResult: 'FAIL' });
    censor = await findCensor(censor.censorId);
    const failed = await submit(censor);
    expect(failed.body.status, failed.body.msg).toBe('S');
  });

  it('serves only an introduction whose scene has a censor step', async () => {
    const saved = await server.post<Intro>(INTRO('saveOrUpdate'), {
      supplierId: ids.B,
      categoryId: ids['0302'],
      orgId: ids.OU100,
      sceneId: ids.ORG,
    });
    expect(saved.body.status, saved.body.msg).toBe('S');
    const started = await server.post(INTRO('doStart'), {
      introId: saved.body.data.introId,
      versionNum: saved.body.data.versionNum,
    });
    expect(started.body.status, started.body.msg).toBe('S');
    const intro = await findIntro(saved.body.data.introId);
    const made = await server.post(CENSOR('saveOrUpdate'), {
      introId: intro.introId,
      supplierId: ids.B,
      categoryId: ids['0302'],
      orgId: ids.OU100,
    });
    expect([made.httpStatus, made.body.msg]).toEqual([
      400,
      `供应商引入：供应商引入 ${String(intro.introNum)} 的场景不含资质审查步骤`,
    ]);
  });
});
