// 付款计划 (payment stages; `paymentProportionManagement` nodes applied to orders — ADR 0027 §13):
// per released order with a payment term, one row per node — what the node pays of the order
// (its percent of the order's value), what of it is due now and from when, what was paid of it,
// and what is open. A node falls due with its event:
//   预付款 ADVANCE     its share of the order, from the release, plus its days;
//   到货款 DELIVERY    its share of what was received (net of returns), from the last receipt;
//   验收款 ACCEPTANCE  likewise (receipts count what was accepted), from the last receipt;
//   票到付款 INVOICE   its share of what was invoiced and matched, from the last invoice date;
//   质保金 WARRANTY    its share of what was received, once the days after the last receipt passed.
// What was paid for the order (its invoices' payments, and its advances not yet applied) is taken
// by the nodes in their order, each up to what it plans. Payment applications pay invoices and
// advances; the stages tell finance which of them are due.
import { Decimal, dec } from '@srm/kernel';
import type { DataApi } from '@srm/platform';
import { paymentTerm, paymentTermNode } from '../../base-data';
import { addDays, dayIn } from '../../supplier/server';
import { type OrderPayableFilters, type ReportAnswer, orderFigures } from './reports';

/** 未到期 (not reached, or not yet payable), 应付 (payable now and open), 已付 (paid in full). */
export const STAGE_STATES = ['NOT_DUE', 'DUE', 'PAID'] as const;
export type StageState = (typeof STAGE_STATES)[number];

export interface PaymentScheduleFilters extends OrderPayableFilters {
  /** Only stages due on or before this day. */
  readonly dueTo?: string | null;
}

export interface PaymentStageRow {
  readonly key: string;
  readonly poHeaderId: number;
  readonly poNumber: string | null;
  readonly supplierName: string | null;
  readonly orgName: string | null;
  readonly currencyCode: string | null;
  readonly termName: string | null;
  readonly nodeNum: number;
  readonly nodeType: string;
  readonly percent: number;
  /** The node's share of the order's value. */
  readonly plannedAmount: string;
  /** Its share of what its event has reached so far. */
  readonly dueAmount: string;
  /** From when it is payable (the event's day plus the node's days); null before the event. */
  readonly dueDate: string | null;
  readonly paidAmount: string;
  /** Due and not yet paid. */
  readonly openAmount: string;
  readonly stageStatus: StageState;
}

export async function paymentScheduleReport(
  ctx: DataApi,
  filters: PaymentScheduleFilters,
): Promise<ReportAnswer<PaymentStageRow>> {
  // Every order of the filters: an order with nothing received may have an advance stage due.
  const { orders, truncated } = await orderFigures(ctx, { ...filters, openOnly: false });
  const withTerms = orders.filter((order) => order.paymentTermId !== null);
  const termIds = [...new Set(withTerms.map((order) => order.paymentTermId!))];
  const master = ctx.system('payment terms are master data');
  const terms = termIds.length ? await master.list(paymentTerm, { paymentTermId: termIds }) : [];
  const nodes = termIds.length ? await master.list(paymentTermNode, { paymentTermId: termIds }) : [];
  // Today in the business's time zone, as the release and the receipts are dated.
  const now = dayIn(ctx.now, ctx.runtime.timeZone);
  const rows: PaymentStageRow[] = [];
  for (const order of withTerms) {
    const term = terms.find((found) => found.paymentTermId === order.paymentTermId);
    const own = nodes
      .filter((node) => node.paymentTermId === order.paymentTermId)
      .sort((a, b) => a.nodeNum - b.nodeNum);
    const released =
      order.releasedDate === null ? null : dayIn(new Date(order.releasedDate), ctx.runtime.timeZone);
    let unallocated = order.paid;
    for (const node of own) {
      const share = (base: Decimal) => base.mul(dec(node.percent)).div(100).toDecimalPlaces(order.places);
      const days = node.dueDays ?? 0;
      const planned = share(order.order);
      let due = dec(0);
      let dueDate: string | null = null;
      if (node.nodeType === 'ADVANCE' && released) {
        due = planned;
        dueDate = addDays(released, days);
      } else if ((node.nodeType === 'DELIVERY' || node.nodeType === 'ACCEPTANCE') && order.lastReceiptDate) {
        due = share(order.received);
        dueDate = addDays(order.lastReceiptDate, days);
      } else if (node.nodeType === 'INVOICE' && order.lastInvoiceDate) {
        due = share(order.invoiced);
        dueDate = addDays(order.lastInvoiceDate, days);
      } else if (node.nodeType === 'WARRANTY' && order.lastReceiptDate) {
        dueDate = addDays(order.lastReceiptDate, days);
        due = dueDate <= now ? share(order.received) : dec(0);
      }
      const paid = Decimal.min(unallocated, planned);
      unallocated = unallocated.sub(paid);
      const open = Decimal.max(dec(0), due.sub(paid));
      const state: StageState =
        paid.gte(planned) && planned.gt(0)
          ? 'PAID'
          : open.gt(0) && dueDate !== null && dueDate <= now
            ? 'DUE'
            : 'NOT_DUE';
      if (filters.dueTo && (dueDate === null || dueDate > filters.dueTo)) continue;
      if (filters.openOnly && !(state === 'DUE')) continue;
      rows.push({
        key: `${order.row.poHeaderId}-${node.nodeNum}`,
        poHeaderId: order.row.poHeaderId,
        poNumber: order.row.poNumber,
        supplierName: order.row.supplierName,
        orgName: order.row.orgName,
        currencyCode: order.row.currencyCode,
        termName: term?.termName ?? null,
        nodeNum: node.nodeNum,
        nodeType: node.nodeType,
        percent: node.percent,
        plannedAmount: planned.toFixed(order.places),
        dueAmount: due.toFixed(order.places),
        dueDate,
        paidAmount: paid.toFixed(order.places),
        openAmount: open.toFixed(order.places),
        stageStatus: state,
      });
    }
  }
  return { rows, truncated };
}
