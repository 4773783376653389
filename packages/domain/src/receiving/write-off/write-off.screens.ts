// Screens of write-offs (web, internal only).
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

export const writeOffScreens: ScreenEntry[] = entityScreens(
  'receiving',
  'srmPurWriteOff',
  () => import('./write-off.entity').then((m) => m.writeOff),
  { list: 'writeOffList', edit: 'writeOffEdit' },
);
