// Screens of requisitions (web): the buyer's requisitions and the demand pool of approved lines.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

export const requisitionScreens: ScreenEntry[] = [
  ...entityScreens(
    'purchasing',
    'srmPurRequisitionHeader',
    () => import('./requisition.entity').then((m) => m.requisition),
    { list: 'purRequisitionList', edit: 'purRequisitionManage/purRequisitionEdit' },
  ),
  ...entityScreens(
    'purchasing',
    'srmPurRequisitionLine',
    () => import('./requisition-line.entity').then((m) => m.requisitionLine),
    { list: 'demandSummary', edit: 'demandSummaryLine', listFilters: { demandStatus: 'POOLED' } },
  ),
];
