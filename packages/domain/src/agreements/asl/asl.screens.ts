// Screens of the approved supplier list (web): the buyer's list and the supplier's own entries.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const asl = () => import('./asl.entity').then((m) => m.asl);

export const aslScreens: ScreenEntry[] = [
  ...entityScreens('agreements', 'srmPurAsl', asl, { list: 'srmPurAslList', edit: 'srmPurAslEdit' }),
  ...entityScreens('agreements', 'srmPurAsl', asl, {
    list: 'supplierPurAslList',
    edit: 'supplierPurAslEdit',
  }),
];
