// Receipts on the server. Saving derives everything from the delivery note (or, for a return,
// from the receipt it returns from) and fills the lines with what remains when none are given.
// Posting asks eligibility's RECEIVE purpose of a receipt's supplier for the materials it takes
// in (a blacklist entry over orders refuses; a lapsed qualification or a quit only warns), locks, in this order, the receipt documents involved, the delivery note, its lines and
// the order lines, then checks and moves the quantities (never below zero, never above the note
// or the order beyond the configured tolerance), writes the receiving and stock transactions and
// sets the note's received state. A reversal is a new posted document naming the original.
import { Decimal, type DraftOf, type NewRowOf, type RowOf, type RuleIssue, dec } from '@srm/kernel';
import { AppError, type DataApi, defineActions } from '@srm/platform';
import { asn, asnLine } from '../../delivery';
import { order, orderLine } from '../../purchasing';
import { assertAllEligible, lineQueries } from '../../supplier/server';
import { storageTransaction } from '../storage-transaction/storage-transaction.entity';
import {
  RECEIVABLE_ASN_STATES,
  RECEIVABLE_ORDER_STATES,
  linesUnchanged,
  setQuantities,
  toleranceOf,
  today,
} from '../support';
import { transaction } from '../transaction/transaction.entity';
import { receive } from './receive.entity';
import { receiveLine } from './receive-line.entity';
import { assertPackagesFree, checkScannedLines } from './receive.scan';

type Receipt = RowOf<typeof receive>;
type ReceiptLine = RowOf<typeof receiveLine>;
type Draft = DraftOf<typeof receive>;
type DraftLine = DraftOf<typeof receiveLine>;

const ZERO = dec(0);
const text = (value: Decimal) => value.toString();
const byId = <R, K>(rows: readonly R[], key: (row: R) => K) => new Map(rows.map((row) => [key(row), row]));

// ------------------------------------------------------------------ saving

async function deriveReceiptLines(
  ctx: DataApi,
  row: Draft,
  lines: readonly DraftLine[],
  checkLines: boolean,
): Promise<RuleIssue[]> {
  const asnId = row.asnHeaderId;
  if (typeof asnId !== 'number') return [{ field: 'asnHeaderId', message: 'receiving.asnRequired' }];
  const [note] = await ctx.list(asn, { asnHeaderId: asnId }, { limit: 1 });
  if (!note) return [{ field: 'asnHeaderId', message: 'receiving.asnMissing' }];
  const number = note.asnNumber ?? '';
  if (!RECEIVABLE_ASN_STATES.includes(note.status))
    return [{ field: 'asnHeaderId', message: 'receiving.asnNotReceivable', params: { number } }];
  row.supplierId = note.supplierId;
  row.orgId = note.orgId;
  row.originalReceiveHeaderId = null;
  if (!checkLines) return [];
  const facts = byId(await ctx.lines(asnLine, asnId), (line) => line.asnLineId);
  const issues: RuleIssue[] = [];
  lines.forEach((line, index) => {
    const fact = typeof line.asnLineId === 'number' ? facts.get(line.asnLineId) : undefined;
    if (!fact) {
      issues.push({
        field: `lines.${index}.asnLineId`,
        message: 'receiving.line.notOnNote',
        params: { line: line.lineNum ?? index + 1, number },
      });
      return;
    }
    line.poHeaderId = fact.poHeaderId;
    line.poLineId = fact.poLineId;
    line.itemId = fact.itemId;
    line.itemName = fact.itemName;
    line.uomId = fact.uomId;
    line.originalReceiveLineId = null;
    line.lotNumber = line.lotNumber ?? fact.lotNumber;
    line.storageLocationId = line.storageLocationId ?? row.storageLocationId ?? null;
    const quantity = dec(line.quantity);
    const rejected = dec(line.rejectedQuantity);
    const accepted = quantity.sub(rejected);
    if (accepted.isNegative()) {
      issues.push({
        field: `lines.${index}.acceptedQuantity`,
        message: 'receiving.line.split',
        params: { line: line.lineNum ?? index + 1 },
      });
      return;
    }
    line.rejectedQuantity = rejected.toNumber();
    line.acceptedQuantity = accepted.toNumber();
  });
  if (issues.length) return issues;
  // Scanned packages: each of this note and line, counted once (ADR 0009 §8).
  return checkScannedLines(ctx, asnId, number, row.receiveHeaderId ?? null, lines);
}

async function deriveReturnLines(
  ctx: DataApi,
  row: Draft,
  lines: readonly DraftLine[],
  checkLines: boolean,
): Promise<RuleIssue[]> {
  const originalId = row.originalReceiveHeaderId;
  if (typeof originalId !== 'number')
    return [{ field: 'originalReceiveHeaderId', message: 'receiving.originalRequired' }];
  const [original] = await ctx.list(receive, { receiveHeaderId: originalId }, { limit: 1 });
  if (!original || original.receiveType !== 'RECEIVE' || original.status !== 'POSTED')
    return [{ field: 'originalReceiveHeaderId', message: 'receiving.originalNotPosted' }];
  row.asnHeaderId = original.asnHeaderId;
  row.supplierId = original.supplierId;
  row.orgId = original.orgId;
  if (!checkLines) return [];
  const originals = byId(await ctx.lines(receiveLine, originalId), (line) => line.receiveLineId);
  const issues: RuleIssue[] = [];
  lines.forEach((line, index) => {
    const fact =
      typeof line.originalReceiveLineId === 'number' ? originals.get(line.originalReceiveLineId) : undefined;
    if (!fact) {
      issues.push({
        field: `lines.${index}.originalReceiveLineId`,
        message: 'receiving.line.notOnReceipt',
        params: { line: line.lineNum ?? index + 1, number: original.receiveNumber ?? '' },
      });
      return;
    }
    line.asnLineId = fact.asnLineId;
    line.poHeaderId = fact.poHeaderId;
    line.poLineId = fact.poLineId;
    line.itemId = fact.itemId;
    line.itemName = fact.itemName;
    line.uomId = fact.uomId;
    line.storageLocationId = fact.storageLocationId;
    line.lotNumber = line.lotNumber ?? fact.lotNumber;
    line.acceptedQuantity = null;
    line.rejectedQuantity = 0;
    line.scannedBarcodes = null;
  });
  return issues;
}

/** A reversal's lines take everything from the lines of the document it reverses. */
async function deriveReverseLines(ctx: DataApi, row: Draft, lines: readonly DraftLine[]): Promise<void> {
  const originalId = row.originalReceiveHeaderId;
  const [original] =
    typeof originalId === 'number'
      ? await ctx.list(receive, { receiveHeaderId: originalId }, { limit: 1 })
      : [];
  if (!original) throw new AppError(422, 'receiving.originalNotPosted');
  row.asnHeaderId = original.asnHeaderId;
  row.supplierId = original.supplierId;
  row.orgId = original.orgId;
  const originals = byId(
    await ctx.lines(receiveLine, original.receiveHeaderId),
    (line) => line.receiveLineId,
  );
  for (const line of lines) {
    const fact =
      typeof line.originalReceiveLineId === 'number' ? originals.get(line.originalReceiveLineId) : undefined;
    if (!fact)
      throw new AppError(422, 'receiving.line.notOnReceipt', {
        line: line.lineNum,
        number: original.receiveNumber ?? '',
      });
    line.asnLineId = fact.asnLineId;
    line.poHeaderId = fact.poHeaderId;
    line.poLineId = fact.poLineId;
    line.itemId = fact.itemId;
    line.itemName = fact.itemName;
    line.uomId = fact.uomId;
    line.storageLocationId = fact.storageLocationId;
    line.acceptedQuantity = null;
    line.scannedBarcodes = null;
  }
}

/**
 * Lines for a new receipt or return saved without any: everything that remains on the note (or
 * can still be returned from the receipt), written with the header in one insert.
 */
async function fillRemaining(ctx: DataApi, row: Draft, headerId: number): Promise<void> {
  let lines: Omit<NewRowOf<typeof receiveLine>, 'receiveHeaderId'>[];
  if (row.receiveType === 'RETURN') {
    if (typeof row.originalReceiveHeaderId !== 'number') return;
    lines = (await ctx.lines(receiveLine, row.originalReceiveHeaderId))
      .map((line) => ({ line, left: dec(line.acceptedQuantity).sub(dec(line.returnedQuantity)) }))
      .filter(({ left }) => left.gt(0))
      .map(({ line, left }) => ({
        asnLineId: line.asnLineId,
        originalReceiveLineId: line.receiveLineId,
        poHeaderId: line.poHeaderId,
        poLineId: line.poLineId,
        itemId: line.itemId,
        itemName: line.itemName,
        uomId: line.uomId,
        quantity: left.toNumber(),
        storageLocationId: line.storageLocationId,
        lotNumber: line.lotNumber,
      }));
  } else {
    if (typeof row.asnHeaderId !== 'number') return;
    lines = (await ctx.lines(asnLine, row.asnHeaderId))
      .map((line) => ({ line, left: dec(line.shipQuantity).sub(dec(line.receivedQuantity)) }))
      .filter(({ left }) => left.gt(0))
      .map(({ line, left }) => ({
        asnLineId: line.asnLineId,
        originalReceiveLineId: null,
        poHeaderId: line.poHeaderId,
        poLineId: line.poLineId,
        itemId: line.itemId,
        itemName: line.itemName,
        uomId: line.uomId,
        quantity: left.toNumber(),
        storageLocationId: row.storageLocationId,
        lotNumber: line.lotNumber,
      }));
  }
  await ctx.insert(
    receiveLine,
    lines.map((line, index) => ({
      ...line,
      receiveHeaderId: headerId,
      lineNum: index + 1,
      rejectedQuantity: 0,
      returnedQuantity: 0,
    })),
  );
}

// ------------------------------------------------------------------ posting

type Kind = 'RECEIVE' | 'RETURN' | 'REVERSE_RECEIVE' | 'REVERSE_RETURN';

/** What a posting writes of a receipt line: the header's facts it needs. */
interface Posted {
  readonly receipt: Receipt;
  readonly supplierId: number;
  readonly orgId: number;
}

/** The receiving transactions and stock transactions of a posting. */
async function writeTransactions(
  ctx: DataApi,
  posted: Posted,
  lines: readonly (ReceiptLine & { itemId: number })[],
  kind: Kind,
): Promise<void> {
  const { receipt, supplierId, orgId } = posted;
  const postedDate = ctx.now.getTime();
  const base = (line: ReceiptLine & { itemId: number }) => ({
    transactionDate: receipt.receiveDate,
    supplierId,
    orgId,
    receiveHeaderId: receipt.receiveHeaderId,
    receiveLineId: line.receiveLineId,
    asnHeaderId: receipt.asnHeaderId,
    asnLineId: line.asnLineId,
    poHeaderId: line.poHeaderId,
    poLineId: line.poLineId,
    itemId: line.itemId,
    itemName: line.itemName,
    uomId: line.uomId,
    lotNumber: line.lotNumber,
    postedDate,
  });
  const transactions: NewRowOf<typeof transaction>[] = [];
  const stock: NewRowOf<typeof storageTransaction>[] = [];
  const stockRow = (
    line: ReceiptLine & { itemId: number },
    direction: 'IN' | 'OUT',
    sourceType: string,
    quantity: Decimal,
  ) => {
    if (line.storageLocationId === null || !quantity.gt(0)) return;
    stock.push({
      direction,
      sourceType,
      transactionDate: receipt.receiveDate,
      storageLocationId: line.storageLocationId,
      orgId,
      supplierId,
      itemId: line.itemId,
      itemName: line.itemName,
      uomId: line.uomId,
      quantity: quantity.toNumber(),
      lotNumber: line.lotNumber,
      receiveHeaderId: receipt.receiveHeaderId,
      receiveLineId: line.receiveLineId,
      poHeaderId: line.poHeaderId,
      postedDate,
    });
  };
  for (const line of lines) {
    const quantity = dec(line.quantity);
    if (kind === 'RECEIVE') {
      const rejected = dec(line.rejectedQuantity);
      const accepted = dec(line.acceptedQuantity);
      transactions.push({
        ...base(line),
        transactionType: 'RECEIVE',
        quantity: quantity.toNumber(),
        storageLocationId: line.storageLocationId,
      });
      if (rejected.gt(0))
        transactions.push({
          ...base(line),
          transactionType: 'RETURN_TO_SUPPLIER',
          quantity: rejected.toNumber(),
          remark: 'REJECTED',
        });
      if (accepted.gt(0))
        transactions.push({
          ...base(line),
          transactionType: 'DELIVER',
          quantity: accepted.toNumber(),
          storageLocationId: line.storageLocationId,
        });
      stockRow(line, 'IN', 'RECEIPT', accepted);
    } else if (kind === 'RETURN') {
      transactions.push({
        ...base(line),
        transactionType: 'RETURN_TO_SUPPLIER',
        quantity: quantity.toNumber(),
        storageLocationId: line.storageLocationId,
      });
      stockRow(line, 'OUT', 'RETURN', quantity);
    } else {
      transactions.push({
        ...base(line),
        transactionType: 'CORRECT',
        quantity: quantity.toNumber(),
        storageLocationId: line.storageLocationId,
        remark: kind,
      });
      stockRow(line, kind === 'REVERSE_RECEIVE' ? 'OUT' : 'IN', 'REVERSAL', quantity);
    }
  }
  // The transactions are the platform's record of the posting (no user writes them).
  await ctx.insert(transaction, transactions);
  await ctx.insert(storageTransaction, stock);
}

/** Moves the delivery note's received state to what its lines now hold. */
async function syncAsnState(
  ctx: DataApi,
  note: RowOf<typeof asn>,
  lines: readonly { shipQuantity: number; received: Decimal }[],
): Promise<void> {
  if (!['SUBMITTED', 'RECEIVING', 'RECEIVED'].includes(note.status)) return;
  const all = lines.length > 0 && lines.every((line) => line.received.gte(line.shipQuantity));
  const any = lines.some((line) => line.received.gt(0));
  const target = all ? 'RECEIVED' : any ? 'RECEIVING' : 'SUBMITTED';
  if (target === note.status) return;
  const action = {
    RECEIVED: 'doAllReceived',
    RECEIVING: 'doPartReceived',
    SUBMITTED: 'doNoneReceived',
  } as const;
  await ctx.act(asn, action[target], [note.asnHeaderId]);
}

/** The receipt lines of these ids, locked, by id. */
async function lockedLines(ctx: DataApi, ids: readonly (number | null)[]): Promise<Map<number, ReceiptLine>> {
  const wanted = ids.filter((id): id is number => id !== null);
  return byId(await ctx.lock(receiveLine, wanted), (line) => line.receiveLineId);
}

/** The kind of movement a posting makes, from its type and, for a reversal, its original's. */
function kindOf(receipt: Receipt, original: Receipt | null): Kind {
  if (receipt.receiveType === 'RECEIVE') return 'RECEIVE';
  if (receipt.receiveType === 'RETURN') return 'RETURN';
  return original?.receiveType === 'RETURN' ? 'REVERSE_RETURN' : 'REVERSE_RECEIVE';
}

/** Posts a receipt, a return or a reversal: the quantities move, the transactions are written. */
async function post(ctx: DataApi, row: Receipt): Promise<void> {
  const id = row.receiveHeaderId;
  const type = row.receiveType;
  const lines = await ctx.lines(receiveLine, id);
  if (!lines.length) throw new AppError(422, 'receiving.noLines');
  if (type === 'RECEIVE') {
    const named = lines.map((line) => ({
      supplierId: row.supplierId,
      orgId: row.orgId,
      itemId: line.itemId,
    }));
    await assertAllEligible(ctx, lineQueries(named), 'RECEIVE');
  }

  // Receipt documents first: the one a return or reversal refers to, then the one behind it.
  let original: Receipt | null = null;
  let originalLines = new Map<number, ReceiptLine>();
  let grandLines = new Map<number, ReceiptLine>();
  if (type !== 'RECEIVE') {
    if (row.originalReceiveHeaderId === null) throw new AppError(422, 'receiving.originalNotPosted');
    [original] = await ctx.lock(receive, [row.originalReceiveHeaderId]);
    if (!original) throw new AppError(422, 'receiving.originalNotPosted');
    if (type === 'RETURN' && (original.receiveType !== 'RECEIVE' || original.status !== 'POSTED'))
      throw new AppError(422, 'receiving.originalNotPosted');
    const behind = type === 'REVERSE' && original.receiveType === 'RETURN';
    if (behind && original.originalReceiveHeaderId !== null)
      await ctx.lock(receive, [original.originalReceiveHeaderId]);
    originalLines = await lockedLines(
      ctx,
      lines.map((line) => line.originalReceiveLineId),
    );
    if (behind)
      grandLines = await lockedLines(
        ctx,
        [...originalLines.values()].map((line) => line.originalReceiveLineId),
      );
  }

  // The delivery note and its lines, then the order lines.
  if (row.asnHeaderId === null) throw new AppError(422, 'receiving.asnMissing');
  const [note] = await ctx.lock(asn, [row.asnHeaderId]);
  if (!note) throw new AppError(422, 'receiving.asnMissing');
  const { supplierId, orgId } = note;
  if (supplierId === null || orgId === null) throw new AppError(422, 'receiving.asnMissing');
  const number = note.asnNumber ?? '';
  if (type === 'RECEIVE' && !RECEIVABLE_ASN_STATES.includes(note.status))
    throw new AppError(422, 'receiving.asnNotReceivable', { number });
  const noteLines = byId(
    await ctx.lock(
      asnLine,
      (await ctx.lines(asnLine, note.asnHeaderId)).map((line) => line.asnLineId),
    ),
    (line) => line.asnLineId,
  );
  // The note is locked: a package scanned into two receipts posts with the first one only.
  if (type === 'RECEIVE')
    await assertPackagesFree(
      ctx,
      note.asnHeaderId,
      id,
      lines.map((line) => line.scannedBarcodes),
    );
  const orderLines = byId(
    await ctx.lock(
      orderLine,
      lines.flatMap((line) => (line.poLineId === null ? [] : [line.poLineId])),
    ),
    (line) => line.poLineId,
  );
  const orders = byId(
    await ctx.list(order, {
      poHeaderId: [...new Set([...orderLines.values()].map((line) => line.poHeaderId))],
    }),
    (header) => header.poHeaderId,
  );
  const tolerance = type === 'RECEIVE' ? await toleranceOf(ctx, orgId) : ZERO;
  const factor = tolerance.div(100).add(1);

  const kind = kindOf(row, original);
  // Received quantities of the note and order lines, and returned quantities of receipt lines, as
  // the posting moves them.
  const noteReceived = new Map(
    [...noteLines.values()].map((line) => [line.asnLineId, dec(line.receivedQuantity)]),
  );
  const orderReceived = new Map(
    [...orderLines.values()].map((line) => [line.poLineId, dec(line.receivedQuantity)]),
  );
  const returned = new Map<number, Decimal>();
  const returnedOf = (line: ReceiptLine) => returned.get(line.receiveLineId) ?? dec(line.returnedQuantity);
  const moved: (ReceiptLine & { itemId: number })[] = [];
  for (const line of lines) {
    const noteLine = line.asnLineId === null ? undefined : noteLines.get(line.asnLineId);
    const orderLineRow = line.poLineId === null ? undefined : orderLines.get(line.poLineId);
    const header = orderLineRow ? orders.get(orderLineRow.poHeaderId) : undefined;
    const itemId = line.itemId;
    if (!noteLine || !orderLineRow || !header || itemId === null)
      throw new AppError(422, 'receiving.line.notOnNote', { line: line.lineNum, number });
    const quantity = dec(line.quantity);
    const accepted = dec(line.acceptedQuantity);
    const poNumber = header.poNumber ?? '';
    const noteBefore = noteReceived.get(noteLine.asnLineId)!;
    const orderBefore = orderReceived.get(orderLineRow.poLineId)!;
    let delta: Decimal;
    if (kind === 'RECEIVE') {
      if (!RECEIVABLE_ORDER_STATES.includes(header.status))
        throw new AppError(422, 'receiving.orderNotOpen', { number: poNumber });
      if (orderLineRow.closedFlag === 'Y')
        throw new AppError(422, 'receiving.lineClosed', { number: poNumber, line: orderLineRow.lineNum });
      if (accepted.gt(0) && line.storageLocationId === null)
        throw new AppError(422, 'receiving.line.location', { line: line.lineNum });
      const noteLimit = dec(noteLine.shipQuantity).mul(factor);
      if (noteBefore.add(quantity).gt(noteLimit))
        throw new AppError(422, 'receiving.overNote', {
          line: line.lineNum,
          number,
          wanted: text(quantity),
          open: text(Decimal.max(noteLimit.sub(noteBefore), ZERO)),
        });
      delta = accepted;
    } else {
      const source = originalLines.get(line.originalReceiveLineId ?? 0);
      if (!source)
        throw new AppError(422, 'receiving.line.notOnReceipt', {
          line: line.lineNum,
          number: original?.receiveNumber ?? '',
        });
      if (kind === 'RETURN') {
        const left = dec(source.acceptedQuantity).sub(returnedOf(source));
        if (quantity.gt(left))
          throw new AppError(422, 'receiving.overReturn', {
            line: line.lineNum,
            wanted: text(quantity),
            left: text(Decimal.max(left, ZERO)),
          });
        returned.set(source.receiveLineId, returnedOf(source).add(quantity));
        delta = quantity.neg();
      } else if (kind === 'REVERSE_RECEIVE') {
        delta = quantity.neg();
      } else {
        const grand = grandLines.get(source.originalReceiveLineId ?? 0);
        if (!grand) throw new AppError(422, 'receiving.originalNotPosted');
        const back = returnedOf(grand).sub(quantity);
        if (back.isNegative()) throw new AppError(422, 'receiving.negative', { line: line.lineNum });
        returned.set(grand.receiveLineId, back);
        delta = quantity;
      }
    }
    const noteAfter = noteBefore.add(delta);
    const orderAfter = orderBefore.add(delta);
    if (noteAfter.isNegative() || orderAfter.isNegative())
      throw new AppError(422, 'receiving.negative', { line: line.lineNum });
    const orderLimit = dec(orderLineRow.quantity).mul(factor);
    if (kind === 'RECEIVE' && orderAfter.gt(orderLimit))
      throw new AppError(422, 'receiving.overOrder', {
        line: orderLineRow.lineNum,
        number: poNumber,
        wanted: text(accepted),
        open: text(Decimal.max(orderLimit.sub(orderBefore), ZERO)),
      });
    noteReceived.set(noteLine.asnLineId, noteAfter);
    orderReceived.set(orderLineRow.poLineId, orderAfter);
    moved.push({ ...line, itemId });
  }
  const changed = <K>(after: Map<K, Decimal>, before: (id: K) => Decimal) =>
    new Map([...after].filter(([id, value]) => !value.eq(before(id))));
  await setQuantities(
    ctx,
    asnLine,
    'receivedQuantity',
    changed(noteReceived, (id) => dec(noteLines.get(id)!.receivedQuantity)),
  );
  await setQuantities(
    ctx,
    orderLine,
    'receivedQuantity',
    changed(orderReceived, (id) => dec(orderLines.get(id)!.receivedQuantity)),
  );
  await setQuantities(ctx, receiveLine, 'returnedQuantity', returned);
  await ctx.patch(receive, id, { postedDate: ctx.now.getTime() });
  await writeTransactions(ctx, { receipt: row, supplierId, orgId }, moved, kind);
  await syncAsnState(
    ctx,
    note,
    [...noteLines.values()].map((line) => ({
      shipQuantity: line.shipQuantity,
      received: noteReceived.get(line.asnLineId)!,
    })),
  );
}

/** Creates and posts the reversal of a posted receipt or return, as the platform's document. */
async function reverse(ctx: DataApi, row: Receipt, comment: string | null | undefined): Promise<void> {
  const id = row.receiveHeaderId;
  const lines = await ctx.lock(
    receiveLine,
    (await ctx.lines(receiveLine, id)).map((line) => line.receiveLineId),
  );
  const platform = ctx.system(
    'a reversal is written by the platform, never by a user (receiving.reverseByAction)',
  );
  const saved = await platform.save(receive, {
    receiveType: 'REVERSE',
    asnHeaderId: row.asnHeaderId,
    originalReceiveHeaderId: id,
    receiveDate: today(ctx),
    storageLocationId: row.storageLocationId,
    receiverName: row.receiverName,
    remark: comment?.trim() ? comment.trim().slice(0, 1000) : null,
    lines: lines
      .map((line) => ({
        line,
        quantity: dec(row.receiveType === 'RETURN' ? line.quantity : line.acceptedQuantity),
      }))
      .filter(({ quantity }) => quantity.gt(0))
      .map(({ line, quantity }, index) => ({
        lineNum: index + 1,
        originalReceiveLineId: line.receiveLineId,
        quantity: quantity.toNumber(),
        rejectedQuantity: 0,
        lotNumber: line.lotNumber,
      })),
  });
  await platform.act(receive, 'doPost', [saved.receiveHeaderId]);
}

export const receiveActions = defineActions(receive, {
  async beforeSave(ctx) {
    const { row, previous } = ctx;
    if (previous && previous.receiveType !== row.receiveType)
      return [{ field: 'receiveType', message: 'receiving.typeFixed' }];
    const lines = ctx.newLines.lines;
    if (row.receiveType === 'REVERSE') {
      if (!ctx.actor.system) return [{ field: 'receiveType', message: 'receiving.reverseByAction' }];
      await deriveReverseLines(ctx, row, lines);
      return null;
    }
    // Lines a save leaves as stored (or does not send) are not derived and checked again.
    const checkLines = ctx.created || !linesUnchanged(lines, ctx.oldLines.lines, 'receiveLineId');
    const issues =
      row.receiveType === 'RETURN'
        ? await deriveReturnLines(ctx, row, lines, checkLines)
        : await deriveReceiptLines(ctx, row, lines, checkLines);
    return issues.length ? issues : null;
  },
  async afterSave(ctx) {
    if (!ctx.created || ctx.row.receiveType === 'REVERSE' || ctx.newLines.lines.length) return;
    await fillRemaining(ctx, ctx.row, ctx.id);
  },
  guards: {
    doReverse: (ctx) =>
      ctx.previous.receiveType === 'REVERSE' ? { message: 'receiving.reverseOfReverse' } : null,
  },
  actions: {
    doPost: (ctx) => post(ctx, ctx.row),
    async doReverse(ctx) {
      const { row } = ctx;
      if (row.receiveType === 'RECEIVE') {
        const lines = await ctx.lines(receiveLine, row.receiveHeaderId);
        const params = { number: row.receiveNumber ?? '' };
        if (lines.some((line) => dec(line.returnedQuantity).gt(0)))
          throw new AppError(422, 'receiving.hasReturns', params);
        if (!lines.some((line) => dec(line.acceptedQuantity).gt(0)))
          throw new AppError(422, 'receiving.nothingToReverse', params);
      }
      await reverse(ctx, row, ctx.input.comment);
    },
  },
});
