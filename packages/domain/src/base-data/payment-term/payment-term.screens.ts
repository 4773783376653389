// Screens of payment terms (web): its list and edit screens; the definition loads with the screen.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

export const paymentTermScreens: ScreenEntry[] = entityScreens(
  'base-data',
  'srmBasePaymentTerm',
  () => import('./payment-term.entity').then((m) => m.paymentTerm),
  { list: 'paymentProportionManagement', edit: 'paymentProportionManagementEdit' },
);
