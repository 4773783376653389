// Screens of materials (web): the material master and the organisation material query.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

export const itemScreens: ScreenEntry[] = [
  ...entityScreens('base-data', 'srmBaseItem', () => import('./item.entity').then((m) => m.item), {
    list: 'materialManagement',
    edit: 'materialManagementEdit',
  }),
  ...entityScreens('base-data', 'srmBaseItemOrg', () => import('./item-org.entity').then((m) => m.itemOrg), {
    list: 'organizationMaterialQuery',
    edit: 'organizationMaterialEdit',
  }),
];
