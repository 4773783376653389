// Screens of business configuration (web): its list and edit screens; the definition loads with the screen.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

export const configProfileScreens: ScreenEntry[] = entityScreens('base-data', 'srmBaseConfigProfile', () =>
  import('./config-profile.entity').then((m) => m.configProfile),
);
