// The barcode list's own endpoint: the labels of the barcodes chosen in the list, printed again.
import { ref, refs } from '@srm/kernel';
import { AppError, defineEndpoints, endpoint } from '@srm/platform';
import { asn } from '../asn/asn.entity';
import { type AsnLabel, type FoundNote, MAX_LABELS, asnLabels, labelsPdf } from '../asn/asn.labels';
import { asnBarcode } from './asn-barcode.entity';
import { countPrints } from './asn-barcode.sync';

export const asnBarcodeEndpoints = defineEndpoints(asnBarcode, {
  /** 打印标签: the labels of the barcodes chosen (`barcodeId` or `ids`), for whoever may read them. */
  printLabels: endpoint({
    summary: 'Print the labels of stored barcodes again (a PDF, one label per package)',
    input: {
      barcodeId: ref('srmPurAsnBarcode'),
      ids: refs('srmPurAsnBarcode', { max: MAX_LABELS }),
    },
    scope: asnBarcode,
    resource: 'read',
    async handle(ctx, input) {
      // Each id names a barcode the reader may read (another supplier's answers 404 for all).
      const ids = input.ids ?? (typeof input.barcodeId === 'number' ? [input.barcodeId] : []);
      if (!ids.length) throw new AppError(400, 'delivery.input.ids', { max: MAX_LABELS });
      const rows = await ctx.list(asnBarcode, { barcodeId: ids });
      const notes = new Map<number, FoundNote>();
      const labels: AsnLabel[] = [];
      for (const row of rows) {
        let note = notes.get(row.asnHeaderId);
        if (!note) notes.set(row.asnHeaderId, (note = await ctx.find(asn, row.asnHeaderId)));
        const label = asnLabels(note).find((item) => item.barcode === row.barcode);
        if (label) labels.push(label);
      }
      if (!labels.length) throw new AppError(422, 'delivery.barcodes.gone');
      await countPrints(
        ctx,
        rows.map((row) => row.barcodeId),
      );
      const first = notes.values().next().value!;
      const pdf = await labelsPdf(ctx, first, labels);
      const name = notes.size === 1 ? (first.asnNumber ?? '') : 'barcodes';
      return {
        data: {
          fileName: `${name}-labels.pdf`,
          contentType: 'application/pdf',
          content: pdf.toString('base64'),
          labels: labels.map(({ barcode, qr }) => ({ barcode, qr })),
        },
      };
    },
  }),
});
