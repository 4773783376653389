// Screens of purchase categories (web): its list and edit screens; the definition loads with the screen.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

export const categoryScreens: ScreenEntry[] = entityScreens(
  'base-data',
  'srmBaseCategory',
  () => import('./category.entity').then((m) => m.category),
  { list: 'purchaseCassificationManagement', edit: 'purchaseCassificationEdit' },
);
