// Screens of units of measure (web): its list and edit screens; the definition loads with the screen.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

export const uomScreens: ScreenEntry[] = entityScreens('base-data', 'srmBaseUom', () =>
  import('./uom.entity').then((m) => m.uom),
);
