// Behaviour the identity module adds to users: disabling an account ends its sessions at once
// (the next request of an open session is refused anyway, since sessions check the status).
import { user } from '@srm/kernel';
import { legacyActions } from '../entity/hooks';

export const identityUserActions = legacyActions(user, {
  actions: {
    doDisable: async (context, { row }) => {
      await context.runtime.plugins.identity?.revokeUsers([row.userId as number], 'USER_DISABLED');
    },
  },
});
