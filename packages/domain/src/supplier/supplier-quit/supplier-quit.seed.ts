// Demo quit: 上海明达工业服务有限公司, the demo supplier that quit (ADR 0005's demo states), gets the
// quit document behind its status, in effect, with a public and an internal reason.
import { SYSTEM_ACTOR, defineSeed } from '@srm/platform';
import { dayIn } from '../supplier-credential/supplier-credential.validity';
import { supplierQuit } from './supplier-quit.entity';

const MINGDA = '91310115MA1K3RWU7F';

export const supplierQuitSeed = defineSeed('supplier.quit', async (context) => {
  const supplierId = await context.findId('srmSupplierInfo', { creditCode: MINGDA });
  if (supplierId === null || (await context.findId('srmSupplierQuit', { supplierId }))) return;
  const { clock, timeZone } = context.runtime;
  const saved = await context.data().save(supplierQuit, {
    supplierId,
    quitScope: 'WHOLE',
    effectiveDate: dayIn(clock.now(), timeZone),
    publicReason: '贵司已不再提供设备维保服务，双方合作终止。',
    internalReason: '2026 年三次服务响应超时，服务满意度连续两季度不合格。',
  });
  await context.runtime
    .service(supplierQuit.name)
    .writeSystemFields(
      SYSTEM_ACTOR,
      saved.quitId,
      { status: 'EFFECTIVE', effectedAt: clock.now().getTime() },
      'seed',
    );
});
