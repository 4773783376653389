// Demo daily management: a confirmed visit to supplier A (恒达五金) at OU100, and a complaint about
// supplier B (瑞丰电子) that proposes a manual performance score, still open.
import { SYSTEM_ACTOR, defineSeed } from '@srm/platform';
import { addDays, dayIn } from '../supplier-credential/supplier-credential.validity';

const SUPPLIER_A = '91320505MA1NH7QX3R';

export const supplierDailySeed = defineSeed('supplier.daily', async (context) => {
  const orgId = await context.findId('srmBaseOrg', { orgCode: 'OU100' });
  if (orgId === null) return;
  const today = dayIn(context.runtime.clock.now(), context.runtime.timeZone);
  const supplierA = await context.idOf('srmSupplierInfo', { creditCode: SUPPLIER_A });
  const supplierB = await context.findId('srmSupplierInfo', { supplierName: '宁波瑞丰电子科技有限公司' });
  const visit = await context.put(
    'srmSupplierDaily',
    { supplierId: supplierA, subject: '季度业务回顾拜访' },
    {
      supplierId: supplierA,
      orgId,
      eventDate: addDays(today, -12),
      eventType: 'VISIT',
      subject: '季度业务回顾拜访',
      content: '走访恒达五金苏州工厂：冲压线新增 2 台 400 吨压机，产能提升约 30%；交付准时率 Q3 为 97.2%。',
      participants: '张伟、质量部 刘洋',
    },
  );
  const daily = context.runtime.service('srmSupplierDaily');
  if ((await daily.find(SYSTEM_ACTOR, visit)).status === 'NEW')
    await daily.act(SYSTEM_ACTOR, 'doConfirm', [visit], {}, { fromHttp: false });
  if (supplierB === null) return;
  await context.put(
    'srmSupplierDaily',
    { supplierId: supplierB, subject: '来料批次外观不良投诉' },
    {
      supplierId: supplierB,
      orgId,
      eventDate: addDays(today, -3),
      eventType: 'COMPLAINT',
      subject: '来料批次外观不良投诉',
      content: '产线反馈瑞丰电子 11 月第 2 批连接器外壳划伤 3.2%，已要求供应商 48 小时内提交 8D 报告。',
      participants: '张伟',
      proposeScoreFlag: 'Y',
      proposedScore: 75.5,
      scoreReason: '本月质量投诉一次，建议质量维度人工评分 75.5 分',
    },
  );
});
