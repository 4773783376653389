// What compensation does for a message that failed for good (step kind MESSAGE): a retry puts the
// instance back in the queue as it was rendered, with its Message-ID; compensating or ignoring
// it cancels the instance. A retry that fails again opens the row again; one that is sent
// resolves it (the dispatcher does both).
import { type DataApi, defineActions } from '@srm/platform';
import { transactionCompen } from '../../scheduler';
import { messageDispatcherOf } from './dispatcher';

const isMessage = (data: DataApi & { row: { stepKind: string } }) => data.row.stepKind === 'MESSAGE';

export const messageCompensation = defineActions(transactionCompen, {
  actions: {
    async doRetry(ctx) {
      if (isMessage(ctx)) await messageDispatcherOf(ctx).requeue(ctx, [ctx.row.sourceId]);
    },
    async doCompensate(ctx) {
      if (isMessage(ctx)) await messageDispatcherOf(ctx).cancel(ctx, [ctx.row.sourceId]);
    },
    async doIgnore(ctx) {
      if (isMessage(ctx)) await messageDispatcherOf(ctx).cancel(ctx, [ctx.row.sourceId]);
    },
  },
});
