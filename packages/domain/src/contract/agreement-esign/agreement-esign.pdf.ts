// The agreement as the PDF both parties seal at the e-sign provider: an A4 document with its
// title, number, type, parties and validity, each clause's number, title and agreed text, and a
// signature block whose 甲方（盖章） and 乙方（盖章） the seals are placed by (keyword positions).
// Written in Chinese, as contract documents are; the texts are the contract area's.
import type { FoundRowOf, Locale } from '@srm/kernel';
import { type DataApi, type PdfDocument, drawFieldPairs, drawPageNumbers, renderPdf } from '@srm/platform';
import type { agreementSign } from '../../supplier';
import type { Party } from '../contract/contract.finalize';

export type Agreement = FoundRowOf<typeof agreementSign>;

/** The language agreement documents are written in. */
const DOCUMENT_LOCALE: Locale = 'zh-CN';

/** The room below each party's seal keyword that its seal takes. */
const SEAL_ROOM = 110;

/** The text each party's seal is placed over (甲方（盖章）), as the document writes it. */
export const sealKeyword = (ctx: DataApi, party: Party) =>
  ctx.runtime.t(DOCUMENT_LOCALE, `srmAgreementSign.pdf.${party === 'PARTY_A' ? 'sealA' : 'sealB'}`);

/** The agreement's PDF: its agreed clauses (the text both parties sign). */
export async function agreementPdf(ctx: DataApi, found: Agreement): Promise<Buffer> {
  const t = (key: string) => ctx.runtime.t(DOCUMENT_LOCALE, `srmAgreementSign.pdf.${key}`);
  const type = found.agreementType
    ? ctx.runtime.t(DOCUMENT_LOCALE, `lookup.SRM_AGREEMENT_TYPE.${found.agreementType}`)
    : '';
  const title = found.agreementTemplateName ? String(found.agreementTemplateName) : type;
  const clauses = [...found.clauses].sort((a, b) => a.signClauseId - b.signClauseId);
  return renderPdf({ title: `${found.agreementSignNum ?? ''} ${title}`.trim() }, (doc: PdfDocument) => {
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    doc.font('bold').fontSize(16).text(title, left, 50, { width, align: 'center' });
    doc.moveDown(0.8);
    let y = drawFieldPairs(doc, [
      [t('number'), found.agreementSignNum ?? ''],
      [t('type'), type],
      [t('partyA'), String(found.orgName ?? '')],
      [t('partyB'), String(found.supplierName ?? '')],
      [t('validity'), `${found.validFrom ?? '—'} ~ ${found.validTo ?? '—'}`],
    ]);
    doc.y = y + 10;
    for (const clause of clauses) {
      doc
        .font('bold')
        .fontSize(11)
        .text(`${clause.clauseNo ?? ''}  ${clause.clauseTitle ?? ''}`, left, doc.y, { width });
      doc.moveDown(0.2);
      doc
        .font('regular')
        .fontSize(10)
        .text(clause.agreedContent ?? '', left, doc.y, { width, lineGap: 2 });
      doc.moveDown(0.8);
    }
    // The signature block, whole on one page, with room for the seals below the keywords.
    if (doc.y + SEAL_ROOM + 60 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    y = doc.y + 20;
    const half = width / 2;
    doc.font('regular').fontSize(11);
    (['PARTY_A', 'PARTY_B'] as const).forEach((party, index) => {
      const x = left + index * half;
      doc.text(sealKeyword(ctx, party), x, y, { width: half - 10, lineBreak: false });
      doc.text(String((party === 'PARTY_A' ? found.orgName : found.supplierName) ?? ''), x, y + SEAL_ROOM, {
        width: half - 10,
        lineBreak: false,
        ellipsis: true,
      });
      doc.text(`${t('date')}：`, x, y + SEAL_ROOM + 18, { width: half - 10, lineBreak: false });
    });
    drawPageNumbers(doc, (page, pages) => `${page} / ${pages}`);
  });
}
