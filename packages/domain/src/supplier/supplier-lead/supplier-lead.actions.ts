// Supplier leads on the server: no duplicates (supplier-lead.rules.ts) when a lead is saved or
// opened again; a lead with a contact e-mail converts into a register invitation, sent at once.
import { defineActions } from '@srm/platform';
import { supplierRegisterInvite } from '../supplier-register-invite/supplier-register-invite.entity';
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
    doInvite: (ctx) =>
      ctx.row.contactEmail ? null : { field: 'contactEmail', message: 'srmSupplierLead.emailForInvite' },
  },
  actions: {
    async doInvite(ctx) {
      const lead = ctx.row;
      const invite = await ctx.save(supplierRegisterInvite, {
        companyName: lead.companyName,
        creditCode: lead.creditCode,
        contactName: lead.contactName,
        contactEmail: lead.contactEmail ?? '',
        contactMobile: lead.contactMobile,
      });
      await ctx.patch(supplierRegisterInvite, invite.inviteId, { leadId: lead.leadId });
      await ctx.patch(supplierLead, lead.leadId, { inviteId: invite.inviteId });
      await ctx.act(supplierRegisterInvite, 'doSend', [invite.inviteId]);
    },
  },
});
