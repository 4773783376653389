// Contract execution (合同执行) on the server: purchase order lines name the contract and the
// contract line they are ordered under; the contract counts what its orders took — the ordered
// quantity of a line while it is open, what was received of it once closed, with its amount with
// tax — on each line and in total. Orders count from submission until cancelled or rejected, so
// that two orders submitted one after the other cannot both take what is left.
//
// The contract area observes the orders (purchasing does not know contracts): a saved order's
// contract lines must belong to an effective contract of its supplier, unit and currency; each
// workflow action of an order counts its contracts again, and a submission (or a buyer accepting
// the supplier's proposed quantities) that takes a contract beyond its quantity or amount, as its
// execution control (执行控制) says, is refused: the observer's error rolls the action back.
import { and, eq, isNotNull } from 'drizzle-orm';
import { type Decimal, dec, formatDate, lookup, quantity, ref, rows, sum, text } from '@srm/kernel';
import {
  type ActionObserver,
  AppError,
  type DataApi,
  SYSTEM_ACTOR,
  dataApi,
  defineEndpoints,
  endpoint,
} from '@srm/platform';
import { billType, order, orderLine } from '../../purchasing';
import { actorFullName } from '../support';
import { EXECUTION_VIEW_STATES, contract } from './contract.entity';
import { contractItem, contractRefund } from './contract-lines.entity';

/** Order states in which an order takes from its contracts. */
export const EXECUTING_ORDER_STATES = [
  'APPROVING',
  'APPROVED',
  'RELEASED',
  'CHANGE_PROPOSED',
  'CONFIRMED',
  'CLOSED',
] as const;
/** Order states in which an order is still open against its contracts (termination waits for them). */
export const OPEN_ORDER_STATES = [
  'DRAFT',
  'APPROVING',
  'APPROVED',
  'REJECTED',
  'RELEASED',
  'CHANGE_PROPOSED',
  'CONFIRMED',
];

/** Actions after which an order must still fit its contracts. */
const CHECKED_ACTIONS = new Set(['doSubmit', 'doBuyerConfirm', 'doOpen']);

const system = (ctx: DataApi) => ctx.system('contract execution reads the orders under a contract');

interface Executed {
  readonly quantity: Decimal;
  readonly amount: Decimal;
}

/** What each contract line was taken by, from the orders that count. */
async function executedByLine(data: DataApi, itemIds: readonly number[]): Promise<Map<number, Executed>> {
  const result = new Map<number, Executed>();
  if (!itemIds.length) return result;
  const lines = await data.list(orderLine, { contractItemId: [...itemIds] });
  const headers = lines.length
    ? new Map(
        (await data.list(order, { poHeaderId: [...new Set(lines.map((line) => line.poHeaderId))] })).map(
          (row) => [row.poHeaderId, row],
        ),
      )
    : new Map();
  for (const line of lines) {
    const header = headers.get(line.poHeaderId);
    if (!header || !(EXECUTING_ORDER_STATES as readonly string[]).includes(header.status)) continue;
    const closed = header.status === 'CLOSED' || line.closedFlag === 'Y';
    const ordered = dec(line.quantity);
    const quantity = closed ? dec(line.receivedQuantity ?? 0) : ordered;
    const amount = ordered.isZero()
      ? dec(0)
      : dec(line.amountInclTax ?? 0)
          .mul(quantity)
          .div(ordered)
          .toDecimalPlaces(2);
    const before = result.get(line.contractItemId!);
    result.set(line.contractItemId!, {
      quantity: (before?.quantity ?? dec(0)).add(quantity),
      amount: (before?.amount ?? dec(0)).add(amount),
    });
  }
  return result;
}

/** Counts again what orders took of these contracts, on each line and in total. */
export async function refreshExecution(ctx: DataApi, contractIds: readonly number[]): Promise<void> {
  const data = system(ctx);
  // One count at a time per contract: an order submitted beside another waits for it, then sees
  // what it took (each statement reads what was committed before it).
  const ids = [...new Set(contractIds)].sort((a, b) => a - b);
  await data.lock(contract, ids);
  for (const contractId of ids) {
    const items = await data.lines(contractItem, contractId);
    const executed = await executedByLine(
      data,
      items.map((line) => line.contractItemId),
    );
    for (const line of items) {
      const taken = executed.get(line.contractItemId);
      const quantity = taken?.quantity.toNumber() ?? 0;
      const amount = taken?.amount.toNumber() ?? 0;
      if (Number(line.executedQuantity ?? 0) !== quantity || Number(line.executedAmount ?? 0) !== amount)
        await data.patch(contractItem, line.contractItemId, {
          executedQuantity: quantity,
          executedAmount: amount,
        });
    }
    const total = sum([...executed.values()], (taken) => taken.amount).toNumber();
    const [header] = await data.list(contract, { contractId });
    if (!header) continue;
    const whole = dec(header.amountInclTax ?? 0);
    const percent = whole.isZero() ? null : dec(total).div(whole).mul(100).toDecimalPlaces(2).toNumber();
    if (Number(header.executedAmount ?? 0) !== total || (header.executedPercent ?? null) !== percent)
      await data.patch(contract, contractId, { executedAmount: total, executedPercent: percent });
  }
}

/** 50,000 and 6,667.00: a figure as the screens show it. */
const grouped = (value: number, places: number, fixed = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: fixed, maximumFractionDigits: places });

/** Where a contract's orders go beyond it, as its execution control holds them. */
async function overrun(data: DataApi, contractId: number): Promise<AppError | null> {
  const found = await data.find(contract, contractId);
  const control = found.executionControl;
  if (control === 'NONE') return null;
  if (control === 'QUANTITY' || control === 'BOTH')
    for (const line of found.items)
      if (dec(line.executedQuantity ?? 0).greaterThan(dec(line.quantity)))
        return new AppError(422, 'srmCctContract.executionAboveQuantity', {
          number: found.contractNumber ?? '',
          line: line.lineNum,
          quantity: grouped(line.quantity, 4),
          executed: grouped(line.executedQuantity ?? 0, 4),
        });
  if (
    (control === 'AMOUNT' || control === 'BOTH') &&
    dec(found.executedAmount ?? 0).greaterThan(dec(found.amountInclTax ?? 0))
  )
    return new AppError(422, 'srmCctContract.executionAboveAmount', {
      number: found.contractNumber ?? '',
      amount: grouped(found.amountInclTax ?? 0, 2, 2),
      executed: grouped(found.executedAmount ?? 0, 2, 2),
    });
  return null;
}

/** The order's lines under a contract must be ordered from it: its supplier, unit and currency, in effect. */
async function orderIssues(data: DataApi, poHeaderId: number): Promise<AppError | null> {
  const under = await linesUnderContract(data, poHeaderId);
  if (!under.length) return null;
  const [header] = await data.list(order, { poHeaderId });
  const contracts = new Map(
    (await data.list(contract, { contractId: [...new Set(under.map((line) => line.contractId))] })).map(
      (row) => [row.contractId, row],
    ),
  );
  for (const line of under) {
    const found = contracts.get(line.contractId);
    if (
      !header ||
      !found ||
      found.supplierId !== header.supplierId ||
      found.orgId !== header.orgId ||
      found.currencyId !== header.currencyId
    )
      return new AppError(422, 'srmPoLine.contractOfOtherParty', { line: line.lineNum });
  }
  return null;
}

/**
 * An order's lines under a contract (their numbers and contracts, in line order): a narrow read,
 * run on every save and action of every order, most of which are under none.
 */
async function linesUnderContract(
  data: DataApi,
  poHeaderId: number,
): Promise<{ lineNum: number; contractId: number }[]> {
  const l = data.runtime.table(orderLine.name);
  const rows = await data.tx
    .select({ lineNum: l.lineNum!, contractId: l.contractId! })
    .from(l)
    .where(and(eq(l.poHeaderId!, poHeaderId), isNotNull(l.contractId!)))
    .orderBy(l.lineNum!);
  return rows.map((row) => ({ lineNum: Number(row.lineNum), contractId: Number(row.contractId) }));
}

/** The contracts an order's lines are under. */
async function contractsOf(data: DataApi, poHeaderId: number): Promise<number[]> {
  return [...new Set((await linesUnderContract(data, poHeaderId)).map((line) => line.contractId))];
}

export const contractExecution: ActionObserver = async (context, change) => {
  if (change.entity !== 'srmPoHeader') return;
  const data = dataApi({ ...context, actor: SYSTEM_ACTOR }, 'contract execution');
  const poHeaderId = Number(change.row.poHeaderId);
  if (change.action === 'save') {
    const refused = await orderIssues(data, poHeaderId);
    if (refused) throw refused;
    return;
  }
  const contractIds = await contractsOf(data, poHeaderId);
  if (!contractIds.length) return;
  await refreshExecution(data, contractIds);
  if (!CHECKED_ACTIONS.has(change.action)) return;
  const refused = await orderIssues(data, poHeaderId);
  if (refused) throw refused;
  for (const contractId of contractIds) {
    const over = await overrun(data, contractId);
    if (over) throw over;
  }
};

/** Open orders under a contract (their numbers): a contract is terminated once they are closed. */
export async function openOrdersUnder(ctx: DataApi, contractId: number): Promise<string[]> {
  const data = system(ctx);
  const lines = await data.list(orderLine, { contractId });
  if (!lines.length) return [];
  const headers = await data.list(order, {
    poHeaderId: [...new Set(lines.map((line) => line.poHeaderId))],
    status: OPEN_ORDER_STATES,
  });
  return headers.map((row) => row.poNumber ?? String(row.poHeaderId));
}

/**
 * A contract in effect that replaces another (an alteration, a main contract after its
 * pre-contract) takes over the orders under it: each order line moves to the new contract's line
 * of the same number and material, and both are counted again.
 */
export async function moveOrders(ctx: DataApi, fromId: number, toId: number): Promise<void> {
  const data = system(ctx);
  const lines = await data.list(orderLine, { contractId: fromId });
  if (!lines.length) return;
  const from = new Map((await data.lines(contractItem, fromId)).map((line) => [line.contractItemId, line]));
  const to = await data.lines(contractItem, toId);
  for (const line of lines) {
    const was = from.get(line.contractItemId!);
    const target = to.find((item) => item.lineNum === was?.lineNum && item.itemId === was?.itemId);
    // The alteration keeps every line orders were placed under (its submission says so).
    if (target)
      await data.patch(orderLine, line.poLineId, { contractId: toId, contractItemId: target.contractItemId });
  }
  await refreshExecution(data, [fromId, toId]);
}

/**
 * 合同下单: a draft order under an effective contract — its supplier, unit and currency, each
 * material line at the contract's price and rate, for the quantity given or what the line has
 * left — for the buyer to complete and submit (the submission is held to the contract).
 */
export const contractOrderEndpoints = defineEndpoints(contract, {
  createOrder: endpoint({
    summary: 'A draft purchase order under an effective contract',
    input: {
      contractId: ref('srmCctContract', { required: true }),
      lines: rows(
        {
          contractItemId: ref('srmCctContractItem', { required: true }),
          quantity: quantity({ min: 0.0001 }),
        },
        { max: 5000 },
      ),
    },
    scope: contract,
    resource: 'button',
    sides: ['internal'],
    write: true,
    async handle(ctx, input) {
      const found = await ctx.find(contract, input.contractId);
      if (found.status !== 'EFFECTIVE')
        throw new AppError(409, 'srmCctContract.orderNotEffective', { number: found.contractNumber ?? '' });
      const wanted = input.lines?.length
        ? input.lines.map((given) => {
            const line = found.items.find((item) => item.contractItemId === given.contractItemId);
            if (!line) throw new AppError(400, 'srmCctContract.orderLineOfOther');
            return { line, quantity: given.quantity ?? null };
          })
        : found.items.map((line) => ({ line, quantity: null }));
      const planned = wanted.flatMap(({ line, quantity }) => {
        const left = dec(line.quantity).sub(dec(line.executedQuantity ?? 0));
        const take = quantity === null ? left : dec(quantity);
        return line.itemId !== null && take.greaterThan(0) ? [{ line, quantity: take.toNumber() }] : [];
      });
      if (!planned.length)
        throw new AppError(422, 'srmCctContract.nothingToOrder', { number: found.contractNumber ?? '' });
      const [type] = await system(ctx).list(
        billType,
        { status: 'ENABLED', docCategory: 'ORDER' },
        { limit: 1, orderBy: [{ field: 'billTypeId', order: 'asc' }] },
      );
      if (!type) throw new AppError(422, 'srmCctContract.noOrderType');
      const today = formatDate(ctx.now.getTime(), ctx.runtime.timeZone);
      const saved = await ctx.save(order, {
        buyerName: (await actorFullName(ctx)).slice(0, 60),
        billTypeId: type.billTypeId,
        orgId: found.orgId,
        supplierId: found.supplierId,
        currencyId: found.currencyId,
        orderDate: today,
        lines: planned.map(({ line, quantity }, index) => ({
          lineNum: index + 1,
          itemId: line.itemId!,
          quantity,
          // An order's price has 6 decimals; a contract priced with tax keeps 10 (contract-amounts.ts).
          unitPriceExclTax: dec(line.unitPrice).toDecimalPlaces(6).toNumber(),
          taxRate: line.taxRate,
          needByDate: line.needByDate && line.needByDate > today ? line.needByDate : today,
          contractId: found.contractId,
          contractItemId: line.contractItemId,
        })),
      });
      await system(ctx).patch(order, saved.poHeaderId, {
        sourceType: 'CONTRACT',
        sourceNum: found.contractNumber,
      });
      return { data: await ctx.find(order, saved.poHeaderId) };
    },
  }),
});

/**
 * 模具费/样品费返还: counts what was received of each pending refund's contract line and makes the
 * refund DUE once it reaches the threshold (or its date came); answers the refunds now due.
 */
export async function refreshRefunds(ctx: DataApi, contractId: number, today: string): Promise<number[]> {
  const data = system(ctx);
  const pending = (await data.lines(contractRefund, contractId)).filter(
    (line) => line.refundStatus === 'PENDING',
  );
  if (!pending.length) return [];
  const items = await data.lines(contractItem, contractId);
  const due: number[] = [];
  for (const refund of pending) {
    const item = items.find((line) => line.lineNum === refund.itemLineNum);
    const received = item
      ? sum(
          await data.list(orderLine, { contractItemId: item.contractItemId }),
          (line) => line.receivedQuantity ?? 0,
        )
      : dec(0);
    const met =
      refund.conditionType === 'DATE'
        ? refund.refundDate !== null && refund.refundDate <= today
        : refund.thresholdQuantity !== null && received.gte(dec(refund.thresholdQuantity));
    if (met) due.push(refund.contractRefundId);
    if (met || Number(refund.receivedQuantity ?? 0) !== received.toNumber())
      await data.patch(contractRefund, refund.contractRefundId, {
        receivedQuantity: received.toNumber(),
        ...(met ? { refundStatus: 'DUE' } : {}),
      });
  }
  return due;
}

/** 返还/免除: the buyer settles a due refund (REFUNDED), or waives one not yet refunded (WAIVED). */
export const contractRefundEndpoints = defineEndpoints(contract, {
  settleRefund: endpoint({
    summary: 'Record a mould or sample fee as refunded, or waive it',
    input: {
      contractId: ref('srmCctContract', { required: true }),
      contractRefundId: ref('srmCctContractRefund', { required: true }),
      outcome: lookup('CCT_REFUND_STATUS', { required: true, codes: ['REFUNDED', 'WAIVED'] }),
      remark: text({ max: 240 }),
    },
    scope: contract,
    resource: 'button',
    sides: ['internal'],
    write: true,
    async handle(ctx, input) {
      const found = await ctx.find(contract, input.contractId);
      const refund = found.refunds.find((line) => line.contractRefundId === input.contractRefundId);
      if (!refund) throw new AppError(400, 'srmCctContractRefund.ofOther');
      const from = input.outcome === 'REFUNDED' ? ['DUE'] : ['PENDING', 'DUE'];
      if (
        !(EXECUTION_VIEW_STATES as readonly string[]).includes(found.status) ||
        !from.includes(refund.refundStatus ?? 'PENDING')
      )
        throw new AppError(409, 'srmCctContractRefund.notDue', { line: refund.lineNum });
      await system(ctx).patch(contractRefund, refund.contractRefundId, {
        refundStatus: input.outcome,
        settledDate: formatDate(ctx.now.getTime(), ctx.runtime.timeZone),
        ...(input.remark ? { remark: input.remark } : {}),
      });
      return { data: await ctx.find(contract, found.contractId) };
    },
  }),
});

/**
 * A due refund of a fee the buyer paid, held (the contract's row lock) for settlement to withhold
 * it from the supplier by a deduction; refused (409) otherwise. Read in the caller's scope.
 */
export async function dueBuyerRefund(ctx: DataApi, contractId: number, contractRefundId: number) {
  const found = await ctx.find(contract, contractId);
  await system(ctx).lock(contract, [contractId]);
  const refund = (await system(ctx).lines(contractRefund, contractId)).find(
    (line) => line.contractRefundId === contractRefundId,
  );
  if (!refund) throw new AppError(400, 'srmCctContractRefund.ofOther');
  if (
    !(EXECUTION_VIEW_STATES as readonly string[]).includes(found.status) ||
    refund.refundStatus !== 'DUE' ||
    refund.paidBy !== 'BUYER'
  )
    throw new AppError(409, 'srmCctContractRefund.notDeductible', { line: refund.lineNum });
  return { found, refund };
}

/** The refund withheld by the deduction numbered so. */
export async function markRefundDeducted(ctx: DataApi, contractRefundId: number, deductionNumber: string) {
  await system(ctx).patch(contractRefund, contractRefundId, {
    refundStatus: 'DEDUCTED',
    deductionNumber,
    settledDate: formatDate(ctx.now.getTime(), ctx.runtime.timeZone),
  });
}
