// Demo satisfaction survey: the template 供应商满意度评价表 (质量 40, 交付 30, 服务响应 20, 价格 10)
// and the 2026 second-half survey of 恒达 and 瑞丰, scoring, rated by 张伟 (purchasing; his scores
// given) and 李娜 (quality; sign in as `approver` to give hers, then complete it as `buyer`).
// Skipped where the demo users are not there.
import { defineSeed } from '@srm/platform';
import { addDays, dayIn } from '../supplier-credential/supplier-credential.validity';
import { surveyTemplate } from '../survey-template/survey-template.entity';
import { satisfactionSurvey } from './satisfaction-survey.entity';

const ITEMS: readonly (readonly [string, number, string])[] = [
  ['产品质量', 40, '来料合格率、质量问题的处理'],
  ['交付表现', 30, '准时交付、急单响应'],
  ['服务响应', 20, '沟通配合、问题响应速度'],
  ['价格竞争力', 10, '价格水平与降本配合'],
];

export const satisfactionSurveySeed = defineSeed('supplier.satisfaction-surveys', async (context) => {
  const data = context.data();
  let templateId = await context.findId('srmSurveyTemplate', { templateCode: 'SAT_ANNUAL' });
  if (!templateId)
    templateId = (
      await data.save(surveyTemplate, {
        templateCode: 'SAT_ANNUAL',
        templateName: '供应商满意度评价表',
        usage: 'SATISFACTION',
        description: '各部门对供应商的半年度满意度评价',
        lines: ITEMS.map(([questionText, weight, guidance], index) => ({
          lineNum: index + 1,
          questionText,
          questionType: 'SCORE' as const,
          weight,
          guidance,
        })),
      })
    ).templateId;
  if ((await data.list(satisfactionSurvey, {}, { limit: 1 })).length) return;
  const buyer = await context.findId('baseUser', { userName: 'buyer' });
  const approver = await context.findId('baseUser', { userName: 'approver' });
  const hengda = await context.findId('srmSupplierInfo', { creditCode: '91320505MA1NH7QX3R' });
  const ruifeng = await context.findId('srmSupplierInfo', { creditCode: '91330212MA2GQ3RT8L' });
  if (!buyer || !approver || !hengda || !ruifeng) return;
  const today = dayIn(context.runtime.clock.now(), context.runtime.timeZone);
  const saved = await data.save(satisfactionSurvey, {
    title: '2026 年下半年供应商满意度调查',
    templateId,
    periodFrom: '2026-07-01',
    periodTo: '2026-12-31',
    dueDate: addDays(today, 10),
    description: '请各部门按实际合作情况评分，不了解的供应商可不评。',
    suppliers: [{ supplierId: hengda }, { supplierId: ruifeng }],
    raters: [
      { userId: buyer, department: '采购部' },
      { userId: approver, department: '质量部' },
    ],
  });
  await data.act(satisfactionSurvey, 'doStart', [saved.surveyId]);
  const started = await data.find(satisfactionSurvey, saved.surveyId);
  const mine: Record<number, readonly number[]> = { [hengda]: [88, 92, 85, 80], [ruifeng]: [90, 86, 88, 75] };
  await data.save(satisfactionSurvey, {
    surveyId: started.surveyId,
    versionNum: started.versionNum,
    // Every row sent (a collection sent replaces the stored one); the buyer's scored.
    scores: started.scores.map((score) => ({
      surveyScoreId: score.surveyScoreId,
      ...(score.raterId === buyer ? { score: mine[score.supplierId!]![(score.lineNum ?? 1) - 1]! } : {}),
    })),
  });
});
