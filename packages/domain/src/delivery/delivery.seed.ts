// Demo delivery: each demo supplier ships against its confirmed orders — a draft note and a
// submitted one — and has delivery notices at three stages, written once through the entity
// services as the buyer and the supplier's own user would.
import { type Actor, type Row, SYSTEM_ACTOR, type SeedContext, defineSeed } from '@srm/platform';
import { DEMO_SUPPLIERS } from '../supplier/server';

function day(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Each demo supplier's own user and its first confirmed order with the order's lines, read as
 * that user (suppliers without a confirmed order are left out).
 */
async function confirmedOrders(
  context: SeedContext,
): Promise<
  { demo: (typeof DEMO_SUPPLIERS)[number]; supplierId: number; actor: Actor; order: Row; lines: Row[] }[]
> {
  const found = [];
  for (const demo of DEMO_SUPPLIERS) {
    const supplierId = await context.findId('srmSupplierInfo', { creditCode: demo.supplier.creditCode });
    const userId = await context.findId('baseUser', { userName: demo.user.userName });
    if (supplierId === null || userId === null) continue;
    const actor: Actor = {
      ...SYSTEM_ACTOR,
      system: false,
      side: 'supplier',
      supplierId,
      userId,
      userName: demo.user.userName,
    };
    const orders = context.runtime.service('srmPoHeader');
    const confirmed = await orders.list(actor, {
      filters: [{ field: 'status', op: 'in', value: ['CONFIRMED'] }],
      sort: [],
      pageIndex: 1,
      pageRows: 10,
    });
    const order = confirmed.rows.find((row) => row.supplierId === supplierId);
    if (!order) continue;
    const lines = (await orders.find(actor, order.poHeaderId as number)).lines as Row[];
    found.push({ demo, supplierId, actor, order, lines });
  }
  return found;
}

const documents = defineSeed('delivery.demo-documents', async (context) => {
  const notes = context.runtime.service('srmPurAsnHeader');
  const existing = await notes.list(SYSTEM_ACTOR, { filters: [], sort: [], pageIndex: 1, pageRows: 1 });
  if (existing.rows.length) return;
  for (const { demo, supplierId, actor, lines } of await confirmedOrders(context)) {
    const first = lines[0]!;
    const quantity = Number(first.quantity);
    const note = (share: number, days: number, tracking: string) =>
      notes.save(actor, {
        shipDate: day(days),
        expectedArrivalDate: day(days + 2),
        carrierName: '顺丰速运',
        trackingNumber: tracking,
        contactName: demo.user.userFullName,
        contactPhone: demo.user.mobile,
        lines: [{ lineNum: 1, poLineId: first.poLineId, shipQuantity: Math.floor(quantity * share) }],
      });
    const submitted = await note(0.4, 1, `SF${String(supplierId).padStart(4, '0')}0001`);
    await notes.act(actor, 'doSubmit', [submitted.asnHeaderId as number], {}, { fromHttp: false });
    await note(0.3, 5, `SF${String(supplierId).padStart(4, '0')}0002`);
  }
});

/**
 * Demo delivery notices: for each demo supplier, against the last line of its first confirmed
 * order — a draft the buyer is preparing, one issued awaiting the supplier and one confirmed.
 */
const notices = defineSeed('delivery.demo-notices', async (context) => {
  const service = context.runtime.service('srmPurDeliveryNotice');
  const existing = await service.list(SYSTEM_ACTOR, { filters: [], sort: [], pageIndex: 1, pageRows: 1 });
  if (existing.rows.length) return;
  for (const { supplierId, actor: supplier, order, lines } of await confirmedOrders(context)) {
    const line = lines[lines.length - 1]!;
    const quantity = Number(line.quantity);
    const notice = (share: number, days: number) =>
      service.save(SYSTEM_ACTOR, {
        supplierId,
        orgId: order.orgId,
        shipToAddress: order.shipToAddress ?? null,
        buyerName: order.buyerName ?? null,
        lines: [
          {
            lineNum: 1,
            poLineId: line.poLineId,
            quantity: Math.max(1, Math.floor(quantity * share)),
            needByDate: day(days),
          },
        ],
      });
    const act = (actor: Actor, name: string, id: number) =>
      service.act(actor, name, [id], {}, { fromHttp: false });
    await notice(0.1, 12);
    const issued = await notice(0.2, 7);
    await act(SYSTEM_ACTOR, 'doIssue', issued.noticeHeaderId as number);
    const confirmed = await notice(0.15, 4);
    await act(SYSTEM_ACTOR, 'doIssue', confirmed.noticeHeaderId as number);
    await act(supplier, 'doConfirm', confirmed.noticeHeaderId as number);
  }
});

/**
 * Demo batch drafts (批量暂存, ADR 0010): each demo supplier has started staging what remains of
 * its first confirmed order's first line (a part of it, with carrier and lot) and its confirmed
 * notice's line, as its own user would with 添加订单行 / 添加通知行.
 */
const batchDrafts = defineSeed('delivery.demo-batch-drafts', async (context) => {
  const service = context.runtime.service('srmPurAsnBatchTemp');
  const existing = await service.list(SYSTEM_ACTOR, { filters: [], sort: [], pageIndex: 1, pageRows: 1 });
  if (existing.rows.length) return;
  for (const { supplierId, actor, lines } of await confirmedOrders(context)) {
    const first = lines[0]!;
    await service.save(actor, {
      poLineId: first.poLineId,
      shipQuantity: Math.max(1, Math.floor(Number(first.quantity) * 0.1)),
      shipDate: day(3),
      expectedArrivalDate: day(5),
      carrierName: '顺丰速运',
      lotNumber: `L${day(3).replace(/-/g, '')}-${String(supplierId).padStart(2, '0')}`,
    });
    const notices = await context.runtime.service('srmPurDeliveryNotice').list(actor, {
      filters: [{ field: 'status', op: 'in', value: ['CONFIRMED'] }],
      sort: [],
      pageIndex: 1,
      pageRows: 1,
    });
    const notice = notices.rows[0];
    if (!notice) continue;
    const line = (
      (await context.runtime.service('srmPurDeliveryNotice').find(actor, notice.noticeHeaderId as number))
        .lines as Row[]
    )[0];
    if (!line) continue;
    await service.save(actor, {
      deliveryNoticeLineId: line.noticeLineId,
      shipQuantity: Number(line.confirmedQuantity ?? line.quantity),
      shipDate: day(3),
      expectedArrivalDate: day(4),
      shipToAddress: typeof notice.shipToAddress === 'string' ? notice.shipToAddress.slice(0, 240) : null,
    });
  }
});

export const deliverySeedList = [documents, notices, batchDrafts];
