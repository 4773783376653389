// The procure-to-ship flow across areas over real HTTP: the hand-over messages between buyer and
// supplier (orders, delivery notes, delivery notices). The first two tests are of other areas'
// objects (purchase history: purchasing; production plans: planning) and move beside them when
// those areas split their tests per object.
import { describe, expect, it } from 'vitest';
import { type Actor } from '@srm/platform';
import { useProcurement } from '../procurement.testing';
import { asnBody } from './delivery.testing';

type Row = Record<string, unknown> & { lines?: Row[] };

const { ids, call, ok, releasedOrder, suppliers, server } = useProcurement();
const { a: supA, b: supB } = suppliers;

describe('purchase history and production plans', () => {
  it('an approved order writes one history row per line; suppliers cannot read it', async () => {
    const order = await releasedOrder(ids.supB);
    const rows = await ok<Row[]>('srmPurPriceHistory', 'listByPage', { poHeaderId: order.poHeaderId });
    expect(rows.map((row) => [row.lineNum, row.itemName, row.unitPriceExclTax, row.supplierId])).toEqual(
      expect.arrayContaining([
        [1, '内六角圆柱头螺钉 M6×20', 0.3, ids.supB],
        [2, expect.any(String), 6.25, ids.supB],
      ]),
    );
    // The buyer's tool: suppliers do not read prices at all.
    const bySupplier = await call('srmPurPriceHistory', 'listByPage', { poHeaderId: order.poHeaderId }, supB);
    expect(bySupplier.httpStatus).toBe(403);
    // Nobody writes history by hand.
    const write = await call('srmPurPriceHistory', 'saveOrUpdate', { itemId: ids.screw });
    expect(write.body.status).toBe('E');
    expect([400, 403]).toContain(write.httpStatus);
  });

  it('a supplier keeps its own production plan; another supplier never sees it, the buyer only reads it', async () => {
    const saved = await ok(
      'srmPurProductionPlan',
      'saveOrUpdate',
      { orgId: ids.orgA, itemId: ids.bracket, planDate: '2026-12-08', planQuantity: 500, dailyCapacity: 120 },
      supA,
    );
    expect(saved.supplierId).toBe(ids.supA);
    const key = { productionPlanId: saved.productionPlanId };
    expect((await call('srmPurProductionPlan', 'findById', key, supB)).httpStatus).toBe(404);
    expect((await ok('srmPurProductionPlan', 'findById', key)).planQuantity).toBe(500);
    const byBuyer = await call('srmPurProductionPlan', 'saveOrUpdate', {
      ...key,
      versionNum: saved.versionNum,
      planQuantity: 1,
    });
    expect(byBuyer.httpStatus).toBe(403);
  });
});

describe('hand-over messages', () => {
  it('released order and issued notice reach the supplier’s users; a proposal and a submitted note reach the buyer', async () => {
    const user = async (userName: string, extra: Row) =>
      (await ok('baseUser', 'saveOrUpdate', { userName, userFullName: userName, ...extra })).userId as number;
    const buyerId = await user('buyer_msg', { userType: 'INTERNAL' });
    const supAUser = await user('supa_msg', { userType: 'EXTERNAL', supplierId: ids.supA });
    const supBUser = await user('supb_msg', { userType: 'EXTERNAL', supplierId: ids.supB });
    const buyer: Partial<Actor> = { userId: buyerId, userName: 'buyer_msg' };
    const asA: Partial<Actor> = { ...supA, userId: supAUser, userName: 'supa_msg' };
    const asB: Partial<Actor> = { ...supB, userId: supBUser, userName: 'supb_msg' };
    const titles = async (actor: Partial<Actor>) => {
      const answer = await server().post<Row[]>(
        '/api/message/v1/baseSiteMessageRestful/findMyMessages',
        { pageIndex: 1, pageRows: 100 },
        { actor },
      );
      expect(answer.body.status, answer.body.msg).toBe('S');
      return answer.body.data.map((row) => String(row.title));
    };
    const order = await releasedOrder(ids.supA, buyer);
    const po = String(order.poNumber);
    expect(await titles(asA)).toContain(`新采购订单 ${po}`);
    await ok(
      'srmPoHeader',
      'doSupplierPropose',
      {
        poHeaderId: order.poHeaderId,
        lines: [{ poLineId: order.lines![0]!.poLineId, proposedDate: '2026-12-30' }],
      },
      asA,
    );
    expect(await titles(buyer)).toContain(`订单 ${po} 供应商提出变更`);
    await ok('srmPoHeader', 'doBuyerConfirm', { poHeaderId: order.poHeaderId }, buyer);
    const note = await ok(
      'srmPurAsnHeader',
      'saveOrUpdate',
      asnBody([{ poLineId: order.lines![1]!.poLineId, shipQuantity: 5 }]),
      asA,
    );
    await ok('srmPurAsnHeader', 'doSubmit', { asnHeaderId: note.asnHeaderId }, asA);
    expect(await titles(buyer)).toContain(`送货单 ${String(note.asnNumber)} 已提交`);
    const notice = await ok('srmPurDeliveryNotice', 'saveOrUpdate', {
      supplierId: ids.supA,
      orgId: ids.orgA,
      lines: [{ lineNum: 1, poLineId: order.lines![1]!.poLineId, quantity: 5, needByDate: '2026-12-05' }],
    });
    await ok('srmPurDeliveryNotice', 'doIssue', { noticeHeaderId: notice.noticeHeaderId });
    expect(await titles(asA)).toContain(`新送货通知 ${String(notice.noticeNumber)}`);
    // Supplier B's users hear of none of it.
    const heardByB = (await titles(asB)).join('|');
    for (const number of [po, String(note.asnNumber), String(notice.noticeNumber)]) {
      expect(heardByB).not.toContain(number);
    }
  });
});
