// 转扣款: a due refund of a mould or sample fee the buyer paid (contract area, ADR 0031) withheld
// from the supplier's payments. The buyer who may settle the contract's refunds makes an issued
// deduction of the fee (type CONTRACT_REFUND, the contract's unit, supplier and currency, its
// number as the source), and the refund line is DEDUCTED under that deduction's number. Once per
// line: the contract's row is held while it is checked and marked.
import { formatDate, ref } from '@srm/kernel';
import { defineEndpoints, endpoint } from '@srm/platform';
import { contract, dueBuyerRefund, markRefundDeducted } from '../../contract';
import { deduction } from './deduction.entity';

export const deductionEndpoints = defineEndpoints(deduction, {
  fromContractRefund: endpoint({
    summary: "Withhold a contract's due mould or sample fee refund from the supplier by an issued deduction",
    input: {
      contractId: ref('srmCctContract', { required: true }),
      contractRefundId: ref('srmCctContractRefund', { required: true }),
    },
    scope: contract,
    resource: 'srmCctContract.settleRefund',
    sides: ['internal'],
    write: true,
    async handle(ctx, input) {
      const { found, refund } = await dueBuyerRefund(ctx, input.contractId, input.contractRefundId);
      const made = await ctx.system('a refund withheld becomes a deduction of the supplier').save(deduction, {
        supplierId: found.supplierId,
        orgId: found.orgId,
        currencyId: found.currencyId,
        deductionType: 'CONTRACT_REFUND',
        amount: refund.feeAmount,
        deductionDate: formatDate(ctx.now.getTime(), ctx.runtime.timeZone),
        reason: ctx.t('srmStlDeduction.contractRefundReason', {
          number: found.contractNumber ?? '',
          line: refund.lineNum,
          fee: ctx.t(`lookup.CCT_REFUND_FEE_TYPE.${refund.feeType ?? 'MOULD'}`),
        }),
        sourceNumber: found.contractNumber,
      });
      // Issued at once (the supplier is told, and acknowledges or disputes it as any other).
      await ctx
        .system('the deduction of a refund is issued to the supplier at once')
        .act(deduction, 'doIssue', [made.deductionId]);
      await markRefundDeducted(ctx, refund.contractRefundId, made.deductionNumber ?? '');
      return { data: { deductionId: made.deductionId, deductionNumber: made.deductionNumber } };
    },
  }),
});
