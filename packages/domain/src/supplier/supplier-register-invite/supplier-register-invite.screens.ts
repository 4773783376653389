// Screens of register invitations (web): the buyer's list and form.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const invite = () => import('./supplier-register-invite.entity').then((m) => m.supplierRegisterInvite);

export const supplierRegisterInviteScreens: ScreenEntry[] = entityScreens(
  'supplier',
  'srmSupplierRegisterInvite',
  invite,
  { list: 'registerInviteList', edit: 'registerInviteEdit' },
);
