// Satisfaction surveys on the server. A draft names a period that does not run backwards; starting
// needs an active satisfaction template, suppliers and raters, copies the template's items and
// makes the score rows, and tells the raters; once scoring, each rater changes only their own
// rows; completing needs a score for every supplier and works out the summary.
import type { RuleIssue } from '@srm/kernel';
import { type DataApi, defineActions } from '@srm/platform';
import { dayIn } from '../supplier-credential/supplier-credential.validity';
import { surveyTemplate, surveyTemplateLine } from '../survey-template/survey-template.entity';
import { inspectionTotals } from '../locale-inspection/locale-inspection.score';
import { supplierInfo } from '../supplier-info/supplier-info.entity';
import {
  satisfactionItem,
  satisfactionRater,
  satisfactionScore,
  satisfactionSummary,
  satisfactionSupplier,
  satisfactionSurvey,
} from './satisfaction-survey.entity';

const platform = (ctx: DataApi) => ctx.system('a satisfaction survey makes its items, scores and summary');

export interface SupplierSummary {
  readonly supplierId: number;
  /** Per item: the mean of the scores given and how many gave one. */
  readonly items: readonly { lineNum: number; avgScore: number | null; raterCount: number }[];
  /** The weighted mean over the items scored (null: nobody scored the supplier). */
  readonly avgScore: number | null;
  readonly raterCount: number;
}

/** The summary of one supplier's scores: empty scores are "not rated" and count for nothing. */
export function summarise(
  supplierId: number,
  items: readonly { lineNum: number; weight: number }[],
  scores: readonly { lineNum: number; raterId: number; score: number | null }[],
): SupplierSummary {
  const given = scores.filter((score): score is typeof score & { score: number } => score.score !== null);
  const scored = items.filter((item) => given.some((score) => score.lineNum === item.lineNum));
  const { averages, total } = inspectionTotals(scored, given);
  return {
    supplierId,
    items: items.map((item) => {
      const count = given.filter((score) => score.lineNum === item.lineNum).length;
      return {
        lineNum: item.lineNum,
        avgScore: count ? averages.get(item.lineNum)! : null,
        raterCount: count,
      };
    }),
    avgScore: scored.length ? total : null,
    raterCount: new Set(given.map((score) => score.raterId)).size,
  };
}

export const satisfactionSurveyActions = defineActions(satisfactionSurvey, {
  async beforeSave(ctx): Promise<RuleIssue | null> {
    const { row } = ctx;
    if (row.periodTo < row.periodFrom) return { field: 'periodTo', message: 'srmSatisfactionSurvey.period' };
    // Each rater's own scores: the engine checks whose row it is (writableByUserIn).
    return null;
  },
  guards: {
    async doStart(ctx): Promise<RuleIssue | null> {
      const { previous } = ctx;
      const data = platform(ctx);
      const [template] = await data.list(surveyTemplate, { templateId: previous.templateId }, { limit: 1 });
      if (!template || template.status !== 'ACTIVE' || template.usage !== 'SATISFACTION')
        return { field: 'templateId', message: 'srmSatisfactionSurvey.templateNotActive' };
      if (!(await data.lines(satisfactionSupplier, previous.surveyId)).length)
        return { field: 'suppliers', message: 'srmSatisfactionSurvey.suppliersRequired' };
      if (!(await data.lines(satisfactionRater, previous.surveyId)).length)
        return { field: 'raters', message: 'srmSatisfactionSurvey.ratersRequired' };
      return null;
    },
    async doComplete(ctx): Promise<RuleIssue | null> {
      const data = platform(ctx);
      const scores = await data.lines(satisfactionScore, ctx.previous.surveyId);
      for (const supplier of await data.lines(satisfactionSupplier, ctx.previous.surveyId))
        if (!scores.some((score) => score.supplierId === supplier.supplierId && score.score !== null)) {
          const [info] = await data.list(supplierInfo, { supplierId: supplier.supplierId }, { limit: 1 });
          return {
            field: 'scores',
            message: 'srmSatisfactionSurvey.supplierUnrated',
            params: { supplier: info?.supplierName ?? '' },
          };
        }
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
      const suppliers = await data.lines(satisfactionSupplier, row.surveyId);
      const raters = await data.lines(satisfactionRater, row.surveyId);
      await data.insert(
        satisfactionItem,
        lines.map((line) => ({
          surveyId: row.surveyId,
          lineNum: line.lineNum,
          itemText: line.questionText,
          weight: line.weight,
          guidance: line.guidance,
        })),
      );
      await data.insert(
        satisfactionScore,
        suppliers.flatMap((supplier) =>
          raters.flatMap((rater) =>
            lines.map((line) => ({
              surveyId: row.surveyId,
              supplierId: supplier.supplierId,
              lineNum: line.lineNum,
              itemText: line.questionText,
              raterId: rater.userId,
            })),
          ),
        ),
      );
      await data.patch(satisfactionSurvey, row.surveyId, { templateVersion: template?.templateVersion ?? 0 });
      await ctx.services.siteMessages?.notify({
        userIds: raters.map((rater) => rater.userId),
        titleKey: 'srmSatisfactionSurvey.message.startedTitle',
        contentKey: 'srmSatisfactionSurvey.message.startedContent',
        params: { number: row.surveyNum ?? '', title: row.title, date: row.dueDate ?? '' },
        link: { entityName: satisfactionSurvey.name, documentId: row.surveyId },
        source: 'SATISFACTION_SURVEY',
        eventId: `${row.surveyId}-started`,
      });
    },
    async doComplete(ctx) {
      const { row } = ctx;
      const data = platform(ctx);
      const items = (await data.lines(satisfactionItem, row.surveyId)).map((item) => ({
        lineNum: item.lineNum ?? 0,
        weight: Number(item.weight ?? 0),
        itemText: item.itemText,
      }));
      const scores = await data.lines(satisfactionScore, row.surveyId);
      const summaryRows = [];
      for (const supplier of await data.lines(satisfactionSupplier, row.surveyId)) {
        const summary = summarise(
          supplier.supplierId,
          items,
          scores
            .filter((score) => score.supplierId === supplier.supplierId)
            .map((score) => ({
              lineNum: score.lineNum ?? 0,
              raterId: score.raterId ?? 0,
              score: score.score,
            })),
        );
        await data.patch(satisfactionSupplier, supplier.surveySupplierId, {
          avgScore: summary.avgScore,
          raterCount: summary.raterCount,
        });
        for (const item of summary.items)
          summaryRows.push({
            surveyId: row.surveyId,
            supplierId: supplier.supplierId,
            lineNum: item.lineNum,
            itemText: items.find((found) => found.lineNum === item.lineNum)?.itemText ?? '',
            avgScore: item.avgScore,
            raterCount: item.raterCount,
          });
      }
      await data.insert(satisfactionSummary, summaryRows);
      await data.patch(satisfactionSurvey, row.surveyId, {
        completedDate: dayIn(ctx.now, ctx.runtime.timeZone),
      });
    },
  },
});
