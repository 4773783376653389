// Barcode labels of a delivery note (送货单条码): one 100 × 70 mm label per package of each
// line — Code 128 of the barcode value, a QR code with the same value and the line's facts, and
// the note number, material, quantity and supplier in words — printed by the supplier and
// scanned at receipt.
import { type FoundRowOf, dec } from '@srm/kernel';
import { AppError, type DataApi, type PdfDocument, drawCode128, drawQr, renderPdf } from '@srm/platform';
import type { asn } from './asn.entity';

/** A note as findById answers it: the header and its lines with their display values. */
export type FoundNote = FoundRowOf<typeof asn>;

/** At most this many labels in one print. */
export const MAX_LABELS = 1000;

export interface AsnLabel {
  /** The Code 128 value: note number, line and package, e.g. `ASN202611210001-001-002`. */
  readonly barcode: string;
  /** The QR payload: the barcode value and the line's facts, `|`-separated. */
  readonly qr: string;
  readonly asnNumber: string;
  readonly lineNum: number;
  readonly packageNum: number;
  readonly packageCount: number;
  readonly poNumber: string;
  readonly itemCode: string;
  readonly itemName: string;
  readonly specification: string;
  readonly quantity: string;
  readonly uomName: string;
  readonly lotNumber: string;
  readonly supplierName: string;
  readonly shipDate: string;
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** The barcode value of a package: `{asnNumber}-{line:3}-{package:3}`. */
export function barcodeOf(asnNumber: string, lineNum: number, packageNum: number): string {
  return `${asnNumber}-${pad(lineNum, 3)}-${pad(packageNum, 3)}`;
}

/** The labels of a note: its lines split into packages of `packageQuantity` (the last takes the rest). */
export function asnLabels(note: FoundNote): AsnLabel[] {
  const asnNumber = note.asnNumber ?? '';
  const labels: AsnLabel[] = [];
  const lines = [...note.lines].sort((a, b) => a.lineNum - b.lineNum);
  for (const line of lines) {
    const shipped = dec(line.shipQuantity);
    const perPackage = line.packageQuantity === null ? shipped : dec(line.packageQuantity);
    const count =
      perPackage.lte(0) || perPackage.gte(shipped) ? 1 : shipped.div(perPackage).ceil().toNumber();
    if (labels.length + count > MAX_LABELS)
      throw new AppError(422, 'delivery.labels.tooMany', { max: MAX_LABELS });
    for (let index = 1; index <= count; index++) {
      const quantity = index < count ? perPackage : shipped.sub(perPackage.mul(count - 1));
      const barcode = barcodeOf(asnNumber, line.lineNum, index);
      const facts = {
        poNumber: String(line.poNumber ?? ''),
        itemCode: String(line.itemCode ?? ''),
        quantity: quantity.toString(),
        lotNumber: line.lotNumber ?? '',
      };
      labels.push({
        barcode,
        qr: [barcode, asnNumber, facts.poNumber, facts.itemCode, facts.quantity, facts.lotNumber].join('|'),
        asnNumber,
        lineNum: line.lineNum,
        packageNum: index,
        packageCount: count,
        itemName: line.itemName ?? '',
        specification: line.specification ?? '',
        uomName: String(line.uomName ?? ''),
        supplierName: String(note.supplierName ?? ''),
        shipDate: note.shipDate,
        ...facts,
      });
    }
  }
  return labels;
}

/** Label size: 100 × 70 mm in points. */
const WIDTH = 283.46;
const HEIGHT = 198.43;
const MARGIN = 10;

function drawText(doc: PdfDocument, label: string, value: string, x: number, y: number, width: number) {
  doc.font('regular').fontSize(7).fillColor('#555555').text(label, x, y, { width, lineBreak: false });
  doc
    .font('bold')
    .fontSize(9)
    .fillColor('black')
    .text(value, x, y + 8, { width, height: 12, ellipsis: true, lineBreak: false });
}

/** The labels as a PDF, one label per page. */
export async function labelsPdf(
  ctx: DataApi,
  note: Pick<FoundNote, 'asnNumber' | 'supplierName'>,
  labels: readonly AsnLabel[],
): Promise<Buffer> {
  const t = (key: string, params?: Record<string, string | number>) =>
    ctx.t(`delivery.labels.${key}`, params);
  return renderPdf(
    {
      title: note.asnNumber ?? '',
      author: String(note.supplierName ?? ''),
      size: [WIDTH, HEIGHT],
      margin: 0,
    },
    async (doc) => {
      for (const [index, label] of labels.entries()) {
        if (index > 0) doc.addPage({ size: [WIDTH, HEIGHT], margin: 0 });
        const inner = WIDTH - 2 * MARGIN;
        doc
          .lineWidth(0.5)
          .rect(4, 4, WIDTH - 8, HEIGHT - 8)
          .stroke();
        doc
          .font('bold')
          .fontSize(10)
          .text(label.supplierName, MARGIN, MARGIN, {
            width: inner - 60,
            height: 14,
            ellipsis: true,
            lineBreak: false,
          });
        doc
          .font('regular')
          .fontSize(8)
          .text(t('package', { index: label.packageNum, count: label.packageCount }), MARGIN, MARGIN + 1, {
            width: inner,
            align: 'right',
            lineBreak: false,
          });
        const column = (inner - 70) / 2;
        const top = MARGIN + 18;
        drawText(doc, t('asnNumber'), label.asnNumber, MARGIN, top, column);
        drawText(doc, t('poNumber'), `${label.poNumber} / ${label.lineNum}`, MARGIN + column, top, column);
        drawText(doc, t('itemCode'), label.itemCode, MARGIN, top + 24, column);
        drawText(
          doc,
          t('quantity'),
          `${label.quantity} ${label.uomName}`.trim(),
          MARGIN + column,
          top + 24,
          column,
        );
        drawText(
          doc,
          t('itemName'),
          [label.itemName, label.specification].filter(Boolean).join(' '),
          MARGIN,
          top + 48,
          2 * column,
        );
        drawText(doc, t('lotNumber'), label.lotNumber || '-', MARGIN, top + 72, column);
        drawText(doc, t('shipDate'), label.shipDate, MARGIN + column, top + 72, column);
        await drawQr(doc, label.qr, WIDTH - MARGIN - 70, top - 4, 70);
        await drawCode128(doc, label.barcode, {
          x: MARGIN,
          y: HEIGHT - MARGIN - 52,
          width: inner,
          height: 38,
        });
        doc
          .font('regular')
          .fontSize(8)
          .fillColor('black')
          .text(label.barcode, MARGIN, HEIGHT - MARGIN - 12, {
            width: inner,
            align: 'center',
            lineBreak: false,
          });
      }
    },
  );
}
