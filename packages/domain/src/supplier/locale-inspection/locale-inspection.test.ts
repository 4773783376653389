// Locale inspections: the items are the template's as they were when scoring began; each inspector
// scores only their own rows; the total is the weighted mean of the items' means, rounded once,
// and the bands turn it into the verdict; a conditional pass needs a summary and a rectification
// date; approval writes the introduction's inspection step, which no buyer records by hand; the
// supplier reads the result without the internal or private notes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideAll } from '@srm/platform';
import { api, seedsNamed, startTestServer, supplierUser, type TestServer } from '@srm/platform/testing';
import { baseDataSeeds } from '../../base-data/server';
import { serverAreas } from '../../areas.server';
import { internalUsers, keysOf, startedIntro, useOneApprover } from '../../domain.testing';
import { supplierSeeds } from '../server';
import { inspectionResult, inspectionTotals } from './locale-inspection.score';

type Row = Record<string, unknown>;
type Score = Row & { inspectionScoreId: number; lineNum: number; inspectorId: number; score: number | null };
type Inspection = Row & {
  inspectionId: number;
  versionNum: number;
  status: string;
  inspectionNum: string;
  items: (Row & { lineNum: number })[];
  scores: Score[];
  records: Row[];
};
type Intro = Row & {
  introId: number;
  versionNum: number;
  steps: (Row & { introStepId: number; stepType: string })[];
};

const INSPECTION = (action: string) => api('srmLocaleInspection', action);
const TEMPLATE = (action: string) => api('srmSurveyTemplate', action);

let server: TestServer;
const ids: Record<string, number> = {};

const find = async (inspectionId: number) =>
  (await server.post<Inspection>(INSPECTION('findById'), { inspectionId })).body.data;
const as = (key: string) => ({ actor: { userId: ids[key]!, userName: key } });
/** An inspector's scores by line number (the others' rows sent unchanged). */
const scoreAs = async (
  inspector: string,
  inspection: Inspection,
  scores: Record<number, number>,
  extra: Row = {},
) =>
  server.post<Inspection>(
    INSPECTION('saveOrUpdate'),
    {
      inspectionId: inspection.inspectionId,
      versionNum: inspection.versionNum,
      ...extra,
      scores: inspection.scores.map((row) => ({
        inspectionScoreId: row.inspectionScoreId,
        ...(row.inspectorId === ids[inspector] && scores[row.lineNum] !== undefined
          ? { score: scores[row.lineNum] }
          : {}),
      })),
    },
    as(inspector),
  );

beforeAll(async () => {
  server = await startTestServer({
    areas: serverAreas,
    seeds: [
      ...seedsNamed(baseDataSeeds, 'lookups', 'currencies', 'organisations', 'categories'),
      ...supplierSeeds,
    ],
  });
  ids.pm = await useOneApprover(server);
  Object.assign(
    ids,
    await internalUsers(server, [
      ['wang', '王工'],
      ['zhao', '赵工'],
    ]),
  );
  Object.assign(
    ids,
    await keysOf(server, [
      ['B', 'srmSupplierInfo', { creditCode: '91330212MA2GQ3RT8L' }],
      ['A', 'srmSupplierInfo', { creditCode: '91320505MA1NH7QX3R' }],
      ['0301', 'srmBaseCategory', { categoryCode: '0301' }],
      ['OU200', 'srmBaseOrg', { orgCode: 'OU200' }],
      ['PROD', 'srmSupplierIntroScene', { sceneCode: 'NEW_SUPPLIER_PROD' }],
    ]),
  );
});
afterAll(async () => {
  await server?.close();
});

describe('the arithmetic', () => {
  it('averages each item over its inspectors and weights the items, rounding half up once', () => {
    const items = [1, 2, 3, 4, 5].map((lineNum, index) => ({
      lineNum,
      weight: [25, 25, 20, 15, 15][index]!,
    }));
    const scores = [
      [80, 75, 78, 72, 65],
      [82, 77, 76, 70, 68],
    ].flatMap((row) => row.map((score, index) => ({ lineNum: index + 1, score })));
    const { averages, total } = inspectionTotals(items, scores);
    expect([...averages.values()]).toEqual([81, 76, 77, 71, 66.5]);
    expect(total).toBe(75.28); // 75.275 exactly
    // Thirds: 33.33 + 33.33 + 33.34, and means of three inspectors that do not end.
    const thirds = inspectionTotals(
      [
        { lineNum: 1, weight: 33.33 },
        { lineNum: 2, weight: 33.33 },
        { lineNum: 3, weight: 33.34 },
      ],
      [
        { lineNum: 1, score: 70 },
        { lineNum: 1, score: 70 },
        { lineNum: 1, score: 71 },
        { lineNum: 2, score: 90.01 },
        { lineNum: 2, score: 90 },
        { lineNum: 2, score: 90 },
        { lineNum: 3, score: 60 },
        { lineNum: 3, score: 60 },
        { lineNum: 3, score: 60.5 },
      ],
    );
    expect([...thirds.averages.values()]).toEqual([70.33, 90, 60.17]);
    expect(thirds.total).toBe(73.5);
  });

  it('turns the total into the verdict by the bands, each band including its lower bound', () => {
    expect(inspectionResult(80, 80, 60)).toBe('PASS');
    expect(inspectionResult(79.99, 80, 60)).toBe('CONDITIONAL');
    expect(inspectionResult(60, 80, 60)).toBe('CONDITIONAL');
    expect(inspectionResult(59.99, 80, 60)).toBe('FAIL');
    expect(inspectionResult(85, 90, 70)).toBe('CONDITIONAL');
  });
});

describe('a locale inspection serving an introduction', () => {
  let intro: Intro;
  let templateId: number;
  let inspection: Inspection;

  it('takes a scoring template only with scored items weighing 100 in all', async () => {
    const base = { templateCode: 'T_AUDIT', templateName: '现场审核评分表', usage: 'INSPECTION' };
    const item = (lineNum: number, questionText: string, weight: number, questionType = 'SCORE') => ({
      lineNum,
      questionText,
      weight,
      questionType,
    });
    const short = await server.post(TEMPLATE('saveOrUpdate'), {
      ...base,
      lines: [item(1, '质量管理体系', 60), item(2, '生产过程控制', 30)],
    });
    expect([short.httpStatus, short.body.msg]).toEqual([
      400,
      '题目/评分项：评分项权重合计须为 100，当前为 90.00',
    ]);
    const text = await server.post(TEMPLATE('saveOrUpdate'), {
      ...base,
      lines: [item(1, '质量管理体系', 60), item(2, '改进建议', 40, 'TEXT')],
    });
    expect([text.httpStatus, text.body.msg]).toEqual([
      400,
      '题目/评分项：现场考察评分模板只能包含评分题，第 2 行不是评分题',
    ]);
    const saved = await server.post<{ templateId: number; templateVersion: number }>(
      TEMPLATE('saveOrUpdate'),
      {
        ...base,
        lines: [item(1, '质量管理体系', 50), item(2, '生产过程控制', 30), item(3, '现场 5S', 20)],
      },
    );
    expect(saved.body.status, saved.body.msg).toBe('S');
    expect(saved.body.data.templateVersion).toBe(1);
    templateId = saved.body.data.templateId;
  });

  it('begins scoring with the template’s items and a score per inspector and item', async () => {
    intro = await startedIntro(server, {
      supplierId: ids.B,
      categoryId: ids['0301'],
      orgId: ids.OU200,
      sceneId: ids.PROD,
    });

    const body = {
      introId: intro.introId,
      supplierId: ids.B,
      categoryId: ids['0301'],
      orgId: ids.OU200,
      templateId,
      inspectionDate: '2026-11-27',
      inspectors: [{ userId: ids.wang }, { userId: ids.zhao }],
      records: [{ findingText: '仓库消防通道堆放纸板', severity: 'MAJOR', privateNote: '厂长承诺本周清理' }],
    };
    const badBands = await server.post(INSPECTION('saveOrUpdate'), {
      ...body,
      passScore: 70,
      conditionalScore: 70,
    });
    expect([badBands.httpStatus, badBands.body.msg]).toEqual([
      400,
      '有条件通过分数线：有条件通过分数线须低于通过分数线',
    ]);
    // Inspectors are colleagues: a supplier's user is refused, whatever the picker offered.
    const outsider = await server.post<{ userId: number }>(api('baseUser', 'saveOrUpdate'), {
      userName: 'a_sales',
      userFullName: '恒达销售',
      userType: 'EXTERNAL',
      supplierId: ids.A,
    });
    expect(outsider.body.status, outsider.body.msg).toBe('S');
    const byOutsider = await server.post(INSPECTION('saveOrUpdate'), {
      ...body,
      inspectors: [{ userId: ids.wang }, { userId: outsider.body.data.userId }],
    });
    expect([byOutsider.httpStatus, byOutsider.body.msg]).toEqual([
      400,
      `考察人员第 2 行，考察人：所选记录不符合条件：${outsider.body.data.userId}`,
    ]);
    const saved = await server.post<Inspection>(INSPECTION('saveOrUpdate'), {
      ...body,
      internalNote: '报价偏高',
    });
    expect(saved.body.status, saved.body.msg).toBe('S');
    inspection = await find(saved.body.data.inspectionId);
    expect(inspection.inspectionNum).toMatch(/^LI\d{12}$/);
    expect([inspection.passScore, inspection.conditionalScore, inspection.items.length]).toEqual([80, 60, 0]);

    const begun = await server.post(INSPECTION('doStart'), {
      inspectionId: inspection.inspectionId,
      versionNum: inspection.versionNum,
    });
    expect(begun.body.status, begun.body.msg).toBe('S');
    inspection = await find(inspection.inspectionId);
    expect(inspection.status).toBe('SCORING');
    expect(inspection.templateVersion).toBe(1);
    expect(inspection.items.map((item) => [item.lineNum, item.itemText, item.weight])).toEqual([
      [1, '质量管理体系', 50],
      [2, '生产过程控制', 30],
      [3, '现场 5S', 20],
    ]);
    expect(inspection.scores.map((score) => [score.lineNum, score.inspectorName, score.score])).toEqual([
      [1, '王工', null],
      [2, '王工', null],
      [3, '王工', null],
      [1, '赵工', null],
      [2, '赵工', null],
      [3, '赵工', null],
    ]);

    // The template changed afterwards changes nothing here.
    const template = (await server.post<Row & { lines: Row[] }>(TEMPLATE('findById'), { templateId })).body
      .data;
    const edited = await server.post(TEMPLATE('saveOrUpdate'), {
      templateId,
      versionNum: template.versionNum,
      lines: template.lines.map((line, index) => ({
        templateLineId: line.templateLineId,
        weight: [40, 40, 20][index],
      })),
    });
    expect(edited.body.status, edited.body.msg).toBe('S');
    expect((await find(inspection.inspectionId)).items.map((item) => item.weight)).toEqual([50, 30, 20]);
    const inspectorAdded = await server.post(INSPECTION('saveOrUpdate'), {
      inspectionId: inspection.inspectionId,
      versionNum: inspection.versionNum,
      inspectors: [
        ...(inspection.inspectors as Row[]).map((row) => ({ inspectionStaffId: row.inspectionStaffId })),
        { userId: ids.pm },
      ],
    });
    expect([inspectorAdded.httpStatus, inspectorAdded.body.msg]).toEqual([
      403,
      '考察人员：当前状态不能新增或删除行',
    ]);
    const inspectorSwapped = await server.post(INSPECTION('saveOrUpdate'), {
      inspectionId: inspection.inspectionId,
      versionNum: inspection.versionNum,
      inspectors: (inspection.inspectors as Row[]).map((row, index) => ({
        inspectionStaffId: row.inspectionStaffId,
        ...(index === 1 ? { userId: ids.pm } : {}),
      })),
    });
    expect([inspectorSwapped.httpStatus, inspectorSwapped.body.msg]).toEqual([
      403,
      '考察人员第 2 行，考察人：字段“考察人”在当前状态不可修改',
    ]);
  });

  it('lets each inspector score only their own rows, and submits only once all are scored', async () => {
    let saved = await scoreAs('wang', inspection, { 1: 90, 2: 80, 3: 80 });
    expect(saved.body.status, saved.body.msg).toBe('S');
    inspection = await find(inspection.inspectionId);
    const others = await server.post(
      INSPECTION('saveOrUpdate'),
      {
        inspectionId: inspection.inspectionId,
        versionNum: inspection.versionNum,
        scores: inspection.scores.map((row) => ({
          inspectionScoreId: row.inspectionScoreId,
          ...(row.inspectorId === ids.zhao ? { score: 100 } : {}),
        })),
      },
      as('wang'),
    );
    // 赵工's three rows: only he changes them (the engine's writableByUserIn).
    expect([others.httpStatus, others.body.msg]).toEqual([
      403,
      '评分第 4 行，得分：只能修改分配给本人的行（共 3 处问题）',
    ]);
    const early = await server.post(INSPECTION('doSubmit'), {
      inspectionId: inspection.inspectionId,
      versionNum: inspection.versionNum,
    });
    expect([early.httpStatus, early.body.msg]).toEqual([422, '评分：赵工 尚未对“质量管理体系”评分']);

    // 84.00 under a pass score of 90 is a conditional pass: summary, then a date, are asked for.
    saved = await scoreAs('zhao', inspection, { 1: 80, 2: 90, 3: 80 }, { passScore: 90 });
    expect(saved.body.status, saved.body.msg).toBe('S');
    inspection = await find(inspection.inspectionId);
    const submit = () =>
      server.post(INSPECTION('doSubmit'), {
        inspectionId: inspection.inspectionId,
        versionNum: inspection.versionNum,
      });
    const noSummary = await submit();
    expect([noSummary.httpStatus, noSummary.body.msg]).toEqual([
      422,
      '考察总结（供应商可见）：综合得分 84.00，结论为“有条件通过”，请填写考察总结',
    ]);
    saved = await server.post<Inspection>(INSPECTION('saveOrUpdate'), {
      inspectionId: inspection.inspectionId,
      versionNum: inspection.versionNum,
      summary: '体系运行有效，消防通道需立即整改',
    });
    expect(saved.body.status, saved.body.msg).toBe('S');
    inspection = await find(inspection.inspectionId);
    const noDate = await submit();
    expect([noDate.httpStatus, noDate.body.msg]).toEqual([
      422,
      '整改期限：综合得分 84.00，结论为“有条件通过”，请填写整改期限',
    ]);
    saved = await server.post<Inspection>(INSPECTION('saveOrUpdate'), {
      inspectionId: inspection.inspectionId,
      versionNum: inspection.versionNum,
      rectifyDueDate: '2026-12-31',
    });
    expect(saved.body.status, saved.body.msg).toBe('S');
    inspection = await find(inspection.inspectionId);
    const submitted = await submit();
    expect(submitted.body.status, submitted.body.msg).toBe('S');
    inspection = await find(inspection.inspectionId);
    expect([inspection.status, inspection.totalScore, inspection.inspectionResult]).toEqual([
      'APPROVING',
      84,
      'CONDITIONAL',
    ]);
    expect(inspection.items.map((item) => item.averageScore)).toEqual([85, 85, 80]);
  });

  it('writes the introduction’s inspection step on approval; the supplier reads no internal note', async () => {
    const current = (
      await server.post<Intro>(api('srmSupplierIntro', 'findById'), { introId: intro.introId })
    ).body.data;
    const byHand = await server.post(api('srmSupplierIntro', 'saveOrUpdate'), {
      introId: current.introId,
      versionNum: current.versionNum,
      steps: current.steps.map((s) => ({
        introStepId: s.introStepId,
        ...(s.stepType === 'INSPECTION' ? { result: 'PASS' } : {}),
      })),
    });
    expect([byHand.httpStatus, byHand.body.msg]).toEqual([
      400,
      '引入步骤：“现场考察”的结果由对应的单据审批后写入，不能手工填写',
    ]);
    const hidden = await server.post(
      INSPECTION('findById'),
      { inspectionId: inspection.inspectionId },
      { actor: supplierUser(ids.B!) },
    );
    expect(hidden.httpStatus).toBe(404);

    await decideAll(server.runtime, 'srmLocaleInspection', inspection.inspectionId, 'approve');
    const after = (await server.post<Intro>(api('srmSupplierIntro', 'findById'), { introId: intro.introId }))
      .body.data;
    const step = after.steps.find((s) => s.stepType === 'INSPECTION')!;
    expect([step.result, step.documentRef, step.resultComment]).toEqual([
      'CONDITIONAL',
      inspection.inspectionNum,
      `现场考察 ${inspection.inspectionNum}：综合得分 84.00，有条件通过。体系运行有效，消防通道需立即整改`,
    ]);
    const read = await server.post<Inspection>(
      INSPECTION('findById'),
      { inspectionId: inspection.inspectionId },
      { actor: supplierUser(ids.B!) },
    );
    expect(read.body.status, read.body.msg).toBe('S');
    expect([read.body.data.totalScore, read.body.data.inspectionResult]).toEqual([84, 'CONDITIONAL']);
    expect(read.body.data).not.toHaveProperty('internalNote');
    expect(read.body.data.records.map((record) => [record.findingText, 'privateNote' in record])).toEqual([
      ['仓库消防通道堆放纸板', false],
    ]);
    expect(JSON.stringify(read.body.data)).not.toContain('报价偏高');
    expect(JSON.stringify(read.body.data)).not.toContain('厂长承诺');
  });

  it('opens a rectification task for a conditional pass, which the supplier answers and the buyer verifies', async () => {
    const RECTIFY = (action: string) => api('srmSupplierRectify', action);
    const supplier = { actor: supplierUser(ids.B!) };
    const tasks = await server.post<(Row & { rectifyId: number })[]>(
      RECTIFY('listByPage'),
      { sourceRef: inspection.inspectionNum },
      supplier,
    );
    expect(tasks.body.data.length).toBe(1);
    const taskOf = async (options = {}) =>
      (
        await server.post<Row & { rectifyId: number; versionNum: number }>(
          RECTIFY('findById'),
          { rectifyId: tasks.body.data[0]!.rectifyId },
          options,
        )
      ).body.data;
    let task = await taskOf(supplier);
    expect([task.status, task.sourceType, task.dueDate]).toEqual(['OPEN', 'INSPECTION', '2026-12-31']);
    expect(task.requirement).toBe('体系运行有效，消防通道需立即整改\n1. [严重] 仓库消防通道堆放纸板');
    expect(
      (await server.post(RECTIFY('findById'), { rectifyId: task.rectifyId }, { actor: supplierUser(ids.A!) }))
        .httpStatus,
    ).toBe(404);
    const act = (action: string, options = {}, extra: Row = {}) =>
      server.post(
        RECTIFY(action),
        { rectifyId: task.rectifyId, versionNum: task.versionNum, ...extra },
        options,
      );
    const empty = await act('doRespond', supplier);
    expect([empty.httpStatus, empty.body.msg]).toEqual([422, '原因分析：请填写后再提交整改回复']);
    const answered = await server.post(
      RECTIFY('saveOrUpdate'),
      {
        rectifyId: task.rectifyId,
        versionNum: task.versionNum,
        rootCause: '仓储区域规划不足',
        correctiveAction: '清理通道并划线标识，增加每日巡检',
        completedDate: '2026-12-05',
      },
      supplier,
    );
    expect(answered.body.status, answered.body.msg).toBe('S');
    task = await taskOf();
    expect((await act('doRespond', supplier)).body.status).toBe('S');
    task = await taskOf();
    expect((await act('doReturn', {}, { comment: '请补充现场照片' })).body.status).toBe('S');
    task = await taskOf(supplier);
    expect([task.status, task.verifyComment]).toEqual(['OPEN', '请补充现场照片']);
    expect((await act('doRespond', supplier)).body.status).toBe('S');
    task = await taskOf();
    expect((await act('doClose', {}, { comment: '现场复查通过' })).body.status).toBe('S');
    task = await taskOf(supplier);
    expect([task.status, task.verifyComment]).toEqual(['CLOSED', '现场复查通过']);
    expect(task.closedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
