// Satisfaction surveys: a satisfaction template is a scoring template (weights make 100); starting
// makes a score row per supplier, item and rater; each rater changes only their own scores; an
// unrated supplier stops the completion; the summary is the mean per item of the scores given and
// per supplier the weighted mean over the items scored; suppliers read nothing of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  seedsNamed,
  startTestServer,
  supplierUser,
  type TestServer,
  visibleText,
} from '@srm/platform/testing';
import { baseDataSeeds } from '../../base-data/server';
import { serverAreas } from '../../areas.server';
import { internalUsers, keysOf } from '../../domain.testing';
import { supplierSeeds } from '../server';
import { summarise } from './satisfaction-survey.actions';

type Row = Record<string, unknown>;
type Score = Row & { surveyScoreId: number; supplierId: number; lineNum: number; raterId: number };
type Survey = Row & {
  surveyId: number;
  versionNum: number;
  status: string;
  items: Row[];
  scores: Score[];
  summary: Row[];
  suppliers: Row[];
};

const SURVEY = (action: string) => api('srmSatisfactionSurvey', action);
const TEMPLATE = (action: string) => api('srmSurveyTemplate', action);

let server: TestServer;
const ids: Record<string, number> = {};
const find = async (surveyId: number) =>
  (await server.post<Survey>(SURVEY('findById'), { surveyId })).body.data;
const as = (key: string) => ({ actor: { userId: ids[key]!, userName: key } });
/** A rater's scores, by supplier key and line number (every row sent, the others unchanged). */
const scoreAs = (rater: string, survey: Survey, scores: Record<string, Record<number, number>>) =>
  server.post<Survey>(
    SURVEY('saveOrUpdate'),
    {
      surveyId: survey.surveyId,
      versionNum: survey.versionNum,
      scores: survey.scores.map((row) => {
        const supplier = Object.keys(scores).find((key) => ids[key] === row.supplierId);
        const value = supplier ? scores[supplier]![row.lineNum] : undefined;
        return {
          surveyScoreId: row.surveyScoreId,
          ...(row.raterId === ids[rater] && value !== undefined ? { score: value } : {}),
        };
      }),
    },
    as(rater),
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
    await internalUsers(server, [
      ['qa', '质量部 孙工'],
      ['prod', '生产部 周工'],
    ]),
  );
  Object.assign(
    ids,
    await keysOf(server, [
      ['A', 'srmSupplierInfo', { creditCode: '91320505MA1NH7QX3R' }],
      ['B', 'srmSupplierInfo', { creditCode: '91330212MA2GQ3RT8L' }],
    ]),
  );
});
afterAll(async () => {
  await server?.close();
});

describe('the summary', () => {
  it('averages the scores given per item and weights the items scored', () => {
    const items = [
      { lineNum: 1, weight: 60 },
      { lineNum: 2, weight: 40 },
    ];
    expect(
      summarise(7, items, [
        { lineNum: 1, raterId: 1, score: 90 },
        { lineNum: 1, raterId: 2, score: 85 },
        { lineNum: 2, raterId: 1, score: 70 },
        { lineNum: 2, raterId: 2, score: null },
      ]),
    ).toEqual({
      supplierId: 7,
      items: [
        { lineNum: 1, avgScore: 87.5, raterCount: 2 },
        { lineNum: 2, avgScore: 70, raterCount: 1 },
      ],
      // (87.5 × 60 + 70 × 40) / 100
      avgScore: 80.5,
      raterCount: 2,
    });
    // An item nobody scored does not weigh: the others make the whole.
    expect(summarise(7, items, [{ lineNum: 1, raterId: 1, score: 90 }]).avgScore).toBe(90);
    expect(summarise(7, items, [{ lineNum: 1, raterId: 1, score: null }]).avgScore).toBeNull();
  });
});

describe('a survey', () => {
  it('runs from the raters’ own scores to the summary, and no supplier reads it', async () => {
    const badTemplate = await server.post(TEMPLATE('saveOrUpdate'), {
      templateCode: 'T_SAT_BAD',
      templateName: '满意度',
      usage: 'SATISFACTION',
      lines: [{ lineNum: 1, questionText: '质量', questionType: 'SCORE', weight: 50 }],
    });
    expect(badTemplate.body.msg).toBe('题目/评分项：评分项权重合计须为 100，当前为 50.00');
    const template = await server.post<Row & { templateId: number }>(TEMPLATE('saveOrUpdate'), {
      templateCode: 'T_SAT',
      templateName: '满意度',
      usage: 'SATISFACTION',
      lines: [
        { lineNum: 1, questionText: '质量', questionType: 'SCORE', weight: 60 },
        { lineNum: 2, questionText: '服务', questionType: 'SCORE', weight: 40 },
      ],
    });
    expect(template.body.status, template.body.msg).toBe('S');
    const body = {
      title: '年度满意度',
      templateId: template.body.data.templateId,
      periodFrom: '2026-01-01',
      periodTo: '2026-12-31',
      suppliers: [{ supplierId: ids.A }, { supplierId: ids.B }],
      raters: [
        { userId: ids.qa, department: '质量部' },
        { userId: ids.prod, department: '生产部' },
      ],
    };
    const backwards = await server.post(SURVEY('saveOrUpdate'), { ...body, periodTo: '2025-12-31' });
    expect(backwards.body.msg).toBe('评价期间至：评价期间的结束日期不能早于开始日期');
    const noRaters = await server.post<Survey>(SURVEY('saveOrUpdate'), { ...body, raters: [] });
    const refused = await server.post(SURVEY('doStart'), {
      surveyId: noRaters.body.data.surveyId,
      versionNum: noRaters.body.data.versionNum,
    });
    expect(refused.body.msg).toBe('评分人：请至少添加一个评分人');

    const saved = await server.post<Survey>(SURVEY('saveOrUpdate'), body);
    expect(saved.body.status, saved.body.msg).toBe('S');
    const started = await server.post(SURVEY('doStart'), {
      surveyId: saved.body.data.surveyId,
      versionNum: saved.body.data.versionNum,
    });
    expect(started.body.status, started.body.msg).toBe('S');
    let survey = await find(saved.body.data.surveyId);
    expect(survey.items.map((item) => [item.itemText, item.weight])).toEqual([
      ['质量', 60],
      ['服务', 40],
    ]);
    // 2 suppliers × 2 raters × 2 items.
    expect(survey.scores).toHaveLength(8);

    const qa = await scoreAs('qa', survey, { A: { 1: 90, 2: 70 } });
    expect(qa.body.status, qa.body.msg).toBe('S');
    survey = await find(survey.surveyId);
    const others = await server.post(
      SURVEY('saveOrUpdate'),
      {
        surveyId: survey.surveyId,
        versionNum: survey.versionNum,
        scores: survey.scores.map((row) => ({
          surveyScoreId: row.surveyScoreId,
          ...(row.raterId === ids.qa && row.supplierId === ids.A && row.lineNum === 1 ? { score: 10 } : {}),
        })),
      },
      as('prod'),
    );
    expect([others.httpStatus, others.body.msg]).toEqual([403, '评分第 1 行，得分：只能修改分配给本人的行']);
    const unrated = await server.post(SURVEY('doComplete'), {
      surveyId: survey.surveyId,
      versionNum: survey.versionNum,
    });
    expect(unrated.body.msg).toBe('评分：宁波瑞丰电子科技有限公司 还没有任何评分');

    const prod = await scoreAs('prod', survey, { A: { 1: 85 }, B: { 1: 80, 2: 90 } });
    expect(prod.body.status, prod.body.msg).toBe('S');
    survey = await find(survey.surveyId);
    const done = await server.post(SURVEY('doComplete'), {
      surveyId: survey.surveyId,
      versionNum: survey.versionNum,
    });
    expect(done.body.status, done.body.msg).toBe('S');
    survey = await find(survey.surveyId);
    expect(survey.suppliers.map((row) => [row.supplierId, row.avgScore, row.raterCount])).toEqual([
      // A: 质量 (90 + 85) / 2 = 87.5, 服务 70 → 87.5 × 0.6 + 70 × 0.4 = 80.5
      [ids.A, 80.5, 2],
      // B: 80 × 0.6 + 90 × 0.4 = 84
      [ids.B, 84, 1],
    ]);
    expect(survey.summary.map((row) => [row.supplierId, row.lineNum, row.avgScore, row.raterCount])).toEqual([
      [ids.A, 1, 87.5, 2],
      [ids.A, 2, 70, 1],
      [ids.B, 1, 80, 1],
      [ids.B, 2, 90, 1],
    ]);

    const bySupplier = await server.post(
      SURVEY('findById'),
      { surveyId: survey.surveyId },
      { actor: supplierUser(ids.A!) },
    );
    expect(bySupplier.httpStatus).toBeGreaterThanOrEqual(403);
    expect(visibleText(bySupplier.body)).not.toContain('80.5');
  });
});
