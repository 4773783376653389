// What compensation does for an interface call that failed for good (step kind INTF_CALL): a
// retry sends the same outbox row again, with the same idempotency key (the document as it is
// now, so a corrected document goes out corrected); compensating or ignoring it ends the row,
// which lets later calls of its ordering key go ahead. Two retries pressed together: the
// compensation row is locked by the first, the second finds it RETRYING and is refused.
import { AppError, type DataApi, defineActions } from '@srm/platform';
import { transactionCompen } from '../../scheduler';
import { dispatcherOf } from './dispatcher';
import { scsiOutbox } from './outbox.entity';

async function failedRow(data: DataApi, stepKind: string, sourceId: number) {
  if (stepKind !== 'INTF_CALL') return null;
  const [row] = await data.lock(scsiOutbox, [sourceId]);
  if (!row || row.stateCode !== 'FAILED') throw new AppError(409, 'intf.outbox.notFailed');
  return row;
}

export const interfaceCompensation = defineActions(transactionCompen, {
  actions: {
    async doRetry(ctx) {
      const row = await failedRow(ctx, ctx.row.stepKind, ctx.row.sourceId);
      if (!row) return;
      await ctx.patch(scsiOutbox, row.outboxId, {
        stateCode: 'PENDING',
        nextAttemptAt: null,
        lastError: null,
      });
      await dispatcherOf(ctx).wake();
    },
    async doCompensate(ctx) {
      const row = await failedRow(ctx, ctx.row.stepKind, ctx.row.sourceId);
      if (!row) return;
      await ctx.patch(scsiOutbox, row.outboxId, { stateCode: 'CANCELLED' });
      await ctx.record(transactionCompen, ctx.row.compenId, ctx.t('intf.outbox.compensated'));
      await dispatcherOf(ctx).wake();
    },
    async doIgnore(ctx) {
      const row = await failedRow(ctx, ctx.row.stepKind, ctx.row.sourceId);
      if (!row) return;
      await ctx.patch(scsiOutbox, row.outboxId, { stateCode: 'CANCELLED' });
      await dispatcherOf(ctx).wake();
    },
  },
});
