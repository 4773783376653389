// Screens of organisations (the group tree) (web): its list and edit screens; the definition loads with the screen.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

export const orgScreens: ScreenEntry[] = entityScreens(
  'base-data',
  'srmBaseOrg',
  () => import('./org.entity').then((m) => m.org),
  { list: 'institution', edit: 'institutionEdit' },
);
