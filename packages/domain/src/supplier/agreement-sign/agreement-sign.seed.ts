// Demo agreement templates (quality assurance with negotiable clauses, integrity, confidentiality)
// and agreements: 常州永信's quality agreement for its carton introduction, whose clause 4.2 the
// supplier reworded and submitted — waiting for the buyer to accept (the introduction's last
// required step) or send back; and a confidentiality agreement sent to 恒达 (`sup_a` → 企业信息 →
// 协议签署).
import { defineSeed } from '@srm/platform';
import { supplierIntro } from '../supplier-intro/supplier-intro.entity';
import { agreementSign, agreementTemplate } from './agreement-sign.entity';

type ClauseRow = readonly [string, string, string, 'Y' | 'N'];
const TEMPLATES: readonly (readonly [
  string,
  string,
  'QUALITY' | 'INTEGRITY' | 'CONFIDENTIALITY',
  readonly ClauseRow[],
])[] = [
  [
    'QA_STD',
    '供应商质量保证协议',
    'QUALITY',
    [
      ['1', '适用范围', '本协议适用于乙方向甲方及其下属工厂供应的全部物料及服务。', 'N'],
      ['2', '质量体系', '乙方应建立并保持有效运行的质量管理体系，并接受甲方的审核。', 'N'],
      ['3.1', '来料检验', '甲方按 GB/T 2828.1 一般检验水平 II 抽样检验，AQL 0.65。', 'Y'],
      ['4.1', '不合格品处理', '批次检验不合格时，乙方应在 48 小时内完成挑选或换货。', 'Y'],
      ['4.2', '质量索赔', '因乙方物料质量问题造成的损失，由乙方承担全部赔偿责任。', 'Y'],
      ['5', '变更通知', '乙方变更原材料、工艺、设备或生产地点，须提前 90 天书面通知甲方并经批准。', 'N'],
    ],
  ],
  [
    'INTEGRITY_STD',
    '供应商廉洁协议',
    'INTEGRITY',
    [
      ['1', '禁止行为', '乙方不得向甲方员工提供任何形式的回扣、礼金、有价证券或宴请。', 'N'],
      ['2', '违约责任', '乙方违反本协议的，甲方有权终止合作并列入黑名单。', 'N'],
    ],
  ],
  [
    'NDA_STD',
    '保密协议',
    'CONFIDENTIALITY',
    [
      ['1', '保密信息', '甲方提供的图纸、技术规格、价格及商务信息均属保密信息。', 'N'],
      ['2', '保密期限', '保密义务自本协议签署之日起五年内有效。', 'Y'],
    ],
  ],
];

export const agreementSignSeed = defineSeed('supplier.agreement-signing', async (context) => {
  const data = context.data();
  for (const [templateCode, templateName, agreementType, clauses] of TEMPLATES) {
    if (await context.findId('srmAgreementTemplate', { templateCode })) continue;
    await data.save(agreementTemplate, {
      templateCode,
      templateName,
      agreementType,
      clauses: clauses.map(([clauseNo, clauseTitle, clauseContent, negotiableFlag]) => ({
        clauseNo,
        clauseTitle,
        clauseContent,
        negotiableFlag,
      })),
    });
  }
  if ((await data.list(agreementSign, {}, { limit: 1 })).length) return;
  const quality = await context.findId('srmAgreementTemplate', { templateCode: 'QA_STD' });
  const nda = await context.findId('srmAgreementTemplate', { templateCode: 'NDA_STD' });
  const cartons = await context.findId('srmBaseCategory', { categoryCode: '0301' });
  const sheetMetal = await context.findId('srmBaseCategory', { categoryCode: '0201' });
  const ou100 = await context.findId('srmBaseOrg', { orgCode: 'OU100' });
  const yongxin = await context.findId('srmSupplierInfo', { creditCode: '91320412MA1XK5TP2X' });
  const hengda = await context.findId('srmSupplierInfo', { creditCode: '91320505MA1NH7QX3R' });
  if ([quality, nda, cartons, sheetMetal, ou100, yongxin, hengda].some((id) => id === null)) return;

  const [intro] = await data.list(
    supplierIntro,
    { supplierId: yongxin!, categoryId: cartons!, orgId: ou100!, status: 'IN_PROGRESS' },
    { limit: 1 },
  );
  if (intro) {
    const saved = await data.save(agreementSign, {
      introId: intro.introId,
      supplierId: yongxin!,
      categoryId: cartons!,
      orgId: ou100!,
      agreementTemplateId: quality!,
    });
    await data.act(agreementSign, 'doSend', [saved.agreementSignId]);
    const sent = await data.find(agreementSign, saved.agreementSignId);
    // The supplier's wording of clause 4.2, submitted to the buyer.
    await data.save(agreementSign, {
      agreementSignId: sent.agreementSignId,
      versionNum: sent.versionNum,
      supplierComment: '间接损失难以量化，建议以当批货款为赔偿上限。',
      clauses: sent.clauses.map((clause) =>
        clause.clauseNo === '4.2'
          ? {
              signClauseId: clause.signClauseId,
              clauseContent: '因乙方物料质量问题造成的直接损失由乙方承担，赔偿上限为当批货款金额。',
              supplierNote: '增加赔偿上限',
            }
          : { signClauseId: clause.signClauseId },
      ),
    });
    await data.act(agreementSign, 'doSubmitInternal', [saved.agreementSignId]);
  }

  const confidential = await data.save(agreementSign, {
    supplierId: hengda!,
    categoryId: sheetMetal!,
    orgId: ou100!,
    agreementTemplateId: nda!,
  });
  await data.act(agreementSign, 'doSend', [confidential.agreementSignId]);
});
