// Settlement's reports (catalogue §2.15; ADR 0027 §10): 订单应付 (order payable), 付款汇总 (payment
// total, the cash paid per supplier and month) and 对账单报表 (account statements). Each reads in
// the caller's scope of the documents it reports — a buyer's organisations, never another
// supplier's rows — and answers its rows with the totals and the truncation a screen shows.
// Amounts are summed in the database (numeric, exact) and answered as decimal strings at the
// currency's places.
import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import { type Decimal, dec } from '@srm/kernel';
import type { DataApi } from '@srm/platform';
import { order } from '../../purchasing';
import { ledger } from '../ledger/ledger.entity';
import { statement } from '../statement/statement.entity';

/** Most rows a report answers; narrower filters read the rest. */
export const REPORT_MAX_ROWS = 5_000;

export interface ReportAnswer<R> {
  readonly rows: R[];
  readonly truncated: boolean;
}

type Raw = Record<string, unknown>;

/** A decimal answered by the database, as text at `places`. */
const money = (value: unknown, places: number) =>
  dec(value === null || value === undefined ? 0 : String(value)).toFixed(places);
const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
const whole = (value: unknown) => Number(value ?? 0);

/** The rows of a query, at most REPORT_MAX_ROWS, and whether there were more. */
async function capped(ctx: DataApi, query: SQL): Promise<{ rows: Raw[]; truncated: boolean }> {
  const rows = await queryRows<Raw>(ctx.tx, sql`${query} limit ${REPORT_MAX_ROWS + 1}`);
  return { rows: rows.slice(0, REPORT_MAX_ROWS), truncated: rows.length > REPORT_MAX_ROWS };
}

const when = (value: unknown, clause: SQL): SQL => (value === null || value === undefined ? sql`` : clause);

// ------------------------------------------------------------------ order payable

export interface OrderPayableFilters {
  readonly orgId?: number | null;
  readonly supplierId?: number | null;
  readonly currencyId?: number | null;
  readonly poNumber?: string | null;
  readonly orderFrom?: string | null;
  readonly orderTo?: string | null;
  /** Only orders with something received and not yet paid. */
  readonly openOnly?: boolean | null;
}

export interface OrderPayableRow {
  readonly poHeaderId: number;
  readonly poNumber: string | null;
  readonly supplierId: number;
  readonly supplierName: string | null;
  readonly orgName: string | null;
  readonly currencyCode: string | null;
  readonly orderDate: string | null;
  readonly status: string;
  /** The order's value with tax. */
  readonly orderAmount: string;
  /** Posted receipts less returns (reversals undone), at the order's prices with tax. */
  readonly receivedAmount: string;
  /** On statements the supplier confirmed. */
  readonly confirmedAmount: string;
  /** On invoices matched (accepted). */
  readonly invoicedAmount: string;
  /** What the payments of those invoices paid of this order's lines. */
  readonly paidAmount: string;
  /** Invoiced, not yet paid. */
  readonly payableAmount: string;
  /** Received, not yet invoiced. */
  readonly uninvoicedAmount: string;
}

/** An order's figures: what the payable report shows, and what its payment stages need. */
export interface OrderFigures {
  readonly row: OrderPayableRow;
  readonly places: number;
  readonly order: Decimal;
  readonly received: Decimal;
  readonly invoiced: Decimal;
  /** Paid for its invoices, and its advances paid not yet applied nor collected. */
  readonly paid: Decimal;
  readonly paymentTermId: number | null;
  readonly releasedDate: number | null;
  readonly lastReceiptDate: string | null;
  readonly lastInvoiceDate: string | null;
}

export async function orderFigures(
  ctx: DataApi,
  filters: OrderPayableFilters,
): Promise<{ orders: OrderFigures[]; truncated: boolean }> {
  const prefix = filters.poNumber?.trim() ? `${filters.poNumber.trim()}%` : null;
  // The orders the filters and the caller's scope choose, first: every sum below reads theirs only.
  const query = sql`
    with chosen as (
      select ph.po_header_id
        from srm_po_header ph
       where ph.status in ('RELEASED', 'CHANGE_PROPOSED', 'CONFIRMED', 'CLOSED')
         and ${ctx.scope(order, 'ph')}
         ${when(filters.orgId, sql`and ph.org_id = ${filters.orgId}`)}
         ${when(filters.supplierId, sql`and ph.supplier_id = ${filters.supplierId}`)}
         ${when(filters.currencyId, sql`and ph.currency_id = ${filters.currencyId}`)}
         ${when(prefix, sql`and ph.po_number like ${prefix}`)}
         ${when(filters.orderFrom, sql`and ph.order_date >= ${filters.orderFrom}`)}
         ${when(filters.orderTo, sql`and ph.order_date <= ${filters.orderTo}`)}
    ), received as (
      select pl.po_header_id,
             sum(round(q.signed * pl.unit_price_excl_tax, c.precision_num::int)
               + round(round(q.signed * pl.unit_price_excl_tax, c.precision_num::int) * coalesce(pl.tax_rate, 0) / 100,
                       c.precision_num::int)) as amount
        from srm_pur_receive_line rl
        join srm_pur_receive_header rh on rh.receive_header_id = rl.receive_header_id
        left join srm_pur_receive_header og on og.receive_header_id = rh.original_receive_header_id
        join srm_po_line pl on pl.po_line_id = rl.po_line_id
        join srm_po_header ph on ph.po_header_id = pl.po_header_id
        join srm_base_currency c on c.currency_id = ph.currency_id
        cross join lateral (select case
               when rh.receive_type = 'RECEIVE' then rl.quantity - coalesce(rl.rejected_quantity, 0)
               when rh.receive_type = 'RETURN' then -rl.quantity
               when og.receive_type = 'RETURN' then rl.quantity
               else -rl.quantity end as signed) q
       where rh.status in ('POSTED', 'REVERSED') and pl.po_header_id in (select po_header_id from chosen)
       group by pl.po_header_id
    ), last_received as (
      select pl.po_header_id, max(rh.receive_date) as day
        from srm_pur_receive_line rl
        join srm_pur_receive_header rh on rh.receive_header_id = rl.receive_header_id
        join srm_po_line pl on pl.po_line_id = rl.po_line_id
       where rh.status = 'POSTED' and rh.receive_type = 'RECEIVE'
         and pl.po_header_id in (select po_header_id from chosen)
       group by pl.po_header_id
    ), confirmed as (
      select sl.po_header_id, sum(sl.amount_incl_tax) as amount
        from srm_stl_account_line sl
        join srm_stl_account_header sh on sh.account_header_id = sl.account_header_id
       where sh.status = 'CONFIRMED' and sl.line_confirm_status <> 'REMOVED'
         and sl.po_header_id in (select po_header_id from chosen)
       group by sl.po_header_id
    ), invoiced as (
      select sl.po_header_id,
             sum(il.amount_incl_tax) as amount,
             sum(case when ih.amount_incl_tax = 0 then 0
                      else round(il.amount_incl_tax * ih.paid_amount / ih.amount_incl_tax, c.precision_num::int) end) as paid,
             max(ih.invoice_date) as last_invoice_date
        from srm_stl_invoice_line il
        join srm_stl_invoice_header ih on ih.invoice_id = il.invoice_id
        join srm_stl_account_line sl on sl.account_line_id = il.account_line_id
        join srm_base_currency c on c.currency_id = ih.currency_id
       where ih.status = 'MATCHED' and sl.po_header_id in (select po_header_id from chosen)
       group by sl.po_header_id
    ), advanced as (
      select a.po_header_id, sum(a.amount - a.applied_amount - a.collected_amount) as amount
        from srm_stl_advance a
       where a.status = 'PAID' and a.po_header_id in (select po_header_id from chosen)
       group by a.po_header_id
    )
    select ph.po_header_id, ph.po_number, ph.supplier_id, s.supplier_name, o.org_name, c.currency_code,
           c.precision_num, to_char(ph.order_date, 'YYYY-MM-DD') as order_date, ph.status,
           coalesce(ph.amount_incl_tax, 0) as order_amount,
           coalesce(r.amount, 0) as received_amount,
           coalesce(cf.amount, 0) as confirmed_amount,
           coalesce(i.amount, 0) as invoiced_amount,
           coalesce(i.paid, 0) as paid_amount,
           coalesce(adv.amount, 0) as advance_open,
           ph.payment_term_id, ph.released_date,
           to_char(lr.day, 'YYYY-MM-DD') as last_receipt_date,
           to_char(i.last_invoice_date, 'YYYY-MM-DD') as last_invoice_date
      from chosen
      join srm_po_header ph on ph.po_header_id = chosen.po_header_id
      join srm_base_currency c on c.currency_id = ph.currency_id
      left join srm_supplier_info s on s.supplier_id = ph.supplier_id
      left join srm_base_org o on o.org_id = ph.org_id
      left join received r on r.po_header_id = ph.po_header_id
      left join confirmed cf on cf.po_header_id = ph.po_header_id
      left join invoiced i on i.po_header_id = ph.po_header_id
      left join last_received lr on lr.po_header_id = ph.po_header_id
      left join advanced adv on adv.po_header_id = ph.po_header_id
     where true
       ${filters.openOnly ? sql`and coalesce(r.amount, 0) <> coalesce(i.paid, 0)` : sql``}
     order by ph.order_date desc, ph.po_header_id desc`;
  const { rows, truncated } = await capped(ctx, query);
  return {
    truncated,
    orders: rows.map((row) => {
      const places = whole(row.precision_num);
      const received = dec(String(row.received_amount ?? 0));
      const invoiced = dec(String(row.invoiced_amount ?? 0));
      const paid = dec(String(row.paid_amount ?? 0));
      const released = row.released_date;
      return {
        places,
        order: dec(String(row.order_amount ?? 0)),
        received,
        invoiced,
        paid: paid.add(dec(String(row.advance_open ?? 0))),
        paymentTermId: row.payment_term_id === null ? null : whole(row.payment_term_id),
        releasedDate:
          released === null || released === undefined
            ? null
            : released instanceof Date
              ? released.getTime()
              : Date.parse(String(released)),
        lastReceiptDate: text(row.last_receipt_date),
        lastInvoiceDate: text(row.last_invoice_date),
        row: {
          poHeaderId: whole(row.po_header_id),
          poNumber: text(row.po_number),
          supplierId: whole(row.supplier_id),
          supplierName: text(row.supplier_name),
          orgName: text(row.org_name),
          currencyCode: text(row.currency_code),
          orderDate: text(row.order_date),
          status: String(row.status),
          orderAmount: money(row.order_amount, places),
          receivedAmount: received.toFixed(places),
          confirmedAmount: money(row.confirmed_amount, places),
          invoicedAmount: invoiced.toFixed(places),
          paidAmount: paid.toFixed(places),
          payableAmount: invoiced.sub(paid).toFixed(places),
          uninvoicedAmount: received.sub(invoiced).toFixed(places),
        },
      };
    }),
  };
}

/**
 * Per released order: its value, what was received (each receipt line at the order line's price
 * and tax, rounded per line as a statement line is), confirmed on statements, invoiced on
 * matched invoices and paid. A payment pays invoices, not orders: an invoice's paid amount is
 * shared among its lines in proportion to their amounts (our reading, ADR 0027 §10).
 */
export async function orderPayableReport(
  ctx: DataApi,
  filters: OrderPayableFilters,
): Promise<ReportAnswer<OrderPayableRow>> {
  const { orders, truncated } = await orderFigures(ctx, filters);
  return { truncated, rows: orders.map((figures) => figures.row) };
}

// ------------------------------------------------------------------ payment total

export interface PaymentTotalFilters {
  readonly orgId?: number | null;
  readonly supplierId?: number | null;
  readonly currencyId?: number | null;
  /** Posted on or after this day (yyyy-MM-dd). */
  readonly dateFrom?: string | null;
  readonly dateTo?: string | null;
}

export interface PaymentTotalRow {
  readonly key: string;
  /** yyyy-MM of the postings. */
  readonly month: string;
  readonly supplierId: number;
  readonly supplierName: string | null;
  readonly orgName: string | null;
  readonly currencyCode: string | null;
  /** Payments posted in the month (reversals count against theirs). */
  readonly paymentCount: number;
  /** Invoices settled by the payments. */
  readonly invoiceAmount: string;
  /** Advances the payments applied. */
  readonly advanceApplied: string;
  /** Deductions the payments withheld. */
  readonly deductionAmount: string;
  /** Paid out by the bank for the payments. */
  readonly paidAmount: string;
  /** Advances paid out (less advances collected back). */
  readonly advancePaid: string;
  /** Everything the bank paid the supplier: payments and advances. */
  readonly cashOut: string;
}

/**
 * Per month, supplier, organisation and currency: what the ledger's postings of payments and
 * advances moved (the cash flow to suppliers). Read from the ledger, so a reversal counts in the
 * month it was posted and a closed month keeps its figures.
 */
export async function paymentTotalReport(
  ctx: DataApi,
  filters: PaymentTotalFilters,
): Promise<ReportAnswer<PaymentTotalRow>> {
  const net = (account: string, source: string, side: 'debit' | 'credit') =>
    side === 'debit'
      ? sql`sum(case when l.account_code = ${account} and l.source_type = ${source}
                     then l.debit_amount - l.credit_amount else 0 end)`
      : sql`sum(case when l.account_code = ${account} and l.source_type = ${source}
                     then l.credit_amount - l.debit_amount else 0 end)`;
  const query = sql`
    select to_char(l.posting_date, 'YYYY-MM') as month, l.supplier_id, s.supplier_name, o.org_name,
           c.currency_code, c.precision_num,
           count(distinct l.source_id) filter (where l.source_type = 'PAYMENT' and l.account_code = 'BANK'
             and l.credit_amount > 0)
             - count(distinct l.source_id) filter (where l.source_type = 'PAYMENT' and l.account_code = 'BANK'
             and l.debit_amount > 0) as payment_count,
           ${net('AP', 'PAYMENT', 'debit')} as invoice_amount,
           ${net('ADVANCE', 'PAYMENT', 'credit')} as advance_applied,
           ${net('DEDUCTION', 'PAYMENT', 'credit')} as deduction_amount,
           ${net('BANK', 'PAYMENT', 'credit')} as paid_amount,
           ${net('BANK', 'ADVANCE', 'credit')} as advance_paid
      from srm_stl_ledger l
      join srm_base_currency c on c.currency_id = l.currency_id
      left join srm_supplier_info s on s.supplier_id = l.supplier_id
      left join srm_base_org o on o.org_id = l.org_id
     where l.source_type in ('PAYMENT', 'ADVANCE')
       and ${ctx.scope(ledger, 'l')}
       ${when(filters.orgId, sql`and l.org_id = ${filters.orgId}`)}
       ${when(filters.supplierId, sql`and l.supplier_id = ${filters.supplierId}`)}
       ${when(filters.currencyId, sql`and l.currency_id = ${filters.currencyId}`)}
       ${when(filters.dateFrom, sql`and l.posting_date >= ${filters.dateFrom}`)}
       ${when(filters.dateTo, sql`and l.posting_date <= ${filters.dateTo}`)}
     group by 1, l.supplier_id, s.supplier_name, l.org_id, o.org_name, l.currency_id, c.currency_code,
              c.precision_num
     order by 1 desc, s.supplier_name, o.org_name, c.currency_code`;
  const { rows, truncated } = await capped(ctx, query);
  return {
    truncated,
    rows: rows.map((row) => {
      const places = whole(row.precision_num);
      const paid = dec(String(row.paid_amount ?? 0));
      const advances = dec(String(row.advance_paid ?? 0));
      return {
        key: [row.month, row.supplier_id, row.org_name, row.currency_code].join('|'),
        month: String(row.month),
        supplierId: whole(row.supplier_id),
        supplierName: text(row.supplier_name),
        orgName: text(row.org_name),
        currencyCode: text(row.currency_code),
        paymentCount: whole(row.payment_count),
        invoiceAmount: money(row.invoice_amount, places),
        advanceApplied: money(row.advance_applied, places),
        deductionAmount: money(row.deduction_amount, places),
        paidAmount: paid.toFixed(places),
        advancePaid: advances.toFixed(places),
        cashOut: paid.add(advances).toFixed(places),
      };
    }),
  };
}

// ------------------------------------------------------------------ account statements

export interface StatementReportFilters {
  readonly orgId?: number | null;
  readonly supplierId?: number | null;
  readonly currencyId?: number | null;
  readonly status?: string | null;
  /** Periods ending on or after this day. */
  readonly periodFrom?: string | null;
  readonly periodTo?: string | null;
}

export interface StatementReportRow {
  readonly accountHeaderId: number;
  readonly accountNumber: string | null;
  readonly supplierId: number;
  readonly supplierName: string | null;
  readonly orgName: string | null;
  readonly currencyCode: string | null;
  readonly periodStartDate: string | null;
  readonly periodEndDate: string | null;
  readonly status: string;
  readonly lineCount: number;
  /** Lines the supplier disputed: waiting for the buyer, or decided (removed, repriced, rejected). */
  readonly disputedLines: number;
  readonly amountInclTax: string;
  /** On invoices matched (accepted). */
  readonly invoicedAmount: string;
  readonly uninvoicedAmount: string;
  readonly sentDate: number | null;
  readonly supplierConfirmDate: number | null;
  /** Days from sending to the supplier's confirmation. */
  readonly daysToConfirm: number | null;
}

/** Per statement (cancelled ones left out): its amount, disputes, what was invoiced of it, its turnaround. */
export async function statementReport(
  ctx: DataApi,
  filters: StatementReportFilters,
): Promise<ReportAnswer<StatementReportRow>> {
  const query = sql`
    with disputed as (
      select account_header_id, count(*) as lines
        from srm_stl_account_line
       where line_confirm_status = 'DISPUTED' or buyer_decision is not null
       group by account_header_id
    ), invoiced as (
      select il.account_header_id, sum(il.amount_incl_tax) as amount
        from srm_stl_invoice_line il
        join srm_stl_invoice_header ih on ih.invoice_id = il.invoice_id
       where ih.status = 'MATCHED'
       group by il.account_header_id
    )
    select h.account_header_id, h.account_number, h.supplier_id, s.supplier_name, o.org_name,
           c.currency_code, c.precision_num, h.status, h.line_count, h.amount_incl_tax,
           to_char(h.period_start_date, 'YYYY-MM-DD') as period_start_date,
           to_char(h.period_end_date, 'YYYY-MM-DD') as period_end_date,
           h.sent_date, h.supplier_confirm_date,
           coalesce(d.lines, 0) as disputed_lines, coalesce(i.amount, 0) as invoiced_amount
      from srm_stl_account_header h
      join srm_base_currency c on c.currency_id = h.currency_id
      left join srm_supplier_info s on s.supplier_id = h.supplier_id
      left join srm_base_org o on o.org_id = h.org_id
      left join disputed d on d.account_header_id = h.account_header_id
      left join invoiced i on i.account_header_id = h.account_header_id
     where h.status <> 'CANCELLED'
       and ${ctx.scope(statement, 'h')}
       ${when(filters.orgId, sql`and h.org_id = ${filters.orgId}`)}
       ${when(filters.supplierId, sql`and h.supplier_id = ${filters.supplierId}`)}
       ${when(filters.currencyId, sql`and h.currency_id = ${filters.currencyId}`)}
       ${when(filters.status, sql`and h.status = ${filters.status}`)}
       ${when(filters.periodFrom, sql`and h.period_end_date >= ${filters.periodFrom}`)}
       ${when(filters.periodTo, sql`and h.period_end_date <= ${filters.periodTo}`)}
     order by h.period_end_date desc, h.account_header_id desc`;
  const { rows, truncated } = await capped(ctx, query);
  const moment = (value: unknown) =>
    value === null || value === undefined
      ? null
      : value instanceof Date
        ? value.getTime()
        : Date.parse(String(value));
  return {
    truncated,
    rows: rows.map((row) => {
      const places = whole(row.precision_num);
      const amount = dec(String(row.amount_incl_tax ?? 0));
      const invoiced = dec(String(row.invoiced_amount ?? 0));
      const sent = moment(row.sent_date);
      const confirmed = moment(row.supplier_confirm_date);
      return {
        accountHeaderId: whole(row.account_header_id),
        accountNumber: text(row.account_number),
        supplierId: whole(row.supplier_id),
        supplierName: text(row.supplier_name),
        orgName: text(row.org_name),
        currencyCode: text(row.currency_code),
        periodStartDate: text(row.period_start_date),
        periodEndDate: text(row.period_end_date),
        status: String(row.status),
        lineCount: whole(row.line_count),
        disputedLines: whole(row.disputed_lines),
        amountInclTax: amount.toFixed(places),
        invoicedAmount: invoiced.toFixed(places),
        uninvoicedAmount: amount.sub(invoiced).toFixed(places),
        sentDate: sent,
        supplierConfirmDate: confirmed,
        daysToConfirm:
          sent !== null && confirmed !== null
            ? Math.max(0, Math.round(((confirmed - sent) / 86_400_000) * 10) / 10)
            : null,
      };
    }),
  };
}
