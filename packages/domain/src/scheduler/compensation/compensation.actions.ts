// What every compensation row does whatever its producer: a row leaving the work list for good
// (resolved by a retry, compensated, ignored) records when. Producers add their own steps to
// doRetry, doCompensate and doIgnore (interfaces: outbox/compensation.actions.ts).
import { type ActionContext, defineActions } from '@srm/platform';
import { transactionCompen } from './compensation.entity';

async function settled(ctx: ActionContext<typeof transactionCompen, string>): Promise<void> {
  await ctx.patch(transactionCompen, ctx.row.compenId, { resolvedAt: ctx.now.getTime() });
}

export const compensationActions = defineActions(transactionCompen, {
  actions: { doResolve: settled, doCompensate: settled, doIgnore: settled },
});
