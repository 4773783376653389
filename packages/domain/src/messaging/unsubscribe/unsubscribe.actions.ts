// An unsubscribe keeps its address in lower case (a match ignores case), a blank source as none
// (every optional source), and the moment it was made.
import { defineActions } from '@srm/platform';
import { messageUnsubscribe } from './unsubscribe.entity';

export const unsubscribeActions = defineActions(messageUnsubscribe, {
  beforeSave(ctx) {
    const { row } = ctx;
    row.address = row.address.trim().toLowerCase();
    row.sourceCode = row.sourceCode?.trim() || null;
    if (ctx.created) row.unsubscribedAt = ctx.now.getTime();
    return null;
  },
});
