// Demo purchasing: document types, then requisitions and orders at every stage for both demo
// suppliers (恒达五金 buys hardware, 瑞丰电子 electronics), so that buyers and suppliers meet a
// living system on first sign-in. Documents are written once, through the typed data API and the
// documents' workflow actions, like a user would.
import type { ActionName } from '@srm/kernel';
import { type Actor, SYSTEM_ACTOR, type SeedContext, decideAll, defineSeed } from '@srm/platform';
import { aslApply } from '../agreements';
import { DEMO_SUPPLIERS } from '../supplier/server';
import { aslAllows } from '../agreements/server';
import { billType } from './bill-type/bill-type.entity';
import { order } from './order/order.entity';
import { requisition } from './requisition/requisition.entity';

const BILL_TYPES: readonly [string, string, string, string][] = [
  ['STD_PR', '标准采购申请', 'Standard requisition', 'REQUISITION'],
  ['PROJECT_PR', '项目采购申请', 'Project requisition', 'REQUISITION'],
  ['STD_PO', '标准采购订单', 'Standard purchase order', 'ORDER'],
  ['CONSIGN_PO', '寄售采购订单', 'Consignment order', 'ORDER'],
  ['OUTSOURCE_PO', '委外加工订单', 'Outsourcing order', 'ORDER'],
];

const billTypes = defineSeed('purchasing.bill-types', async (context) => {
  const data = context.data();
  for (const [billTypeCode, billTypeName, billTypeNameEn, docCategory] of BILL_TYPES) {
    const id = await context.put(
      'srmPurBillType',
      { billTypeCode },
      { billTypeCode, billTypeName, billTypeNameEn, docCategory },
    );
    const [row] = await data.list(billType, { billTypeId: id });
    if (row?.status !== 'ENABLED') await data.act(billType, 'doEnable', [id]);
  }
});

/** yyyy-MM-dd, `days` from today. */
function day(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

type Approved = typeof requisition | typeof order | typeof aslApply;

/**
 * Runs the actions on a document. A document with an approval process is submitted by the demo
 * buyer, and approved or rejected by deciding its tasks as their assignees would.
 */
async function act<E extends Approved>(
  context: SeedContext,
  entity: E,
  id: number,
  actions: readonly ActionName<E>[],
  input: Readonly<Record<string, unknown>> = {},
) {
  const buyer: Actor = {
    ...SYSTEM_ACTOR,
    system: false,
    userId: await context.idOf('baseUser', { userName: 'buyer' }),
    userName: 'buyer',
  };
  for (const action of actions) {
    if (action === 'doApproval' || action === 'doReject') {
      await decideAll(context.runtime, entity.name, id, action === 'doApproval' ? 'approve' : 'reject');
      continue;
    }
    const needsComment = action === 'doReturn' || action === 'doBuyerReject';
    await context
      .data(action === 'doSubmit' ? buyer : SYSTEM_ACTOR)
      .act(entity, action, [id], needsComment ? { comment: '请核对数量和交期后重新提交', ...input } : input);
  }
}

interface DemoLine {
  item: string;
  quantity: number;
  price: number;
  days: number;
}

const documents = defineSeed('purchasing.demo-documents', async (context) => {
  const data = context.data();
  if ((await data.list(order, {}, { limit: 1 })).length) return;
  const supplierIds: number[] = [];
  for (const demo of DEMO_SUPPLIERS) {
    const id = await context.findId('srmSupplierInfo', { creditCode: demo.supplier.creditCode });
    if (id === null) return;
    supplierIds.push(id);
  }
  const [hengda, ruifeng] = supplierIds as [number, number];
  const orgId = await context.idOf('srmBaseOrg', { orgCode: 'OU100' });
  const currencyId = await context.idOf('srmBaseCurrency', { currencyCode: 'CNY' });
  const prType = await context.idOf('srmPurBillType', { billTypeCode: 'STD_PR' });
  const poType = await context.idOf('srmPurBillType', { billTypeCode: 'STD_PO' });
  const itemIds = new Map<string, number>();
  const item = async (code: string) => {
    if (!itemIds.has(code)) itemIds.set(code, await context.idOf('srmBaseItem', { itemCode: code }));
    return itemIds.get(code)!;
  };
  // Orders need the approved supplier list besides the supplier library: 恒达 supplies sheet metal
  // (0201) and two fasteners, 瑞丰 electronics (01).
  const missing: { supplierId: number; categoryId?: number; itemId?: number }[] = [];
  const category = (categoryCode: string) => context.idOf('srmBaseCategory', { categoryCode });
  for (const [supplierId, itemCode, entry] of [
    [hengda, '02010001', { categoryId: await category('0201') }],
    [hengda, '02030002', { itemId: await item('02030002') }],
    [hengda, '02030003', { itemId: await item('02030003') }],
    [ruifeng, '01010001', { categoryId: await category('01') }],
  ] as const) {
    const { allowed } = await aslAllows(context.runtime.executor(), {
      supplierId,
      itemId: await item(itemCode),
      orgId,
    });
    if (!allowed) missing.push({ supplierId, ...entry });
  }
  if (missing.length) {
    const apply = await data.save(aslApply, { orgId, applyReason: '年度合格供应商评审结果', lines: missing });
    await act(context, aslApply, apply.aslApplyId, ['doSubmit', 'doApproval']);
  }

  const raise = async (
    title: string,
    lines: DemoLine[],
    actions: ActionName<typeof requisition>[],
    supplierId?: number,
  ) => {
    const saved = await data.save(requisition, {
      title,
      billTypeId: prType,
      orgId,
      requesterName: '张伟',
      departmentName: '生产计划部',
      requisitionDate: day(-10),
      lines: await Promise.all(
        lines.map(async (line, index) => ({
          lineNum: index + 1,
          itemId: await item(line.item),
          quantity: line.quantity,
          unitPrice: line.price,
          needByDate: day(line.days),
          ...(supplierId ? { suggestedSupplierId: supplierId } : {}),
        })),
      ),
    });
    await act(context, requisition, saved.requisitionHeaderId, actions);
    return data.find(requisition, saved.requisitionHeaderId);
  };

  await raise('研发样机物料申请', [{ item: '01010003', quantity: 50, price: 1.2, days: 30 }], []);
  await raise(
    '二季度生产备料申请',
    [
      { item: '01020001', quantity: 20000, price: 0.005, days: 25 },
      { item: '01020002', quantity: 20000, price: 0.008, days: 25 },
    ],
    ['doSubmit'],
  );
  await raise(
    '试产治具采购申请',
    [{ item: '02040001', quantity: 4, price: 850, days: 20 }],
    ['doSubmit', 'doApproval', 'doReturn'],
  );
  const pooledHardware = await raise(
    '装配线五金件补充申请',
    [
      { item: '02010002', quantity: 5000, price: 3.2, days: 14 },
      { item: '02010001', quantity: 800, price: 6.5, days: 21 },
    ],
    ['doSubmit', 'doApproval'],
    hengda,
  );
  await raise(
    '控制板电子料申请',
    [
      { item: '01010001', quantity: 2000, price: 9.8, days: 28 },
      { item: '01010002', quantity: 2000, price: 0.65, days: 28 },
    ],
    ['doSubmit', 'doApproval'],
    ruifeng,
  );

  type Answer = { poLineId: number; promisedDate?: string; proposedDate?: string; supplierComment?: string };
  const place = async (
    supplierId: number,
    lines: DemoLine[],
    actions: ActionName<typeof order>[],
    extra: { orderDate?: string } = {},
    answers?: (stored: readonly { poLineId: number; needByDate: string }[]) => Answer[],
  ) => {
    const saved = await data.save(order, {
      billTypeId: poType,
      orgId,
      supplierId,
      buyerName: '张伟',
      currencyId,
      orderDate: day(-5),
      shipToAddress: '江苏省苏州市吴中区吴中经济开发区东吴南路88号 1号仓库',
      ...extra,
      lines: await Promise.all(
        lines.map(async (line, index) => ({
          lineNum: index + 1,
          itemId: await item(line.item),
          quantity: line.quantity,
          unitPriceExclTax: line.price,
          taxRate: 13,
          needByDate: day(line.days),
        })),
      ),
    });
    for (const action of actions) {
      const input =
        answers && (action === 'doSupplierConfirm' || action === 'doSupplierPropose')
          ? { lines: answers((await data.find(order, saved.poHeaderId)).lines) }
          : {};
      await act(context, order, saved.poHeaderId, [action], input);
    }
  };
  const released: ActionName<typeof order>[] = ['doSubmit', 'doApproval', 'doRelease'];

  // 恒达五金: a draft, one in approval, one awaiting its answer, one with a proposed change, one confirmed.
  await place(hengda, [{ item: '02030002', quantity: 3000, price: 0.45, days: 20 }], []);
  await place(hengda, [{ item: '02010002', quantity: 200, price: 38, days: 30 }], ['doSubmit']);
  await place(
    hengda,
    [
      { item: '02010001', quantity: 300, price: 6.2, days: 12 },
      { item: '02030003', quantity: 4000, price: 0.28, days: 18 },
    ],
    released,
  );
  await place(
    hengda,
    [
      { item: '02010002', quantity: 150, price: 37.5, days: 15 },
      { item: '02030002', quantity: 6000, price: 0.44, days: 15 },
    ],
    [...released, 'doSupplierPropose'],
    {},
    (lines) => [
      { poLineId: lines[0]!.poLineId, promisedDate: lines[0]!.needByDate },
      {
        poLineId: lines[1]!.poLineId,
        proposedDate: day(22),
        supplierComment: '原材料到货推迟，建议延后一周交货',
      },
    ],
  );
  const fromRequisition = pooledHardware.lines[0]!;
  const fromPool = await data.save(order, {
    billTypeId: poType,
    orgId,
    supplierId: hengda,
    buyerName: '张伟',
    currencyId,
    orderDate: day(-3),
    lines: [
      {
        lineNum: 1,
        itemId: fromRequisition.itemId,
        quantity: 3000,
        unitPriceExclTax: 3.1,
        taxRate: 13,
        needByDate: fromRequisition.needByDate,
        requisitionLineId: fromRequisition.requisitionLineId,
      },
    ],
  });
  await act(context, order, fromPool.poHeaderId, [...released, 'doSupplierConfirm']);

  // 瑞丰电子: one awaiting its answer, one confirmed, one closed.
  await place(
    ruifeng,
    [
      { item: '01010001', quantity: 1000, price: 9.6, days: 25 },
      { item: '01020004', quantity: 5000, price: 0.12, days: 25 },
    ],
    released,
  );
  await place(
    ruifeng,
    [{ item: '01020003', quantity: 3000, price: 0.35, days: 16 }],
    [...released, 'doSupplierConfirm'],
  );
  await place(
    ruifeng,
    [{ item: '01010002', quantity: 1500, price: 0.62, days: -20 }],
    [...released, 'doSupplierConfirm', 'doClose'],
    { orderDate: day(-40) },
  );
});

export const purchasingSeedList = [billTypes, documents];
