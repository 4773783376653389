// Screens of requisitions (web): the buyer's requisitions and the demand pool of approved lines,
// both of which turn their open lines into a purchase order (创建采购订单).
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';
import { orderFromPoolButton, orderFromRequisitionButton } from '../order/order.buttons';

export const requisitionScreens: ScreenEntry[] = [
  ...entityScreens(
    'purchasing',
    'srmPurRequisitionHeader',
    () => import('./requisition.entity').then((m) => m.requisition),
    {
      list: 'purRequisitionList',
      edit: 'purRequisitionManage/purRequisitionEdit',
      editButtons: [orderFromRequisitionButton],
    },
  ),
  ...entityScreens(
    'purchasing',
    'srmPurRequisitionLine',
    () => import('./requisition-line.entity').then((m) => m.requisitionLine),
    {
      list: 'demandSummary',
      edit: 'demandSummaryLine',
      listFilters: { demandStatus: 'POOLED' },
      listButtons: [orderFromPoolButton],
    },
  ),
];
