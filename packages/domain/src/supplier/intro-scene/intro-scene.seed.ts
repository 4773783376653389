// Demo introduce scenes (one per scene type; two for a new supplier: production and non-production
// material) and one introduction under each type: a new supplier of cartons and 恒达's new
// category under way (their steps' results come from those documents' seeds), the others drafts.
import { type SeedContext, defineSeed } from '@srm/platform';
import { supplierIntro } from '../supplier-intro/supplier-intro.entity';
import { introScene } from './intro-scene.entity';

type Step = [string, 'Y' | 'N'];
const SCENES: readonly [string, string, string, string, Step[]][] = [
  [
    'NEW_SUPPLIER_PROD',
    '新供应商（生产物料）',
    'NEW_SUPPLIER',
    '首次引入的生产物料供应商：资质、现场、样品、协议缺一不可，小批量按需',
    [
      ['CENSOR', 'Y'],
      ['INSPECTION', 'Y'],
      ['SAMPLE', 'Y'],
      ['AGREEMENT', 'Y'],
      ['BATCH', 'N'],
    ],
  ],
  [
    'NEW_SUPPLIER_MRO',
    '新供应商（非生产物料）',
    'NEW_SUPPLIER',
    'MRO、服务类供应商：资质审查与廉洁协议',
    [
      ['CENSOR', 'Y'],
      ['AGREEMENT', 'Y'],
    ],
  ],
  [
    'NEW_CATEGORY',
    '现有供应商新增品类',
    'NEW_CATEGORY',
    '已合作供应商扩展到新品类：复核资质并认证样品',
    [
      ['CENSOR', 'Y'],
      ['SAMPLE', 'Y'],
    ],
  ],
  [
    'NEW_ORG',
    '新增供货组织/工厂',
    'NEW_ORG',
    '向新的组织或工厂供货：现场考察该组织的交付条件',
    [['INSPECTION', 'Y']],
  ],
  [
    'NEW_MATERIAL',
    '新物料/新型号',
    'NEW_MATERIAL',
    '已合格品类下的新物料：样品认证与小批量试产',
    [
      ['SAMPLE', 'Y'],
      ['BATCH', 'Y'],
    ],
  ],
  [
    'REINTRODUCE',
    '退出后重新引入',
    'REINTRODUCE',
    '曾退出的品类组织重新合作：重新审查资质、考察并签署协议',
    [
      ['CENSOR', 'Y'],
      ['INSPECTION', 'Y'],
      ['AGREEMENT', 'Y'],
    ],
  ],
];

async function sceneId(context: SeedContext, sceneCode: string) {
  return context.idOf('srmSupplierIntroScene', { sceneCode });
}

export const introSceneSeed = defineSeed('supplier.intro-scenes', async (context) => {
  const data = context.data();
  for (const [sceneCode, sceneName, sceneType, description, steps] of SCENES) {
    if (await context.findId('srmSupplierIntroScene', { sceneCode })) continue;
    await data.save(introScene, {
      sceneCode,
      sceneName,
      sceneType,
      description,
      steps: steps.map(([stepType, requiredFlag]) => ({ stepType, requiredFlag })),
    });
  }
  if ((await data.list(supplierIntro, {}, { limit: 1 })).length) return;
  const supplier = (creditCode: string) => context.findId('srmSupplierInfo', { creditCode });
  const category = (categoryCode: string) => context.findId('srmBaseCategory', { categoryCode });
  const org = (orgCode: string) => context.findId('srmBaseOrg', { orgCode });
  // [supplier, category, organisation, scene, reason, started (its steps' documents come from
  // those documents' seeds) or a draft]
  const INTROS: [string, string, string, string, string, boolean][] = [
    ['91320412MA1XK5TP2X', '0301', 'OU100', 'NEW_SUPPLIER_PROD', '纸箱二供开发，降低单一来源风险', true],
    ['91320505MA1NH7QX3R', '0202', 'OU100', 'NEW_CATEGORY', '恒达具备机加工能力，扩展机加工件品类', true],
    ['91330212MA2GQ3RT8L', '01', 'P120', 'NEW_ORG', '昆山工厂新产线需要电子元器件就近供货', false],
    ['91320505MA1NH7QX3R', '0203', 'OU100', 'NEW_MATERIAL', '新型号不锈钢自攻螺钉认证', false],
    ['91320211MA1P8GDK6E', '0201', 'OU100', 'REINTRODUCE', '金桥整改完成后申请恢复钣金件供货', false],
    ['91320412MA1XK5TP2X', '0202', 'OU200', 'NEW_SUPPLIER_MRO', '宁波业务实体工装夹具维修服务', false],
  ];
  for (const [creditCode, categoryCode, orgCode, sceneCode, introReason, started] of INTROS) {
    const ids = [await supplier(creditCode), await category(categoryCode), await org(orgCode)];
    if (ids.some((id) => id === null)) continue;
    const [supplierId, categoryId, orgId] = ids as [number, number, number];
    const saved = await data.save(supplierIntro, {
      supplierId,
      categoryId,
      orgId,
      sceneId: await sceneId(context, sceneCode),
      introReason,
    });
    if (started) await data.act(supplierIntro, 'doStart', [saved.introId]);
  }
});
