// Demo batch trial: 常州永信's cartons, after their samples passed, on a trial lot of 200 for its
// introduction — started, so purchasing may order those cartons from it with a warning naming the
// trial (新建订单 to 常州永信, material 03010001, at most 200); quality (李娜) must pass it,
// purchasing (张伟) gives feedback too. Skipped where the demo users are not there.
import { defineSeed } from '@srm/platform';
import { supplierIntro } from '../supplier-intro/supplier-intro.entity';
import { addDays, dayIn } from '../supplier-credential/supplier-credential.validity';
import { batchTrial } from './batch-trial.entity';

export const batchTrialSeed = defineSeed('supplier.batch-trials', async (context) => {
  const data = context.data();
  if ((await data.list(batchTrial, {}, { limit: 1 })).length) return;
  const buyer = await context.findId('baseUser', { userName: 'buyer' });
  const approver = await context.findId('baseUser', { userName: 'approver' });
  const cartons = await context.findId('srmBaseCategory', { categoryCode: '0301' });
  const ou100 = await context.findId('srmBaseOrg', { orgCode: 'OU100' });
  const yongxin = await context.findId('srmSupplierInfo', { creditCode: '91320412MA1XK5TP2X' });
  const carton = await context.findId('srmBaseItem', { itemCode: '03010001' });
  if ([buyer, approver, cartons, ou100, yongxin, carton].some((id) => id === null)) return;
  const [intro] = await data.list(
    supplierIntro,
    { supplierId: yongxin!, categoryId: cartons!, orgId: ou100!, status: 'IN_PROGRESS' },
    { limit: 1 },
  );
  if (!intro) return;
  const today = dayIn(context.runtime.clock.now(), context.runtime.timeZone);
  const saved = await data.save(batchTrial, {
    introId: intro.introId,
    supplierId: yongxin!,
    categoryId: cartons!,
    orgId: ou100!,
    planStartDate: addDays(today, 3),
    planEndDate: addDays(today, 24),
    maxDefectRate: 1,
    trialNote: '首批 200 只上线包装验证：堆码 7 层不塌箱，封箱胶带附着良好，不良率不超过 1%',
    lines: [{ itemId: carton!, trialQuantity: 200 }],
    feedbacks: [
      { evaluatorRole: 'QUALITY', evaluatorId: approver!, mandatoryFlag: 'Y' },
      { evaluatorRole: 'PURCHASING', evaluatorId: buyer!, mandatoryFlag: 'N' },
    ],
  });
  await data.act(batchTrial, 'doStart', [saved.batchTrialId]);
});
