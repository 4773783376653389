// Receipts' own endpoints: a scanned package barcode looked up for a receipt of its note, and a
// delivery note received and posted in one call.
import { date, fieldsOf, json, ref, rows, text } from '@srm/kernel';
import { AppError, defineEndpoints, endpoint } from '@srm/platform';
import { asnBarcode } from '../../delivery';
import { MAX_LINES, today } from '../support';
import { receive } from './receive.entity';
import { receiveLine } from './receive-line.entity';
import { scanPackage } from './receive.scan';

export const receiveEndpoints = defineEndpoints(receive, {
  /**
   * 扫码收货: looks up a scanned package barcode for a receipt of the note and answers its line
   * and quantity; an unknown code, one of another note, one scanned already or one on a posted
   * receipt is refused (the save and the posting check the same again). Without a note (a new
   * receipt started by scanning) the package names its note, which must be awaiting receipt.
   */
  scanBarcode: endpoint({
    summary: 'A scanned package barcode of the note: its line and quantity, or why it does not count',
    input: {
      // The receipt's note; absent when the scan starts the receipt.
      asnHeaderId: ref('srmPurAsnHeader'),
      // The Code 128 value, or a QR scanner's whole payload `barcode|asnNumber|…`.
      barcode: text({ required: true, max: 300 }),
      // The codes the receipt holds so far (a list of texts; anything else counts as none).
      scanned: json(),
      receiveHeaderId: ref('srmPurReceiveHeader'),
    },
    scope: asnBarcode,
    resource: 'read',
    sides: ['internal'],
    async handle(ctx, input) {
      const code = (input.barcode.split('|')[0] ?? '').trim();
      if (!code || code.length > 60) throw new AppError(400, 'receiving.scan.input');
      const scanned = Array.isArray(input.scanned)
        ? input.scanned.filter((item): item is string => typeof item === 'string')
        : [];
      return {
        data: await scanPackage(ctx, input.asnHeaderId ?? null, code, scanned, input.receiveHeaderId ?? null),
      };
    },
  }),
  /**
   * 确认收货: receives a submitted delivery note in one call — a receipt with the given lines or,
   * without lines, everything still open on the note — and posts it. Answers the posted receipt.
   */
  receiveAsn: endpoint({
    summary: 'Receive a submitted delivery note and post the receipt in one call',
    input: {
      asnHeaderId: ref('srmPurAsnHeader', { required: true }),
      ...fieldsOf(receive, ['storageLocationId', 'receiverName', 'remark']),
      // Today when absent.
      receiveDate: date(),
      lines: rows(
        fieldsOf(receiveLine, [
          'asnLineId',
          'quantity',
          'rejectedQuantity',
          'lotNumber',
          'storageLocationId',
          'scannedBarcodes',
          'remark',
        ]),
        { max: MAX_LINES },
      ),
    },
    scope: receive,
    resource: 'button',
    sides: ['internal'],
    write: true,
    async handle(ctx, input) {
      const { lines, receiveDate, ...header } = input;
      if (lines && !lines.length) throw new AppError(400, 'receiving.input.lines');
      const saved = await ctx.save(receive, {
        ...header,
        receiveType: 'RECEIVE',
        receiveDate: receiveDate ?? today(ctx),
        storageLocationId: header.storageLocationId ?? null,
        ...(lines ? { lines: lines.map((line, index) => ({ lineNum: index + 1, ...line })) } : {}),
      });
      await ctx.act(receive, 'doPost', [saved.receiveHeaderId]);
      return { data: await ctx.find(receive, saved.receiveHeaderId) };
    },
  }),
});
