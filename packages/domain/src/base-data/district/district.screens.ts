// Screens of districts (web): its list and edit screens; the definition loads with the screen.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

export const districtScreens: ScreenEntry[] = entityScreens('base-data', 'srmBaseDistrict', () =>
  import('./district.entity').then((m) => m.district),
);
