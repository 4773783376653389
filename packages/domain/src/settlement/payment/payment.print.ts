// The printed payment application (付款申请单): an A4 PDF in the Chinese (CN) or English (EN)
// layout — the payee and its primary bank account, the application's lines (invoices paid,
// advances applied, deductions withheld), the amount to pay in figures and, in the Chinese
// layout, in capitals (大写), the approvals it went through and signature lines. Texts come
// from the area's locales.
import { type FoundRowOf, chineseCapitals, formatNumber } from '@srm/kernel';
import { type DataApi, type PdfDocument, drawFieldPairs, drawPageNumbers, renderPdf } from '@srm/platform';
import { supplierAccount } from '../../supplier';
import type { payment } from './payment.entity';

type Payment = FoundRowOf<typeof payment>;
export type PrintLayout = 'CN' | 'EN';

const money = (value: number | null | undefined) => formatNumber(value ?? 0, 2);

export async function paymentPdf(ctx: DataApi, row: Payment, layout: PrintLayout): Promise<Buffer> {
  const locale = layout === 'EN' ? 'en' : 'zh-CN';
  const t = (key: string, params?: Record<string, string | number>) =>
    ctx.runtime.t(locale, `settlement.print.${key}`, params);
  const code = (type: string, value: unknown) =>
    ctx.runtime.t(locale, `lookup.${type}.${String(value ?? '')}`);
  // The payee's bank account: its primary one (the first when none is marked).
  const accounts = await ctx
    .system('the payee account printed on the application is the supplier’s own master data')
    .list(supplierAccount, { supplierId: row.supplierId });
  const bank = accounts.find((account) => account.primaryFlag === 'Y') ?? accounts[0];
  const capitals = `${row.currencyCode === 'CNY' ? '人民币' : `${String(row.currencyCode ?? '')} `}${chineseCapitals(row.payAmount ?? 0)}`;

  return renderPdf(
    { title: String(row.paymentNumber), author: String(row.orgName ?? '') },
    (doc: PdfDocument) => {
      const left = doc.page.margins.left;
      const width = doc.page.width - left - doc.page.margins.right;
      doc
        .font('bold')
        .fontSize(16)
        .text(String(row.orgName ?? ''), left, 40, { width, align: 'center' });
      doc.fontSize(14).text(t('title'), { width, align: 'center' });
      doc.moveDown(0.6);

      const pairs: [string, string][] = [
        [t('paymentNumber'), String(row.paymentNumber ?? '')],
        [t('applyDate'), String(row.applyDate ?? '')],
        [t('payee'), String(row.supplierName ?? '')],
        [t('currency'), String(row.currencyCode ?? '')],
        [t('bank'), bank ? [bank.bankName, bank.bankBranch].filter(Boolean).join(' ') : '—'],
        [t('account'), bank ? `${bank.bankAccountName} ${bank.bankAccountNumber}` : '—'],
        [t('method'), row.paymentMethod ? code('STL_PAYMENT_METHOD', row.paymentMethod) : '—'],
        [t('plannedPayDate'), String(row.plannedPayDate ?? '—')],
        [t('status'), code('STL_PAY_STATUS', row.status)],
        [t('bankReference'), String(row.bankReference ?? '—')],
      ];
      let y = drawFieldPairs(doc, pairs) + 6;

      // The lines: what each source contributes (a deduction or an advance lessens the payment).
      const columns = [
        { key: 'lineNum', width: 40, align: 'center' as const },
        { key: 'sourceType', width: 90, align: 'left' as const },
        { key: 'sourceNumber', width: 130, align: 'left' as const },
        { key: 'openAmount', width: 90, align: 'right' as const },
        { key: 'amount', width: 90, align: 'right' as const },
        { key: 'remark', width: width - 440, align: 'left' as const },
      ];
      const rowHeight = 18;
      const drawRow = (cells: string[], head: boolean) => {
        if (head)
          doc.rect(left, y, width, rowHeight).fillAndStroke('#f0f0f0', '#999999').fillColor('#000000');
        else doc.rect(left, y, width, rowHeight).stroke('#cccccc');
        doc.font(head ? 'bold' : 'regular').fontSize(8.5);
        let x = left;
        columns.forEach((column, index) => {
          doc.text(cells[index] ?? '', x + 3, y + 5, {
            width: column.width - 6,
            align: head ? 'center' : column.align,
            lineBreak: false,
            ellipsis: true,
          });
          x += column.width;
        });
        y += rowHeight;
      };
      const bottom = doc.page.height - doc.page.margins.bottom - 30;
      drawRow(
        columns.map((column) => t(`col.${column.key}`)),
        true,
      );
      for (const line of row.lines) {
        if (y + rowHeight > bottom) {
          doc.addPage();
          y = doc.page.margins.top;
          drawRow(
            columns.map((column) => t(`col.${column.key}`)),
            true,
          );
        }
        const sign = line.sourceType === 'INVOICE' ? '' : '−';
        drawRow(
          [
            String(line.lineNum ?? ''),
            code('STL_PAYMENT_SOURCE', line.sourceType),
            String(line.sourceNumber ?? ''),
            line.openAmount === null ? '' : money(line.openAmount),
            `${sign}${money(line.amount)}`,
            String(line.remark ?? ''),
          ],
          false,
        );
      }
      if (y + 160 > bottom) {
        doc.addPage();
        y = doc.page.margins.top;
      }
      y += 8;
      doc.font('regular').fontSize(9.5);
      doc.text(
        [
          `${t('invoiceAmount')}：${money(row.invoiceAmount)}`,
          `${t('advanceAmount')}：${money(row.advanceAmount)}`,
          `${t('deductionAmount')}：${money(row.deductionAmount)}`,
        ].join('    '),
        left,
        y,
        { width, align: 'right' },
      );
      y = doc.y + 6;
      doc
        .font('bold')
        .fontSize(11)
        .text(`${t('payAmount')}：${money(row.payAmount)} ${String(row.currencyCode ?? '')}`, left, y, {
          width,
          align: 'right',
        });
      y = doc.y + 6;
      // The capitals are what a Chinese payment form is checked against; the English layout keeps
      // them too, labelled, since the bank reads them.
      doc
        .font('regular')
        .fontSize(10)
        .text(`${t('capitals')}：${capitals}`, left, y, { width });
      y = doc.y + 28;
      doc.fontSize(9);
      const signs = [t('applicant'), t('approver'), t('finance')];
      signs.forEach((label, index) => {
        doc.text(`${label}：______________`, left + (index * width) / 3, y, {
          width: width / 3,
          lineBreak: false,
        });
      });
      drawPageNumbers(doc, (page, pages) => t('page', { page, pages }));
    },
  );
}
