// Demo questionnaires: a question bank of six questions (one of each type, 100 points in all), a
// questionnaire template asking them, and the 2026 quality and social-responsibility survey
// published to 恒达 and 瑞丰. 恒达 has answered and submitted (sign in as `buyer` → 问卷答复 to score
// its text and number answers and accept or return it); 瑞丰's reply waits for it (sign in as
// `sup_b` → 企业信息 → 调查问卷). Skipped where the demo suppliers are not there.
import { defineSeed } from '@srm/platform';
import { addDays, dayIn } from '../supplier-credential/supplier-credential.validity';
import { surveyQuestion } from '../survey-question/survey-question.entity';
import { surveyTemplate } from '../survey-template/survey-template.entity';
import { questionnaireReply } from '../questionnaire-reply/questionnaire-reply.entity';
import { questionnaire } from './questionnaire.entity';

type QuestionType = 'SINGLE' | 'MULTIPLE' | 'TEXT' | 'NUMBER' | 'SCORE' | 'FILE';

/** [code, question, type, group, points, required, options: [text, points]]. */
const BANK: readonly (readonly [
  string,
  string,
  QuestionType,
  string,
  number | null,
  boolean,
  readonly (readonly [string, number])[],
])[] = [
  [
    'Q_ISO9001',
    '贵公司是否通过 ISO 9001 质量管理体系认证？',
    'SINGLE',
    '质量',
    null,
    true,
    [
      ['已认证且在有效期内', 20],
      ['正在认证中', 10],
      ['未认证', 0],
    ],
  ],
  [
    'Q_QUALITY_TOOLS',
    '贵公司在生产过程中使用了哪些质量工具？',
    'MULTIPLE',
    '质量',
    null,
    true,
    [
      ['SPC 统计过程控制', 5],
      ['FMEA 失效模式分析', 5],
      ['MSA 测量系统分析', 5],
      ['8D 问题解决', 5],
    ],
  ],
  ['Q_CAPACITY', '主要产品的月产能（件）', 'NUMBER', '产能', 10, true, []],
  [
    'Q_ENVIRONMENT',
    '请说明贵公司的环境管理措施（废水、废气、固废处理）',
    'TEXT',
    '环境与社会责任',
    20,
    true,
    [],
  ],
  ['Q_DELIVERY_SELF', '请对贵公司近一年的交付准时率自评（0–20 分）', 'SCORE', '交付', 20, true, []],
  ['Q_ISO_FILE', '请上传最新的 ISO 9001 证书或外审报告', 'FILE', '质量', 10, false, []],
];

export const questionnaireSeed = defineSeed('supplier.questionnaires', async (context) => {
  const data = context.data();
  for (const [
    questionCode,
    questionText,
    questionType,
    questionGroup,
    maxPoints,
    required,
    options,
  ] of BANK) {
    if (await context.findId('srmSurveyQuestion', { questionCode })) continue;
    await data.save(surveyQuestion, {
      questionCode,
      questionText,
      questionType,
      questionGroup,
      maxPoints,
      requiredFlag: required ? 'Y' : 'N',
      options: options.map(([optionText, points], index) => ({ optionNum: index + 1, optionText, points })),
    });
  }
  let templateId = await context.findId('srmSurveyTemplate', { templateCode: 'QN_ANNUAL' });
  if (!templateId) {
    const lines = [];
    for (const [index, [questionCode, questionText, questionType, , , required]] of BANK.entries())
      lines.push({
        lineNum: index + 1,
        questionId: (await context.findId('srmSurveyQuestion', { questionCode }))!,
        questionText,
        questionType,
        requiredFlag: required ? ('Y' as const) : ('N' as const),
      });
    templateId = (
      await data.save(surveyTemplate, {
        templateCode: 'QN_ANNUAL',
        templateName: '供应商年度质量与社会责任调查',
        usage: 'QUESTIONNAIRE',
        description: '年度调查：质量体系、产能、环境与社会责任、交付自评',
        lines,
      })
    ).templateId;
  }

  if ((await data.list(questionnaire, {}, { limit: 1 })).length) return;
  const hengda = await context.findId('srmSupplierInfo', { creditCode: '91320505MA1NH7QX3R' });
  const ruifeng = await context.findId('srmSupplierInfo', { creditCode: '91330212MA2GQ3RT8L' });
  if (!hengda || !ruifeng) return;
  const today = dayIn(context.runtime.clock.now(), context.runtime.timeZone);
  const saved = await data.save(questionnaire, {
    title: '2026 年度供应商质量与社会责任调查',
    templateId,
    dueDate: addDays(today, 14),
    description: '为完善合格供应商档案，请如实填写以下问卷，并于截止日期前提交。',
    objects: [{ supplierId: hengda }, { supplierId: ruifeng }],
  });
  await data.act(questionnaire, 'doPublish', [saved.questionnaireId]);

  // 恒达's answers, as its sales manager gave them, submitted.
  const [replyRow] = await data.list(questionnaireReply, {
    questionnaireId: saved.questionnaireId,
    supplierId: hengda,
  });
  const reply = await data.find(questionnaireReply, replyRow!.replyId);
  const chosen: Record<number, readonly number[]> = { 1: [1], 2: [1, 2, 4] };
  await data.save(questionnaireReply, {
    replyId: reply.replyId,
    versionNum: reply.versionNum,
    replyNote: '产能数据为 2026 年 1–10 月平均值。',
    answers: reply.answers.map((answer) => ({
      answerId: answer.answerId,
      ...(answer.questionType === 'NUMBER' ? { answerNumber: 120000 } : {}),
      ...(answer.questionType === 'SCORE' ? { answerNumber: 18 } : {}),
      ...(answer.questionType === 'TEXT'
        ? {
            answerText:
              '废水经厂内污水站处理达标后排入市政管网；喷涂废气经活性炭吸附处理；固废分类交有资质单位处置。',
          }
        : {}),
    })),
    choices: reply.choices.map((choice) => ({
      choiceId: choice.choiceId,
      chosenFlag: (chosen[choice.questionNum] ?? []).includes(choice.optionNum)
        ? ('Y' as const)
        : ('N' as const),
    })),
  });
  await data.act(questionnaireReply, 'doSubmit', [reply.replyId]);
});
