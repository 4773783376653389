// Advances on the server: paying an approved advance posts it once (Dr advances / Cr bank); what
// payment applications apply of it is raised by their payment (payment.actions.ts).
import { dec } from '@srm/kernel';
import { defineActions } from '@srm/platform';
import { post, transfer } from '../ledger/ledger.post';
import { today } from '../support';
import { advance } from './advance.entity';

export const advanceActions = defineActions(advance, {
  actions: {
    async doPay(ctx) {
      const { row } = ctx;
      const bankReference = ctx.input.bankReference?.trim() || row.bankReference;
      await ctx.patch(advance, row.advanceId, { paidDate: ctx.now.getTime(), bankReference });
      await post(ctx, {
        supplierId: row.supplierId,
        orgId: row.orgId,
        currencyId: row.currencyId,
        postingDate: today(ctx),
        sourceType: 'ADVANCE',
        sourceId: row.advanceId,
        sourceNumber: row.advanceNumber,
        event: 'pay',
        memo: bankReference,
        entries: transfer('ADVANCE', 'BANK', dec(row.amount)),
      });
    },
  },
});
