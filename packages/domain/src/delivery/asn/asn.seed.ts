// Demo delivery notes: each demo supplier ships against its confirmed order — a submitted note and
// a draft — written once as the supplier's own user would.
import { defineSeed } from '@srm/platform';
import { confirmedOrders, day, seedApi } from '../demo-orders.seed';
import { asn } from './asn.entity';

const documents = defineSeed('delivery.demo-documents', async (context) => {
  if ((await seedApi(context).list(asn, {}, { limit: 1 })).length) return;
  for (const { demo, supplierId, api, order } of await confirmedOrders(context)) {
    const first = order.lines[0]!;
    const note = (share: number, days: number, tracking: string) =>
      api.save(asn, {
        shipDate: day(days),
        expectedArrivalDate: day(days + 2),
        carrierName: '顺丰速运',
        trackingNumber: tracking,
        contactName: demo.user.userFullName,
        contactPhone: demo.user.mobile,
        lines: [{ lineNum: 1, poLineId: first.poLineId, shipQuantity: Math.floor(first.quantity * share) }],
      });
    const submitted = await note(0.4, 1, `SF${String(supplierId).padStart(4, '0')}0001`);
    await api.act(asn, 'doSubmit', [submitted.asnHeaderId]);
    await note(0.3, 5, `SF${String(supplierId).padStart(4, '0')}0002`);
  }
});

export const asnSeeds = [documents];
