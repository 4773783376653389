// Receipts on the server. Saving derives everything from the delivery note (or, for a return,
// from the receipt it returns from) and fills the lines with what remains when none are given.
// Posting locks, in this order, the receipt documents involved, the delivery note, its lines and
// the order lines, then checks and moves the quantities (never below zero, never above the note
// or the order beyond the configured tolerance), writes the receiving and stock transactions and
// sets the note's received state. A reversal is a new posted document naming the original.
import { eq } from 'drizzle-orm';
import { Decimal, type RuleIssue, dec } from '@srm/kernel';
import { AppError, type HookContext, type Row, legacyActions } from '@srm/platform';
import { orderLineFacts } from '../delivery/support';
import { receive } from './receive.entity';
import { assertPackagesFree, checkScannedLines, scanPackage } from './scan';
import {
  ASN,
  ASN_LINE,
  HEADER,
  LINE,
  RECEIVABLE_ASN_STATES,
  RECEIVABLE_ORDER_STATES,
  type ReceiptLineFacts,
  asSystem,
  asnHeader,
  asnLines,
  bodyOf,
  col,
  idIn,
  receiptHeader,
  receiptLines,
  toleranceOf,
} from './support';

const ZERO = dec(0);
const text = (value: Decimal) => value.toString();

function today(context: HookContext): string {
  return context.now.toISOString().slice(0, 10);
}

function num(value: unknown): Decimal | null {
  if (value === null || value === undefined || value === '') return null;
  return dec(value as number);
}

// ------------------------------------------------------------------ saving

async function deriveReceiptLines(
  context: HookContext,
  row: Row,
  lines: Row[] | undefined,
): Promise<RuleIssue[]> {
  const asnId = row.asnHeaderId;
  if (typeof asnId !== 'number') return [{ field: 'asnHeaderId', message: 'receiving.asnRequired' }];
  const note = await asnHeader(context, asnId, false);
  if (!note) return [{ field: 'asnHeaderId', message: 'receiving.asnMissing' }];
  if (!RECEIVABLE_ASN_STATES.includes(note.status))
    return [
      { field: 'asnHeaderId', message: 'receiving.asnNotReceivable', params: { number: note.asnNumber } },
    ];
  row.supplierId = note.supplierId;
  row.orgId = note.orgId;
  row.originalReceiveHeaderId = null;
  if (!lines) return [];
  const facts = await asnLines(context, asnId, false);
  const issues: RuleIssue[] = [];
  lines.forEach((line, index) => {
    const fact = typeof line.asnLineId === 'number' ? facts.get(line.asnLineId) : undefined;
    if (!fact) {
      issues.push({
        field: `lines.${index}.asnLineId`,
        message: 'receiving.line.notOnNote',
        params: { line: Number(line.lineNum ?? index + 1), number: note.asnNumber },
      });
      return;
    }
    line.poHeaderId = fact.poHeaderId;
    line.poLineId = fact.poLineId;
    line.itemId = fact.itemId;
    line.itemName = fact.itemName;
    line.uomId = fact.uomId;
    line.originalReceiveLineId = null;
    if (line.lotNumber === null || line.lotNumber === undefined) line.lotNumber = fact.lotNumber;
    if (line.storageLocationId === null || line.storageLocationId === undefined)
      line.storageLocationId = row.storageLocationId ?? null;
    const quantity = num(line.quantity) ?? ZERO;
    const rejected = num(line.rejectedQuantity) ?? ZERO;
    const accepted = quantity.sub(rejected);
    if (accepted.isNegative()) {
      issues.push({
        field: `lines.${index}.acceptedQuantity`,
        message: 'receiving.line.split',
        params: { line: Number(line.lineNum ?? index + 1) },
      });
      return;
    }
    line.rejectedQuantity = rejected.toNumber();
    line.acceptedQuantity = accepted.toNumber();
  });
  if (issues.length) return issues;
  // Scanned packages: each of this note and line, counted once (ADR 0009 §8).
  const receiveHeaderId = typeof row.receiveHeaderId === 'number' ? row.receiveHeaderId : null;
  return checkScannedLines(context, asnId, note.asnNumber, receiveHeaderId, lines);
}

async function deriveReturnLines(
  context: HookContext,
  row: Row,
  lines: Row[] | undefined,
): Promise<RuleIssue[]> {
  const originalId = row.originalReceiveHeaderId;
  if (typeof originalId !== 'number')
    return [{ field: 'originalReceiveHeaderId', message: 'receiving.originalRequired' }];
  const original = await receiptHeader(context, originalId, false);
  if (!original || original.receiveType !== 'RECEIVE' || original.status !== 'POSTED')
    return [{ field: 'originalReceiveHeaderId', message: 'receiving.originalNotPosted' }];
  row.asnHeaderId = original.asnHeaderId;
  row.supplierId = original.supplierId;
  row.orgId = original.orgId;
  if (!lines) return [];
  const originals = new Map(
    (await receiptLines(context, { headerId: originalId }, false)).map((line) => [line.receiveLineId, line]),
  );
  const issues: RuleIssue[] = [];
  lines.forEach((line, index) => {
    const fact =
      typeof line.originalReceiveLineId === 'number' ? originals.get(line.originalReceiveLineId) : undefined;
    if (!fact) {
      issues.push({
        field: `lines.${index}.originalReceiveLineId`,
        message: 'receiving.line.notOnReceipt',
        params: { line: Number(line.lineNum ?? index + 1), number: original.receiveNumber },
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
    if (line.lotNumber === null || line.lotNumber === undefined) line.lotNumber = fact.lotNumber;
    line.acceptedQuantity = null;
    line.rejectedQuantity = 0;
    line.scannedBarcodes = null;
  });
  return issues;
}

/**
 * Lines for a new receipt or return saved without any: everything that remains on the note (or
 * can still be returned from the receipt), derived as a save would derive them and written with
 * the header, which keeps its first version.
 */
async function fillRemaining(context: HookContext, row: Row, headerId: number): Promise<void> {
  let lines: Row[];
  if (row.receiveType === 'RETURN') {
    const originals = await receiptLines(context, { headerId: row.originalReceiveHeaderId as number }, false);
    lines = originals
      .map((line) => ({ line, left: line.acceptedQuantity.sub(line.returnedQuantity) }))
      .filter(({ left }) => left.gt(0))
      .map(({ line, left }) => ({
        asnLineId: line.asnLineId,
        originalReceiveLineId: line.receiveLineId,
        poHeaderId: line.poHeaderId,
        poLineId: line.poLineId,
        itemId: line.itemId,
        itemName: line.itemName,
        uomId: line.uomId,
        quantity: left.toString(),
        acceptedQuantity: null,
        storageLocationId: line.storageLocationId,
        lotNumber: line.lotNumber,
      }));
  } else {
    const facts = await asnLines(context, row.asnHeaderId as number, false);
    lines = [...facts.values()]
      .sort((a, b) => a.lineNum - b.lineNum)
      .map((line) => ({ line, left: line.shipQuantity.sub(line.receivedQuantity) }))
      .filter(({ left }) => left.gt(0))
      .map(({ line, left }) => ({
        asnLineId: line.asnLineId,
        originalReceiveLineId: null,
        poHeaderId: line.poHeaderId,
        poLineId: line.poLineId,
        itemId: line.itemId,
        itemName: line.itemName,
        uomId: line.uomId,
        quantity: left.toString(),
        acceptedQuantity: left.toString(),
        storageLocationId: (row.storageLocationId as number | null | undefined) ?? null,
        lotNumber: line.lotNumber,
      }));
  }
  if (!lines.length) return;
  const audit = {
    versionNum: 1,
    createdBy: context.actor.userId,
    creationDate: context.now,
    lastUpdatedBy: context.actor.userId,
    lastUpdateDate: context.now,
  };
  await context.tx.insert(context.runtime.table(LINE)).values(
    lines.map((line, index) => ({
      ...line,
      ...audit,
      receiveHeaderId: headerId,
      lineNum: index + 1,
      rejectedQuantity: '0',
      returnedQuantity: '0',
    })),
  );
}

// ------------------------------------------------------------------ posting

interface Move {
  readonly line: ReceiptLineFacts;
  /** Change of the received quantity on the delivery note and order lines. */
  readonly delta: Decimal;
}

async function writeTransactions(
  context: HookContext,
  header: Row,
  moves: readonly Move[],
  kind: 'RECEIVE' | 'RETURN' | 'REVERSE_RECEIVE' | 'REVERSE_RETURN',
): Promise<void> {
  const base = (line: ReceiptLineFacts) => ({
    transactionDate: header.receiveDate,
    supplierId: header.supplierId,
    orgId: header.orgId,
    receiveHeaderId: header.receiveHeaderId,
    receiveLineId: line.receiveLineId,
    asnHeaderId: header.asnHeaderId ?? null,
    asnLineId: line.asnLineId,
    poHeaderId: line.poHeaderId,
    poLineId: line.poLineId,
    itemId: line.itemId,
    itemName: line.itemName,
    uomId: line.uomId,
    lotNumber: line.lotNumber,
    postedDate: context.now.getTime(),
  });
  const transactions: Row[] = [];
  const stock: Row[] = [];
  const stockRow = (
    line: ReceiptLineFacts,
    direction: 'IN' | 'OUT',
    sourceType: string,
    quantity: Decimal,
  ) => {
    if (line.storageLocationId === null || !quantity.gt(0)) return;
    stock.push({
      direction,
      sourceType,
      transactionDate: header.receiveDate,
      storageLocationId: line.storageLocationId,
      orgId: header.orgId,
      supplierId: header.supplierId,
      itemId: line.itemId,
      itemName: line.itemName,
      uomId: line.uomId,
      quantity: quantity.toNumber(),
      lotNumber: line.lotNumber,
      receiveHeaderId: header.receiveHeaderId,
      receiveLineId: line.receiveLineId,
      poHeaderId: line.poHeaderId,
      postedDate: context.now.getTime(),
    });
  };
  for (const { line } of moves) {
    if (kind === 'RECEIVE') {
      transactions.push({
        ...base(line),
        transactionType: 'RECEIVE',
        quantity: line.quantity.toNumber(),
        storageLocationId: line.storageLocationId,
      });
      if (line.rejectedQuantity.gt(0))
        transactions.push({
          ...base(line),
          transactionType: 'RETURN_TO_SUPPLIER',
          quantity: line.rejectedQuantity.toNumber(),
          remark: 'REJECTED',
        });
      if (line.acceptedQuantity.gt(0))
        transactions.push({
          ...base(line),
          transactionType: 'DELIVER',
          quantity: line.acceptedQuantity.toNumber(),
          storageLocationId: line.storageLocationId,
        });
      stockRow(line, 'IN', 'RECEIPT', line.acceptedQuantity);
    } else if (kind === 'RETURN') {
      transactions.push({
        ...base(line),
        transactionType: 'RETURN_TO_SUPPLIER',
        quantity: line.quantity.toNumber(),
        storageLocationId: line.storageLocationId,
      });
      stockRow(line, 'OUT', 'RETURN', line.quantity);
    } else {
      transactions.push({
        ...base(line),
        transactionType: 'CORRECT',
        quantity: line.quantity.toNumber(),
        storageLocationId: line.storageLocationId,
        remark: kind,
      });
      stockRow(line, kind === 'REVERSE_RECEIVE' ? 'OUT' : 'IN', 'REVERSAL', line.quantity);
    }
  }
  const system = asSystem(context.actor);
  for (const [entity, rows] of [
    ['srmPurTransaction', transactions],
    ['srmPurStorageTransaction', stock],
  ] as const) {
    if (!rows.length) continue;
    const written = await context.runtime.service(entity).createMany(system, rows);
    if (!('ids' in written)) throw new AppError(500, 'receiving.transactionRefused');
  }
}

/** Moves the delivery note's received state to what its lines now hold. */
async function syncAsnState(context: HookContext, asnHeaderId: number, status: string): Promise<void> {
  if (!['SUBMITTED', 'RECEIVING', 'RECEIVED'].includes(status)) return;
  const lines = [...(await asnLines(context, asnHeaderId, false)).values()];
  const all = lines.length > 0 && lines.every((line) => line.receivedQuantity.gte(line.shipQuantity));
  const any = lines.some((line) => line.receivedQuantity.gt(0));
  const target = all ? 'RECEIVED' : any ? 'RECEIVING' : 'SUBMITTED';
  if (target === status) return;
  const action = { RECEIVED: 'doAllReceived', RECEIVING: 'doPartReceived', SUBMITTED: 'doNoneReceived' }[
    target
  ];
  await context.runtime
    .service(ASN)
    .act(asSystem(context.actor), action, [asnHeaderId], {}, { fromHttp: false });
}

async function setReceived(
  context: HookContext,
  entity: string,
  key: string,
  id: number,
  value: Decimal,
): Promise<void> {
  await context.tx
    .update(context.runtime.table(entity))
    .set({ receivedQuantity: value.toString() })
    .where(eq(col(context, entity, key), id));
}

async function setReturned(context: HookContext, line: ReceiptLineFacts): Promise<void> {
  await context.tx
    .update(context.runtime.table(LINE))
    .set({ returnedQuantity: line.returnedQuantity.toString() })
    .where(eq(col(context, LINE, 'receiveLineId'), line.receiveLineId));
}

/** Posts a receipt, a return or a reversal: the quantities move, the transactions are written. */
async function post(context: HookContext, row: Row): Promise<void> {
  const id = row.receiveHeaderId as number;
  const type = row.receiveType as string;
  const lines = await receiptLines(context, { headerId: id }, false);
  if (!lines.length) throw new AppError(422, 'receiving.noLines');

  // Receipt documents first: the one a return or reversal refers to, then the one behind it.
  let original = null;
  let originalLines = new Map<number, ReceiptLineFacts>();
  let grandLines = new Map<number, ReceiptLineFacts>();
  if (type !== 'RECEIVE') {
    original = await receiptHeader(context, row.originalReceiveHeaderId as number, true);
    if (!original) throw new AppError(422, 'receiving.originalNotPosted');
    if (type === 'RETURN' && (original.receiveType !== 'RECEIVE' || original.status !== 'POSTED'))
      throw new AppError(422, 'receiving.originalNotPosted');
    if (type === 'REVERSE' && original.receiveType === 'RETURN') {
      await receiptHeader(context, original.originalReceiveHeaderId!, true);
    }
    originalLines = new Map(
      (
        await receiptLines(
          context,
          { ids: lines.map((line) => line.originalReceiveLineId!).filter((v) => v !== null) },
          true,
        )
      ).map((line) => [line.receiveLineId, line]),
    );
    if (type === 'REVERSE' && original.receiveType === 'RETURN') {
      const ids = [...originalLines.values()]
        .map((line) => line.originalReceiveLineId)
        .filter((v): v is number => v !== null);
      grandLines = new Map(
        (await receiptLines(context, { ids }, true)).map((line) => [line.receiveLineId, line]),
      );
    }
  }

  // The delivery note and its lines, then the order lines.
  const asnId = row.asnHeaderId as number;
  const note = await asnHeader(context, asnId, true);
  if (!note) throw new AppError(422, 'receiving.asnMissing');
  if (type === 'RECEIVE' && !RECEIVABLE_ASN_STATES.includes(note.status))
    throw new AppError(422, 'receiving.asnNotReceivable', { number: note.asnNumber });
  const noteLines = await asnLines(context, asnId, true);
  if (type === 'RECEIVE') {
    // The note is locked: a package scanned into two receipts posts with the first one only.
    const scanned = await context.tx
      .select({ codes: col(context, LINE, 'scannedBarcodes') })
      .from(context.runtime.table(LINE))
      .where(eq(col(context, LINE, 'receiveHeaderId'), id));
    await assertPackagesFree(
      context,
      asnId,
      id,
      scanned.map((line) => (line.codes as string | null) ?? null),
    );
  }
  const orders = await orderLineFacts(
    context,
    lines.map((line) => line.poLineId!).filter((v) => v !== null),
    true,
  );
  const tolerance = type === 'RECEIVE' ? await toleranceOf(context, note.orgId) : ZERO;
  const factor = tolerance.div(100).add(1);

  const moves: Move[] = [];
  const kind =
    type === 'RECEIVE'
      ? 'RECEIVE'
      : type === 'RETURN'
        ? 'RETURN'
        : original!.receiveType === 'RETURN'
          ? 'REVERSE_RETURN'
          : 'REVERSE_RECEIVE';
  for (const line of lines) {
    const noteLine = line.asnLineId === null ? undefined : noteLines.get(line.asnLineId);
    const order = line.poLineId === null ? undefined : orders.get(line.poLineId);
    if (!noteLine || !order)
      throw new AppError(422, 'receiving.line.notOnNote', { line: line.lineNum, number: note.asnNumber });
    let delta: Decimal;
    if (kind === 'RECEIVE') {
      if (!RECEIVABLE_ORDER_STATES.includes(order.orderStatus))
        throw new AppError(422, 'receiving.orderNotOpen', { number: order.poNumber });
      if (order.closed)
        throw new AppError(422, 'receiving.lineClosed', { number: order.poNumber, line: order.lineNum });
      if (line.acceptedQuantity.gt(0) && line.storageLocationId === null)
        throw new AppError(422, 'receiving.line.location', { line: line.lineNum });
      const arrived = noteLine.receivedQuantity.add(line.quantity);
      const noteLimit = noteLine.shipQuantity.mul(factor);
      if (arrived.gt(noteLimit))
        throw new AppError(422, 'receiving.overNote', {
          line: line.lineNum,
          number: note.asnNumber,
          wanted: text(line.quantity),
          open: text(Decimal.max(noteLimit.sub(noteLine.receivedQuantity), ZERO)),
        });
      delta = line.acceptedQuantity;
    } else {
      const source = originalLines.get(line.originalReceiveLineId ?? 0);
      if (!source)
        throw new AppError(422, 'receiving.line.notOnReceipt', {
          line: line.lineNum,
          number: original!.receiveNumber,
        });
      if (kind === 'RETURN') {
        const left = source.acceptedQuantity.sub(source.returnedQuantity);
        if (line.quantity.gt(left))
          throw new AppError(422, 'receiving.overReturn', {
            line: line.lineNum,
            wanted: text(line.quantity),
            left: text(Decimal.max(left, ZERO)),
          });
        source.returnedQuantity = source.returnedQuantity.add(line.quantity);
        await setReturned(context, source);
        delta = line.quantity.neg();
      } else if (kind === 'REVERSE_RECEIVE') {
        delta = line.quantity.neg();
      } else {
        const grand = grandLines.get(source.originalReceiveLineId ?? 0);
        if (!grand) throw new AppError(422, 'receiving.originalNotPosted');
        grand.returnedQuantity = grand.returnedQuantity.sub(line.quantity);
        if (grand.returnedQuantity.isNegative())
          throw new AppError(422, 'receiving.negative', { line: line.lineNum });
        await setReturned(context, grand);
        delta = line.quantity;
      }
    }
    noteLine.receivedQuantity = noteLine.receivedQuantity.add(delta);
    const orderReceived = order.receivedQuantity.add(delta);
    if (noteLine.receivedQuantity.isNegative() || orderReceived.isNegative())
      throw new AppError(422, 'receiving.negative', { line: line.lineNum });
    if (kind === 'RECEIVE' && orderReceived.gt(order.quantity.mul(factor)))
      throw new AppError(422, 'receiving.overOrder', {
        line: order.lineNum,
        number: order.poNumber,
        wanted: text(line.acceptedQuantity),
        open: text(Decimal.max(order.quantity.mul(factor).sub(order.receivedQuantity), ZERO)),
      });
    orders.set(order.poLineId, { ...order, receivedQuantity: orderReceived });
    moves.push({ line, delta });
  }
  for (const noteLine of noteLines.values())
    await setReceived(context, ASN_LINE, 'asnLineId', noteLine.asnLineId, noteLine.receivedQuantity);
  for (const order of orders.values())
    await setReceived(context, 'srmPoLine', 'poLineId', order.poLineId, order.receivedQuantity);
  await context.tx
    .update(context.runtime.table(HEADER))
    .set({ postedDate: context.now })
    .where(eq(col(context, HEADER, 'receiveHeaderId'), id));
  await writeTransactions(context, { ...row, orgId: note.orgId, supplierId: note.supplierId }, moves, kind);
  await syncAsnState(context, asnId, note.status);
}

/** Creates and posts the reversal of a posted receipt or return. */
async function reverse(context: HookContext, row: Row, comment: unknown): Promise<Row> {
  const id = row.receiveHeaderId as number;
  const lines = await receiptLines(context, { headerId: id }, true);
  const system = asSystem(context.actor);
  const service = context.runtime.service(HEADER);
  const saved = await service.save(system, {
    receiveType: 'REVERSE',
    asnHeaderId: row.asnHeaderId,
    originalReceiveHeaderId: id,
    receiveDate: today(context),
    storageLocationId: row.storageLocationId ?? null,
    receiverName: row.receiverName ?? null,
    remark: typeof comment === 'string' && comment.trim() ? comment.trim().slice(0, 1000) : null,
    lines: lines
      .map((line) => ({
        line,
        quantity: row.receiveType === 'RETURN' ? line.quantity : line.acceptedQuantity,
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
  const [posted] = await service.act(
    system,
    'doPost',
    [saved.receiveHeaderId as number],
    {},
    { fromHttp: false },
  );
  return posted!;
}

async function deriveReverseLines(context: HookContext, row: Row, lines: Row[] | undefined): Promise<void> {
  const original = await receiptHeader(context, row.originalReceiveHeaderId as number, false);
  if (!original) throw new AppError(422, 'receiving.originalNotPosted');
  row.asnHeaderId = original.asnHeaderId;
  row.supplierId = original.supplierId;
  row.orgId = original.orgId;
  const originals = new Map(
    (await receiptLines(context, { headerId: original.receiveHeaderId }, false)).map((line) => [
      line.receiveLineId,
      line,
    ]),
  );
  for (const line of lines ?? []) {
    const fact = originals.get(line.originalReceiveLineId as number)!;
    Object.assign(line, {
      asnLineId: fact.asnLineId,
      poHeaderId: fact.poHeaderId,
      poLineId: fact.poLineId,
      itemId: fact.itemId,
      itemName: fact.itemName,
      uomId: fact.uomId,
      storageLocationId: fact.storageLocationId,
      acceptedQuantity: null,
      scannedBarcodes: null,
    });
  }
}

export const receiveActions = legacyActions(receive, {
  async beforeSave(context, { row, previous, lines }): Promise<RuleIssue[] | null> {
    const type = row.receiveType as string;
    if (previous && previous.receiveType !== type)
      return [{ field: 'receiveType', message: 'receiving.typeFixed' }];
    if (type === 'REVERSE') {
      if (!context.actor.system) return [{ field: 'receiveType', message: 'receiving.reverseByAction' }];
      await deriveReverseLines(context, row, lines.lines);
      return null;
    }
    const issues =
      type === 'RETURN'
        ? await deriveReturnLines(context, row, lines.lines)
        : await deriveReceiptLines(context, row, lines.lines);
    return issues.length ? issues : null;
  },
  async afterSave(context, { row, created, lines, id }) {
    if (!created || row.receiveType === 'REVERSE' || lines.lines?.length) return;
    await fillRemaining(context, row, id);
  },
  guards: {
    doReverse(_context, { previous }) {
      if (previous.receiveType === 'REVERSE') return { message: 'receiving.reverseOfReverse' };
      return null;
    },
  },
  actions: {
    async doPost(context, { row }) {
      await post(context, row);
    },
    async doReverse(context, { row, input }) {
      if (row.receiveType === 'RECEIVE') {
        const lines = await receiptLines(context, { headerId: row.receiveHeaderId as number }, true);
        if (lines.some((line) => line.returnedQuantity.gt(0)))
          throw new AppError(422, 'receiving.hasReturns', { number: String(row.receiveNumber) });
        if (!lines.some((line) => line.acceptedQuantity.gt(0)))
          throw new AppError(422, 'receiving.nothingToReverse', { number: String(row.receiveNumber) });
      }
      await reverse(context, row, input.comment);
    },
  },
  endpoints: {
    /**
     * 扫码收货: looks up a scanned package barcode for a receipt of the note (`{ asnHeaderId,
     * barcode, scanned?: [codes the receipt already holds], receiveHeaderId? }`) and answers its
     * line and quantity; an unknown code, one of another note, one scanned already or one on a
     * posted receipt is refused (the save and the posting check the same again).
     */
    scanBarcode: {
      read: true,
      async handle(context, raw) {
        if (context.actor.side !== 'internal') throw new AppError(403, 'access.denied');
        const body = bodyOf(raw);
        const asnHeaderId = idIn(body, 'asnHeaderId');
        // A QR scanner sends the whole payload `barcode|asnNumber|…`: its first field is the barcode.
        const code = typeof body.barcode === 'string' ? (body.barcode.split('|')[0] ?? '').trim() : '';
        if (!code || code.length > 60) throw new AppError(400, 'receiving.scan.input');
        const scanned = Array.isArray(body.scanned)
          ? body.scanned.filter((item): item is string => typeof item === 'string')
          : [];
        const receiveHeaderId =
          body.receiveHeaderId === undefined || body.receiveHeaderId === null
            ? null
            : idIn(body, 'receiveHeaderId');
        // The note through the reader's scope: another organisation's answers 404.
        await context.runtime.service(ASN).find(context.actor, asnHeaderId);
        return { data: await scanPackage(context, asnHeaderId, code, scanned, receiveHeaderId) };
      },
    },
    /**
     * 确认收货: receives a submitted delivery note in one call — a receipt with the given lines
     * (`[{ asnLineId, quantity, rejectedQuantity?, lotNumber?, storageLocationId? }]`) or, without
     * lines, everything still open on the note — and posts it. Answers the posted receipt.
     */
    receiveAsn: {
      async handle(context, raw) {
        const body = bodyOf(raw);
        const asnHeaderId = idIn(body, 'asnHeaderId');
        const given = body.lines;
        if (given !== undefined && (!Array.isArray(given) || !given.length || given.length > 2000))
          throw new AppError(400, 'receiving.input.lines');
        const allowed = [
          'asnLineId',
          'quantity',
          'rejectedQuantity',
          'lotNumber',
          'storageLocationId',
          'scannedBarcodes',
          'remark',
        ];
        const lines = (given as unknown[] | undefined)?.map((item, index) => {
          const line = bodyOf(item);
          for (const name of Object.keys(line))
            if (!allowed.includes(name)) throw new AppError(400, 'validation.unknownField', { field: name });
          return { lineNum: index + 1, ...line };
        });
        const service = context.runtime.service(HEADER);
        const saved = await service.save(context.actor, {
          receiveType: 'RECEIVE',
          asnHeaderId,
          receiveDate: body.receiveDate ?? today(context),
          storageLocationId: body.storageLocationId ?? null,
          ...(body.receiverName === undefined ? {} : { receiverName: body.receiverName }),
          ...(body.remark === undefined ? {} : { remark: body.remark }),
          ...(lines ? { lines } : {}),
        });
        const [posted] = await service.act(
          context.actor,
          'doPost',
          [saved.receiveHeaderId as number],
          {},
          { fromHttp: false },
        );
        return { data: await service.find(context.actor, posted!.receiveHeaderId as number) };
      },
    },
  },
});
