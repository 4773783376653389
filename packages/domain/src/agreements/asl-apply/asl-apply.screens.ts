// Screens of ASL applications (web, buyer side).
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

export const aslApplyScreens: ScreenEntry[] = entityScreens(
  'agreements',
  'srmPurAslApply',
  () => import('./asl-apply.entity').then((m) => m.aslApply),
  { list: 'purAslApplyList', edit: 'aslApplyManage/AslApplyEdit' },
);
