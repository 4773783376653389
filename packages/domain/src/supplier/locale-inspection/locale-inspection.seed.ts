// Demo locale inspection: the on-site audit of 常州永信 for its carton introduction, scored by the
// buyer 张伟 and the purchasing manager 李娜 on the production template — 75.28, a conditional
// pass with a rectification date — with two findings, approved (the introduction's inspection step
// shows it); 恒达's yearly audit, passed at 88.65 (read in its portal); 瑞丰's, being scored.
// Skipped where the demo users are not there (an area's own tests).
import { SYSTEM_ACTOR, defineSeed } from '@srm/platform';
import { supplierIntro } from '../supplier-intro/supplier-intro.entity';
import { addDays, dayIn } from '../supplier-credential/supplier-credential.validity';
import { localeInspection } from './locale-inspection.entity';
import { settleScores } from './locale-inspection.actions';

/** Scores of the five items by 张伟 and by 李娜. */
const SCORES: Readonly<Record<string, readonly number[]>> = {
  buyer: [80, 75, 78, 72, 65],
  approver: [82, 77, 76, 70, 68],
};

export const localeInspectionSeed = defineSeed('supplier.locale-inspections', async (context) => {
  const data = context.data();
  if ((await data.list(localeInspection, {}, { limit: 1 })).length) return;
  const buyer = await context.findId('baseUser', { userName: 'buyer' });
  const approver = await context.findId('baseUser', { userName: 'approver' });
  const templateId = await context.findId('srmSurveyTemplate', { templateCode: 'AUDIT_PROD' });
  const cartons = await context.findId('srmBaseCategory', { categoryCode: '0301' });
  const ou100 = await context.findId('srmBaseOrg', { orgCode: 'OU100' });
  const yongxin = await context.findId('srmSupplierInfo', { creditCode: '91320412MA1XK5TP2X' });
  const hengda = await context.findId('srmSupplierInfo', { creditCode: '91320505MA1NH7QX3R' });
  if ([buyer, approver, templateId, cartons, ou100, yongxin, hengda].some((id) => id === null)) return;
  const today = dayIn(context.runtime.clock.now(), context.runtime.timeZone);
  const [intro] = await data.list(
    supplierIntro,
    { supplierId: yongxin!, categoryId: cartons!, orgId: ou100!, status: 'IN_PROGRESS' },
    { limit: 1 },
  );
  if (!intro) return;

  const saved = await data.save(localeInspection, {
    introId: intro.introId,
    supplierId: yongxin!,
    categoryId: cartons!,
    orgId: ou100!,
    templateId: templateId!,
    inspectionDate: addDays(today, -3),
    siteAddress: '常州市武进区牛塘镇工业园 8 号',
    inspectors: [
      { userId: buyer!, focusArea: '生产过程、仓储' },
      { userId: approver!, focusArea: '质量体系、检验' },
    ],
    records: [
      {
        findingText: '成品仓纸箱堆码超过 8 层，底层有压痕',
        severity: 'MAJOR',
        privateNote: '现场主管态度配合',
      },
      { findingText: '模切机点检表 11 月有 3 天漏填', severity: 'MINOR' },
    ],
  });
  await data.act(localeInspection, 'doStart', [saved.inspectionId]);
  const started = await data.find(localeInspection, saved.inspectionId);
  const who = new Map([
    [buyer!, SCORES.buyer!],
    [approver!, SCORES.approver!],
  ]);
  const scored = await data.save(localeInspection, {
    inspectionId: started.inspectionId,
    versionNum: started.versionNum,
    summary: '质量体系运行基本有效；成品仓储堆码与设备点检需整改，请于整改期限前提交整改报告。',
    rectifyDueDate: addDays(today, 30),
    internalNote: '价格有竞争力，建议整改验证后纳入二供。',
    scores: started.scores.map((score) => ({
      inspectionScoreId: score.inspectionScoreId,
      score: who.get(score.inspectorId ?? 0)?.[(score.lineNum ?? 1) - 1] ?? null,
    })),
  });
  await settleScores(data, scored);
  // Decided as the purchasing manager's approval decides it: the step is written, the supplier told.
  await context.runtime
    .service(localeInspection.name)
    .writeSystemFields(SYSTEM_ACTOR, scored.inspectionId, { status: 'APPROVING' }, 'seed');
  await data.act(localeInspection, 'doApproval', [scored.inspectionId]);

  // 恒达's yearly audit of sheet metal for Suzhou, passed (its portal shows it), and 瑞丰's audit
  // for the Kunshan plant, being scored.
  const sheetMetal = await context.findId('srmBaseCategory', { categoryCode: '0201' });
  const electronics = await context.findId('srmBaseCategory', { categoryCode: '01' });
  const p120 = await context.findId('srmBaseOrg', { orgCode: 'P120' });
  const ruifeng = await context.findId('srmSupplierInfo', { creditCode: '91330212MA2GQ3RT8L' });
  const yearly = await data.save(localeInspection, {
    supplierId: hengda!,
    categoryId: sheetMetal!,
    orgId: ou100!,
    templateId: templateId!,
    inspectionDate: addDays(today, -10),
    siteAddress: '苏州市高新区珠江路 88 号',
    inspectors: [
      { userId: buyer!, focusArea: '生产过程' },
      { userId: approver!, focusArea: '质量体系' },
    ],
    records: [{ findingText: '激光切割区安全警示标识部分褪色', severity: 'MINOR' }],
  });
  await data.act(localeInspection, 'doStart', [yearly.inspectionId]);
  const yearlyStarted = await data.find(localeInspection, yearly.inspectionId);
  const yearlyScored = await data.save(localeInspection, {
    inspectionId: yearlyStarted.inspectionId,
    versionNum: yearlyStarted.versionNum,
    summary: '年度复审通过：体系运行稳定，过程控制良好；警示标识请于月底前更新。',
    scores: yearlyStarted.scores.map((score) => ({
      inspectionScoreId: score.inspectionScoreId,
      score: [92, 88, 90, 85, 86][(score.lineNum ?? 1) - 1] ?? null,
    })),
  });
  await settleScores(data, yearlyScored);
  await context.runtime
    .service(localeInspection.name)
    .writeSystemFields(SYSTEM_ACTOR, yearlyScored.inspectionId, { status: 'APPROVING' }, 'seed');
  await data.act(localeInspection, 'doApproval', [yearlyScored.inspectionId]);
  if (electronics === null || p120 === null || ruifeng === null) return;
  const scoring = await data.save(localeInspection, {
    supplierId: ruifeng,
    categoryId: electronics,
    orgId: p120,
    templateId: templateId!,
    inspectionDate: today,
    siteAddress: '宁波市鄞州区启明路 818 号',
    inspectors: [{ userId: buyer! }, { userId: approver! }],
  });
  await data.act(localeInspection, 'doStart', [scoring.inspectionId]);
});
