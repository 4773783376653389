// The business areas' screens (web): the registry lines of every area.
import type { ScreenEntry } from '@srm/platform-ui';
import { adminScreens } from './admin/screens';
import { baseDataScreens } from './base-data/screens';
import { supplierScreens } from './supplier/screens';
import { agreementsScreens } from './agreements/screens';
import { purchasingScreens } from './purchasing/screens';
import { deliveryScreens } from './delivery/screens';
import { receivingScreens } from './receiving/screens';
import { planningScreens } from './planning/screens';

export const domainScreens: ScreenEntry[] = [
  ...supplierScreens,
  ...baseDataScreens,
  ...adminScreens,
  ...agreementsScreens,
  ...purchasingScreens,
  ...deliveryScreens,
  ...receivingScreens,
  ...planningScreens,
];
