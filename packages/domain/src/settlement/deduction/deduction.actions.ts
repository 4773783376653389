// Deductions on the server: issuing one tells the supplier, who acknowledges or disputes it.
import { defineActions } from '@srm/platform';
import { tellSupplierDeduction } from '../payment/payment.notify';
import { deduction } from './deduction.entity';

export const deductionActions = defineActions(deduction, {
  actions: {
    doIssue: (ctx) => tellSupplierDeduction(ctx, ctx.row),
  },
});
