// Payment applications on the server. Each line takes an amount of a source of the application's
// supplier, organisation and currency — a matched invoice, a paid advance, an acknowledged
// deduction — never more than remains open of it (less what other applications in approval hold);
// the header's totals follow its lines. Paying locks the sources, checks again, raises what each
// has had paid or applied and posts once: Dr payable for the invoices, Cr bank for what is paid,
// Cr advances and deductions for what they cover. A second 付款 finds the application paid.
// An invoice line may name the contract payment stage it pays: a payable stage of a contract in
// effect of the same account, never more than the stage has open; paying adds to the stage's
// paid amount, and a stage paid in full is COMPLETED (a reversal opens it again).
import { type Decimal, type ReadRowOf, type RuleIssue, dec, sum } from '@srm/kernel';
import { type DataApi, defineActions } from '@srm/platform';
import { advance } from '../advance/advance.entity';
import { deduction } from '../deduction/deduction.entity';
import { invoice } from '../invoice/invoice.entity';
import { post, reversePosting } from '../ledger/ledger.post';
import { currency } from '../../base-data';
import { contract, contractStage, refreshPaid } from '../../contract';
import { assertEligible } from '../../supplier/server';
import { today } from '../support';
import { tellSupplierPaid } from './payment.notify';
import { payment } from './payment.entity';
import { paymentLine } from './payment-line.entity';

type Line = Pick<
  ReadRowOf<typeof paymentLine>,
  'sourceType' | 'invoiceId' | 'advanceId' | 'deductionId' | 'amount' | 'lineNum' | 'contractStageId'
>;
interface Account {
  readonly paymentId?: number;
  readonly supplierId: number;
  readonly orgId: number;
  readonly currencyId: number;
}

/** Applications whose lines hold their sources' amounts until paid. */
const HOLDING_STATES = ['APPROVING', 'APPROVED'];

const platform = (ctx: DataApi) => ctx.system('a payment reads and moves the amounts of its sources');

interface Source {
  readonly account: Account;
  readonly number: string | null;
  readonly usable: boolean;
  readonly total: Decimal;
  readonly used: Decimal;
}

const keyOf = (line: Line): string | null =>
  line.sourceType === 'INVOICE'
    ? line.invoiceId === null || line.invoiceId === undefined
      ? null
      : `I${line.invoiceId}`
    : line.sourceType === 'ADVANCE'
      ? line.advanceId === null || line.advanceId === undefined
        ? null
        : `A${line.advanceId}`
      : line.deductionId === null || line.deductionId === undefined
        ? null
        : `D${line.deductionId}`;

/** The sources the lines name, by key, with what each allows; locked when asked. */
async function sourcesOf(ctx: DataApi, lines: readonly Line[], lock: boolean): Promise<Map<string, Source>> {
  const system = platform(ctx);
  const ids = (type: string, pick: (line: Line) => number | null | undefined) =>
    [...new Set(lines.filter((line) => line.sourceType === type).flatMap((line) => pick(line) ?? []))].sort(
      (a, b) => a - b,
    );
  const read = async <E extends typeof invoice | typeof advance | typeof deduction>(
    entity: E,
    wanted: number[],
  ) =>
    !wanted.length
      ? []
      : lock
        ? await system.lock(entity, wanted)
        : await system.list(entity, { [entity.key]: wanted } as never);
  const out = new Map<string, Source>();
  for (const row of await read(
    invoice,
    ids('INVOICE', (line) => line.invoiceId),
  ))
    out.set(`I${row.invoiceId}`, {
      account: row,
      number: row.invoiceNumber,
      usable: row.status === 'MATCHED',
      // The invoice's total as stated: amount excluding tax plus tax.
      total: dec(row.amountExclTax).add(dec(row.taxAmount)),
      used: dec(row.paidAmount),
    });
  for (const row of await read(
    advance,
    ids('ADVANCE', (line) => line.advanceId),
  ))
    out.set(`A${row.advanceId}`, {
      account: row,
      number: row.advanceNumber,
      usable: row.status === 'PAID',
      total: dec(row.amount),
      // What was applied, and what was collected back from the supplier, is no longer there.
      used: dec(row.appliedAmount).add(dec(row.collectedAmount)),
    });
  for (const row of await read(
    deduction,
    ids('DEDUCTION', (line) => line.deductionId),
  ))
    out.set(`D${row.deductionId}`, {
      account: row,
      number: row.deductionNumber,
      usable: row.status === 'ACKNOWLEDGED',
      total: dec(row.amount),
      used: dec(row.appliedAmount),
    });
  return out;
}

/** What other applications in approval hold of each source. */
async function heldElsewhere(ctx: DataApi, lines: readonly Line[], paymentId: number | undefined) {
  const system = platform(ctx);
  const byType = (type: string, pick: (line: Line) => number | null | undefined) =>
    lines.filter((line) => line.sourceType === type).flatMap((line) => pick(line) ?? []);
  const others = [
    ...(await system.list(paymentLine, { invoiceId: byType('INVOICE', (line) => line.invoiceId) })),
    ...(await system.list(paymentLine, { advanceId: byType('ADVANCE', (line) => line.advanceId) })),
    ...(await system.list(paymentLine, { deductionId: byType('DEDUCTION', (line) => line.deductionId) })),
  ].filter((line) => line.paymentId !== paymentId);
  const holding = new Set(
    others.length
      ? (
          await system.list(payment, {
            paymentId: [...new Set(others.map((line) => line.paymentId))],
            status: HOLDING_STATES,
          })
        ).map((row) => row.paymentId)
      : [],
  );
  const held = new Map<string, Decimal>();
  for (const line of others) {
    const key = keyOf(line);
    if (key && holding.has(line.paymentId)) held.set(key, (held.get(key) ?? dec(0)).add(dec(line.amount)));
  }
  return held;
}

export interface OpenSource {
  readonly sourceType: 'INVOICE' | 'ADVANCE' | 'DEDUCTION';
  readonly id: number;
  readonly number: string | null;
  readonly date: string | null;
  readonly total: number;
  /** What remains of it, less what other applications in approval hold. */
  readonly openAmount: number;
}

/**
 * What an application of the account may take (选择待付来源): matched invoices not paid in full,
 * paid advances not applied or collected in full, acknowledged deductions not applied in full —
 * each with what remains open of it, less what other applications in approval hold.
 */
export async function openSourcesOf(ctx: DataApi, account: Account): Promise<OpenSource[]> {
  // The candidates within the caller's own scope (its organisations); what holds them, platform-wide.
  const where = { supplierId: account.supplierId, orgId: account.orgId, currencyId: account.currencyId };
  const invoices = await ctx.list(invoice, { ...where, status: 'MATCHED' });
  const advances = await ctx.list(advance, { ...where, status: 'PAID' });
  const deductions = await ctx.list(deduction, { ...where, status: 'ACKNOWLEDGED' });
  const line = (
    type: OpenSource['sourceType'],
    ids: Partial<Line>,
  ): { type: OpenSource['sourceType']; line: Line } => ({
    type,
    line: {
      sourceType: type,
      invoiceId: null,
      advanceId: null,
      deductionId: null,
      contractStageId: null,
      amount: 0,
      lineNum: 0,
      ...ids,
    },
  });
  const candidates = [
    ...invoices.map((row) => line('INVOICE', { invoiceId: row.invoiceId })),
    ...advances.map((row) => line('ADVANCE', { advanceId: row.advanceId })),
    ...deductions.map((row) => line('DEDUCTION', { deductionId: row.deductionId })),
  ];
  const lines = candidates.map((candidate) => candidate.line);
  const sources = await sourcesOf(ctx, lines, false);
  const held = await heldElsewhere(ctx, lines, account.paymentId);
  const dates = new Map<string, string | null>([
    ...invoices.map((row): [string, string | null] => [`I${row.invoiceId}`, row.invoiceDate]),
    ...advances.map((row): [string, string | null] => [`A${row.advanceId}`, row.applyDate]),
    ...deductions.map((row): [string, string | null] => [`D${row.deductionId}`, row.deductionDate]),
  ]);
  return candidates.flatMap(({ type, line }) => {
    const key = keyOf(line);
    const source = key ? sources.get(key) : undefined;
    if (!key || !source) return [];
    const open = source.total.sub(source.used).sub(held.get(key) ?? 0);
    if (!open.gt(0)) return [];
    return [
      {
        sourceType: type,
        id: Number(line.invoiceId ?? line.advanceId ?? line.deductionId),
        number: source.number,
        date: dates.get(key) ?? null,
        total: source.total.toNumber(),
        openAmount: open.toNumber(),
      },
    ];
  });
}

/** Why the lines cannot be paid as they are, line by line. */
async function lineIssues(
  ctx: DataApi,
  row: Account,
  lines: readonly Line[],
  lock: boolean,
): Promise<RuleIssue[]> {
  const sources = await sourcesOf(ctx, lines, lock);
  const held = await heldElsewhere(ctx, lines, row.paymentId);
  const taken = new Map<string, Decimal>();
  const issues: RuleIssue[] = [];
  lines.forEach((line, index) => {
    const key = keyOf(line);
    const field = `lines.${index}.amount`;
    const source = key ? sources.get(key) : undefined;
    const params = { line: line.lineNum ?? index + 1 };
    if (!key || !source || !source.usable) {
      issues.push({ field, message: `settlement.payment.source.${line.sourceType}`, params });
      return;
    }
    const { account } = source;
    if (
      account.supplierId !== row.supplierId ||
      account.orgId !== row.orgId ||
      account.currencyId !== row.currencyId
    ) {
      issues.push({ field, message: 'settlement.payment.otherAccount', params });
      return;
    }
    const open = source.total
      .sub(source.used)
      .sub(held.get(key) ?? 0)
      .sub(taken.get(key) ?? 0);
    if (dec(line.amount).gt(open))
      issues.push({
        field,
        message: 'settlement.payment.overOpen',
        params: { ...params, number: source.number ?? '', open: open.toFixed(2) },
      });
    taken.set(key, (taken.get(key) ?? dec(0)).add(dec(line.amount)));
  });
  return issues;
}

/** Contracts whose payable stages may be paid: in effect, or in effect while their termination is decided. */
const PAYING_CONTRACT_STATES = ['EFFECTIVE', 'TERMINATING'];

/** The stages the lines name, with their contracts and labels; locked when asked. */
async function stagesOf(ctx: DataApi, lines: readonly Line[], lock: boolean) {
  const system = platform(ctx);
  const ids = [...new Set(lines.flatMap((line) => line.contractStageId ?? []))].sort((a, b) => a - b);
  if (!ids.length) return new Map<number, never>();
  const stages = lock
    ? await system.lock(contractStage, ids)
    : await system.list(contractStage, { contractStageId: ids });
  const contracts = new Map(
    (await system.list(contract, { contractId: [...new Set(stages.map((stage) => stage.contractId))] })).map(
      (row) => [row.contractId, row],
    ),
  );
  return new Map(
    stages.flatMap((stage) => {
      const owner = contracts.get(stage.contractId);
      if (!owner) return [];
      const label = `${owner.contractNumber ?? ''} · ${stage.stageNum} ${stage.stageName}`;
      return [[stage.contractStageId, { stage, contract: owner, label }] as const];
    }),
  );
}

/** What other applications in approval hold of each stage. */
async function stageHeldElsewhere(ctx: DataApi, stageIds: readonly number[], paymentId: number | undefined) {
  const system = platform(ctx);
  const others = stageIds.length
    ? (await system.list(paymentLine, { contractStageId: [...stageIds] })).filter(
        (line) => line.paymentId !== paymentId,
      )
    : [];
  const holding = new Set(
    others.length
      ? (
          await system.list(payment, {
            paymentId: [...new Set(others.map((line) => line.paymentId))],
            status: HOLDING_STATES,
          })
        ).map((row) => row.paymentId)
      : [],
  );
  const held = new Map<number, Decimal>();
  for (const line of others)
    if (holding.has(line.paymentId) && line.contractStageId)
      held.set(line.contractStageId, (held.get(line.contractStageId) ?? dec(0)).add(dec(line.amount)));
  return held;
}

/** Why the lines' contract stages cannot take their amounts, line by line. */
async function stageIssues(
  ctx: DataApi,
  row: Account,
  lines: readonly Line[],
  lock: boolean,
): Promise<RuleIssue[]> {
  const stages = await stagesOf(ctx, lines, lock);
  if (!stages.size) return [];
  const held = await stageHeldElsewhere(ctx, [...stages.keys()], row.paymentId);
  const taken = new Map<number, Decimal>();
  const issues: RuleIssue[] = [];
  lines.forEach((line, index) => {
    const id = line.contractStageId;
    if (!id) return;
    const params = { line: line.lineNum ?? index + 1 };
    const found = stages.get(id);
    if (
      !found ||
      found.contract.supplierId !== row.supplierId ||
      found.contract.orgId !== row.orgId ||
      found.contract.currencyId !== row.currencyId
    ) {
      issues.push({
        field: `lines.${index}.contractStageId`,
        message: 'settlement.payment.stageOtherAccount',
        params,
      });
      return;
    }
    if (
      found.stage.stageStatus !== 'PENDING' ||
      !PAYING_CONTRACT_STATES.includes(found.contract.status ?? '')
    ) {
      issues.push({
        field: `lines.${index}.contractStageId`,
        message: 'settlement.payment.stageNotPayable',
        params: { ...params, stage: found.label },
      });
      return;
    }
    const open = dec(found.stage.stageAmount)
      .sub(dec(found.stage.paidAmount))
      .sub(held.get(id) ?? 0)
      .sub(taken.get(id) ?? 0);
    if (dec(line.amount).gt(open))
      issues.push({
        field: `lines.${index}.amount`,
        message: 'settlement.payment.overStage',
        params: { ...params, stage: found.label, open: open.toFixed(2) },
      });
    taken.set(id, (taken.get(id) ?? dec(0)).add(dec(line.amount)));
  });
  return issues;
}

/** Adds (or, reversing, takes back) what the lines paid of their stages; a stage paid in full is completed. */
async function applyStages(ctx: DataApi, lines: readonly Line[], sign: 1 | -1): Promise<void> {
  const stages = await stagesOf(ctx, lines, true);
  const add = new Map<number, Decimal>();
  for (const line of lines)
    if (line.contractStageId)
      add.set(
        line.contractStageId,
        (add.get(line.contractStageId) ?? dec(0)).add(dec(line.amount).mul(sign)),
      );
  for (const [id, amount] of add) {
    const found = stages.get(id);
    if (!found) continue;
    const paid = dec(found.stage.paidAmount).add(amount);
    await platform(ctx).patch(contractStage, id, {
      paidAmount: paid.toNumber(),
      stageStatus: paid.gte(dec(found.stage.stageAmount)) ? 'COMPLETED' : 'PENDING',
    });
  }
  await refreshPaid(
    ctx,
    [...stages.values()].map((found) => found.stage.contractId),
  );
}

function totalsOf(lines: readonly Line[]) {
  const of = (type: string) =>
    sum(
      lines.filter((line) => line.sourceType === type),
      (line) => line.amount,
    );
  const invoices = of('INVOICE');
  const advances = of('ADVANCE');
  const deductions = of('DEDUCTION');
  return { invoices, advances, deductions, pay: invoices.sub(advances).sub(deductions) };
}

function totalIssues(lines: readonly Line[]): RuleIssue[] {
  const totals = totalsOf(lines);
  if (totals.invoices.isZero()) return [{ message: 'settlement.payment.noInvoice' }];
  if (totals.pay.isNegative())
    return [{ message: 'settlement.payment.negative', params: { pay: totals.pay.toFixed(2) } }];
  return [];
}

/** Raises (or, reversing, lowers) what each source has had paid or applied. */
async function apply(ctx: DataApi, lines: readonly Line[], sign: 1 | -1 = 1): Promise<void> {
  const system = platform(ctx);
  const add = new Map<string, Decimal>();
  for (const line of lines) {
    const key = keyOf(line)!;
    add.set(key, (add.get(key) ?? dec(0)).add(dec(line.amount).mul(sign)));
  }
  const sources = await sourcesOf(ctx, lines, true);
  for (const [key, amount] of add) {
    const id = Number(key.slice(1));
    const source = sources.get(key)!;
    if (key.startsWith('I'))
      await system.patch(invoice, id, { paidAmount: source.used.add(amount).toNumber() });
    else if (key.startsWith('A')) {
      const [row] = await system.list(advance, { advanceId: id });
      await system.patch(advance, id, { appliedAmount: dec(row!.appliedAmount).add(amount).toNumber() });
    } else await system.patch(deduction, id, { appliedAmount: source.used.add(amount).toNumber() });
  }
}

export const paymentActions = defineActions(payment, {
  async beforeSave(ctx) {
    const { row } = ctx;
    const lines = ctx.newLines.lines;
    const sources = await sourcesOf(ctx, lines, false);
    const stages = await stagesOf(ctx, lines, false);
    for (const line of lines) {
      const source = sources.get(keyOf(line) ?? '');
      line.sourceNumber = source?.number ?? null;
      line.openAmount = source ? source.total.sub(source.used).toNumber() : null;
      line.stageLabel = line.contractStageId ? (stages.get(line.contractStageId)?.label ?? null) : null;
    }
    const totals = totalsOf(lines);
    row.invoiceAmount = totals.invoices.toNumber();
    row.advanceAmount = totals.advances.toNumber();
    row.deductionAmount = totals.deductions.toNumber();
    row.payAmount = totals.pay.toNumber();
    const account = { ...row, paymentId: ctx.previous?.paymentId };
    const issues = [
      ...(await lineIssues(ctx, account, lines, false)),
      ...(await stageIssues(ctx, account, lines, false)),
    ];
    return issues.length ? issues : null;
  },
  guards: {
    async doSubmit(ctx) {
      // A blacklist entry over payments refuses the application (eligibility's PAY purpose).
      await assertEligible(ctx, ctx.row, 'PAY');
      const lines = await ctx.lines(paymentLine, ctx.row.paymentId);
      const totals = totalIssues(lines);
      // Locked: two applications of the same invoice submitted at once are checked one after the other.
      if (totals.length) return totals;
      return [
        ...(await lineIssues(ctx, ctx.row, lines, true)),
        ...(await stageIssues(ctx, ctx.row, lines, true)),
      ];
    },
    async doPay(ctx) {
      await assertEligible(ctx, ctx.row, 'PAY');
      const lines = await ctx.lines(paymentLine, ctx.row.paymentId);
      return [
        ...(await lineIssues(ctx, ctx.row, lines, true)),
        ...(await stageIssues(ctx, ctx.row, lines, true)),
      ];
    },
  },
  actions: {
    async doPay(ctx) {
      const { row } = ctx;
      const lines = await ctx.lines(paymentLine, row.paymentId);
      await apply(ctx, lines);
      await applyStages(ctx, lines, 1);
      const bankReference = ctx.input.bankReference?.trim() || row.bankReference;
      await ctx.patch(payment, row.paymentId, { paidDate: ctx.now.getTime(), bankReference });
      const totals = totalsOf(lines);
      await post(ctx, {
        supplierId: row.supplierId,
        orgId: row.orgId,
        currencyId: row.currencyId,
        postingDate: today(ctx),
        sourceType: 'PAYMENT',
        sourceId: row.paymentId,
        sourceNumber: row.paymentNumber,
        event: 'pay',
        memo: bankReference,
        entries: [
          { accountCode: 'AP', debit: totals.invoices },
          { accountCode: 'BANK', credit: totals.pay },
          { accountCode: 'ADVANCE', credit: totals.advances },
          { accountCode: 'DEDUCTION', credit: totals.deductions },
        ],
      });
      const [money] = await platform(ctx).list(currency, { currencyId: row.currencyId });
      await tellSupplierPaid(ctx, row, money?.currencyCode ?? '');
    },
    async doReverse(ctx) {
      const { row } = ctx;
      const lines = await ctx.lines(paymentLine, row.paymentId);
      await apply(ctx, lines, -1);
      await applyStages(ctx, lines, -1);
      await ctx.patch(payment, row.paymentId, { reversedDate: ctx.now.getTime() });
      await reversePosting(ctx, {
        supplierId: row.supplierId,
        orgId: row.orgId,
        currencyId: row.currencyId,
        postingDate: today(ctx),
        sourceType: 'PAYMENT',
        sourceId: row.paymentId,
        sourceNumber: row.paymentNumber,
        of: 'pay',
        event: 'reverse',
        memo: ctx.input.comment ?? null,
      });
    },
  },
});
