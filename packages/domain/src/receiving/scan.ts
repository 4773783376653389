// Barcode scanning at receipt: a package barcode of the delivery note (送货单条码, one per package
// of a note line) scanned into a receipt line adds the package's quantity. The receipt line keeps
// the barcodes it counted; a package counts once: never twice on one receipt, never on a receipt
// of another note or line, never again while a posted receipt of the note holds it (a reversal
// frees it). Checked when the receipt is saved and again, under the note's lock, when it posts.
import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { type Decimal, type RuleIssue, dec } from '@srm/kernel';
import { AppError, type HookContext, type Row } from '@srm/platform';
import { scannedBarcodesOf } from './receive-line.entity';
import { HEADER, LINE, col } from './support';

const BARCODE = 'srmPurAsnBarcode';

export interface PackageFacts {
  readonly barcodeId: number;
  readonly barcode: string;
  readonly asnHeaderId: number;
  readonly asnNumber: string;
  readonly asnLineId: number;
  readonly lineNum: number;
  readonly packageNum: number;
  readonly packageCount: number;
  readonly orgId: number;
  readonly poNumber: string | null;
  readonly itemCode: string;
  readonly itemName: string | null;
  readonly quantity: Decimal;
  readonly lotNumber: string | null;
}

/** The stored packages of these barcode values, by value. */
export async function packagesOf(
  context: HookContext,
  codes: readonly string[],
): Promise<Map<string, PackageFacts>> {
  const out = new Map<string, PackageFacts>();
  const unique = [...new Set(codes)];
  if (!unique.length) return out;
  const c = (field: string) => col(context, BARCODE, field);
  const rows = await context.tx
    .select({
      barcodeId: c('barcodeId'),
      barcode: c('barcode'),
      asnHeaderId: c('asnHeaderId'),
      asnNumber: c('asnNumber'),
      asnLineId: c('asnLineId'),
      lineNum: c('lineNum'),
      packageNum: c('packageNum'),
      packageCount: c('packageCount'),
      orgId: c('orgId'),
      poNumber: c('poNumber'),
      itemCode: c('itemCode'),
      itemName: c('itemName'),
      quantity: c('quantity'),
      lotNumber: c('lotNumber'),
    })
    .from(context.runtime.table(BARCODE))
    .where(inArray(c('barcode'), unique));
  for (const row of rows)
    out.set(String(row.barcode), {
      barcodeId: Number(row.barcodeId),
      barcode: String(row.barcode),
      asnHeaderId: Number(row.asnHeaderId),
      asnNumber: String(row.asnNumber),
      asnLineId: Number(row.asnLineId),
      lineNum: Number(row.lineNum),
      packageNum: Number(row.packageNum),
      packageCount: Number(row.packageCount),
      orgId: Number(row.orgId),
      poNumber: (row.poNumber as string | null) ?? null,
      itemCode: String(row.itemCode),
      itemName: (row.itemName as string | null) ?? null,
      quantity: dec(row.quantity as string),
      lotNumber: (row.lotNumber as string | null) ?? null,
    });
  return out;
}

/** Barcodes of the note held by its posted receipts other than `exceptHeaderId`: barcode → receipt number. */
export async function receivedBarcodes(
  context: HookContext,
  asnHeaderId: number,
  exceptHeaderId: number | null,
): Promise<Map<string, string>> {
  const h = (field: string) => col(context, HEADER, field);
  const l = (field: string) => col(context, LINE, field);
  const rows = await context.tx
    .select({ number: h('receiveNumber'), codes: l('scannedBarcodes') })
    .from(context.runtime.table(LINE))
    .innerJoin(context.runtime.table(HEADER), eq(h('receiveHeaderId'), l('receiveHeaderId')))
    .where(
      and(
        eq(h('asnHeaderId'), asnHeaderId),
        eq(h('receiveType'), 'RECEIVE'),
        eq(h('status'), 'POSTED'),
        isNotNull(l('scannedBarcodes')),
        exceptHeaderId === null ? undefined : ne(h('receiveHeaderId'), exceptHeaderId),
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
  context: HookContext,
  asnHeaderId: number,
  asnNumber: string,
  receiveHeaderId: number | null,
  lines: Row[],
): Promise<RuleIssue[]> {
  const codesOf = lines.map((line) => scannedBarcodesOf(line.scannedBarcodes));
  const all = codesOf.flat();
  if (!all.length) {
    for (const line of lines) line.scannedBarcodes = null;
    return [];
  }
  const packages = await packagesOf(context, all);
  const received = await receivedBarcodes(context, asnHeaderId, receiveHeaderId);
  const seen = new Set<string>();
  const issues: RuleIssue[] = [];
  lines.forEach((line, index) => {
    const field = `lines.${index}.scannedBarcodes`;
    const lineNum = Number(line.lineNum ?? index + 1);
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
      else total = total.add(found.quantity);
    }
    const quantity = dec((line.quantity as number | string | null | undefined) ?? 0);
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
  context: HookContext,
  asnHeaderId: number,
  receiveHeaderId: number,
  scanned: readonly (string | null)[],
): Promise<void> {
  const codes = scanned.flatMap((value) => scannedBarcodesOf(value));
  if (!codes.length) return;
  const received = await receivedBarcodes(context, asnHeaderId, receiveHeaderId);
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
 */
export async function scanPackage(
  context: HookContext,
  asnHeaderId: number,
  code: string,
  scanned: readonly string[],
  receiveHeaderId: number | null,
) {
  const found = (await packagesOf(context, [code])).get(code);
  const orgIds = context.actor.orgIds;
  const visible =
    found &&
    (context.actor.system || orgIds === 'all' || (Array.isArray(orgIds) && orgIds.includes(found.orgId)));
  if (!found || !visible) throw new AppError(404, 'receiving.scan.unknown', { barcode: code });
  if (found.asnHeaderId !== asnHeaderId)
    throw new AppError(422, 'receiving.scan.ofOtherNote', { barcode: code, other: found.asnNumber });
  if (scanned.includes(code)) throw new AppError(422, 'receiving.scan.twice', { barcode: code });
  const receipt = (await receivedBarcodes(context, asnHeaderId, receiveHeaderId)).get(code);
  if (receipt) throw new AppError(422, 'receiving.scan.received', { barcode: code, receipt });
  return {
    barcode: found.barcode,
    asnLineId: found.asnLineId,
    asnLineNum: found.lineNum,
    packageNum: found.packageNum,
    packageCount: found.packageCount,
    poNumber: found.poNumber,
    itemCode: found.itemCode,
    itemName: found.itemName,
    quantity: found.quantity.toNumber(),
    lotNumber: found.lotNumber,
  };
}
