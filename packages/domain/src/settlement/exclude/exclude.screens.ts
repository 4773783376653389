// Screens of exclusions (web, internal only): the exclusions and the lines they hold.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

export const excludeScreens: ScreenEntry[] = [
  ...entityScreens(
    'settlement',
    'srmStlExcludeHeader',
    () => import('./exclude.entity').then((m) => m.excludeBill),
    { list: 'excludeBill', edit: 'excludeBillEdit' },
  ),
  ...entityScreens(
    'settlement',
    'srmStlExcludeLine',
    () => import('./exclude-line.entity').then((m) => m.excludeLine),
    { list: 'excludeList', edit: 'excludeListEdit' },
  ),
];
