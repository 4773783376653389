// Forecasts on the server: what must hold before each hand-over. A forecast is published with
// lines inside its period; the supplier accepts it only with a committed quantity on every line
// (a refusal carries the supplier's comment, declared on the action).
import { defineActions } from '@srm/platform';
import { issue } from '../support';
import { forecast } from './forecast.entity';
import { forecastLine } from './forecast-line.entity';

export const forecastActions = defineActions(forecast, {
  guards: {
    async doPublish(ctx) {
      const { row } = ctx;
      const lines = await ctx.lines(forecastLine, row.forecastId);
      if (!lines.length) return issue('srmPurForecast.noLines');
      return lines.flatMap((line, index) =>
        line.demandDate < row.periodFrom || line.demandDate > row.periodTo
          ? [issue('srmPurForecast.outsidePeriod', { line: index + 1, date: line.demandDate })]
          : [],
      );
    },
    async doApproval(ctx) {
      const lines = await ctx.lines(forecastLine, ctx.row.forecastId);
      return lines.flatMap((line, index) =>
        line.committedQuantity === null ? [issue('srmPurForecast.needsCommitted', { line: index + 1 })] : [],
      );
    },
  },
});
