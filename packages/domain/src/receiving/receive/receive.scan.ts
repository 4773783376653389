// Barcode scanning at receipt: a package barcode of the delivery note (送货单条码, one per package
// of a note line) scanned into a receipt line adds the package's quantity. The receipt line keeps
// the barcodes it counted; a package counts once: never twice on one receipt, never on a receipt
// of another note or line, never again while a posted receipt of the note holds it (a reversal
// frees it). Checked when the receipt is saved and again, under the note's lock, when it posts.
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { type DraftOf, type ReadRowOf, type RuleIssue, dec } from '@srm/kernel';
import { AppError, type DataApi } from '@srm/platform';
import { asn, asnBarcode } from '../../delivery';
import { RECEIVABLE_ASN_STATES } from '../support';
import { receive } from './receive.entity';
import { receiveLine, scannedBarcodesOf } from './receive-line.entity';

type Package = ReadRowOf<typeof asnBarcode>;

/** The stored packages of these barcode values the caller may read, by value. */
async function packagesOf(ctx: DataApi, codes: readonly string[]): Promise<Map<string, Package>> {
  const unique = [...new Set(codes)];
  if (!unique.length) return new Map();
  return new Map((await ctx.list(asnBarcode, { barcode: unique })).map((row) => [row.barcode, row]));
}

/**
 * Barcodes of the note held by its posted receipts other than `exceptHeaderId`: barcode → receipt
 * number. A raw read (the lines of several receipts that hold barcodes at all), within the
 * caller's scope of receipts.
 */
async function receivedBarcodes(
  ctx: DataApi,
  asnHeaderId: number,
  exceptHeaderId: number | null,
): Promise<Map<string, string>> {
  const header = ctx.runtime.table(receive.name);
  const line = ctx.runtime.table(receiveLine.name);
  const rows = await ctx.tx
    .select({ number: header.receiveNumber, codes: line.scannedBarcodes })
    .from(line)
    .innerJoin(header, eq(header.receiveHeaderId, line.receiveHeaderId))
    .where(
      and(
        eq(header.asnHeaderId, asnHeaderId),
        eq(header.receiveType, 'RECEIVE'),
        eq(header.status, 'POSTED'),
        isNotNull(line.scannedBarcodes),
        exceptHeaderId === null ? undefined : ne(header.receiveHeaderId, exceptHeaderId),
        ctx.scope(receive),
      ),
    );
  const out = new Map<string, string>();
  for (const row of rows) for (const code of scannedBarcodesOf(row.codes)) out.set(code, String(row.number));
  return out;
}

/**
 * Checks the scanned barcodes of a receipt's lines against the note (each on this note and on its
 * line, none twice, none already on a posted receipt, no more than the line's quantity) and
 * writes them back normalised. Returns the issues, on the lines' fields.
 */
export async function checkScannedLines(
  ctx: DataApi,
  asnHeaderId: number,
  asnNumber: string,
  receiveHeaderId: number | null,
  lines: readonly DraftOf<typeof receiveLine>[],
): Promise<RuleIssue[]> {
  const codesOf = lines.map((line) => scannedBarcodesOf(line.scannedBarcodes));
  const all = codesOf.flat();
  if (!all.length) {
    for (const line of lines) line.scannedBarcodes = null;
    return [];
  }
  const packages = await packagesOf(ctx, all);
  const received = await receivedBarcodes(ctx, asnHeaderId, receiveHeaderId);
  const seen = new Set<string>();
  const issues: RuleIssue[] = [];
  lines.forEach((line, index) => {
    const field = `lines.${index}.scannedBarcodes`;
    const lineNum = line.lineNum ?? index + 1;
    let total = dec(0);
    for (const code of codesOf[index]!) {
      const found = packages.get(code);
      if (seen.has(code)) {
        issues.push({ field, message: 'receiving.scan.twice', params: { barcode: code } });
        continue;
      }
      seen.add(code);
      if (!found || found.asnHeaderId !== asnHeaderId)
        issues.push({
          field,
          message: 'receiving.scan.otherNote',
          params: { barcode: code, number: asnNumber },
        });
      else if (found.asnLineId !== line.asnLineId)
        issues.push({ field, message: 'receiving.scan.otherLine', params: { barcode: code, line: lineNum } });
      else if (received.has(code))
        issues.push({
          field,
          message: 'receiving.scan.received',
          params: { barcode: code, receipt: received.get(code)! },
        });
      else total = total.add(dec(found.quantity));
    }
    const quantity = dec(line.quantity);
    if (total.gt(quantity))
      issues.push({
        field: `lines.${index}.quantity`,
        message: 'receiving.scan.overQuantity',
        params: { line: lineNum, scanned: total.toString(), quantity: quantity.toString() },
      });
    line.scannedBarcodes = codesOf[index]!.length ? codesOf[index]!.join(',') : null;
  });
  return issues;
}

/** At posting (the note locked): no package of this receipt is held by another posted receipt. */
export async function assertPackagesFree(
  ctx: DataApi,
  asnHeaderId: number,
  receiveHeaderId: number,
  scanned: readonly (string | null)[],
): Promise<void> {
  const codes = scanned.flatMap((value) => scannedBarcodesOf(value));
  if (!codes.length) return;
  const received = await receivedBarcodes(ctx, asnHeaderId, receiveHeaderId);
  const seen = new Set<string>();
  for (const code of codes) {
    if (seen.has(code)) throw new AppError(422, 'receiving.scan.twice', { barcode: code });
    seen.add(code);
    const receipt = received.get(code);
    if (receipt) throw new AppError(422, 'receiving.scan.received', { barcode: code, receipt });
  }
}

/**
 * 扫码: what a scanned barcode adds to a receipt of the note — the package's line and quantity —
 * or a refusal: unknown (or outside the reader's organisations), of another note, already on a
 * posted receipt of the note, or already among `scanned` (the codes the receipt holds so far).
 * Without a note (`asnHeaderId` null: the scan starts a new receipt) the package's note is the
 * receipt's, provided it awaits receipt.
 */
export async function scanPackage(
  ctx: DataApi,
  given: number | null,
  code: string,
  scanned: readonly string[],
  receiveHeaderId: number | null,
) {
  const found = (await packagesOf(ctx, [code])).get(code);
  if (!found) throw new AppError(404, 'receiving.scan.unknown', { barcode: code });
  if (given !== null && found.asnHeaderId !== given)
    throw new AppError(422, 'receiving.scan.ofOtherNote', { barcode: code, other: found.asnNumber });
  const asnHeaderId = found.asnHeaderId;
  if (given === null) {
    const [note] = await ctx.list(asn, { asnHeaderId }, { limit: 1 });
    if (!note) throw new AppError(404, 'receiving.scan.unknown', { barcode: code });
    if (!RECEIVABLE_ASN_STATES.includes(note.status))
      throw new AppError(422, 'receiving.asnNotReceivable', { number: note.asnNumber ?? '' });
  }
  if (scanned.includes(code)) throw new AppError(422, 'receiving.scan.twice', { barcode: code });
  const receipt = (await receivedBarcodes(ctx, asnHeaderId, receiveHeaderId)).get(code);
  if (receipt) throw new AppError(422, 'receiving.scan.received', { barcode: code, receipt });
  return {
    asnHeaderId,
    asnNumber: found.asnNumber,
    barcode: found.barcode,
    asnLineId: found.asnLineId,
    asnLineNum: found.lineNum,
    packageNum: found.packageNum,
    packageCount: found.packageCount,
    poNumber: found.poNumber,
    itemCode: found.itemCode,
    itemName: found.itemName,
    quantity: found.quantity,
    lotNumber: found.lotNumber,
  };
}
