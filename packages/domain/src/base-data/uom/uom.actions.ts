// Units of measure on the server: conversions name units by code, so a unit a conversion uses
// can be neither recoded nor deleted.
import { defineActions } from '@srm/platform';
import { conversionsUsing, readConversions } from './uom.conversions';
import { uom } from './uom.entity';

export const uomActions = defineActions(uom, {
  async beforeSave(ctx) {
    // Renaming a code in use would orphan the conversions naming it.
    const { previous } = ctx;
    if (!previous || previous.uomCode === ctx.row.uomCode) return null;
    const used = conversionsUsing(await readConversions(ctx), previous.uomCode);
    return used.length
      ? { field: 'uomCode', message: 'srmBaseUom.codeInConversion', params: { code: previous.uomCode } }
      : null;
  },

  async beforeDelete(ctx) {
    const used = conversionsUsing(await readConversions(ctx), ctx.row.uomCode);
    return used.length
      ? { field: 'uomCode', message: 'srmBaseUom.deleteInConversion', params: { code: ctx.row.uomCode } }
      : null;
  },
});
