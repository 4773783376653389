// Delivery plans on the server: a plan is published with lines, and its supplier confirms it only
// with a confirmed quantity and date on every line.
import { defineActions } from '@srm/platform';
import { issue } from '../support';
import { deliveryPlan } from './delivery-plan.entity';
import { deliveryPlanLine } from './delivery-plan-line.entity';

export const deliveryPlanActions = defineActions(deliveryPlan, {
  guards: {
    async doPublish(ctx) {
      const lines = await ctx.lines(deliveryPlanLine, ctx.row.deliveryPlanId);
      return lines.length ? [] : [issue('srmPurDeliveryPlan.noLines')];
    },
    async doConfirm(ctx) {
      const lines = await ctx.lines(deliveryPlanLine, ctx.row.deliveryPlanId);
      return lines.flatMap((line, index) =>
        line.confirmedQuantity === null || line.confirmedDate === null
          ? [issue('srmPurDeliveryPlan.needsConfirmation', { line: index + 1 })]
          : [],
      );
    },
  },
});
