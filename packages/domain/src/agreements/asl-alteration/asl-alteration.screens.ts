// Screens of ASL alterations (web, buyer side).
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

export const aslAlterationScreens: ScreenEntry[] = entityScreens(
  'agreements',
  'srmPurAslAlteration',
  () => import('./asl-alteration.entity').then((m) => m.aslAlteration),
  { list: 'purAslAlterationList', edit: 'aslAlterationManage/AslAlterationEdit' },
);
