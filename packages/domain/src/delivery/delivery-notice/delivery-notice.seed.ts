// Demo delivery notices: for each demo supplier, against the last line of its confirmed order — a
// draft the buyer is preparing, one issued awaiting the supplier and one confirmed.
import { defineSeed } from '@srm/platform';
import { confirmedOrders, day, seedApi } from '../demo-orders.seed';
import { deliveryNotice } from './delivery-notice.entity';

const notices = defineSeed('delivery.demo-notices', async (context) => {
  const system = seedApi(context);
  if ((await system.list(deliveryNotice, {}, { limit: 1 })).length) return;
  for (const { supplierId, api: supplier, order } of await confirmedOrders(context)) {
    const line = order.lines[order.lines.length - 1]!;
    const notice = (share: number, days: number) =>
      system.save(deliveryNotice, {
        supplierId,
        orgId: order.orgId,
        shipToAddress: order.shipToAddress,
        buyerName: order.buyerName,
        lines: [
          {
            lineNum: 1,
            poLineId: line.poLineId,
            quantity: Math.max(1, Math.floor(line.quantity * share)),
            needByDate: day(days),
          },
        ],
      });
    await notice(0.1, 12);
    const issued = await notice(0.2, 7);
    await system.act(deliveryNotice, 'doIssue', [issued.noticeHeaderId]);
    const confirmed = await notice(0.15, 4);
    await system.act(deliveryNotice, 'doIssue', [confirmed.noticeHeaderId]);
    await supplier.act(deliveryNotice, 'doConfirm', [confirmed.noticeHeaderId]);
  }
});

export const deliveryNoticeSeeds = [notices];
