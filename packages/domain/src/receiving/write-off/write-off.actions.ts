// Write-offs on the server: each line pairs a posted receipt line with a posted return or
// reversal line that took goods back from it; saved without lines, a write-off is filled with
// every such pair of its supplier and organisation still open. Posting locks both receipt lines
// and raises their written-off quantities, never beyond what was received or taken back;
// reversing the write-off lowers them again.
import { Decimal, type DraftOf, type NewRowOf, type RowOf, type RuleIssue, dec } from '@srm/kernel';
import { AppError, type DataApi, defineActions } from '@srm/platform';
import { receive } from '../receive/receive.entity';
import { receiveLine } from '../receive/receive-line.entity';
import { MAX_LINES, linesUnchanged, setQuantities } from '../support';
import { writeOff } from './write-off.entity';
import { writeOffLine } from './write-off-line.entity';

interface LineFacts {
  readonly line: RowOf<typeof receiveLine>;
  readonly receipt: RowOf<typeof receive>;
  /** What can be written off at most: accepted on a receipt, the quantity on a return or reversal. */
  readonly base: Decimal;
  writtenOff: Decimal;
}

/** Receipt lines with their receipts, by id; locked (in id order) when asked. */
async function lineFacts(
  ctx: DataApi,
  ids: readonly (number | null)[],
  lock: boolean,
): Promise<Map<number, LineFacts>> {
  const unique = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!unique.length) return new Map();
  const lines: RowOf<typeof receiveLine>[] = lock
    ? await ctx.lock(receiveLine, unique)
    : await ctx.list(receiveLine, { receiveLineId: unique });
  return factsOf(ctx, lines);
}

async function factsOf(ctx: DataApi, lines: readonly RowOf<typeof receiveLine>[]) {
  const receipts = new Map(
    (
      await ctx.list(receive, { receiveHeaderId: [...new Set(lines.map((line) => line.receiveHeaderId))] })
    ).map((row) => [row.receiveHeaderId, row]),
  );
  const out = new Map<number, LineFacts>();
  for (const line of lines) {
    const receipt = receipts.get(line.receiveHeaderId);
    if (!receipt) continue;
    out.set(line.receiveLineId, {
      line,
      receipt,
      base: dec(receipt.receiveType === 'RECEIVE' ? line.acceptedQuantity : line.quantity),
      writtenOff: dec(line.writtenOffQuantity),
    });
  }
  return out;
}

type Header = Pick<DraftOf<typeof writeOff>, 'supplierId' | 'orgId'>;

/** Why a pair cannot be written off, or null. */
function pairIssue(
  row: Header,
  receipt: LineFacts | undefined,
  offset: LineFacts | undefined,
): string | null {
  if (
    !receipt ||
    receipt.receipt.receiveType !== 'RECEIVE' ||
    !['POSTED', 'REVERSED'].includes(receipt.receipt.status)
  )
    return 'receiving.writeOff.notReceipt';
  if (
    !offset ||
    !['RETURN', 'REVERSE'].includes(offset.receipt.receiveType) ||
    offset.receipt.status !== 'POSTED' ||
    offset.line.originalReceiveLineId !== receipt.line.receiveLineId
  )
    return 'receiving.writeOff.notOffset';
  if (receipt.receipt.supplierId !== row.supplierId || receipt.receipt.orgId !== row.orgId)
    return 'receiving.writeOff.otherSupplier';
  return null;
}

/** Every pair of the supplier and organisation still open, as lines of a new write-off. */
async function fillOpenPairs(ctx: DataApi, row: Header, id: number): Promise<void> {
  const offsetReceipts = await ctx.list(receive, {
    supplierId: row.supplierId,
    orgId: row.orgId,
    receiveType: ['RETURN', 'REVERSE'],
    status: 'POSTED',
  });
  const offsetLines = offsetReceipts.length
    ? (
        await ctx.list(
          receiveLine,
          { receiveHeaderId: offsetReceipts.map((receipt) => receipt.receiveHeaderId) },
          { orderBy: [{ field: 'receiveLineId', order: 'asc' }] },
        )
      )
        .filter((line) => dec(line.writtenOffQuantity).lt(dec(line.quantity)))
        .slice(0, MAX_LINES)
    : [];
  const offsets = await factsOf(ctx, offsetLines);
  const receipts = await lineFacts(
    ctx,
    offsetLines.map((line) => line.originalReceiveLineId),
    false,
  );
  const lines: NewRowOf<typeof writeOffLine>[] = [];
  for (const offset of offsets.values()) {
    const receipt = receipts.get(offset.line.originalReceiveLineId ?? 0);
    if (!receipt || pairIssue(row, receipt, offset)) continue;
    const open = Decimal.min(receipt.base.sub(receipt.writtenOff), offset.base.sub(offset.writtenOff));
    if (!open.gt(0)) continue;
    receipt.writtenOff = receipt.writtenOff.add(open);
    lines.push({
      writeOffId: id,
      lineNum: lines.length + 1,
      receiveLineId: receipt.line.receiveLineId,
      offsetReceiveLineId: offset.line.receiveLineId,
      poHeaderId: receipt.line.poHeaderId,
      poLineId: receipt.line.poLineId,
      itemId: receipt.line.itemId,
      itemName: receipt.line.itemName,
      receiveNumber: receipt.receipt.receiveNumber,
      offsetReceiveNumber: offset.receipt.receiveNumber,
      quantity: open.toNumber(),
    });
  }
  await ctx.insert(writeOffLine, lines);
}

/** Raises (or, reversing, lowers) the written-off quantities of both lines of each pair. */
async function move(ctx: DataApi, id: number, sign: 1 | -1): Promise<void> {
  const lines = await ctx.lines(writeOffLine, id);
  if (!lines.length) throw new AppError(422, 'receiving.writeOff.noLines');
  const known = await lineFacts(
    ctx,
    lines.flatMap((line) => [line.receiveLineId, line.offsetReceiveLineId]),
    true,
  );
  const before = new Map([...known].map(([key, fact]) => [key, fact.writtenOff]));
  for (const line of lines) {
    const quantity = dec(line.quantity).mul(sign);
    for (const target of [line.receiveLineId, line.offsetReceiveLineId]) {
      const fact = known.get(target);
      if (!fact) throw new AppError(422, 'receiving.writeOff.notReceipt');
      fact.writtenOff = fact.writtenOff.add(quantity);
      if (fact.writtenOff.gt(fact.base) || fact.writtenOff.isNegative())
        throw new AppError(422, 'receiving.writeOff.over', {
          line: line.lineNum,
          number: fact.receipt.receiveNumber ?? '',
          open: Decimal.max(fact.base.sub(fact.writtenOff).add(quantity), dec(0)).toString(),
        });
    }
  }
  await setQuantities(
    ctx,
    receiveLine,
    'writtenOffQuantity',
    new Map(
      [...known]
        .filter(([key, fact]) => !fact.writtenOff.eq(before.get(key)!))
        .map(([key, fact]) => [key, fact.writtenOff]),
    ),
  );
}

export const writeOffActions = defineActions(writeOff, {
  async beforeSave(ctx) {
    const { row } = ctx;
    const given = ctx.newLines.lines;
    // Lines a save leaves as stored (or does not send) are not checked again.
    if (!ctx.created && linesUnchanged(given, ctx.oldLines.lines, 'writeOffLineId')) return null;
    const known = await lineFacts(
      ctx,
      given.flatMap((line) => [line.receiveLineId, line.offsetReceiveLineId]),
      false,
    );
    const issues: RuleIssue[] = [];
    given.forEach((line, index) => {
      const receipt = known.get(line.receiveLineId);
      const offset = known.get(line.offsetReceiveLineId);
      const message = pairIssue(row, receipt, offset);
      if (message || !receipt || !offset) {
        issues.push({
          field: `lines.${index}.receiveLineId`,
          message: message ?? 'receiving.writeOff.notReceipt',
          params: { line: line.lineNum },
        });
        return;
      }
      line.poHeaderId = receipt.line.poHeaderId;
      line.poLineId = receipt.line.poLineId;
      line.itemId = receipt.line.itemId;
      line.itemName = receipt.line.itemName;
      line.receiveNumber = receipt.receipt.receiveNumber;
      line.offsetReceiveNumber = offset.receipt.receiveNumber;
    });
    return issues.length ? issues : null;
  },
  async afterSave(ctx) {
    if (ctx.created && !ctx.newLines.lines.length) await fillOpenPairs(ctx, ctx.row, ctx.id);
  },
  actions: {
    async doPost(ctx) {
      await move(ctx, ctx.row.writeOffId, 1);
      await ctx.patch(writeOff, ctx.row.writeOffId, { postedDate: ctx.now.getTime() });
    },
    doReverse: (ctx) => move(ctx, ctx.row.writeOffId, -1),
  },
});
