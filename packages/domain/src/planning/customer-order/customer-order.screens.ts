// Screens of customer orders (web, buyer side).
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

export const customerOrderScreens: ScreenEntry[] = entityScreens(
  'planning',
  'srmPurCustomerOrder',
  () => import('./customer-order.entity').then((m) => m.customerOrder),
  { list: 'customerOrderList', edit: 'customerOrderEdit' },
);
