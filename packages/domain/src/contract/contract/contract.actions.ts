// Contracts on the server. Each save fills what the user left to the master data (an item's
// wording from its material, the parties' names, addresses and bank from the organisation and
// the supplier), copies a clause's library version and text when it is picked, and allots the
// total over the payment stages (ratio × total at the currency's precision, the last stage taking
// the remainder). A contract that picks a template starts with its stages and its clause slots
// (each clause at the library's version in effect). Submission needs items, stages whose ratios
// add up to exactly 100, every clause filled, the template's required clauses kept and its fixed
// ones in the library's words. The supplier's refusal keeps its reason; termination its reason and the amount
// paid; signing on paper needs the signed scan. A contract with anything paid cannot be voided.
import { type RowOf, type RuleIssue, dec, sum } from '@srm/kernel';
import { type DataApi, type SaveContext, defineActions } from '@srm/platform';
import { currency, item, org } from '../../base-data';
import { supplierAccount, supplierInfo } from '../../supplier';
import { stageAmounts } from '../contract-amounts';
import { terms } from '../terms/terms.entity';
import { contractTemplate } from '../template/template.entity';
import { templateClause } from '../template/template-clause.entity';
import { templateStage } from '../template/template-stage.entity';
import { issue } from '../support';
import { contract } from './contract.entity';
import { contractClause, contractItem, contractRefund, contractStage } from './contract-lines.entity';
import { moveOrders, openOrdersUnder } from './contract.execution';
import { refreshPaid } from './contract.paid';
import { FINALIZE_QUEUE, type FinalizeJob, finalizeIssues, finalizeNow } from './contract.finalize';
import { tellBuyerContract, tellSupplierContract } from './contract.notify';
import { cancelProviderFlow, startProviderFlow } from './contract.provider';

type Parties = Pick<
  RowOf<typeof contract>,
  | 'orgId'
  | 'supplierId'
  | 'partyAName'
  | 'partyAAddress'
  | 'partyBName'
  | 'partyBAddress'
  | 'partyBBank'
  | 'partyBAccount'
  | 'partyBRepresentative'
>;
type Stage = RowOf<typeof contractStage>;

/** The places a currency's amounts keep, at most the two an amount field stores. */
async function placesOf(ctx: DataApi, currencyId: number): Promise<number> {
  const [row] = await ctx.system('a currency is master data').list(currency, { currencyId });
  return Math.min(row?.precisionNum ?? 2, 2);
}

/** The parties' details the user left empty, from the organisation and the supplier. */
async function fillParties(ctx: DataApi, row: Parties): Promise<void> {
  const master = ctx.system('the parties of a contract come from the master data');
  if (!row.partyAName || !row.partyAAddress) {
    const [unit] = await master.list(org, { orgId: row.orgId });
    row.partyAName ||= unit?.orgName ?? null;
    row.partyAAddress ||= unit?.address ?? null;
  }
  if (
    !row.partyBName ||
    !row.partyBAddress ||
    !row.partyBBank ||
    !row.partyBAccount ||
    !row.partyBRepresentative
  ) {
    const [supplier] = await master.list(supplierInfo, { supplierId: row.supplierId });
    row.partyBName ||= supplier?.supplierName ?? null;
    row.partyBAddress ||= supplier?.address ?? null;
    row.partyBRepresentative ||= supplier?.legalPerson ?? null;
    const accounts = await master.list(supplierAccount, { supplierId: row.supplierId });
    const account = accounts.find((a) => a.primaryFlag === 'Y') ?? accounts[0];
    if (account) {
      row.partyBBank ||= account.bankBranch || account.bankName;
      row.partyBAccount ||= account.bankAccountNumber;
    }
  }
}

/** What submission asks of the contract's lines. */
function submitIssues(items: readonly RowOf<typeof contractItem>[], stages: readonly Stage[]): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (!items.length) issues.push(issue('srmCctContract.noItems'));
  if (!stages.length) issues.push(issue('srmCctContract.noStages'));
  else {
    const ratios = sum(stages, (stage) => stage.ratio);
    if (!ratios.equals(100)) issues.push(issue('srmCctContract.ratioSum', { sum: ratios.toNumber() }));
  }
  return issues;
}

/**
 * Signed by both sides: the signing date (the last electronic signature's time, else now), the
 * supplier told, the stages due on signing payable.
 */
async function takeEffect(ctx: DataApi, row: RowOf<typeof contract>): Promise<void> {
  const id = row.contractId;
  if (row.contractType === 'ALTERATION' && row.mainContractId)
    await replace(ctx, id, row.mainContractId, 'doSupersede');
  if (row.preContractId) await replace(ctx, id, row.preContractId, 'doConvert');
  const signed =
    row.partyASignedDate && row.partyBSignedDate
      ? Math.max(row.partyASignedDate, row.partyBSignedDate)
      : ctx.now.getTime();
  await ctx.patch(contract, id, { dateSigned: signed });
  await tellSupplierContract(ctx, row, 'effective');
  await ctx.patchWhere(
    contractStage,
    { contractId: id, milestone: 'SIGNING', stageStatus: 'NOT_ARRIVED' },
    { stageStatus: 'PENDING' },
  );
}

/**
 * A contract in effect that replaces another — an alteration the version it alters (SUPERSEDED),
 * a main contract its pre-contract (CONVERTED): what was paid of each stage carries over to the
 * stage of the same number (paid since the new one was opened too).
 */
async function replace(
  ctx: DataApi,
  id: number,
  previousId: number,
  action: 'doSupersede' | 'doConvert',
): Promise<void> {
  const platform = ctx.system('a contract in effect replaces the one it alters or converts');
  const [previous] = await platform.lock(contract, [previousId]);
  if (previous?.status !== 'EFFECTIVE') return;
  const paid = new Map(
    (await platform.lines(contractStage, previousId)).map((stage) => [stage.stageNum, stage]),
  );
  for (const stage of await platform.lines(contractStage, id)) {
    const before = paid.get(stage.stageNum);
    if (!before) continue;
    const amount = dec(before.paidAmount ?? 0);
    await platform.patch(contractStage, stage.contractStageId, {
      paidAmount: amount.toNumber(),
      stageStatus:
        amount.greaterThan(0) && amount.gte(dec(stage.stageAmount ?? 0))
          ? 'COMPLETED'
          : before.stageStatus === 'NOT_ARRIVED'
            ? stage.stageStatus
            : 'PENDING',
    });
  }
  // Refunds settled or due under the old version stay so.
  const refunds = new Map(
    (await platform.lines(contractRefund, previousId)).map((line) => [line.lineNum, line]),
  );
  for (const line of await platform.lines(contractRefund, id)) {
    const before = refunds.get(line.lineNum);
    if (before && before.refundStatus !== 'PENDING')
      await platform.patch(contractRefund, line.contractRefundId, {
        refundStatus: before.refundStatus,
        settledDate: before.settledDate,
        receivedQuantity: before.receivedQuantity,
      });
  }
  await refreshPaid(platform, [id]);
  await moveOrders(platform, previousId, id);
  await platform.act(contract, action, [previousId]);
}

/**
 * An alteration keeps what was paid and what was ordered: its total and each stage at least what
 * was paid of it, every line orders were placed under still there (same number and material),
 * and, as its execution control holds orders, no line below its ordered quantity and no total
 * below the ordered amount.
 */
async function alterationIssues(
  ctx: DataApi,
  row: {
    mainContractId?: number | null;
    amountInclTax?: number | null;
    executionControl?: string | null;
  },
  stages: readonly { stageNum: number; stageAmount?: number | null }[],
  items: readonly { lineNum: number; itemId?: number | null; quantity: number }[],
): Promise<RuleIssue[]> {
  if (!row.mainContractId) return [];
  const system = ctx.system('an alteration is checked against what was paid under the version it alters');
  const before = await system.lines(contractStage, row.mainContractId);
  const issues: RuleIssue[] = [];
  const control = row.executionControl ?? 'NONE';
  const executed = dec((await system.find(contract, row.mainContractId)).executedAmount ?? 0);
  for (const line of await system.lines(contractItem, row.mainContractId)) {
    const taken = dec(line.executedQuantity ?? 0);
    if (taken.isZero()) continue;
    const now = items.find((item) => item.lineNum === line.lineNum && (item.itemId ?? null) === line.itemId);
    if (!now) issues.push(issue('srmCctContract.executedLineRemoved', { line: line.lineNum }));
    else if ((control === 'QUANTITY' || control === 'BOTH') && dec(now.quantity).lessThan(taken))
      issues.push(
        issue('srmCctContract.lineBelowExecuted', { line: line.lineNum, executed: taken.toNumber() }),
      );
  }
  if ((control === 'AMOUNT' || control === 'BOTH') && dec(row.amountInclTax ?? 0).lessThan(executed))
    issues.push(issue('srmCctContract.alterationBelowExecuted', { executed: executed.toFixed(2) }));
  const paid = sum(before, (stage) => stage.paidAmount ?? 0);
  // What was invoiced under it (what was paid against those invoices included).
  const invoiced = dec((await system.find(contract, row.mainContractId)).invoicedAmount ?? 0);
  if (invoiced.greaterThan(paid) && dec(row.amountInclTax ?? 0).lessThan(invoiced))
    issues.push(issue('srmCctContract.alterationBelowInvoiced', { invoiced: invoiced.toFixed(2) }));
  if (dec(row.amountInclTax ?? 0).lessThan(paid))
    issues.push(issue('srmCctContract.alterationBelowPaid', { paid: paid.toFixed(2) }));
  for (const stage of before) {
    const now = stages.find((candidate) => candidate.stageNum === stage.stageNum);
    const was = dec(stage.paidAmount ?? 0);
    if (was.greaterThan(0) && (!now || dec(now.stageAmount ?? 0).lessThan(was)))
      issues.push(issue('srmCctContract.stageBelowPaid', { stage: stage.stageNum, paid: was.toFixed(2) }));
  }
  return issues;
}

/**
 * A contract without stages that has just picked a template (an alteration keeps its own) takes
 * the template's default stages, their amounts split from its total as a save splits them.
 */
async function takeTemplateStages(ctx: SaveContext<typeof contract> & { readonly id: number }) {
  const { row } = ctx;
  if (!row.templateId || row.templateId === ctx.previous?.templateId || row.contractType === 'ALTERATION')
    return;
  const defaults = (
    await ctx.system("a template's default stages are master data").lines(templateStage, row.templateId)
  ).sort((a, b) => a.stageNum - b.stageNum);
  if (!defaults.length) return;
  const amounts = stageAmounts(
    row.amountInclTax ?? 0,
    defaults.map((stage) => stage.ratio),
    await placesOf(ctx, row.currencyId),
  );
  await ctx.insert(
    contractStage,
    defaults.map((stage, index) => ({
      contractId: ctx.id,
      stageNum: index + 1,
      stageName: stage.stageName,
      milestone: stage.milestone,
      ratio: stage.ratio,
      stageAmount: amounts[index]!,
      paymentMethod: stage.paymentMethod,
      daysAfter: stage.daysAfter ?? 0,
      retentionRatio: stage.retentionRatio ?? 0,
    })),
  );
}

/** A template's clause slots, in order, each with the code of the library clause it names. */
async function slotsOf(ctx: DataApi, templateId: number) {
  const master = ctx.system("a template's clause slots and the clause library are master data");
  const slots = (await master.lines(templateClause, templateId)).sort(
    (a, b) => a.sequenceNum - b.sequenceNum,
  );
  const named = new Map(
    (slots.length ? await master.list(terms, { termsId: slots.map((slot) => slot.termsId) }) : []).map(
      (row) => [row.termsId, row],
    ),
  );
  return slots.flatMap((slot) => {
    const clause = named.get(slot.termsId);
    return clause ? [{ slot, code: clause.termsCode, title: clause.termsTitle }] : [];
  });
}

/**
 * A contract without clauses that has just picked a template (an alteration keeps its own) takes
 * its clause slots, each at the version of the clause in effect now (a slot whose clause has none
 * is left out: the submit names it if it was required).
 */
async function takeTemplateClauses(ctx: SaveContext<typeof contract> & { readonly id: number }) {
  const { row } = ctx;
  if (!row.templateId || row.templateId === ctx.previous?.templateId || row.contractType === 'ALTERATION')
    return;
  const slots = await slotsOf(ctx, row.templateId);
  if (!slots.length) return;
  const effective = new Map(
    (
      await ctx
        .system('the clause library is master data')
        .list(terms, { termsCode: slots.map(({ code }) => code), status: 'EFFECTIVE' })
    ).map((clause) => [clause.termsCode, clause]),
  );
  const clauses = slots.flatMap(({ code }) => {
    const clause = effective.get(code);
    return clause ? [clause] : [];
  });
  await ctx.insert(
    contractClause,
    clauses.map((clause, index) => ({
      contractId: ctx.id,
      sequenceNum: index + 1,
      termsId: clause.termsId,
      termsVersion: clause.termsVersion,
      termsTitle: clause.termsTitle,
      termsBody: clause.termsBody,
      libraryBody: clause.termsBody,
    })),
  );
}

/** Why the contract's clauses break its template's slots: a required one dropped, a fixed one reworded. */
async function clauseSlotIssues(ctx: DataApi, row: RowOf<typeof contract>): Promise<RuleIssue[]> {
  if (!row.templateId) return [];
  const slots = await slotsOf(ctx, row.templateId);
  if (!slots.length) return [];
  const clauses = await ctx.lines(contractClause, row.contractId);
  const ids = clauses.flatMap((clause) => (clause.termsId ? [clause.termsId] : []));
  const codes = new Map(
    (ids.length
      ? await ctx.system('the clause library is master data').list(terms, { termsId: ids })
      : []
    ).map((clause) => [clause.termsId, clause.termsCode]),
  );
  const [template] = await ctx
    .system('a template is master data')
    .list(contractTemplate, { templateId: row.templateId });
  const issues: RuleIssue[] = [];
  for (const { slot, code, title } of slots) {
    const kept = clauses.filter((clause) => clause.termsId && codes.get(clause.termsId) === code);
    if (!kept.length && slot.requiredFlag === 'Y')
      issues.push(issue('srmCctContract.clauseRequired', { title, template: template?.templateName ?? '' }));
    if (slot.editableFlag !== 'Y' && kept.some((clause) => clause.termsBody !== clause.libraryBody))
      issues.push(issue('srmCctContract.clauseFixed', { title }));
  }
  return issues;
}

export const contractActions = defineActions(contract, {
  async beforeSave(ctx) {
    const { row } = ctx;
    await fillParties(ctx, row);
    // The template's version when it was picked: a later version changes nothing here.
    if (!row.templateId) row.templateVersion = null;
    else if (row.templateId !== ctx.previous?.templateId || !row.templateVersion) {
      const [template] = await ctx
        .system('a template is master data')
        .list(contractTemplate, { templateId: row.templateId });
      row.templateVersion = template?.templateVersion ?? null;
      if (template?.orgId && template.orgId !== row.orgId)
        return [{ field: 'templateId', message: 'srmCctContract.templateOtherOrg' }];
    }
    const master = ctx.system('an item and a clause are master data');
    const issues: RuleIssue[] = [];
    for (const [index, line] of ctx.newLines.items.entries()) {
      if (line.itemId && (!line.itemDescription || !line.uomId)) {
        const [material] = await master.list(item, { itemId: line.itemId });
        line.itemDescription ||= material?.itemName ?? null;
        line.uomId ??= material?.uomId ?? null;
      }
      if (!line.itemDescription)
        issues.push(issue('srmCctContract.itemDescriptionNeeded', { line: index + 1 }));
      if (!line.uomId) issues.push(issue('srmCctContract.uomNeeded', { line: index + 1 }));
    }
    if (issues.length) return issues;
    // A clause keeps the library's version and text it was copied from, until another is picked.
    const before = new Map(ctx.oldLines.clauses.map((c) => [c.contractClauseId, c]));
    for (const clause of ctx.newLines.clauses) {
      const old = clause.contractClauseId ? before.get(clause.contractClauseId) : undefined;
      if (!clause.termsId) {
        clause.termsVersion = null;
        clause.libraryBody = null;
      } else if (!old || old.termsId !== clause.termsId) {
        const [library] = await master.list(terms, { termsId: clause.termsId });
        clause.termsVersion = library?.termsVersion ?? null;
        clause.libraryBody = library?.termsBody ?? null;
      } else {
        clause.termsVersion = old.termsVersion;
        clause.libraryBody = old.libraryBody;
      }
    }
    const stages = [...ctx.newLines.stages].sort((a, b) => a.stageNum - b.stageNum);
    const amounts = stageAmounts(
      row.amountInclTax ?? 0,
      stages.map((stage) => stage.ratio),
      await placesOf(ctx, row.currencyId),
    );
    stages.forEach((stage, index) => (stage.stageAmount = amounts[index]!));
    const lineNums = new Set(ctx.newLines.items.map((line) => line.lineNum));
    const unknown = ctx.newLines.refunds.find(
      (refund) =>
        refund.itemLineNum !== null && refund.itemLineNum !== undefined && !lineNums.has(refund.itemLineNum),
    );
    if (unknown)
      return [
        issue('srmCctContractRefund.unknownLine', { refund: unknown.lineNum, line: unknown.itemLineNum! }),
      ];
    return row.contractType === 'ALTERATION' ? alterationIssues(ctx, row, stages, ctx.newLines.items) : [];
  },
  async afterSave(ctx) {
    // A save that sent the items but not the stages: the stored stages still follow the total.
    const stored = await ctx.lines(contractStage, ctx.id);
    if (!stored.length) await takeTemplateStages(ctx);
    if (!(await ctx.lines(contractClause, ctx.id)).length) await takeTemplateClauses(ctx);
    for (const stage of ctx.newLines.stages) {
      const was = stored.find((row) => row.stageNum === stage.stageNum);
      if (was && stage.stageAmount !== null && Number(was.stageAmount) !== Number(stage.stageAmount))
        await ctx.patch(contractStage, was.contractStageId, { stageAmount: stage.stageAmount });
    }
  },
  guards: {
    async doSubmit(ctx) {
      const id = ctx.row.contractId;
      const [items, stages] = await Promise.all([ctx.lines(contractItem, id), ctx.lines(contractStage, id)]);
      const issues = [...submitIssues(items, stages), ...(await clauseSlotIssues(ctx, ctx.row))];
      if (ctx.row.contractType === 'ALTERATION') {
        if (!ctx.row.changeReason?.trim()) issues.push(issue('srmCctContract.changeReasonNeeded'));
        if (!ctx.row.changeRationale) issues.push(issue('srmCctContract.changeRationaleNeeded'));
        issues.push(...(await alterationIssues(ctx, ctx.row, stages, items)));
      }
      return issues;
    },
    async doVoid(ctx) {
      const stages = await ctx.lines(contractStage, ctx.row.contractId);
      const paid = sum(stages, (stage) => stage.paidAmount ?? 0);
      return paid.greaterThan(0) ? [issue('srmCctContract.voidAfterPayment', { paid: paid.toNumber() })] : [];
    },
    doSignPaper(ctx) {
      return ctx.row.signedScanIds ? [] : [issue('srmCctContract.signedScanNeeded')];
    },
    async doFinalize(ctx) {
      return finalizeIssues(await ctx.find(contract, ctx.row.contractId), ctx.input.acceptChanges === 'Y');
    },
    async doTerminate(ctx) {
      const total = dec(ctx.row.amountInclTax ?? 0);
      const issues = dec(ctx.input.paidAmount).greaterThan(total)
        ? [issue('srmCctContract.paidAboveTotal', { total: total.toNumber() })]
        : [];
      const open = await openOrdersUnder(ctx, ctx.row.contractId);
      if (open.length)
        issues.push(
          issue('srmCctContract.openOrders', { orders: open.slice(0, 5).join(', '), count: open.length }),
        );
      return issues;
    },
  },
  actions: {
    async doApproval(ctx) {
      await ctx.patch(contract, ctx.row.contractId, { approvedDate: ctx.now.getTime() });
    },
    async doSendConfirm(ctx) {
      await tellSupplierContract(ctx, ctx.row, 'sent');
    },
    async doSupplierConfirm(ctx) {
      await ctx.patch(contract, ctx.row.contractId, { confirmedDate: ctx.now.getTime(), refuseReason: null });
      await tellBuyerContract(ctx, ctx.row, 'confirmed');
    },
    async doSupplierRefuse(ctx) {
      const reason = String(ctx.input.comment ?? '');
      await ctx.patch(contract, ctx.row.contractId, { refuseReason: reason });
      await tellBuyerContract(ctx, ctx.row, 'refused', reason);
    },
    async doTerminateApprove(ctx) {
      await tellSupplierContract(ctx, ctx.row, 'terminated');
    },
    async doVoidApprove(ctx) {
      await cancelProviderFlow(ctx, ctx.row);
      await tellSupplierContract(ctx, ctx.row, 'voided');
    },
    async doFinalize(ctx) {
      const job: FinalizeJob = {
        contractId: ctx.row.contractId,
        acceptChanges: ctx.input.acceptChanges === 'Y',
        userId: ctx.actor.userId,
        author: { side: ctx.actor.side, name: ctx.actor.userName },
        locale: ctx.actor.locale,
      };
      const jobs = ctx.services.jobs;
      // Sent in this transaction: there is a job exactly when the contract is FINALIZING.
      if (jobs?.ready) await jobs.send(FINALIZE_QUEUE, job);
      else await finalizeNow(ctx, job);
    },
    async doFinalizeDone(ctx) {
      const found = await ctx.find(contract, ctx.row.contractId);
      if (!found.finalizedSha256) return;
      await startProviderFlow(ctx, found);
      await tellSupplierContract(ctx, ctx.row, 'readyToSign');
    },
    async doSignPaper(ctx) {
      await ctx.patch(contract, ctx.row.contractId, { paperSignedFlag: 'Y' });
      await takeEffect(ctx, ctx.row);
    },
    async doSign(ctx) {
      await takeEffect(ctx, ctx.row);
    },
    async doTerminate(ctx) {
      await ctx.patch(contract, ctx.row.contractId, {
        terminateReason: ctx.input.terminateReason,
        terminatePaidAmount: ctx.input.paidAmount,
      });
    },
  },
});
