// Demo change info: 无锡金桥机械加工有限公司 moves its receiving account to another bank and gives a
// new landline; the change waits for the purchasing manager's approval, so the diff shows a bank
// account removed and one added while payments still use the old one.
import { defineSeed } from '@srm/platform';
import { SUPPLIER_CHANGE_PROCESS, supplierChange } from './supplier-change.entity';

const JINQIAO = '91320211MA1P8GDK6E';

export const supplierChangeSeed = defineSeed('supplier.change', async (context) => {
  const supplierId = await context.idOf('srmSupplierInfo', { creditCode: JINQIAO });
  if (await context.findId('srmSupplierChange', { supplierId })) return;
  const data = context.data();
  const opened = await data.save(supplierChange, {
    supplierId,
    changeReason: '公司基本户迁至农业银行，原交通银行账户将于 12 月底销户；总机号码同时变更。',
  });
  const edited = await data.save(supplierChange, {
    changeId: opened.changeId,
    versionNum: opened.versionNum,
    contactPhone: '0510-85581234',
    accounts: [
      {
        bankName: '中国农业银行',
        bankBranch: '无锡胡埭支行',
        bankAccountName: '无锡金桥机械加工有限公司',
        bankAccountNumber: '10651201040018866',
        primaryFlag: 'Y',
        enabledFlag: 'Y',
      },
    ],
  });
  // Submitted where the approval process is set up (the demo's templates; a test's own come later).
  if (await context.findId('srmBaseProcessTemplate', { processKey: SUPPLIER_CHANGE_PROCESS }))
    await data.act(supplierChange, 'doSubmit', [edited.changeId]);
});
