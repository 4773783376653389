// Write-offs on the server: each line pairs a posted receipt line with a posted return or
// reversal line that took goods back from it; saved without lines, a write-off is filled with
// every such pair of its supplier and organisation still open. Posting locks both receipt lines
// and raises their written-off quantities, never beyond what was received or taken back;
// reversing the write-off lowers them again.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { Decimal, type RuleIssue, dec } from '@srm/kernel';
import { AppError, type HookContext, type Row, legacyActions } from '@srm/platform';
import { writeOff } from './write-off.entity';
import { HEADER, LINE, col } from './support';

const WRITE_OFF_LINE = 'srmPurWriteOffLine';

interface LineFacts {
  readonly receiveLineId: number;
  readonly lineNum: number;
  readonly receiveNumber: string;
  readonly receiveType: string;
  readonly status: string;
  readonly supplierId: number;
  readonly orgId: number;
  readonly originalReceiveLineId: number | null;
  readonly poHeaderId: number | null;
  readonly poLineId: number | null;
  readonly itemId: number | null;
  readonly itemName: string | null;
  /** What can be written off at most: accepted on a receipt, the quantity on a return or reversal. */
  readonly base: Decimal;
  writtenOff: Decimal;
}

function selectLines(context: HookContext) {
  const l = (field: string) => col(context, LINE, field);
  const h = (field: string) => col(context, HEADER, field);
  return context.tx
    .select({
      receiveLineId: l('receiveLineId'),
      lineNum: l('lineNum'),
      receiveNumber: h('receiveNumber'),
      receiveType: h('receiveType'),
      status: h('status'),
      supplierId: h('supplierId'),
      orgId: h('orgId'),
      originalReceiveLineId: l('originalReceiveLineId'),
      poHeaderId: l('poHeaderId'),
      poLineId: l('poLineId'),
      itemId: l('itemId'),
      itemName: l('itemName'),
      quantity: l('quantity'),
      acceptedQuantity: l('acceptedQuantity'),
      writtenOffQuantity: l('writtenOffQuantity'),
    })
    .from(context.runtime.table(LINE))
    .innerJoin(context.runtime.table(HEADER), eq(h('receiveHeaderId'), l('receiveHeaderId')));
}

function facts(rows: Row[]): Map<number, LineFacts> {
  const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return new Map(
    rows.map((row) => [
      Number(row.receiveLineId),
      {
        receiveLineId: Number(row.receiveLineId),
        lineNum: Number(row.lineNum),
        receiveNumber: String(row.receiveNumber),
        receiveType: String(row.receiveType),
        status: String(row.status),
        supplierId: Number(row.supplierId),
        orgId: Number(row.orgId),
        originalReceiveLineId: num(row.originalReceiveLineId),
        poHeaderId: num(row.poHeaderId),
        poLineId: num(row.poLineId),
        itemId: num(row.itemId),
        itemName: (row.itemName as string | null) ?? null,
        base: dec(
          (row.receiveType === 'RECEIVE' ? (row.acceptedQuantity as string) : (row.quantity as string)) ?? 0,
        ),
        writtenOff: dec((row.writtenOffQuantity as string | null) ?? 0),
      },
    ]),
  );
}

async function lineFacts(
  context: HookContext,
  ids: readonly number[],
  lock: boolean,
): Promise<Map<number, LineFacts>> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (!unique.length) return new Map();
  const query = selectLines(context)
    .where(inArray(col(context, LINE, 'receiveLineId'), unique))
    .orderBy(col(context, LINE, 'receiveLineId'));
  const rows = lock ? await query.for('update', { of: context.runtime.table(LINE) }) : await query;
  return facts(rows as Row[]);
}

/** Why a pair cannot be written off, or null. */
function pairIssue(row: Row, receipt: LineFacts | undefined, offset: LineFacts | undefined): string | null {
  if (!receipt || receipt.receiveType !== 'RECEIVE' || !['POSTED', 'REVERSED'].includes(receipt.status))
    return 'receiving.writeOff.notReceipt';
  if (
    !offset ||
    !['RETURN', 'REVERSE'].includes(offset.receiveType) ||
    offset.status !== 'POSTED' ||
    offset.originalReceiveLineId !== receipt.receiveLineId
  )
    return 'receiving.writeOff.notOffset';
  if (receipt.supplierId !== row.supplierId || receipt.orgId !== row.orgId)
    return 'receiving.writeOff.otherSupplier';
  return null;
}

async function fillOpenPairs(context: HookContext, row: Row, id: number): Promise<void> {
  const l = (field: string) => col(context, LINE, field);
  const h = (field: string) => col(context, HEADER, field);
  const offsets = facts(
    (await selectLines(context)
      .where(
        and(
          eq(h('supplierId'), row.supplierId as number),
          eq(h('orgId'), row.orgId as number),
          inArray(h('receiveType'), ['RETURN', 'REVERSE']),
          eq(h('status'), 'POSTED'),
          sql`${l('writtenOffQuantity')} < ${l('quantity')}`,
        ),
      )
      .orderBy(l('receiveLineId'))
      .limit(2000)) as Row[],
  );
  const receipts = await lineFacts(
    context,
    [...offsets.values()].map((offset) => offset.originalReceiveLineId ?? 0),
    false,
  );
  const lines: Row[] = [];
  for (const offset of offsets.values()) {
    const receipt = receipts.get(offset.originalReceiveLineId ?? 0);
    if (!receipt || pairIssue(row, receipt, offset)) continue;
    const open = Decimal.min(receipt.base.sub(receipt.writtenOff), offset.base.sub(offset.writtenOff));
    if (!open.gt(0)) continue;
    receipt.writtenOff = receipt.writtenOff.add(open);
    lines.push({
      receiveLineId: receipt.receiveLineId,
      offsetReceiveLineId: offset.receiveLineId,
      poHeaderId: receipt.poHeaderId,
      poLineId: receipt.poLineId,
      itemId: receipt.itemId,
      itemName: receipt.itemName,
      receiveNumber: receipt.receiveNumber,
      offsetReceiveNumber: offset.receiveNumber,
      quantity: open.toString(),
    });
  }
  if (!lines.length) return;
  await context.tx.insert(context.runtime.table(WRITE_OFF_LINE)).values(
    lines.map((line, index) => ({
      ...line,
      writeOffId: id,
      lineNum: index + 1,
      versionNum: 1,
      createdBy: context.actor.userId,
      creationDate: context.now,
      lastUpdatedBy: context.actor.userId,
      lastUpdateDate: context.now,
    })),
  );
}

async function storedLines(context: HookContext, id: number): Promise<Row[]> {
  return (await context.tx
    .select()
    .from(context.runtime.table(WRITE_OFF_LINE))
    .where(eq(col(context, WRITE_OFF_LINE, 'writeOffId'), id))) as Row[];
}

async function move(context: HookContext, id: number, sign: 1 | -1): Promise<void> {
  const lines = await storedLines(context, id);
  if (!lines.length) throw new AppError(422, 'receiving.writeOff.noLines');
  const known = await lineFacts(
    context,
    lines.flatMap((line) => [Number(line.receiveLineId), Number(line.offsetReceiveLineId)]),
    true,
  );
  for (const line of lines) {
    const quantity = dec(line.quantity as string).mul(sign);
    for (const target of [Number(line.receiveLineId), Number(line.offsetReceiveLineId)]) {
      const fact = known.get(target)!;
      fact.writtenOff = fact.writtenOff.add(quantity);
      if (fact.writtenOff.gt(fact.base) || fact.writtenOff.isNegative())
        throw new AppError(422, 'receiving.writeOff.over', {
          line: Number(line.lineNum),
          number: fact.receiveNumber,
          open: Decimal.max(fact.base.sub(fact.writtenOff).add(quantity), dec(0)).toString(),
        });
    }
  }
  for (const fact of known.values())
    await context.tx
      .update(context.runtime.table(LINE))
      .set({ writtenOffQuantity: fact.writtenOff.toString() })
      .where(eq(col(context, LINE, 'receiveLineId'), fact.receiveLineId));
}

export const writeOffActions = legacyActions(writeOff, {
  async beforeSave(context, { row, lines }): Promise<RuleIssue[] | null> {
    const given = lines.lines ?? [];
    const known = await lineFacts(
      context,
      given.flatMap((line) => [line.receiveLineId as number, line.offsetReceiveLineId as number]),
      false,
    );
    const issues: RuleIssue[] = [];
    given.forEach((line, index) => {
      const receipt = known.get(line.receiveLineId as number);
      const message = pairIssue(row, receipt, known.get(line.offsetReceiveLineId as number));
      if (message) {
        issues.push({
          field: `lines.${index}.receiveLineId`,
          message,
          params: { line: Number(line.lineNum) },
        });
        return;
      }
      line.poHeaderId = receipt!.poHeaderId;
      line.poLineId = receipt!.poLineId;
      line.itemId = receipt!.itemId;
      line.itemName = receipt!.itemName;
      line.receiveNumber = receipt!.receiveNumber;
      line.offsetReceiveNumber = known.get(line.offsetReceiveLineId as number)!.receiveNumber;
    });
    return issues.length ? issues : null;
  },
  async afterSave(context, { row, created, lines, id }) {
    if (created && !lines.lines?.length) await fillOpenPairs(context, row, id);
  },
  actions: {
    async doPost(context, { row }) {
      await move(context, row.writeOffId as number, 1);
      await context.tx
        .update(context.runtime.table('srmPurWriteOff'))
        .set({ postedDate: context.now })
        .where(eq(col(context, 'srmPurWriteOff', 'writeOffId'), row.writeOffId as number));
    },
    async doReverse(context, { row }) {
      await move(context, row.writeOffId as number, -1);
    },
  },
});
