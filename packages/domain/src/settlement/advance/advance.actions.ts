// Advances on the server: paying an approved advance posts it once (Dr advances / Cr bank); what
// payment applications apply of it is raised by their payment (payment.actions.ts); collecting it
// back (收回预付款) takes what is neither applied nor held by applications in approval and posts
// it once (Dr bank / Cr advances).
import { dec } from '@srm/kernel';
import { paymentLine } from '../payment/payment-line.entity';
import { payment } from '../payment/payment.entity';
import { type DataApi, defineActions } from '@srm/platform';
import { post, transfer } from '../ledger/ledger.post';
import { today } from '../support';
import { assertEligible } from '../../supplier/server';
import { advance } from './advance.entity';

/** What of the advance may be collected now: its balance less what applications in approval hold. */
async function collectable(ctx: DataApi, advanceId: number) {
  const system = ctx.system('collecting an advance reads the applications that hold it');
  const [row] = await system.lock(advance, [advanceId]);
  const lines = await system.list(paymentLine, { advanceId });
  const holding = new Set(
    lines.length
      ? (
          await system.list(payment, {
            paymentId: [...new Set(lines.map((line) => line.paymentId))],
            status: ['APPROVING', 'APPROVED'],
          })
        ).map((held) => held.paymentId)
      : [],
  );
  const held = lines
    .filter((line) => holding.has(line.paymentId))
    .reduce((total, line) => total.add(dec(line.amount)), dec(0));
  return {
    row: row!,
    amount: dec(row!.amount).sub(dec(row!.appliedAmount)).sub(dec(row!.collectedAmount)).sub(held),
  };
}

export const advanceActions = defineActions(advance, {
  guards: {
    // A blacklist entry over payments refuses paying an advance (eligibility's PAY purpose).
    async doSubmit(ctx) {
      await assertEligible(ctx, ctx.row, 'PAY');
      return null;
    },
    async doPay(ctx) {
      await assertEligible(ctx, ctx.row, 'PAY');
      return null;
    },
    async doCollect(ctx) {
      const { amount } = await collectable(ctx, ctx.row.advanceId);
      return amount.gt(0) ? null : { message: 'settlement.advance.nothingToCollect' };
    },
  },
  actions: {
    async doCollect(ctx) {
      const { row, amount } = await collectable(ctx, ctx.row.advanceId);
      await ctx.patch(advance, row.advanceId, {
        collectedAmount: dec(row.collectedAmount).add(amount).toNumber(),
      });
      await post(ctx, {
        supplierId: row.supplierId,
        orgId: row.orgId,
        currencyId: row.currencyId,
        postingDate: today(ctx),
        sourceType: 'ADVANCE',
        sourceId: row.advanceId,
        sourceNumber: row.advanceNumber,
        event: `collect-${row.versionNum}`,
        memo: ctx.input.comment ?? null,
        entries: transfer('BANK', 'ADVANCE', amount),
      });
    },
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
