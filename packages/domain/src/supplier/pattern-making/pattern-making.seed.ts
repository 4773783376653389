// Demo pattern making: a new motor bracket (drawing B-07, uncoded) and the current one in a new
// finish, asked of 恒达五金 (sup_a) and 金桥机加 in Suzhou; 恒达 has quoted (fee and lead time per
// material), 金桥 has not yet. Skipped where the demo users are not there.
import { defineSeed } from '@srm/platform';
import { addDays, dayIn } from '../supplier-credential/supplier-credential.validity';
import {
  patternMakingReply,
  patternMakingReplyLine,
} from '../pattern-making-reply/pattern-making-reply.entity';
import { patternMaking } from './pattern-making.entity';

export const patternMakingSeed = defineSeed('supplier.pattern-making', async (context) => {
  const data = context.data();
  if ((await data.list(patternMaking, {}, { limit: 1 })).length) return;
  const ou100 = await context.findId('srmBaseOrg', { orgCode: 'OU100' });
  const cny = await context.findId('srmBaseCurrency', { currencyCode: 'CNY' });
  const sheetMetal = await context.findId('srmBaseCategory', { categoryCode: '0201' });
  const bracket = await context.findId('srmBaseItem', { itemCode: '02010001' });
  const hengda = await context.findId('srmSupplierInfo', { creditCode: '91320505MA1NH7QX3R' });
  const jinqiao = await context.findId('srmSupplierInfo', { creditCode: '91320211MA1P8GDK6E' });
  if ([ou100, cny, sheetMetal, bracket, hengda, jinqiao].some((id) => id === null)) return;
  const today = dayIn(context.runtime.clock.now(), context.runtime.timeZone);
  const saved = await data.save(patternMaking, {
    title: '新型电机支架打样',
    orgId: ou100!,
    categoryId: sheetMetal!,
    currencyId: cny!,
    requestNote:
      '按图纸 B-07 制作新型电机支架，材料 SPCC 1.5mm，表面镀锌；现行支架改为黑色电泳，验证盐雾 96 小时',
    quoteDueDate: addDays(today, 7),
    needByDate: addDays(today, 35),
    materials: [
      {
        lineNum: 1,
        materialName: '电机支架 B 型',
        drawingNo: 'B-07',
        specification: 'SPCC 1.5mm 镀锌',
        sampleQuantity: 5,
      },
      { lineNum: 2, materialName: '电机安装支架（黑色电泳）', itemId: bracket!, sampleQuantity: 3 },
    ],
    suppliers: [{ supplierId: hengda! }, { supplierId: jinqiao! }],
  });
  await data.act(patternMaking, 'doSend', [saved.patternMakingId]);
  // 恒达's quote, as it would enter it in its portal.
  const [reply] = await data.list(patternMakingReply, {
    patternMakingId: saved.patternMakingId,
    supplierId: hengda!,
  });
  if (!reply) return;
  const lines = await data.lines(patternMakingReplyLine, reply.replyId);
  const quotes: Record<number, [number, number, string]> = {
    1: [1800, 12, '含简易模具费 1,200 元'],
    2: [450, 7, '电泳外协'],
  };
  await data.save(patternMakingReply, {
    replyId: reply.replyId,
    versionNum: reply.versionNum,
    quoteNote: '报价含税，样品顺丰到付',
    lines: lines.map((line) => ({
      replyLineId: line.replyLineId,
      sampleFee: quotes[line.lineNum]![0],
      leadTimeDays: quotes[line.lineNum]![1],
      supplierRemark: quotes[line.lineNum]![2],
    })),
  });
  await data.act(patternMakingReply, 'doQuote', [reply.replyId]);
});
