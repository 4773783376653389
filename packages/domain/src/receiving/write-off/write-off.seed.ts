// Demo write-offs: supplier A's return is cleared against its receipt by a posted write-off;
// supplier B's reversed receipt and its reversal wait in a draft write-off.
import { defineSeed } from '@srm/platform';
import { DEMO_SUPPLIERS, buyerApi, seedApi } from '../demo-buyer.seed';
import { receive } from '../receive/receive.entity';
import { writeOff } from './write-off.entity';

const writeOffs = defineSeed('receiving.demo-write-offs', async (context) => {
  const system = seedApi(context);
  if ((await system.list(writeOff, {}, { limit: 1 })).length) return;
  const buyer = await buyerApi(context);
  for (const [index, demo] of DEMO_SUPPLIERS.entries()) {
    const supplierId = await context.findId('srmSupplierInfo', { creditCode: demo.supplier.creditCode });
    if (supplierId === null) continue;
    const [receipt] = await system.list(receive, { supplierId, receiveType: 'RECEIVE' }, { limit: 1 });
    if (!receipt || receipt.orgId === null) continue;
    const header = { supplierId, orgId: receipt.orgId, writeOffDate: receipt.receiveDate };
    if (index === 0) {
      const cleared = await buyer.save(writeOff, { ...header, reference: '对账前核销' });
      await buyer.act(writeOff, 'doPost', [cleared.writeOffId]);
    } else {
      await buyer.save(writeOff, { ...header, remark: '冲销的收货与冲销单相互核销' });
    }
  }
});

export const writeOffSeeds = [writeOffs];
