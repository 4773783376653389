// Screens of delivery notices (web): the buyer's notices, and the supplier's, which it confirms and
// ships from with 创建送货单.
import { type ScreenEntry, endpointButton, entityScreens } from '@srm/platform-ui';

const notice = () => import('./delivery-notice.entity').then((m) => m.deliveryNotice);

export const deliveryNoticeScreens: ScreenEntry[] = [
  ...entityScreens('delivery', 'srmPurDeliveryNotice', notice, {
    list: 'purDeliveryNoticeList',
    edit: 'purDeliveryManage/purDeliveryNoticeEdit',
  }),
  ...entityScreens('delivery', 'srmPurDeliveryNotice', notice, {
    list: 'supplierDeliveryNoticeList',
    edit: 'supplierDeliveryNoticeEdit',
    // 创建送货单: a draft delivery note shipping what remains of the confirmed notice.
    editButtons: [
      endpointButton('createAsn', 'srmPurDeliveryNotice.createAsn', {
        states: ['CONFIRMED'],
        open: { path: 'supplierAsnManage/supplierAsnEdit', key: 'asnHeaderId' },
      }),
    ],
  }),
];
