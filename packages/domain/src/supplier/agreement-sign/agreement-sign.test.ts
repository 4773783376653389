// Agreement signing: the clauses are the template's version when copied; the supplier edits only
// negotiable clauses, cannot confirm a changed text and cannot submit an unchanged one; the buyer
// sends changes back (a new round, the agreed text again) or accepts them; every round keeps the
// clauses and the changed numbers, and an internal user acting for the supplier is marked; once
// every agreement of an introduction is signed its agreement step passes, and no one records it by
// hand; another supplier sees nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, seedsNamed, startTestServer, supplierUser, type TestServer } from '@srm/platform/testing';
import { baseDataSeeds } from '../../base-data/server';
import { serverAreas } from '../../areas.server';
import { keysOf, startedIntro } from '../../domain.testing';
import { supplierSeeds } from '../server';

type Row = Record<string, unknown>;
type Clause = Row & { signClauseId: number; clauseNo: string; clauseContent: string; agreedContent: string };
type Sign = Row & {
  agreementSignId: number;
  versionNum: number;
  status: string;
  agreementSignNum: string;
  clauses: Clause[];
  rounds: Row[];
};
type Intro = Row & {
  introId: number;
  versionNum: number;
  steps: (Row & { introStepId: number; stepType: string })[];
};

const SIGN = (action: string) => api('srmAgreementSign', action);
const TEMPLATE = (action: string) => api('srmAgreementTemplate', action);

let server: TestServer;
const ids: Record<string, number> = {};
const find = async (agreementSignId: number, options = {}) =>
  (await server.post<Sign>(SIGN('findById'), { agreementSignId }, options)).body.data;
const act = (action: string, sign: Sign, options = {}, extra: Row = {}) =>
  server.post(
    SIGN(action),
    { agreementSignId: sign.agreementSignId, versionNum: sign.versionNum, ...extra },
    options,
  );
/** Rewords clauses (by clause number) as `options`' caller. */
const reword = (sign: Sign, texts: Record<string, string>, options = {}, extra: Row = {}) =>
  server.post(
    SIGN('saveOrUpdate'),
    {
      agreementSignId: sign.agreementSignId,
      versionNum: sign.versionNum,
      ...extra,
      clauses: sign.clauses.map((clause) => ({
        signClauseId: clause.signClauseId,
        ...(texts[clause.clauseNo] !== undefined ? { clauseContent: texts[clause.clauseNo] } : {}),
      })),
    },
    options,
  );

beforeAll(async () => {
  server = await startTestServer({
    areas: serverAreas,
    seeds: [
      ...seedsNamed(baseDataSeeds, 'lookups', 'currencies', 'organisations', 'categories'),
      ...supplierSeeds,
    ],
  });
  Object.assign(
    ids,
    await keysOf(server, [
      ['A', 'srmSupplierInfo', { creditCode: '91320505MA1NH7QX3R' }],
      ['B', 'srmSupplierInfo', { creditCode: '91330212MA2GQ3RT8L' }],
      ['0301', 'srmBaseCategory', { categoryCode: '0301' }],
      ['OU200', 'srmBaseOrg', { orgCode: 'OU200' }],
      ['PROD', 'srmSupplierIntroScene', { sceneCode: 'NEW_SUPPLIER_PROD' }],
    ]),
  );
});
afterAll(async () => {
  await server?.close();
});

describe('an agreement serving an introduction', () => {
  let intro: Intro;
  let templateId: number;
  let sign: Sign;

  it('copies the clauses of the template’s version and sends them as round 1', async () => {
    const empty = await server.post(TEMPLATE('saveOrUpdate'), {
      templateCode: 'QA_TEST',
      templateName: '质量保证协议（测试）',
      agreementType: 'QUALITY',
    });
    expect([empty.httpStatus, empty.body.msg]).toEqual([400, '条款：协议模板至少需要一个条款']);
    const template = await server.post<{ agreementTemplateId: number }>(TEMPLATE('saveOrUpdate'), {
      templateCode: 'QA_TEST',
      templateName: '质量保证协议（测试）',
      agreementType: 'QUALITY',
      clauses: [
        { clauseNo: '1', clauseTitle: '适用范围', clauseContent: '本协议适用于乙方供应的全部物料。' },
        {
          clauseNo: '2',
          clauseTitle: '来料不良',
          clauseContent: '批次不良率超过 0.5% 时整批退货。',
          negotiableFlag: 'Y',
        },
        {
          clauseNo: '3',
          clauseTitle: '质量索赔',
          clauseContent: '因质量问题造成的损失由乙方全额承担。',
          negotiableFlag: 'Y',
        },
      ],
    });
    expect(template.body.status, template.body.msg).toBe('S');
    templateId = template.body.data.agreementTemplateId;

    intro = await startedIntro(server, {
      supplierId: ids.B,
      categoryId: ids['0301'],
      orgId: ids.OU200,
      sceneId: ids.PROD,
    });

    const saved = await server.post<Sign>(SIGN('saveOrUpdate'), {
      introId: intro.introId,
      supplierId: ids.B,
      categoryId: ids['0301'],
      orgId: ids.OU200,
      agreementTemplateId: templateId,
    });
    expect(saved.body.status, saved.body.msg).toBe('S');
    sign = await find(saved.body.data.agreementSignId);
    expect([sign.agreementType, sign.templateVersion, sign.clauses.length]).toEqual(['QUALITY', 1, 3]);
    // Clauses and rounds are the platform's rows: none added or removed by hand.
    const round = await server.post(SIGN('saveOrUpdate'), {
      agreementSignId: sign.agreementSignId,
      versionNum: sign.versionNum,
      rounds: [{}],
    });
    expect([round.httpStatus, round.body.msg]).toEqual([403, '签署轮次：由系统生成，不能手工新增或删除']);
    const dropped = await server.post(SIGN('saveOrUpdate'), {
      agreementSignId: sign.agreementSignId,
      versionNum: sign.versionNum,
      clauses: sign.clauses.slice(1).map((clause) => ({ signClauseId: clause.signClauseId })),
    });
    expect([dropped.httpStatus, dropped.body.msg]).toEqual([403, '协议条款：由系统生成，不能手工新增或删除']);
    const second = await server.post(SIGN('saveOrUpdate'), {
      introId: intro.introId,
      supplierId: ids.B,
      categoryId: ids['0301'],
      orgId: ids.OU200,
      agreementTemplateId: templateId,
    });
    expect([second.httpStatus, second.body.msg]).toEqual([
      400,
      `协议模板：该供应商引入已有未完成的同类协议：${sign.agreementSignNum}`,
    ]);
    expect(
      (
        await server.post(
          SIGN('findById'),
          { agreementSignId: sign.agreementSignId },
          { actor: supplierUser(ids.B!) },
        )
      ).httpStatus,
    ).toBe(404);

    expect((await act('doSend', sign)).body.status).toBe('S');
    sign = await find(sign.agreementSignId);
    expect([sign.status, sign.roundNum]).toEqual(['SENT', 1]);
    expect(sign.rounds.map((round) => [round.roundNo, round.roundAction, round.assistFlag])).toEqual([
      [1, 'SENT', 'N'],
    ]);
    expect(sign.clauses.map((clause) => clause.agreedContent)).toEqual(
      sign.clauses.map((clause) => clause.clauseContent),
    );
  });

  it('lets the supplier reword negotiable clauses only, and submit only a change', async () => {
    const supplier = { actor: supplierUser(ids.B!) };
    expect((await act('doSubmitInternal', sign, supplier)).body.msg).toBe(
      '协议条款：没有修改任何条款，请直接确认签署',
    );
    const fixed = await reword(sign, { '1': '本协议适用于乙方供应的部分物料。' }, supplier);
    expect([fixed.httpStatus, fixed.body.msg]).toEqual([400, '协议条款：条款“1 适用范围”不可协商，不能修改']);
    const edited = await reword(
      sign,
      { '3': '因质量问题造成的直接损失由乙方承担，上限为当批货款。' },
      supplier,
      {
        supplierComment: '间接损失无法承担',
      },
    );
    expect(edited.body.status, edited.body.msg).toBe('S');
    sign = await find(sign.agreementSignId, supplier);
    expect(sign.clauses.map((clause) => clause.changedFlag)).toEqual(['N', 'N', 'Y']);
    const confirm = await act('doConfirm', sign, supplier);
    expect([confirm.httpStatus, confirm.body.msg]).toEqual([
      422,
      '协议条款：条款 3 已修改，请“提交修改意见”由采购方确认，或恢复原文后确认签署',
    ]);
    expect((await act('doSubmitInternal', sign, supplier)).body.status).toBe('S');
    sign = await find(sign.agreementSignId);
    expect(sign.status).toBe('SUPPLIER_EDITED');
    expect(
      sign.rounds.map((round) => [round.roundNo, round.roundAction, round.changedClauses, round.assistFlag]),
    ).toEqual([
      [1, 'SENT', null, 'N'],
      [1, 'SUPPLIER_EDITED', '3', 'N'],
    ]);
    expect(
      (
        await server.post(
          SIGN('findById'),
          { agreementSignId: sign.agreementSignId },
          { actor: supplierUser(ids.A!) },
        )
      ).httpStatus,
    ).toBe(404);
  });

  it('goes back to the agreed text in a new round when the buyer returns it; an internal user may act for the supplier', async () => {
    expect((await act('doReturn', sign, {}, { comment: '质量索赔条款不接受上限' })).body.status).toBe('S');
    sign = await find(sign.agreementSignId);
    expect([sign.status, sign.roundNum]).toEqual(['SENT', 2]);
    expect(sign.clauses[2]!.clauseContent).toBe('因质量问题造成的损失由乙方全额承担。');
    // The buyer fills in for the supplier (assist edit): the round says so.
    const assisted = await reword(sign, { '2': '批次不良率超过 1% 时整批退货。' });
    expect(assisted.body.status, assisted.body.msg).toBe('S');
    sign = await find(sign.agreementSignId);
    expect((await act('doSubmitInternal', sign)).body.status).toBe('S');
    sign = await find(sign.agreementSignId);
    expect(
      sign.rounds
        .slice(2)
        .map((round) => [round.roundNo, round.roundAction, round.changedClauses, round.assistFlag]),
    ).toEqual([
      [2, 'RETURNED', null, 'N'],
      [2, 'SUPPLIER_EDITED', '2', 'Y'],
    ]);
  });

  it('signs when the buyer accepts, and then passes the introduction’s agreement step', async () => {
    const current = (
      await server.post<Intro>(api('srmSupplierIntro', 'findById'), { introId: intro.introId })
    ).body.data;
    const byHand = await server.post(api('srmSupplierIntro', 'saveOrUpdate'), {
      introId: current.introId,
      versionNum: current.versionNum,
      steps: current.steps.map((s) => ({
        introStepId: s.introStepId,
        ...(s.stepType === 'AGREEMENT' ? { result: 'PASS' } : {}),
      })),
    });
    expect([byHand.httpStatus, byHand.body.msg]).toEqual([
      400,
      '引入步骤：“协议签署”的结果由对应的单据审批后写入，不能手工填写',
    ]);
    expect((await act('doAccept', sign)).body.status).toBe('S');
    sign = await find(sign.agreementSignId);
    expect([sign.status, sign.clauses[1]!.agreedContent]).toEqual([
      'SIGNED',
      '批次不良率超过 1% 时整批退货。',
    ]);
    expect(sign.signedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const after = (await server.post<Intro>(api('srmSupplierIntro', 'findById'), { introId: intro.introId }))
      .body.data;
    const step = after.steps.find((s) => s.stepType === 'AGREEMENT')!;
    expect([step.result, step.documentRef]).toEqual(['PASS', sign.agreementSignNum]);
    const read = await find(sign.agreementSignId, { actor: supplierUser(ids.B!) });
    expect(read.status).toBe('SIGNED');
  });
});
