// The printed purchase order (订单打印): an A4 PDF in the Chinese (CN) or English (EN) layout —
// header block, line table repeated across pages with its column titles, totals, signatures
// and page numbers. Texts come from the area's locales.
import { type FoundRowOf, formatNumber } from '@srm/kernel';
import {
  type HookContext,
  type PdfDocument,
  drawFieldPairs,
  drawPageNumbers,
  renderPdf,
} from '@srm/platform';
import type { order } from './order.entity';

type Order = FoundRowOf<typeof order>;
type Line = Order['lines'][number];

export type PrintLayout = 'CN' | 'EN';

interface Column {
  key: string;
  width: number;
  align?: 'left' | 'right' | 'center';
  value: (line: Line) => string;
}

const num = (value: number | null, places: number) => (value === null ? '' : formatNumber(value, places));

export async function orderPdf(context: HookContext, po: Order, layout: PrintLayout): Promise<Buffer> {
  const locale = layout === 'EN' ? 'en' : 'zh-CN';
  const t = (key: string, params?: Record<string, string | number>) =>
    context.runtime.t(locale, `purchasing.print.${key}`, params);
  const lines = po.lines;
  const columns: Column[] = [
    { key: 'lineNum', width: 28, align: 'center', value: (l) => String(l.lineNum ?? '') },
    { key: 'itemCode', width: 62, value: (l) => String(l.itemCode ?? '') },
    { key: 'itemName', width: 118, value: (l) => String(l.itemName ?? '') },
    { key: 'uom', width: 32, align: 'center', value: (l) => String(l.uomName ?? '') },
    { key: 'quantity', width: 52, align: 'right', value: (l) => num(l.quantity, 2) },
    { key: 'price', width: 58, align: 'right', value: (l) => num(l.unitPriceExclTax, 4) },
    { key: 'taxRate', width: 34, align: 'right', value: (l) => `${num(l.taxRate, 0)}%` },
    { key: 'amount', width: 68, align: 'right', value: (l) => num(l.amountInclTax, 2) },
    {
      key: 'date',
      width: 63,
      align: 'center',
      value: (l) => String(l.promisedDate ?? l.needByDate ?? ''),
    },
  ];
  return renderPdf({ title: String(po.poNumber), author: String(po.orgName ?? '') }, (doc: PdfDocument) => {
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    const bottom = doc.page.height - doc.page.margins.bottom - 30;

    doc
      .font('bold')
      .fontSize(16)
      .text(String(po.orgName ?? ''), left, 40, { width, align: 'center' });
    doc.fontSize(14).text(t('title'), { width, align: 'center' });
    doc.moveDown(0.6);

    const pairs: [string, string][] = [
      [t('poNumber'), String(po.poNumber ?? '')],
      [t('orderDate'), String(po.orderDate ?? '')],
      [t('supplier'), String(po.supplierName ?? '')],
      [t('currency'), String(po.currencyCode ?? '')],
      [t('buyer'), String(po.buyerName ?? '')],
      [t('paymentTerm'), String(po.paymentTermName ?? '')],
      [t('shipTo'), String(po.shipToAddress ?? '')],
      [t('status'), context.runtime.t(locale, `lookup.DOC_STATUS.${String(po.status)}`)],
    ];
    const half = width / 2;
    let y = drawFieldPairs(doc, pairs) + 6;

    const rowHeight = 18;
    const drawHead = () => {
      doc.font('bold').fontSize(8.5);
      doc.rect(left, y, width, rowHeight).fillAndStroke('#f0f0f0', '#999999').fillColor('#000000');
      let x = left;
      for (const column of columns) {
        doc.text(t(`col.${column.key}`), x + 2, y + 5, {
          width: column.width - 4,
          align: 'center',
          lineBreak: false,
          ellipsis: true,
        });
        x += column.width;
      }
      y += rowHeight;
      doc.font('regular');
    };
    drawHead();
    for (const line of lines) {
      if (y + rowHeight > bottom) {
        doc.addPage();
        y = doc.page.margins.top;
        drawHead();
      }
      doc.rect(left, y, width, rowHeight).stroke('#cccccc');
      let x = left;
      doc.fontSize(8);
      for (const column of columns) {
        doc.text(column.value(line), x + 2, y + 5, {
          width: column.width - 4,
          align: column.align ?? 'left',
          lineBreak: false,
          ellipsis: true,
        });
        x += column.width;
      }
      y += rowHeight;
    }
    if (y + 120 > bottom) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    y += 8;
    doc.font('bold').fontSize(9.5);
    const totals = [
      `${t('amountExclTax')}：${num(po.amountExclTax, 2)}`,
      `${t('taxAmount')}：${num(po.taxAmount, 2)}`,
      `${t('amountInclTax')}：${num(po.amountInclTax, 2)} ${String(po.currencyCode ?? '')}`,
    ];
    doc.text(totals.join('    '), left, y, { width, align: 'right' });
    y = doc.y + 10;
    doc.font('regular').fontSize(9);
    if (po.remark) {
      doc.text(`${t('remark')}：${String(po.remark)}`, left, y, { width });
      y = doc.y + 10;
    }
    doc.text(t('terms'), left, y, { width });
    y = doc.y + 30;
    doc.text(`${t('buyerSign')}：____________________`, left, y, { width: half, lineBreak: false });
    doc.text(`${t('supplierSign')}：____________________`, left + half, y, { width: half, lineBreak: false });

    drawPageNumbers(doc, (page, pages) => t('page', { page, pages }));
  });
}
