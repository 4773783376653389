// Screens of daily management (web): the buyer's list and form.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const daily = () => import('./supplier-daily.entity').then((m) => m.supplierDaily);

export const supplierDailyScreens: ScreenEntry[] = entityScreens('supplier', 'srmSupplierDaily', daily, {
  list: 'supplierDailyList',
  edit: 'supplierDailyEdit',
});
