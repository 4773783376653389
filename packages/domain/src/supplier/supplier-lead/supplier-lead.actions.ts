// Supplier leads on the server: no duplicates (supplier-lead.rules.ts) when a lead is saved or
// opened again.
import { defineActions } from '@srm/platform';
import { supplierLead } from './supplier-lead.entity';
import { duplicateOfLead } from './supplier-lead.rules';

export const supplierLeadActions = defineActions(supplierLead, {
  beforeSave: (ctx) =>
    duplicateOfLead(ctx, {
      leadId: ctx.previous?.leadId,
      companyName: ctx.row.companyName,
      creditCode: ctx.row.creditCode,
    }),
  guards: {
    doReopen: (ctx) => duplicateOfLead(ctx, ctx.row),
  },
});
