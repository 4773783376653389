// Sample trials on the server. Saving: one serving an introduction takes its supplier, category and
// organisation, needs it running with a sample step, and is its only open trial; once requested
// the materials are fixed (the supplier fills in only its shipment, the buyer the received
// quantities); an evaluator's verdict, data and date are changed by that evaluator only (the
// engine's `writableByUserIn`), and only while the samples are being evaluated; a row with a verdict stays. Requesting needs materials
// and a mandatory evaluator, and tells the supplier; shipping needs every line's shipment;
// receiving dates it; submitting needs every mandatory verdict and combines them (every mandatory
// evaluator must pass), with a comment for a failure; approval writes the introduction's sample
// step and tells the supplier.
import type { RuleIssue } from '@srm/kernel';
import { type DataApi, defineActions } from '@srm/platform';
import { dayIn } from '../supplier-credential/supplier-credential.validity';
import {
  introStepIssue,
  servedIntroIssue,
  userNameOf,
  writeIntroStep,
} from '../supplier-intro/step-documents';
import { evaluatorRowsIssue, mandatoryPassed, pendingMandatory } from '../supplier-intro/evaluators';
import {
  SAMPLE_EVALUATE_STATES,
  sampleTrial,
  sampleTrialLine,
  sampleTrialResult,
} from './sample-trial.entity';

const platform = (ctx: DataApi) => ctx.system('a sample trial reads its introduction and its evaluators');

/** States in which a trial is open (another for the same introduction is refused). */
const OPEN_STATES = ['DRAFT', 'REQUESTED', 'SHIPPED', 'EVALUATING', 'APPROVING', 'REJECTED'] as const;

const introIssue = (ctx: DataApi, introId: number) =>
  introStepIssue(ctx, sampleTrial.name, introId, 'SAMPLE');

/** The combined verdict: every mandatory evaluator passed. */
export function sampleResultOf(results: readonly { mandatoryFlag: string | null; verdict: string }[]) {
  return mandatoryPassed(results) ? 'PASS' : 'FAIL';
}

const MATERIAL_FIELDS = ['itemId', 'itemName', 'specification', 'quantity'] as const;
const VERDICT_FIELDS = ['verdict', 'evaluationData', 'evaluateDate', 'reportIds'] as const;

type Values = { readonly [key: string]: unknown };
const changed = (after: Values, before: Values, fields: readonly string[]) =>
  fields.some((field) => after[field] !== undefined && (after[field] ?? null) !== (before[field] ?? null));

export const sampleTrialActions = defineActions(sampleTrial, {
  async beforeSave(ctx): Promise<RuleIssue | null> {
    const { row, previous } = ctx;
    const served = await servedIntroIssue(ctx, {
      entityName: sampleTrial.name,
      stepType: 'SAMPLE',
      row,
      previousIntroId: previous?.introId,
      otherOpen: async (introId) => {
        const open = await platform(ctx).list(
          sampleTrial,
          { introId, status: [...OPEN_STATES] },
          { limit: 2 },
        );
        return open.find((trial) => trial.sampleTrialId !== previous?.sampleTrialId)?.sampleTrialNum ?? null;
      },
    });
    if (served) return served;
    if (ctx.actor.system) return null;
    const requested = !!previous && previous.status !== 'DRAFT';
    if (requested) {
      for (const field of ['introId', 'supplierId', 'categoryId', 'orgId'] as const)
        if ((row[field] ?? null) !== (previous[field] ?? null))
          return { field, message: 'srmSampleTrial.fixedOnceRequested' };
      const before = ctx.oldLines.lines;
      const after = ctx.newLines.lines;
      if (
        after.length !== before.length ||
        after.some((line) => {
          const old = before.find((b) => b.sampleLineId === line.sampleLineId);
          return !old || changed(line, old, MATERIAL_FIELDS);
        })
      )
        return { field: 'lines', message: 'srmSampleTrial.materialsFixed' };
    }
    return evaluatorRowsIssue(ctx, {
      collection: 'results',
      key: 'sampleResultId',
      before: ctx.oldLines.results,
      after: ctx.newLines.results,
      verdictFields: VERDICT_FIELDS,
      judging: !!previous && SAMPLE_EVALUATE_STATES.includes(previous.status),
      verdictGivenMessage: 'srmSampleTrial.verdictGiven',
      closedMessage: 'srmSampleTrial.notEvaluating',
    });
  },
  guards: {
    async doRequest(ctx): Promise<RuleIssue | null> {
      const { previous } = ctx;
      if (!(await platform(ctx).lines(sampleTrialLine, previous.sampleTrialId)).length)
        return { field: 'lines', message: 'srmSampleTrial.linesRequired' };
      const results = await platform(ctx).lines(sampleTrialResult, previous.sampleTrialId);
      if (!results.some((result) => result.mandatoryFlag === 'Y'))
        return { field: 'results', message: 'srmSampleTrial.evaluatorsRequired' };
      return previous.introId !== null ? introIssue(ctx, previous.introId) : null;
    },
    async doShip(ctx): Promise<RuleIssue | null> {
      const lines = await platform(ctx).lines(sampleTrialLine, ctx.previous.sampleTrialId);
      const open = lines.find(
        (line) => !(Number(line.shippedQuantity) > 0) || !line.shipDate || !line.waybillNo,
      );
      return open
        ? { field: 'lines', message: 'srmSampleTrial.shipmentMissing', params: { item: open.itemName } }
        : null;
    },
    async doSubmit(ctx): Promise<RuleIssue | null> {
      const { previous } = ctx;
      const results = await platform(ctx).lines(sampleTrialResult, previous.sampleTrialId);
      const pending = pendingMandatory(results);
      if (pending)
        return {
          field: 'results',
          message: 'srmSampleTrial.verdictPending',
          params: {
            evaluator: await userNameOf(ctx, pending.evaluatorId),
            role: ctx.t(`lookup.SRM_SAMPLE_EVALUATOR_ROLE.${pending.evaluatorRole}`),
          },
        };
      if (sampleResultOf(results) === 'FAIL' && !previous.resultComment?.trim())
        return { field: 'resultComment', message: 'srmSampleTrial.failComment' };
      return previous.introId !== null ? introIssue(ctx, previous.introId) : null;
    },
  },
  actions: {
    async doRequest(ctx) {
      const { row } = ctx;
      await ctx.services.siteMessages?.notify({
        supplierId: row.supplierId,
        titleKey: 'srmSampleTrial.message.requestTitle',
        contentKey: 'srmSampleTrial.message.requestContent',
        params: { number: row.sampleTrialNum ?? '', date: row.requiredDate },
        link: { entityName: sampleTrial.name, documentId: row.sampleTrialId },
        source: 'SAMPLE_REQUESTED',
        email: true,
        eventId: `${row.sampleTrialId}-request`,
      });
    },
    async doReceive(ctx) {
      const { row } = ctx;
      const data = platform(ctx);
      for (const line of await data.lines(sampleTrialLine, row.sampleTrialId))
        if (line.receivedQuantity === null)
          await data.patch(sampleTrialLine, line.sampleLineId, { receivedQuantity: line.shippedQuantity });
      await data.patch(sampleTrial, row.sampleTrialId, {
        receivedDate: dayIn(ctx.now, ctx.runtime.timeZone),
      });
    },
    async doSubmit(ctx) {
      const { row } = ctx;
      const results = await platform(ctx).lines(sampleTrialResult, row.sampleTrialId);
      await platform(ctx).patch(sampleTrial, row.sampleTrialId, { sampleResult: sampleResultOf(results) });
    },
    async doApproval(ctx) {
      const { row } = ctx;
      const result = row.sampleResult ?? 'FAIL';
      const params = {
        number: row.sampleTrialNum ?? '',
        result: ctx.t(`lookup.SRM_SAMPLE_RESULT.${result}`),
        comment: row.resultComment ?? '',
      };
      if (row.introId !== null)
        await writeIntroStep(ctx, row.introId, 'SAMPLE', {
          result,
          documentRef: row.sampleTrialNum,
          resultComment: ctx.t('srmSampleTrial.stepComment', params),
        });
      await ctx.services.siteMessages?.notify({
        supplierId: row.supplierId,
        titleKey: 'srmSampleTrial.message.resultTitle',
        contentKey: 'srmSampleTrial.message.resultContent',
        params,
        link: { entityName: sampleTrial.name, documentId: row.sampleTrialId },
        source: 'SAMPLE_RESULT',
        email: true,
        eventId: `${row.sampleTrialId}-result`,
      });
    },
  },
});
