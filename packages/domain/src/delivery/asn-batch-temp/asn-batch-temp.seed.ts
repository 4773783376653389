// Demo batch drafts (批量暂存, ADR 0010): each demo supplier has started staging a part of its
// confirmed order's first line (with carrier and lot) and its confirmed notice's line, as its own
// user would with 添加订单行 / 添加通知行.
import { defineSeed } from '@srm/platform';
import { deliveryNotice } from '../delivery-notice/delivery-notice.entity';
import { confirmedOrders, day, seedApi } from '../demo-orders.seed';
import { asnBatchTemp } from './asn-batch-temp.entity';

const batchDrafts = defineSeed('delivery.demo-batch-drafts', async (context) => {
  if ((await seedApi(context).list(asnBatchTemp, {}, { limit: 1 })).length) return;
  for (const { supplierId, api, order } of await confirmedOrders(context)) {
    const first = order.lines[0]!;
    await api.save(asnBatchTemp, {
      poLineId: first.poLineId,
      shipQuantity: Math.max(1, Math.floor(first.quantity * 0.1)),
      shipDate: day(3),
      expectedArrivalDate: day(5),
      carrierName: '顺丰速运',
      lotNumber: `L${day(3).replace(/-/g, '')}-${String(supplierId).padStart(2, '0')}`,
    });
    const [confirmed] = await api.list(
      deliveryNotice,
      { status: 'CONFIRMED' },
      { orderBy: [{ field: 'noticeHeaderId', order: 'desc' }], limit: 1 },
    );
    if (!confirmed) continue;
    const line = (await api.find(deliveryNotice, confirmed.noticeHeaderId)).lines[0];
    if (!line) continue;
    await api.save(asnBatchTemp, {
      deliveryNoticeLineId: line.noticeLineId,
      shipQuantity: line.confirmedQuantity ?? line.quantity,
      shipDate: day(3),
      expectedArrivalDate: day(4),
      shipToAddress: confirmed.shipToAddress?.slice(0, 240) ?? null,
    });
  }
});

export const asnBatchTempSeeds = [batchDrafts];
