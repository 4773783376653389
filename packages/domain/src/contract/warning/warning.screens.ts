// Screens of contract warnings (web): the buyer's cctWarningList and the supplier's own, read
// only (the daily program writes them); a row opens its warning, whose contract is one click on.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const contractWarning = () => import('./warning.entity').then((m) => m.contractWarning);

export const warningScreens: ScreenEntry[] = [
  ...entityScreens('contract', 'srmCctWarning', contractWarning, {
    list: 'cctWarningList',
    edit: 'cctWarningView',
  }),
  ...entityScreens('contract', 'srmCctWarning', contractWarning, {
    list: 'supplierWarningList',
    edit: 'supplierWarningView',
  }),
];
