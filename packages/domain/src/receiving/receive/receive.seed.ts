// Demo receiving: against each demo supplier's submitted delivery note the warehouse has posted a
// receipt — supplier A's with two pieces refused at the dock, one more returned later and the rest
// waiting in a draft receipt; supplier B's received in full after a first receipt was reversed.
// Written once as the buyer would; the over-receipt tolerance (business configuration
// PUR_RECEIVE_TOLERANCE) starts at 0 %.
import { type SaveBodyOf } from '@srm/kernel';
import { defineSeed } from '@srm/platform';
import { configProfile } from '../../base-data';
import { asn } from '../../delivery';
import { DEMO_SUPPLIERS, buyerApi, day, seedApi } from '../demo-buyer.seed';
import { TOLERANCE_PROFILE } from '../support';
import { receive } from './receive.entity';

const tolerance = defineSeed('receiving.tolerance', async (context) => {
  const system = seedApi(context);
  if ((await system.list(configProfile, { profileCode: TOLERANCE_PROFILE }, { limit: 1 })).length) return;
  await system.save(configProfile, {
    profileCode: TOLERANCE_PROFILE,
    profileName: '收货超收允差（%）',
    profileValue: '0',
    valueType: 'NUMBER',
    description: '收货时实收数量可超过送货数量和订单数量的百分比；可按组织设置。0 表示不允许超收。',
  });
});

const documents = defineSeed('receiving.demo-documents', async (context) => {
  const system = seedApi(context);
  if ((await system.list(receive, {}, { limit: 1 })).length) return;
  const buyer = await buyerApi(context);
  const post = async (body: SaveBodyOf<typeof receive>) => {
    const saved = await buyer.save(receive, body);
    await buyer.act(receive, 'doPost', [saved.receiveHeaderId]);
    return buyer.find(receive, saved.receiveHeaderId);
  };
  for (const [index, demo] of DEMO_SUPPLIERS.entries()) {
    const supplierId = await context.findId('srmSupplierInfo', { creditCode: demo.supplier.creditCode });
    if (supplierId === null) continue;
    const [submitted] = await system.list(
      asn,
      { supplierId, status: 'SUBMITTED' },
      { orderBy: [{ field: 'asnHeaderId', order: 'desc' }], limit: 1 },
    );
    if (!submitted) continue;
    const orgId = await context.findId('srmBaseOrg', { orgCode: index === 0 ? 'P110' : 'P120' });
    const storageLocationId =
      orgId === null ? null : await context.findId('srmBaseStorageLocation', { orgId, locationCode: 'RM01' });
    const first = (await system.find(asn, submitted.asnHeaderId)).lines[0]!;
    const shipped = first.shipQuantity;
    const header = {
      receiveType: 'RECEIVE',
      asnHeaderId: submitted.asnHeaderId,
      receiveDate: day(2),
      storageLocationId,
      receiverName: '仓管 陈强',
    };
    if (index === 0) {
      const part = Math.max(Math.floor(shipped / 2), 3);
      const receipt = await post({
        ...header,
        remark: '2 件外观划伤，当场拒收',
        lines: [{ lineNum: 1, asnLineId: first.asnLineId, quantity: part, rejectedQuantity: 2 }],
      });
      await post({
        receiveType: 'RETURN',
        originalReceiveHeaderId: receipt.receiveHeaderId,
        receiveDate: header.receiveDate,
        remark: '上线使用发现 1 件螺纹不良，退回供应商',
        lines: [{ lineNum: 1, originalReceiveLineId: receipt.lines[0]!.receiveLineId, quantity: 1 }],
      });
      await buyer.save(receive, { ...header, remark: '余量到货待清点' });
    } else {
      const wrong = await post({
        ...header,
        remark: '误录入库地点',
        lines: [{ lineNum: 1, asnLineId: first.asnLineId, quantity: shipped }],
      });
      await buyer.act(receive, 'doReverse', [wrong.receiveHeaderId], { comment: '库存地点录错，冲销后重收' });
      await post({ ...header, lines: [{ lineNum: 1, asnLineId: first.asnLineId, quantity: shipped }] });
    }
  }
});

export const receiveSeeds = [tolerance, documents];
