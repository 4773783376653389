// Locale inspections on the server. Saving: one serving an introduction takes its supplier,
// category and organisation, needs it running with an inspection step, and is its only open
// inspection; the conditional score lies below the pass score; once scoring began the supplier,
// category, organisation, template and inspectors are fixed, and the items and scores are the
// platform's rows; an inspector changes only their own scores. Starting copies the template's
// items and opens the scores. Submitting needs every score, works out the means, the total and
// the verdict, and asks for a summary unless it passed and a rectification date when it passed
// with conditions. Approval writes the introduction's inspection step, tells the supplier and, for
// a conditional pass, opens its rectification task (the summary and the findings, by the date).
import type { RuleIssue } from '@srm/kernel';
import { type DataApi, defineActions } from '@srm/platform';
import { introStepIssue, servedIntroIssue, writeIntroStep } from '../supplier-intro/step-documents';
import { surveyTemplate, surveyTemplateLine } from '../survey-template/survey-template.entity';
import { openRectify } from '../supplier-rectify/supplier-rectify.actions';
import {
  localeInspection,
  localeInspectionItem,
  localeInspectionRecord,
  localeInspectionScore,
  localeInspectionStaff,
} from './locale-inspection.entity';
import { inspectionResult, inspectionTotals } from './locale-inspection.score';

const platform = (ctx: DataApi) =>
  ctx.system('an inspection reads its template and introduction and keeps its scores');

/** States in which an inspection is open (another for the same introduction is refused). */
const OPEN_STATES = ['DRAFT', 'SCORING', 'APPROVING', 'REJECTED'] as const;

/** The introduction an inspection serves, when it may: running, with an inspection step. */
const introIssue = (ctx: DataApi, introId: number) =>
  introStepIssue(ctx, localeInspection.name, introId, 'INSPECTION');

/** Writes each item's mean, the total and the verdict the bands give it. */
export async function settleScores(
  data: DataApi,
  row: { readonly inspectionId: number; readonly passScore: number; readonly conditionalScore: number },
): Promise<void> {
  const items = await data.lines(localeInspectionItem, row.inspectionId);
  const scores = await data.lines(localeInspectionScore, row.inspectionId);
  const { averages, total } = inspectionTotals(
    items.map((item) => ({ lineNum: item.lineNum ?? 0, weight: Number(item.weight ?? 0) })),
    scores.map((score) => ({ lineNum: score.lineNum ?? 0, score: Number(score.score) })),
  );
  for (const item of items)
    await data.patch(localeInspectionItem, item.inspectionItemId, {
      averageScore: averages.get(item.lineNum ?? 0) ?? 0,
    });
  await data.patch(localeInspection, row.inspectionId, {
    totalScore: total,
    inspectionResult: inspectionResult(total, Number(row.passScore), Number(row.conditionalScore)),
  });
}

export const localeInspectionActions = defineActions(localeInspection, {
  async beforeSave(ctx): Promise<RuleIssue | null> {
    const { row, previous } = ctx;
    const served = await servedIntroIssue(ctx, {
      entityName: localeInspection.name,
      stepType: 'INSPECTION',
      row,
      previousIntroId: previous?.introId,
      otherOpen: async (introId) => {
        const open = await platform(ctx).list(
          localeInspection,
          { introId, status: [...OPEN_STATES] },
          { limit: 2 },
        );
        return (
          open.find((inspection) => inspection.inspectionId !== previous?.inspectionId)?.inspectionNum ?? null
        );
      },
    });
    if (served) return served;
    if (Number(row.conditionalScore) >= Number(row.passScore))
      return { field: 'conditionalScore', message: 'srmLocaleInspection.bands' };
    // Once scoring started the engine keeps the triple, the template and the inspectors
    // (editableOnlyIn, rowsEditableIn); items and scores are the platform's rows (rowsByPlatform),
    // and each inspector's own scores are checked by whose row it is (writableByUserIn).
    return null;
  },
  guards: {
    async doStart(ctx): Promise<RuleIssue | null> {
      const { previous } = ctx;
      if (!(await platform(ctx).lines(localeInspectionStaff, previous.inspectionId)).length)
        return { field: 'inspectors', message: 'srmLocaleInspection.inspectorsRequired' };
      const [template] = await platform(ctx).list(
        surveyTemplate,
        { templateId: previous.templateId },
        { limit: 1 },
      );
      if (!template || template.status !== 'ACTIVE' || template.usage !== 'INSPECTION')
        return { field: 'templateId', message: 'srmLocaleInspection.templateNotActive' };
      if (previous.introId !== null) return introIssue(ctx, previous.introId);
      return null;
    },
    async doSubmit(ctx): Promise<RuleIssue | null> {
      const { previous } = ctx;
      const scores = await platform(ctx).lines(localeInspectionScore, previous.inspectionId);
      const missing = scores.find((score) => score.score === null);
      if (missing)
        return {
          field: 'scores',
          message: 'srmLocaleInspection.scoreMissing',
          params: { inspector: missing.inspectorName ?? '', item: missing.itemText ?? '' },
        };
      const items = await platform(ctx).lines(localeInspectionItem, previous.inspectionId);
      const { total } = inspectionTotals(
        items.map((item) => ({ lineNum: item.lineNum ?? 0, weight: Number(item.weight ?? 0) })),
        scores.map((score) => ({ lineNum: score.lineNum ?? 0, score: Number(score.score) })),
      );
      const result = inspectionResult(total, Number(previous.passScore), Number(previous.conditionalScore));
      const params = { total: total.toFixed(2), result: ctx.t(`lookup.SRM_INSPECTION_RESULT.${result}`) };
      if (result !== 'PASS' && !previous.summary?.trim())
        return { field: 'summary', message: 'srmLocaleInspection.summaryRequired', params };
      if (result === 'CONDITIONAL' && !previous.rectifyDueDate)
        return { field: 'rectifyDueDate', message: 'srmLocaleInspection.rectifyDueRequired', params };
      if (previous.introId !== null) return introIssue(ctx, previous.introId);
      return null;
    },
  },
  actions: {
    async doStart(ctx) {
      const { row } = ctx;
      const data = platform(ctx);
      const [template] = await data.list(surveyTemplate, { templateId: row.templateId }, { limit: 1 });
      const lines = (await data.lines(surveyTemplateLine, row.templateId)).filter(
        (line) => line.questionType === 'SCORE',
      );
      const inspectors = await data.lines(localeInspectionStaff, row.inspectionId);
      await data.insert(
        localeInspectionItem,
        lines.map((line) => ({
          inspectionId: row.inspectionId,
          lineNum: line.lineNum,
          itemText: line.questionText,
          weight: line.weight,
          guidance: line.guidance,
        })),
      );
      await data.insert(
        localeInspectionScore,
        inspectors.flatMap((inspector) =>
          lines.map((line) => ({
            inspectionId: row.inspectionId,
            lineNum: line.lineNum,
            itemText: line.questionText,
            inspectorId: inspector.userId,
          })),
        ),
      );
      await data.patch(localeInspection, row.inspectionId, {
        templateVersion: template?.templateVersion ?? 0,
      });
    },
    async doSubmit(ctx) {
      await settleScores(platform(ctx), ctx.row);
    },
    async doApproval(ctx) {
      const { row } = ctx;
      const result = row.inspectionResult ?? 'FAIL';
      const total = Number(row.totalScore ?? 0).toFixed(2);
      const params = {
        number: row.inspectionNum ?? '',
        total,
        result: ctx.t(`lookup.SRM_INSPECTION_RESULT.${result}`),
        summary: row.summary ?? '',
      };
      if (row.introId !== null)
        await writeIntroStep(ctx, row.introId, 'INSPECTION', {
          result,
          documentRef: row.inspectionNum,
          resultComment: ctx.t('srmLocaleInspection.stepComment', params),
        });
      if (result === 'CONDITIONAL' && row.rectifyDueDate) {
        const findings = (await platform(ctx).lines(localeInspectionRecord, row.inspectionId)).map(
          (record, index) =>
            `${index + 1}. [${ctx.t(`lookup.SRM_INSPECTION_SEVERITY.${record.severity}`)}] ${record.findingText}`,
        );
        await openRectify(ctx, {
          supplierId: row.supplierId,
          categoryId: row.categoryId,
          orgId: row.orgId,
          sourceType: 'INSPECTION',
          sourceRef: row.inspectionNum,
          requirement: [row.summary ?? '', ...findings].filter(Boolean).join('\n'),
          dueDate: row.rectifyDueDate,
        });
      }
      await ctx.services.siteMessages?.notify({
        supplierId: row.supplierId,
        titleKey: 'srmLocaleInspection.message.resultTitle',
        contentKey: 'srmLocaleInspection.message.resultContent',
        params,
        link: { entityName: localeInspection.name, documentId: row.inspectionId },
        source: 'LOCALE_INSPECTION_RESULT',
        email: true,
        eventId: `${row.inspectionId}-result`,
      });
    },
  },
});
