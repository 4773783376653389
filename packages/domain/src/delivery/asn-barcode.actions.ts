// The stored barcode list: `syncBarcodes` writes a note's package barcodes (on submit and on each
// print), and the list prints the labels of the barcodes chosen in it again.
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { type Actor, AppError, type HookContext, type Row, legacyActions } from '@srm/platform';
import { asnBarcode } from './asn-barcode.entity';
import { type AsnLabel, MAX_LABELS, asnLabels, labelsPdf } from './asn.labels';
import { bodyOf, col, idIn } from './support';

const BARCODE = 'srmPurAsnBarcode';
const HEADER = 'srmPurAsnHeader';

/** The server writing barcodes no user may write (the entity is `writableBy: []`). */
const asSystem = (actor: Actor): Actor => ({
  ...actor,
  system: true,
  side: 'internal',
  orgIds: 'all',
  categoryIds: 'all',
});

/**
 * Stores the barcodes of `note` (read with its lines): new packages are inserted, packages a
 * draft no longer has are dropped, the others take the line's current facts; `printed` counts a
 * print on every label of the note.
 */
export async function syncBarcodes(
  context: HookContext,
  note: Row,
  labels: readonly AsnLabel[],
  printed: boolean,
): Promise<void> {
  const id = note.asnHeaderId as number;
  const table = context.runtime.table(BARCODE);
  const c = (field: string) => col(context, BARCODE, field);
  const wanted = labels.map((label) => label.barcode);
  await context.tx
    .delete(table)
    .where(and(eq(c('asnHeaderId'), id), wanted.length ? notInArray(c('barcode'), wanted) : undefined));
  const existing = new Set(
    (
      (await context.tx
        .select({ barcode: c('barcode') })
        .from(table)
        .where(eq(c('asnHeaderId'), id))) as { barcode: string }[]
    ).map((row) => row.barcode),
  );
  const lines = new Map(
    ((note.lines as Row[] | undefined) ?? []).map((line) => [Number(line.lineNum), line]),
  );
  const rowOf = (label: AsnLabel) => {
    const line = lines.get(label.lineNum) ?? {};
    return {
      barcode: label.barcode,
      asnHeaderId: id,
      asnLineId: line.asnLineId as number,
      asnNumber: label.asnNumber,
      lineNum: label.lineNum,
      packageNum: label.packageNum,
      packageCount: label.packageCount,
      supplierId: note.supplierId as number,
      orgId: note.orgId as number,
      poHeaderId: (line.poHeaderId as number | null) ?? null,
      poNumber: label.poNumber || null,
      poLineId: (line.poLineId as number | null) ?? null,
      itemId: line.itemId as number,
      itemCode: label.itemCode,
      itemName: label.itemName || null,
      specification: label.specification || null,
      quantity: Number(label.quantity),
      uomId: (line.uomId as number | null) ?? null,
      lotNumber: label.lotNumber || null,
      shipDate: label.shipDate || null,
      qrContent: label.qr,
    };
  };
  for (const label of labels.filter((item) => existing.has(item.barcode))) {
    const { barcode, asnHeaderId: _h, asnNumber: _n, supplierId: _s, orgId: _o, ...facts } = rowOf(label);
    await context.tx
      .update(table)
      .set({
        ...facts,
        quantity: String(facts.quantity),
        ...(printed
          ? { printCount: sql`coalesce(${c('printCount')}, 0) + 1`, lastPrintedDate: context.now }
          : {}),
      } as never)
      .where(eq(c('barcode'), barcode));
  }
  const fresh = labels
    .filter((label) => !existing.has(label.barcode))
    .map((label) => ({
      ...rowOf(label),
      printCount: printed ? 1 : 0,
      lastPrintedDate: printed ? context.now.getTime() : null,
    }));
  if (fresh.length) {
    const written = await context.runtime.service(BARCODE).createMany(asSystem(context.actor), fresh);
    if (!('ids' in written)) throw new AppError(500, 'delivery.barcodes.refused');
  }
}

/** The ids asked for: `barcodeId` or `ids` (at most MAX_LABELS). */
function idsOf(raw: unknown): number[] {
  const body = bodyOf(raw);
  if (body.ids === undefined) return [idIn(body, 'barcodeId')];
  if (!Array.isArray(body.ids) || !body.ids.length || body.ids.length > MAX_LABELS)
    throw new AppError(400, 'delivery.input.ids', { max: MAX_LABELS });
  return [...new Set(body.ids.map((id: unknown) => idIn({ ids: id }, 'ids')))];
}

export const asnBarcodeActions = legacyActions(asnBarcode, {
  endpoints: {
    /** 打印标签: the labels of the barcodes chosen in the list, for whoever may read them. */
    printLabels: {
      read: true,
      async handle(context, raw) {
        const ids = idsOf(raw);
        const service = context.runtime.service(BARCODE);
        // Each barcode through the actor's scope: another supplier's answers 404.
        const rows: Row[] = [];
        for (const id of ids) rows.push(await service.find(context.actor, id));
        const notes = new Map<number, Row>();
        const labels: AsnLabel[] = [];
        for (const row of rows) {
          const noteId = row.asnHeaderId as number;
          if (!notes.has(noteId))
            notes.set(noteId, await context.runtime.service(HEADER).find(context.actor, noteId));
          const label = asnLabels(notes.get(noteId)!).find((item) => item.barcode === row.barcode);
          if (label) labels.push(label);
        }
        if (!labels.length) throw new AppError(422, 'delivery.barcodes.gone');
        await context.runtime.transaction((tx) =>
          tx
            .update(context.runtime.table(BARCODE))
            .set({
              printCount: sql`coalesce(${col(context, BARCODE, 'printCount')}, 0) + 1`,
              lastPrintedDate: context.now,
            } as never)
            .where(inArray(col(context, BARCODE, 'barcodeId'), ids)),
        );
        const first = notes.values().next().value!;
        const pdf = await labelsPdf(context, first, labels);
        const name = notes.size === 1 ? String(first.asnNumber) : 'barcodes';
        return {
          data: {
            fileName: `${name}-labels.pdf`,
            contentType: 'application/pdf',
            content: pdf.toString('base64'),
            labels: labels.map(({ barcode, qr }) => ({ barcode, qr })),
          },
        };
      },
    },
  },
});
