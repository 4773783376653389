// Screens of storage locations (web): its list and edit screens; the definition loads with the screen.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

export const storageLocationScreens: ScreenEntry[] = entityScreens(
  'base-data',
  'srmBaseStorageLocation',
  () => import('./storage-location.entity').then((m) => m.storageLocation),
  { list: 'storageLocationList', edit: 'storageLocationEdit' },
);
