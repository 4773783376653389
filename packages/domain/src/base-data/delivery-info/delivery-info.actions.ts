// Delivery information on the server: an organisation has one default address; making another
// one the default clears the flag on the previous one.
import { defineActions } from '@srm/platform';
import { deliveryInfo } from './delivery-info.entity';

export const deliveryInfoActions = defineActions(deliveryInfo, {
  async afterSave(ctx) {
    if (ctx.row.defaultFlag !== 'Y') return;
    const defaults = await ctx.list(deliveryInfo, { orgId: ctx.row.orgId, defaultFlag: 'Y' });
    for (const other of defaults) {
      if (other.deliveryInfoId !== ctx.id)
        await ctx.patch(deliveryInfo, other.deliveryInfoId, { defaultFlag: 'N' });
    }
  },
});
