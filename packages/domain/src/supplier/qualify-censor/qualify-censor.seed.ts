// Demo qualification censors: the censor steps of the two introductions under way, each passed by
// an approved censor (cartons ask no certificate; 恒达's machined parts its ISO 9001 and business
// licence), and a periodic review of 恒达's sheet metal for Suzhou left in draft, where its
// IATF 16949 shows less validity left than the requirement's 30 days.
import { SYSTEM_ACTOR, defineSeed } from '@srm/platform';
import { supplierIntro } from '../supplier-intro/supplier-intro.entity';
import { qualifyCensor } from './qualify-censor.entity';

/** [supplier, category, organisation, serves the running introduction, result, comment]. */
const CENSORS: readonly (readonly [string, string, string, boolean, string | null, string])[] = [
  ['91320412MA1XK5TP2X', '0301', 'OU100', true, 'PASS', '营业执照、质量体系资料齐全，纸箱类无强制资质要求'],
  ['91320505MA1NH7QX3R', '0202', 'OU100', true, 'PASS', 'ISO 9001 有效期内，营业执照长期有效'],
  [
    '91320505MA1NH7QX3R',
    '0201',
    'OU100',
    false,
    null,
    '年度资质复审：IATF 16949 即将到期，待供应商提供换证计划',
  ],
];

export const qualifyCensorSeed = defineSeed('supplier.qualify-censors', async (context) => {
  const data = context.data();
  if ((await data.list(qualifyCensor, {}, { limit: 1 })).length) return;
  const service = context.runtime.service(qualifyCensor.name);
  for (const [creditCode, categoryCode, orgCode, servesIntro, result, comment] of CENSORS) {
    const supplierId = await context.findId('srmSupplierInfo', { creditCode });
    const categoryId = await context.findId('srmBaseCategory', { categoryCode });
    const orgId = await context.findId('srmBaseOrg', { orgCode });
    if (supplierId === null || categoryId === null || orgId === null) continue;
    const [intro] = servesIntro
      ? await data.list(supplierIntro, { supplierId, categoryId, orgId, status: 'IN_PROGRESS' }, { limit: 1 })
      : [];
    if (servesIntro && !intro) continue;
    const opened = await data.save(qualifyCensor, {
      introId: intro?.introId ?? null,
      supplierId,
      categoryId,
      orgId,
      censorComment: comment,
    });
    const reviewed = await data.save(qualifyCensor, {
      censorId: opened.censorId,
      versionNum: opened.versionNum,
      censorResult: result,
      requires: opened.requires.map((line) => ({
        censorRequireId: line.censorRequireId,
        verdict: result ? 'PASS' : line.checkStatus === 'VALID' ? 'PASS' : null,
      })),
    });
    if (!result) continue;
    // Decided as the purchasing manager's approval decides it: the step is written.
    await service.writeSystemFields(SYSTEM_ACTOR, reviewed.censorId, { status: 'APPROVING' }, 'seed');
    await data.act(qualifyCensor, 'doApproval', [reviewed.censorId]);
  }
});
