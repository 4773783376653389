// Purchase orders' own endpoints: closing and reopening chosen lines, an order made from
// requisition lines, and the order printed to PDF or mailed to the supplier.
import { date, dec, fieldsOf, number, quantity, price, ref, refs, rows, text } from '@srm/kernel';
import { AppError, type DataApi, defineEndpoints, endpoint } from '@srm/platform';
import { requisitionLine } from '../requisition/requisition-line.entity';
import { order } from './order.entity';
import { orderLine } from './order-line.entity';
import { type PrintLayout, orderPdf } from './order.print';

const layoutInput = { layout: text({ max: 2 }) };

function layoutOf(value: string | null | undefined, fallback: PrintLayout): PrintLayout {
  if (value === undefined || value === null || value === '') return fallback;
  if (value === 'CN' || value === 'EN') return value;
  throw new AppError(400, 'purchasing.order.layout');
}

async function printed(ctx: DataApi, headerId: number, layout: PrintLayout) {
  const found = await ctx.find(order, headerId);
  const pdf = await orderPdf(ctx, found, layout);
  return { found, pdf, fileName: `${found.poNumber ?? ''}${layout === 'EN' ? '-EN' : ''}.pdf` };
}

const linesInput = {
  poHeaderId: ref('srmPoHeader', { required: true }),
  poLineIds: refs('srmPoLine', { required: true }),
  versionNum: number({ min: 0 }),
  comment: text({ max: 500 }),
};

/** 关闭行 / 打开行: the chosen lines take no more deliveries (or do again). */
async function toggleLines(
  ctx: DataApi,
  input: { poHeaderId: number; poLineIds: number[]; versionNum?: number | null; comment?: string | null },
  close: boolean,
) {
  const current = await ctx.find(order, input.poHeaderId);
  const allowed = close
    ? ['RELEASED', 'CHANGE_PROPOSED', 'CONFIRMED']
    : ['RELEASED', 'CHANGE_PROPOSED', 'CONFIRMED', 'CLOSED'];
  if (!allowed.includes(current.status))
    throw new AppError(409, 'purchasing.order.linesState', { number: current.poNumber ?? '' });
  if (typeof input.versionNum === 'number' && input.versionNum !== current.versionNum)
    throw new AppError(409, 'entity.stale');
  const chosen = current.lines.filter((line) => input.poLineIds.includes(line.poLineId));
  if (chosen.length !== input.poLineIds.length)
    throw new AppError(404, 'purchasing.order.lineNotFound', { id: input.poLineIds.join(',') });
  await ctx.patchWhere(orderLine, { poLineId: input.poLineIds }, { closedFlag: close ? 'Y' : 'N' });
  await ctx.record(order, input.poHeaderId, input.comment ?? null);
  const closedAfter = current.lines.filter((line) =>
    input.poLineIds.includes(line.poLineId) ? close : line.closedFlag === 'Y',
  );
  // The last line closed closes the order; a line reopened on a closed order reopens it.
  if (close && closedAfter.length === current.lines.length && current.status === 'CONFIRMED')
    await ctx.act(order, 'doClose', [input.poHeaderId]);
  if (!close && current.status === 'CLOSED') await ctx.act(order, 'doOpen', [input.poHeaderId]);
  return { data: await ctx.find(order, input.poHeaderId) };
}

export const orderEndpoints = defineEndpoints(order, {
  doCloseLines: endpoint({
    summary: 'Close chosen lines of an order (the last one closes the order)',
    input: linesInput,
    scope: order,
    resource: 'button',
    write: true,
    handle: (ctx, input) => toggleLines(ctx, input, true),
  }),
  doOpenLines: endpoint({
    summary: 'Reopen chosen lines of an order (a closed order reopens with them)',
    input: linesInput,
    scope: order,
    resource: 'button',
    write: true,
    handle: (ctx, input) => toggleLines(ctx, input, false),
  }),
  /**
   * 由申请创建: a draft order for one supplier from requisition lines, each taking a part of
   * what remains on its line.
   */
  createFromRequisition: endpoint({
    summary: 'A draft order from requisition lines',
    input: {
      ...fieldsOf(order, [
        'billTypeId',
        'supplierId',
        'supplierEmail',
        'buyerName',
        'currencyId',
        'exchangeRate',
        'paymentTermId',
        'shipToAddress',
        'erpPoNumber',
        'remark',
      ]),
      // Today's date when none is given.
      orderDate: date(),
      lines: rows(
        {
          requisitionLineId: ref('srmPurRequisitionLine', { required: true }),
          quantity: quantity({ min: 0.0001 }),
          unitPriceExclTax: price({ min: 0 }),
          taxRate: number({ precision: 2, min: 0, max: 100 }),
        },
        { required: true, max: 5000 },
      ),
    },
    scope: order,
    resource: 'button',
    sides: ['internal'],
    write: true,
    async handle(ctx, input) {
      const { lines: wanted, ...header } = input;
      const ids = wanted.map((line) => line.requisitionLineId);
      const source = new Map(
        (await ctx.list(requisitionLine, { requisitionLineId: ids })).map((line) => [
          line.requisitionLineId,
          line,
        ]),
      );
      const orgs = new Set([...source.values()].map((line) => line.orgId));
      if (orgs.size > 1) throw new AppError(400, 'purchasing.order.oneOrg');
      const saved = await ctx.save(order, {
        ...header,
        orderDate: header.orderDate ?? ctx.now.toISOString().slice(0, 10),
        orgId: [...orgs][0]!,
        lines: wanted.map((given, index) => {
          const line = source.get(given.requisitionLineId)!;
          return {
            lineNum: index + 1,
            itemId: line.itemId,
            quantity: given.quantity ?? dec(line.remainingQuantity ?? 0).toNumber(),
            unitPriceExclTax: given.unitPriceExclTax ?? line.unitPrice ?? 0,
            ...(given.taxRate !== undefined && given.taxRate !== null ? { taxRate: given.taxRate } : {}),
            needByDate: line.needByDate,
            requisitionLineId: line.requisitionLineId,
          };
        }),
      });
      return { data: saved };
    },
  }),
  /** 打印: the order as a PDF, in the Chinese (CN) or English (EN) layout. */
  printPdf: endpoint({
    summary: 'The order as a PDF (CN or EN layout)',
    input: { poHeaderId: ref('srmPoHeader', { required: true }), ...layoutInput },
    scope: order,
    resource: 'read',
    async handle(ctx, input) {
      const layout = layoutOf(input.layout, ctx.actor.locale === 'en' ? 'EN' : 'CN');
      const { pdf, fileName } = await printed(ctx, input.poHeaderId, layout);
      return { data: { fileName, contentType: 'application/pdf', content: pdf.toString('base64') } };
    },
  }),
  /** 发送邮件: the printed order to the supplier's e-mail address. */
  doSendMail: endpoint({
    summary: "Mail the printed order to the supplier's address",
    input: { poHeaderId: ref('srmPoHeader', { required: true }), ...layoutInput },
    scope: order,
    resource: 'button',
    sides: ['internal'],
    write: true,
    async handle(ctx, input) {
      const layout = layoutOf(input.layout, 'CN');
      const { found, pdf, fileName } = await printed(ctx, input.poHeaderId, layout);
      if (!['RELEASED', 'CHANGE_PROPOSED', 'CONFIRMED', 'CLOSED'].includes(found.status))
        throw new AppError(409, 'purchasing.order.mailState', { number: found.poNumber ?? '' });
      const to = found.supplierEmail ?? '';
      if (!to) throw new AppError(422, 'purchasing.order.noEmail', { number: found.poNumber ?? '' });
      const language = layout === 'EN' ? 'en' : 'zh-CN';
      const params = {
        number: found.poNumber ?? '',
        supplier: String(found.supplierName ?? ''),
        org: String(found.orgName ?? ''),
        amount: String(found.amountInclTax ?? 0),
        currency: String(found.currencyCode ?? ''),
      };
      const messenger = ctx.services.messenger;
      if (!messenger) throw new AppError(503, 'purchasing.order.mailFailed', { to });
      const status = await messenger.email({
        to,
        subject: ctx.runtime.t(language, 'purchasing.mail.subject', params),
        text: ctx.runtime.t(language, 'purchasing.mail.text', params),
        purpose: 'PURCHASE_ORDER',
        attachments: [{ filename: fileName, content: pdf, contentType: 'application/pdf' }],
      });
      if (status === 'FAILED') throw new AppError(503, 'purchasing.order.mailFailed', { to });
      await ctx.record(order, input.poHeaderId, to);
      return { data: { to, status } };
    },
  }),
});
