// The stored barcode list follows its note: `syncBarcodes` writes a note's package barcodes when
// the supplier submits it and on each print of its labels (a draft's barcodes follow its lines),
// and `countPrints` counts a print of barcodes chosen in the list.
import { inArray, sql } from 'drizzle-orm';
import { type NewRowOf, type ReadRowOf } from '@srm/kernel';
import { type DataApi } from '@srm/platform';
import { asn } from '../asn/asn.entity';
import { type AsnLabel, type FoundNote } from '../asn/asn.labels';
import { asnBarcode } from './asn-barcode.entity';

type Barcode = ReadRowOf<typeof asnBarcode>;

/** The facts of a package that follow its note line (what a draft may still change). */
const FOLLOWED = [
  'asnLineId',
  'lineNum',
  'packageNum',
  'packageCount',
  'poHeaderId',
  'poNumber',
  'poLineId',
  'itemId',
  'itemCode',
  'itemName',
  'specification',
  'quantity',
  'uomId',
  'lotNumber',
  'shipDate',
  'qrContent',
] as const;

/**
 * Counts one print on these stored barcodes. One conditional statement for all of them (a print
 * of 1,000 labels is one write, not 1,000): the engine bumps their versions and audits the change.
 */
export async function countPrints(ctx: DataApi, barcodeIds: readonly number[]): Promise<void> {
  if (!barcodeIds.length) return;
  const table = ctx.runtime.table(asnBarcode.name);
  await ctx.rawUpdate(asnBarcode, barcodeIds, async (tx) => {
    await tx
      .update(table)
      .set({
        printCount: sql`coalesce(${table.printCount}, 0) + 1`,
        lastPrintedDate: ctx.now,
        versionNum: sql`${table.versionNum} + 1`,
        lastUpdatedBy: ctx.actor.userId,
        lastUpdateDate: ctx.now,
      })
      .where(inArray(table.barcodeId, [...barcodeIds]));
  });
}

/**
 * Stores the barcodes of `note` (read with its lines), the note locked so that two prints of it
 * do not both create its packages: packages a draft no longer has are dropped, new ones added,
 * the others take the line's current facts; `printed` counts a print on every label.
 */
export async function syncBarcodes(
  ctx: DataApi,
  note: FoundNote,
  labels: readonly AsnLabel[],
  printed: boolean,
): Promise<void> {
  const { asnHeaderId: id, supplierId, orgId } = note;
  // A note without lines has neither (its organisation comes from its order lines).
  if (supplierId === null || orgId === null) return;
  await ctx.lock(asn, [id]);
  const stored = new Map((await ctx.list(asnBarcode, { asnHeaderId: id })).map((row) => [row.barcode, row]));
  const wanted = new Set(labels.map((label) => label.barcode));
  await ctx.remove(
    asnBarcode,
    [...stored.values()].filter((row) => !wanted.has(row.barcode)).map((row) => row.barcodeId),
  );
  const lines = new Map(note.lines.map((line) => [line.lineNum, line]));
  const fresh: NewRowOf<typeof asnBarcode>[] = [];
  const reprinted: number[] = [];
  for (const label of labels) {
    const line = lines.get(label.lineNum);
    if (!line || line.itemId === null) continue;
    const facts = {
      asnLineId: line.asnLineId,
      lineNum: label.lineNum,
      packageNum: label.packageNum,
      packageCount: label.packageCount,
      poHeaderId: line.poHeaderId,
      poNumber: label.poNumber || null,
      poLineId: line.poLineId,
      itemId: line.itemId,
      itemCode: label.itemCode,
      itemName: label.itemName || null,
      specification: label.specification || null,
      quantity: Number(label.quantity),
      uomId: line.uomId,
      lotNumber: label.lotNumber || null,
      shipDate: label.shipDate || null,
      qrContent: label.qr,
    };
    const existing = stored.get(label.barcode);
    if (!existing) {
      fresh.push({
        ...facts,
        barcode: label.barcode,
        asnHeaderId: id,
        asnNumber: label.asnNumber,
        supplierId,
        orgId,
        printCount: printed ? 1 : 0,
        lastPrintedDate: printed ? ctx.now.getTime() : null,
      });
      continue;
    }
    if (FOLLOWED.some((field) => !same(existing, field, facts[field])))
      await ctx.patch(asnBarcode, existing.barcodeId, facts);
    if (printed) reprinted.push(existing.barcodeId);
  }
  await ctx.insert(asnBarcode, fresh);
  await countPrints(ctx, reprinted);
}

function same(row: Barcode, field: (typeof FOLLOWED)[number], value: unknown): boolean {
  return (row[field] ?? null) === (value ?? null);
}
