// Batch trials on the server. Saving: one serving an introduction takes its supplier, category and
// organisation, needs it running with a batch step, and is its only open trial; its materials lie
// in its category and, once started, stay as they are (eligibility admits orders of exactly
// those); the trial order is one of the supplier's, released, naming a trial material; an
// evaluator's verdict and feedback are that evaluator's own (the engine's `writableByUserIn`)
// and given only while the trial runs; a row with a verdict stays. Starting needs materials and
// a mandatory evaluator and tells the supplier; 读取收货 and submitting read the trial order's
// receipts; submitting needs every material received and every mandatory verdict, combines them
// with the defect rate, and asks for a comment on a failure; approval writes the introduction's
// batch step and tells the supplier.
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import { type RuleIssue, add, dec } from '@srm/kernel';
import { type DataApi, defineActions } from '@srm/platform';
import { item } from '../../base-data';
import {
  introStepIssue,
  servedIntroIssue,
  userNameOf,
  writeIntroStep,
} from '../supplier-intro/step-documents';
import { evaluatorRowsIssue, mandatoryPassed, pendingMandatory } from '../supplier-intro/evaluators';
import {
  BATCH_RUNNING_STATES,
  TRIAL_ORDER_STATES,
  batchTrial,
  batchTrialFeedback,
  batchTrialLine,
} from './batch-trial.entity';
import { defectRateOf, trialOrderFigures } from './batch-trial.receipts';

const platform = (ctx: DataApi) => ctx.system('a batch trial reads its introduction, order and evaluators');

/** States in which a trial is open (another for the same introduction is refused). */
const OPEN_STATES = ['DRAFT', 'TRIAL', 'APPROVING', 'REJECTED'] as const;

const introIssue = (ctx: DataApi, introId: number) => introStepIssue(ctx, batchTrial.name, introId, 'BATCH');

/** The combined result: every mandatory evaluator passed and the lot within the allowed defect rate. */
export function batchResultOf(
  feedbacks: readonly { mandatoryFlag: string | null; verdict: string }[],
  defectRate: number | null,
  maxDefectRate: number | null,
): 'PASS' | 'FAIL' {
  return mandatoryPassed(feedbacks) && (defectRate ?? 0) <= (maxDefectRate ?? 0) ? 'PASS' : 'FAIL';
}

const VERDICT_FIELDS = ['verdict', 'feedback', 'feedbackDate', 'reportIds'] as const;

/** The first material (item id) whose category does not lie in the category, or null. */
async function materialOutside(ctx: DataApi, categoryId: number, itemIds: readonly number[]) {
  if (!itemIds.length) return null;
  const rows = await queryRows<{ item_id: string | number; inside: boolean }>(
    ctx.tx,
    sql`with recursive up(item_id, category_id, depth) as (
          select item_id, category_id, 0 from srm_base_item
          where item_id = any(${sql.param([...itemIds])}::bigint[])
          union all
          select up.item_id, c.parent_category_id, up.depth + 1
          from srm_base_category c join up on c.category_id = up.category_id
          where c.parent_category_id is not null and up.depth < 20
        )
        select item_id, bool_or(category_id = ${categoryId}) as inside from up group by item_id`,
  );
  const inside = new Set(rows.filter((row) => row.inside).map((row) => Number(row.item_id)));
  return itemIds.find((id) => !inside.has(id)) ?? null;
}

/** Reads the trial order's figures into the materials and the header. */
async function readReceipts(ctx: DataApi, batchTrialId: number) {
  const data = platform(ctx);
  const trial = await data.find(batchTrial, batchTrialId);
  const lines = await data.lines(batchTrialLine, batchTrialId);
  const figures =
    trial.poHeaderId === null
      ? new Map()
      : await trialOrderFigures(
          ctx,
          trial.poHeaderId,
          lines.map((line) => line.itemId),
        );
  let received = dec(0);
  let rejected = dec(0);
  for (const line of lines) {
    const got = figures.get(line.itemId) ?? {
      orderedQuantity: null,
      receivedQuantity: null,
      rejectedQuantity: null,
      defectRate: null,
    };
    received = add(received, got.receivedQuantity ?? 0);
    rejected = add(rejected, got.rejectedQuantity ?? 0);
    await data.patch(batchTrialLine, line.batchLineId, got);
  }
  const defectRate = defectRateOf(received, rejected);
  await data.patch(batchTrial, batchTrialId, {
    receivedQuantity: trial.poHeaderId === null ? null : received.toNumber(),
    rejectedQuantity: trial.poHeaderId === null ? null : rejected.toNumber(),
    defectRate,
  });
  return { lines: await data.lines(batchTrialLine, batchTrialId), defectRate };
}

export const batchTrialActions = defineActions(batchTrial, {
  async beforeSave(ctx): Promise<RuleIssue | null> {
    const { row, previous } = ctx;
    const served = await servedIntroIssue(ctx, {
      entityName: batchTrial.name,
      stepType: 'BATCH',
      row,
      previousIntroId: previous?.introId,
      otherOpen: async (introId) => {
        const open = await platform(ctx).list(
          batchTrial,
          { introId, status: [...OPEN_STATES] },
          { limit: 2 },
        );
        return open.find((trial) => trial.batchTrialId !== previous?.batchTrialId)?.batchTrialNum ?? null;
      },
    });
    if (served) return served;
    const started = !!previous && previous.status !== 'DRAFT';
    if (!started) {
      // A material's name and specification are the item's.
      const itemIds = [...new Set(ctx.newLines.lines.map((line) => line.itemId))];
      const items = new Map(
        itemIds.length
          ? (await platform(ctx).list(item, { itemId: itemIds })).map((found) => [found.itemId, found])
          : [],
      );
      for (const line of ctx.newLines.lines) {
        const found = items.get(line.itemId);
        if (found) Object.assign(line, { itemName: found.itemName, specification: found.specification });
      }
    }
    if (ctx.actor.system) return null;
    if (!started && row.categoryId != null) {
      const outside = await materialOutside(
        ctx,
        row.categoryId,
        ctx.newLines.lines.map((line) => line.itemId),
      );
      if (outside !== null) {
        const line = ctx.newLines.lines.find((l) => l.itemId === outside);
        return {
          field: 'lines',
          message: 'srmBatchTrial.materialOutside',
          params: { item: line?.itemName ?? String(outside) },
        };
      }
    }
    if (row.poHeaderId != null && row.poHeaderId !== previous?.poHeaderId) {
      const issue = await orderIssue(
        ctx,
        row.poHeaderId,
        ctx.newLines.lines.map((line) => line.itemId),
      );
      if (issue) return issue;
    }
    return evaluatorRowsIssue(ctx, {
      collection: 'feedbacks',
      key: 'feedbackId',
      before: ctx.oldLines.feedbacks,
      after: ctx.newLines.feedbacks,
      verdictFields: VERDICT_FIELDS,
      judging: !!previous && BATCH_RUNNING_STATES.includes(previous.status),
      verdictGivenMessage: 'srmBatchTrial.verdictGiven',
      closedMessage: 'srmBatchTrial.notRunning',
    });
  },
  guards: {
    async doStart(ctx): Promise<RuleIssue | null> {
      const { previous } = ctx;
      if (!(await platform(ctx).lines(batchTrialLine, previous.batchTrialId)).length)
        return { field: 'lines', message: 'srmBatchTrial.linesRequired' };
      const feedbacks = await platform(ctx).lines(batchTrialFeedback, previous.batchTrialId);
      if (!feedbacks.some((feedback) => feedback.mandatoryFlag === 'Y'))
        return { field: 'feedbacks', message: 'srmBatchTrial.evaluatorsRequired' };
      return previous.introId !== null ? introIssue(ctx, previous.introId) : null;
    },
    async doSubmit(ctx): Promise<RuleIssue | null> {
      const { previous } = ctx;
      if (previous.poHeaderId === null)
        return { field: 'poHeaderId', message: 'srmBatchTrial.orderRequired' };
      const lines = await platform(ctx).lines(batchTrialLine, previous.batchTrialId);
      // The order may have been cancelled since it was named.
      const orderProblem = await orderIssue(
        ctx,
        previous.poHeaderId,
        lines.map((line) => line.itemId),
      );
      if (orderProblem) return orderProblem;
      const figures = await trialOrderFigures(
        ctx,
        previous.poHeaderId,
        lines.map((line) => line.itemId),
      );
      const waiting = lines.find((line) => !(figures.get(line.itemId)?.receivedQuantity ?? 0));
      if (waiting)
        return {
          field: 'lines',
          message: 'srmBatchTrial.notReceived',
          params: { item: waiting.itemName ?? '' },
        };
      const feedbacks = await platform(ctx).lines(batchTrialFeedback, previous.batchTrialId);
      const pending = pendingMandatory(feedbacks);
      if (pending)
        return {
          field: 'feedbacks',
          message: 'srmBatchTrial.verdictPending',
          params: {
            evaluator: await userNameOf(ctx, pending.evaluatorId),
            role: ctx.t(`lookup.SRM_SAMPLE_EVALUATOR_ROLE.${pending.evaluatorRole}`),
          },
        };
      let received = dec(0);
      let rejected = dec(0);
      for (const got of figures.values()) {
        received = add(received, got.receivedQuantity);
        rejected = add(rejected, got.rejectedQuantity);
      }
      const result = batchResultOf(feedbacks, defectRateOf(received, rejected), previous.maxDefectRate);
      if (result === 'FAIL' && !previous.resultComment?.trim())
        return { field: 'resultComment', message: 'srmBatchTrial.failComment' };
      return previous.introId !== null ? introIssue(ctx, previous.introId) : null;
    },
  },
  actions: {
    async doStart(ctx) {
      const { row } = ctx;
      await ctx.services.siteMessages?.notify({
        supplierId: row.supplierId,
        titleKey: 'srmBatchTrial.message.startTitle',
        contentKey: 'srmBatchTrial.message.startContent',
        params: { number: row.batchTrialNum ?? '' },
        link: { entityName: batchTrial.name, documentId: row.batchTrialId },
        source: 'BATCH_TRIAL_STARTED',
        email: true,
        eventId: `${row.batchTrialId}-start`,
      });
    },
    async doReadReceipts(ctx) {
      await readReceipts(ctx, ctx.row.batchTrialId);
    },
    async doSubmit(ctx) {
      const { row } = ctx;
      const { defectRate } = await readReceipts(ctx, row.batchTrialId);
      const feedbacks = await platform(ctx).lines(batchTrialFeedback, row.batchTrialId);
      await platform(ctx).patch(batchTrial, row.batchTrialId, {
        batchResult: batchResultOf(feedbacks, defectRate, row.maxDefectRate),
      });
    },
    async doApproval(ctx) {
      const { row } = ctx;
      const result = row.batchResult ?? 'FAIL';
      const params = {
        number: row.batchTrialNum ?? '',
        result: ctx.t(`lookup.SRM_SAMPLE_RESULT.${result}`),
        rate: row.defectRate === null ? '—' : `${row.defectRate}%`,
        comment: row.resultComment ?? '',
      };
      if (row.introId !== null)
        await writeIntroStep(ctx, row.introId, 'BATCH', {
          result,
          documentRef: row.batchTrialNum,
          resultComment: ctx.t('srmBatchTrial.stepComment', params),
        });
      await ctx.services.siteMessages?.notify({
        supplierId: row.supplierId,
        titleKey: 'srmBatchTrial.message.resultTitle',
        contentKey: 'srmBatchTrial.message.resultContent',
        params,
        link: { entityName: batchTrial.name, documentId: row.batchTrialId },
        source: 'BATCH_TRIAL_RESULT',
        email: true,
        eventId: `${row.batchTrialId}-result`,
      });
    },
  },
});

/** Why the order cannot be the trial order: not released, or naming none of the materials. */
async function orderIssue(
  ctx: DataApi,
  poHeaderId: number,
  itemIds: readonly number[],
): Promise<RuleIssue | null> {
  const rows = await queryRows<{ status: string; po_number: string; items: (string | number)[] | null }>(
    ctx.tx,
    sql`select h.status, h.po_number, array_agg(l.item_id) as items
        from srm_po_header h left join srm_po_line l on l.po_header_id = h.po_header_id
        where h.po_header_id = ${poHeaderId} group by h.status, h.po_number`,
  );
  const order = rows[0];
  if (!order) return null;
  if (!TRIAL_ORDER_STATES.includes(order.status))
    return {
      field: 'poHeaderId',
      message: 'srmBatchTrial.orderNotReleased',
      params: { number: order.po_number },
    };
  const items = new Set((order.items ?? []).map(Number));
  if (!itemIds.some((id) => items.has(id)))
    return {
      field: 'poHeaderId',
      message: 'srmBatchTrial.orderWithoutMaterial',
      params: { number: order.po_number },
    };
  return null;
}
