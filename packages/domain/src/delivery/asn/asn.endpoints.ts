// Delivery notes' own endpoints: the package labels printed (and stored in the barcode list), the
// supplier's order lines still open for shipping, and a draft note made from them in one call.
import { quantity, ref, rows, text } from '@srm/kernel';
import { AppError, defineEndpoints, endpoint } from '@srm/platform';
import { order } from '../../purchasing';
import { syncBarcodes } from '../asn-barcode/asn-barcode.sync';
import { MAX_LINES, noteHeaderInput, openOrderLines, supplierOf, today } from '../support';
import { asnBarcode } from '../asn-barcode/asn-barcode.entity';
import { asn } from './asn.entity';
import { asnLabels, labelsPdf } from './asn.labels';

export const asnEndpoints = defineEndpoints(asn, {
  /** 打印条码: the note's package labels (Code 128 and QR) as a PDF, for whoever may read the note. */
  printLabels: endpoint({
    summary: "The note's package labels as a PDF (one 100 × 70 mm label per package)",
    input: { asnHeaderId: ref('srmPurAsnHeader', { required: true }) },
    // It answers (and stores) the note's package barcodes: whoever may read the barcode list.
    scope: asnBarcode,
    resource: 'read',
    async handle(ctx, input) {
      const note = await ctx.find(asn, input.asnHeaderId);
      const labels = asnLabels(note);
      if (!labels.length) throw new AppError(422, 'delivery.asn.noLines');
      // Printed labels are stored in the barcode list (a draft's follow its lines); the PDF is
      // drawn after that transaction, holding no lock.
      await ctx.runtime.transaction(() => syncBarcodes(ctx, note, labels, true));
      const pdf = await labelsPdf(ctx, note, labels);
      return {
        data: {
          fileName: `${note.asnNumber ?? ''}-labels.pdf`,
          contentType: 'application/pdf',
          content: pdf.toString('base64'),
          labels: labels.map(({ barcode, qr }) => ({ barcode, qr })),
        },
      };
    },
  }),
  /** 可发货订单行: the supplier's released or confirmed order lines with quantity still open. */
  openOrderLines: endpoint({
    summary: "The supplier's order lines with quantity still open to ship",
    input: { poHeaderId: ref('srmPoHeader') },
    scope: order,
    resource: 'read',
    sides: ['supplier'],
    async handle(ctx, input) {
      return { data: await openOrderLines(ctx, supplierOf(ctx), input.poHeaderId ?? null) };
    },
  }),
  /** 由订单创建: a draft delivery note from order lines, each shipping what remains unless told. */
  createFromOrderLines: endpoint({
    summary: 'A draft delivery note from open order lines',
    input: {
      ...noteHeaderInput,
      lines: rows(
        {
          poLineId: ref('srmPoLine', { required: true }),
          shipQuantity: quantity({ min: 0.0001 }),
          lotNumber: text({ max: 60 }),
        },
        { required: true, max: MAX_LINES },
      ),
    },
    scope: asn,
    resource: 'button',
    sides: ['supplier'],
    write: true,
    async handle(ctx, input) {
      const { lines: wanted, ...header } = input;
      const open = new Map(
        (await openOrderLines(ctx, supplierOf(ctx), null)).map((line) => [line.poLineId, line]),
      );
      const lines = wanted.map((given, index) => {
        const line = open.get(given.poLineId);
        if (!line) throw new AppError(422, 'delivery.asn.nothingOpen', { line: index + 1 });
        return {
          lineNum: index + 1,
          poLineId: given.poLineId,
          shipQuantity: given.shipQuantity ?? line.openQuantity,
          ...(given.lotNumber ? { lotNumber: given.lotNumber } : {}),
        };
      });
      return { data: await ctx.save(asn, { ...header, shipDate: header.shipDate ?? today(ctx), lines }) };
    },
  }),
});
