// Demo receiving: against each demo supplier's submitted delivery note the warehouse has posted a
// receipt — supplier A's with two pieces refused at the dock, one more returned later (cleared by a
// posted write-off) and the rest waiting in a draft receipt; supplier B's received in full after a
// first receipt was reversed (the pair waiting in a draft write-off).
// Written once through the entity services as the buyer would; the over-receipt tolerance
// (business configuration PUR_RECEIVE_TOLERANCE) starts at 0 %.
import { type Actor, type Row, SYSTEM_ACTOR, defineSeed } from '@srm/platform';
import { DEMO_SUPPLIERS } from '../supplier/server';
import { TOLERANCE_PROFILE } from './support';

const tolerance = defineSeed('receiving.tolerance', async (context) => {
  const profiles = context.runtime.service('srmBaseConfigProfile');
  const found = await profiles.list(SYSTEM_ACTOR, {
    filters: [{ field: 'profileCode', op: 'eq', value: TOLERANCE_PROFILE }],
    sort: [],
    pageIndex: 1,
    pageRows: 1,
  });
  if (found.rows.length) return;
  await profiles.save(SYSTEM_ACTOR, {
    profileCode: TOLERANCE_PROFILE,
    profileName: '收货超收允差（%）',
    profileValue: '0',
    valueType: 'NUMBER',
    description: '收货时实收数量可超过送货数量和订单数量的百分比；可按组织设置。0 表示不允许超收。',
  });
});

const documents = defineSeed('receiving.demo-documents', async (context) => {
  const receipts = context.runtime.service('srmPurReceiveHeader');
  const writeOffs = context.runtime.service('srmPurWriteOff');
  const existing = await receipts.list(SYSTEM_ACTOR, { filters: [], sort: [], pageIndex: 1, pageRows: 1 });
  if (existing.rows.length) return;
  const buyerId = await context.findId('baseUser', { userName: 'buyer' });
  const buyer: Actor = { ...SYSTEM_ACTOR, system: false, userId: buyerId, userName: 'buyer' };
  const post = async (body: Row): Promise<Row> => {
    const saved = await receipts.save(buyer, body);
    const [posted] = await receipts.act(
      buyer,
      'doPost',
      [saved.receiveHeaderId as number],
      {},
      { fromHttp: false },
    );
    return posted!;
  };
  for (const [index, demo] of DEMO_SUPPLIERS.entries()) {
    const supplierId = await context.findId('srmSupplierInfo', { creditCode: demo.supplier.creditCode });
    if (supplierId === null) continue;
    const notes = await context.runtime.service('srmPurAsnHeader').list(SYSTEM_ACTOR, {
      filters: [
        { field: 'supplierId', op: 'eq', value: supplierId },
        { field: 'status', op: 'eq', value: 'SUBMITTED' },
      ],
      sort: [],
      pageIndex: 1,
      pageRows: 1,
    });
    const note = notes.rows[0];
    if (!note) continue;
    const orgId = await context.findId('srmBaseOrg', { orgCode: index === 0 ? 'P110' : 'P120' });
    const storageLocationId =
      orgId === null ? null : await context.findId('srmBaseStorageLocation', { orgId, locationCode: 'RM01' });
    const lines = (
      await context.runtime.service('srmPurAsnHeader').find(SYSTEM_ACTOR, note.asnHeaderId as number)
    ).lines as Row[];
    const first = lines[0]!;
    const shipped = Number(first.shipQuantity);
    const header = {
      receiveType: 'RECEIVE',
      asnHeaderId: note.asnHeaderId,
      receiveDate: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
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
      const received = (await receipts.find(buyer, receipt.receiveHeaderId as number)).lines as Row[];
      await post({
        receiveType: 'RETURN',
        originalReceiveHeaderId: receipt.receiveHeaderId,
        receiveDate: header.receiveDate,
        remark: '上线使用发现 1 件螺纹不良，退回供应商',
        lines: [{ lineNum: 1, originalReceiveLineId: received[0]!.receiveLineId, quantity: 1 }],
      });
      await receipts.save(buyer, { ...header, remark: '余量到货待清点' });
      const cleared = await writeOffs.save(buyer, {
        supplierId,
        orgId: note.orgId,
        writeOffDate: header.receiveDate,
        reference: '对账前核销',
      });
      await writeOffs.act(buyer, 'doPost', [cleared.writeOffId as number], {}, { fromHttp: false });
    } else {
      const wrong = await post({
        ...header,
        remark: '误录入库地点',
        lines: [{ lineNum: 1, asnLineId: first.asnLineId, quantity: shipped }],
      });
      await receipts.act(
        buyer,
        'doReverse',
        [wrong.receiveHeaderId as number],
        { comment: '库存地点录错，冲销后重收' },
        {
          fromHttp: false,
        },
      );
      await post({ ...header, lines: [{ lineNum: 1, asnLineId: first.asnLineId, quantity: shipped }] });
      await writeOffs.save(buyer, {
        supplierId,
        orgId: note.orgId,
        writeOffDate: header.receiveDate,
        remark: '冲销的收货与冲销单相互核销',
      });
    }
  }
});

export const receivingSeedList = [tolerance, documents];
