// Screens of base data (web): one line per entity gives its list and edit screens. Definitions
// load with the screen, so the shell does not carry them.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

export const baseDataScreens: ScreenEntry[] = [
  ...entityScreens('base-data', 'srmBaseDistrict', () => import('./district.entity').then((m) => m.district)),
  ...entityScreens('system', 'baseLookupType', () => import('@srm/kernel').then((m) => m.lookupType), {
    list: 'lookuptype',
    edit: 'lookupTypeEdit',
  }),
];
