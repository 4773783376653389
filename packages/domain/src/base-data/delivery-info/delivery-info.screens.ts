// Screens of delivery information (web): its list and edit screens; the definition loads with the screen.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

export const deliveryInfoScreens: ScreenEntry[] = entityScreens(
  'base-data',
  'srmBaseDeliveryInfo',
  () => import('./delivery-info.entity').then((m) => m.deliveryInfo),
  { list: 'deliveryInfoList', edit: 'deliveryInfoEdit' },
);
