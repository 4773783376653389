// Forecasts and delivery plans on the server: what must hold before each hand-over. A forecast or
// plan is published with lines inside its period; the supplier accepts a forecast only with a
// committed quantity on every line, and confirms a plan only with a confirmed quantity and date on
// every line; a refusal carries the supplier's comment.
import type { RuleIssue } from '@srm/kernel';
import { type HookContext, type Row, legacyActions } from '@srm/platform';
import { deliveryPlan } from './delivery-plan.entity';
import { forecast } from './forecast.entity';
import { issue, linesOf } from './support';

async function forecastPublishIssues(context: HookContext, row: Row): Promise<RuleIssue[]> {
  const lines = await linesOf(context, 'srmPurForecastLine', row.forecastId as number);
  if (!lines.length) return [issue('srmPurForecast.noLines')];
  return lines.flatMap((line, index) =>
    String(line.demandDate) < String(row.periodFrom) || String(line.demandDate) > String(row.periodTo)
      ? [issue('srmPurForecast.outsidePeriod', { line: index + 1, date: String(line.demandDate) })]
      : [],
  );
}

export const forecastActions = legacyActions(forecast, {
  guards: {
    doPublish: (context, { row }) => forecastPublishIssues(context, row),
    async doApproval(context, { row }) {
      const lines = await linesOf(context, 'srmPurForecastLine', row.forecastId as number);
      return lines.flatMap((line, index) =>
        line.committedQuantity == null ? [issue('srmPurForecast.needsCommitted', { line: index + 1 })] : [],
      );
    },
  },
});

export const deliveryPlanActions = legacyActions(deliveryPlan, {
  guards: {
    async doPublish(context, { row }) {
      const lines = await linesOf(context, 'srmPurDeliveryPlanLine', row.deliveryPlanId as number);
      return lines.length ? [] : [issue('srmPurDeliveryPlan.noLines')];
    },
    async doConfirm(context, { row }) {
      const lines = await linesOf(context, 'srmPurDeliveryPlanLine', row.deliveryPlanId as number);
      return lines.flatMap((line, index) =>
        line.confirmedQuantity == null || line.confirmedDate == null
          ? [issue('srmPurDeliveryPlan.needsConfirmation', { line: index + 1 })]
          : [],
      );
    },
  },
});
