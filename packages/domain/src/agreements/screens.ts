// Screens of the agreements area (web): the spec's routes (catalogue §2.5), buyer and supplier side.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

export const agreementsScreens: ScreenEntry[] = [
  ...entityScreens('agreements', 'srmPurAsl', () => import('./asl.entity').then((m) => m.asl), {
    list: 'srmPurAslList',
    edit: 'srmPurAslEdit',
  }),
  ...entityScreens('agreements', 'srmPurAsl', () => import('./asl.entity').then((m) => m.asl), {
    list: 'supplier/srmPurAslList',
    edit: 'supplier/srmPurAslEdit',
  }),
  ...entityScreens(
    'agreements',
    'srmPurAslApply',
    () => import('./asl-apply.entity').then((m) => m.aslApply),
    {
      list: 'purAslApplyList',
      edit: 'aslApplyManage/AslApplyEdit',
    },
  ),
  ...entityScreens(
    'agreements',
    'srmPurAslAlteration',
    () => import('./asl-alteration.entity').then((m) => m.aslAlteration),
    { list: 'purAslAlterationList', edit: 'aslAlterationManage/AslAlterationEdit' },
  ),
];
