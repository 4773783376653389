// Invoices' own endpoints: 按对账单开票 — the supplier starts an invoice from one of its confirmed
// statements: a draft with a line for every statement line still to invoice, filled in with the
// quantity remaining, the agreed price and the tax rate, and the totals of those lines; the
// supplier then makes it read as its printed invoice and submits it. 按订单开票 — where the
// organisation allows it, the supplier invoices what was received of its orders without waiting
// for a statement: the platform settles those receipts on a statement it confirms on the
// supplier's behalf (so that each receipt line is still settled once, and posted once), and the
// draft is made from it (ADR 0027 §14).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError, defineEndpoints, endpoint } from '@srm/platform';
import { date, lookup, ref, refs, text } from '@srm/kernel';
import { configProfile } from '../../base-data';
import { order } from '../../purchasing';
import { receive, receiveLine } from '../../receiving';
import { statement } from '../statement/statement.entity';
import { generateStatements } from '../statement/statement.generate';
import { INVOICE_TYPES, invoice } from './invoice.entity';
import { draftFromStatement } from './invoice.support';

/** The business configuration allowing 按订单开票 for an organisation (Y), or company-wide. */
export const INVOICE_BY_ORDER_PROFILE = 'STL_INVOICE_BY_ORDER';

const printedInput = {
  invoiceType: lookup('STL_INVOICE_TYPE', { required: true, codes: INVOICE_TYPES }),
  invoiceCode: text({ max: 12 }),
  invoiceNumber: text({ required: true, max: 20 }),
  invoiceDate: date({ required: true }),
};

export const invoiceEndpoints = defineEndpoints(invoice, {
  createFromStatement: endpoint({
    summary: 'Start an invoice from a confirmed statement: one line per statement line still to invoice',
    input: {
      accountHeaderId: ref('srmStlAccountHeader', { required: true }),
      ...printedInput,
    },
    scope: invoice,
    resource: 'button',
    sides: ['supplier'],
    write: true,
    async handle(ctx, input) {
      const { accountHeaderId, ...printed } = input;
      return { data: await draftFromStatement(ctx, accountHeaderId, printed) };
    },
  }),
  createFromOrders: endpoint({
    summary: 'Invoice what was received of orders, where the organisation allows it, without a statement',
    input: {
      poHeaderIds: refs('srmPoHeader', { required: true }),
      ...printedInput,
    },
    scope: invoice,
    resource: 'button',
    sides: ['supplier'],
    write: true,
    async handle(ctx, input) {
      const { poHeaderIds, ...printed } = input;
      const orders = await ctx.list(order, { poHeaderId: poHeaderIds });
      if (orders.length !== new Set(poHeaderIds).size) throw new AppError(404, 'entity.notFound');
      const [first] = orders;
      if (orders.some((row) => row.orgId !== first!.orgId || row.currencyId !== first!.currencyId))
        throw new AppError(422, 'settlement.invoice.ordersOfOneAccount');
      const profiles = await ctx
        .system('whether the organisation invoices by order is its business configuration')
        .list(configProfile, { profileCode: INVOICE_BY_ORDER_PROFILE, enabledFlag: 'Y' });
      const allowed =
        profiles.find((row) => row.orgId === first!.orgId) ?? profiles.find((row) => row.orgId === null);
      if (allowed?.profileValue !== 'Y') throw new AppError(422, 'settlement.invoice.byOrderNotAllowed');
      // The receipts of those orders not yet settled, on a statement of the supplier's account.
      const platform = ctx.system('invoicing by order settles the receipts on a statement first');
      // The statement's period runs from the orders' first receipt to their last.
      const lines = ctx.runtime.table(receiveLine.name);
      const headers = ctx.runtime.table(receive.name);
      const [span] = await ctx.tx
        .select({
          first: sql<string | null>`min(${headers.receiveDate})`,
          last: sql<string | null>`max(${headers.receiveDate})`,
        })
        .from(lines)
        .innerJoin(headers, eq(headers.receiveHeaderId, lines.receiveHeaderId))
        .where(and(inArray(lines.poHeaderId, poHeaderIds), inArray(headers.status, ['POSTED', 'REVERSED'])));
      if (!span?.first || !span.last) throw new AppError(422, 'settlement.invoice.nothingToInvoice');
      const [made] = await generateStatements(platform, {
        supplierId: first!.supplierId,
        orgId: first!.orgId,
        currencyId: first!.currencyId,
        periodStartDate: String(span.first).slice(0, 10),
        periodEndDate: String(span.last).slice(0, 10),
        poHeaderIds,
      });
      if (made === undefined) throw new AppError(422, 'settlement.invoice.nothingToInvoice');
      await platform.act(statement, 'doSend', [made]);
      await platform.act(statement, 'doSupplierConfirm', [made]);
      return { data: await draftFromStatement(ctx, made, printed) };
    },
  }),
});
