// Demo survey templates: the scoring sheet of an on-site audit of a production supplier (five
// weighted items) and a lighter one for service and MRO suppliers.
import { defineSeed } from '@srm/platform';
import { surveyTemplate } from './survey-template.entity';

/** [code, name, description, items: [item, weight, guidance]]. */
const TEMPLATES: readonly (readonly [
  string,
  string,
  string,
  readonly (readonly [string, number, string])[],
])[] = [
  [
    'AUDIT_PROD',
    '生产类供应商现场审核评分表',
    '新供应商准入及年度复审的现场审核，五个维度加权计分',
    [
      ['质量管理体系', 25, '体系文件、内审与管理评审记录、纠正预防措施闭环'],
      ['生产过程控制', 25, '作业指导书、首件检验、过程巡检与 SPC'],
      ['来料与成品检验', 20, '检验规范、检验记录、不合格品隔离与处置'],
      ['设备与工装管理', 15, '设备点检保养、计量器具校准、工装模具台账'],
      ['仓储物流与现场 5S', 15, '先进先出、防护与标识、现场整理整顿'],
    ],
  ],
  [
    'AUDIT_SERVICE',
    '服务及 MRO 供应商现场评估表',
    '非生产物料及服务供应商的现场评估',
    [
      ['资质与人员', 40, '经营资质、持证上岗、服务团队稳定性'],
      ['服务能力与响应', 40, '备件库存、响应时效、服务记录'],
      ['安全与合规', 20, '安全管理制度、事故记录、劳动合规'],
    ],
  ],
];

export const surveyTemplateSeed = defineSeed('supplier.survey-templates', async (context) => {
  const data = context.data();
  for (const [templateCode, templateName, description, items] of TEMPLATES) {
    if (await context.findId('srmSurveyTemplate', { templateCode })) continue;
    await data.save(surveyTemplate, {
      templateCode,
      templateName,
      usage: 'INSPECTION',
      description,
      lines: items.map(([questionText, weight, guidance], index) => ({
        lineNum: index + 1,
        questionText,
        questionType: 'SCORE',
        weight,
        requiredFlag: 'Y',
        guidance,
      })),
    });
  }
});
