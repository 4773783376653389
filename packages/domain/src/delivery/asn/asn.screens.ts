// Screens of delivery notes (web): the buyer's notes (submitted onwards), those arrived and
// awaiting receipt, and their lines; the supplier's own notes. Each prints its package labels.
import { type ScreenEntry, entityScreens, pdfButton } from '@srm/platform-ui';
import { ASN_BUYER_STATES } from './asn.entity';

// 打印条码: anyone who may read the note prints its package labels.
const labelsButton = pdfButton('printLabels', 'srmPurAsnBarcode.view');
const asn = () => import('./asn.entity').then((m) => m.asn);

export const asnScreens: ScreenEntry[] = [
  ...entityScreens('delivery', 'srmPurAsnHeader', asn, {
    list: 'purAsnList',
    edit: 'purAsnManage/purAsnEdit',
    editButtons: [labelsButton],
    listFilters: { status: [...ASN_BUYER_STATES] },
  }),
  ...entityScreens('delivery', 'srmPurAsnHeader', asn, {
    list: 'supplierAsnList',
    edit: 'supplierAsnManage/supplierAsnEdit',
    editButtons: [labelsButton],
  }),
  // 处理送货单: the buyer's arrived notes awaiting receipt (submitted or partly received).
  ...entityScreens('delivery', 'srmPurAsnHeader', asn, {
    list: 'dealDeliveryList',
    edit: 'dealDeliveryEdit',
    listFilters: { status: ['SUBMITTED', 'RECEIVING'] },
    editButtons: [labelsButton],
  }),
  ...entityScreens('delivery', 'srmPurAsnLine', () => import('./asn-line.entity').then((m) => m.asnLine), {
    list: 'purAsnLineList',
    edit: 'purAsnLineEdit',
  }),
];
