// Behaviour the identity module adds to users: disabling an account ends its sessions at once
// (the next request of an open session is refused anyway, since sessions check the status).
import { user } from '@srm/kernel';
import { defineActions } from '../entity/hooks';

export const identityUserActions = defineActions(user, {
  actions: {
    doDisable: async (ctx) => {
      await ctx.services.identity?.revokeUsers([ctx.row.userId], 'USER_DISABLED');
    },
  },
});
