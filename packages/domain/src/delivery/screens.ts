// Screens of delivery (web): the buyer's delivery notes (submitted onwards) and the supplier's.
import {
  type ScreenEntry,
  customScreen,
  endpointButton,
  entityScreens,
  pdfButton,
  pdfListButton,
} from '@srm/platform-ui';
import { ASN_BUYER_STATES } from './asn.entity';

// 打印条码: anyone who may read the note prints its package labels.
const labelsButton = pdfButton('printLabels', 'srmPurAsnHeader.view');
const notice = () => import('./delivery-notice.entity').then((m) => m.deliveryNotice);
const asn = () => import('./asn.entity').then((m) => m.asn);
const barcode = () => import('./asn-barcode.entity').then((m) => m.asnBarcode);
// 打印标签 in the barcode list (the rows chosen) and on a barcode's page (its own label).
const barcodeLabels = pdfButton('printLabels', 'srmPurAsnBarcode.view');

export const deliveryScreens: ScreenEntry[] = [
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
  // 批量暂存: the supplier's draft rows of delivery notes created in bulk (ADR 0010).
  // The menu's buttons are the entity's operations.
  {
    ...customScreen(
      'delivery',
      'supplierAsnBatchTempEdit',
      'entity.srmPurAsnBatchTemp',
      () => import('./AsnBatchTempScreen'),
    ),
    entityName: 'srmPurAsnBatchTemp',
  },
  // 送货单条码: the stored barcodes, the buyer's and the supplier's own.
  ...entityScreens('delivery', 'srmPurAsnBarcode', barcode, {
    list: 'purAsnBarcodeList',
    edit: 'purAsnBarcodeEdit',
    editButtons: [barcodeLabels],
    listButtons: [pdfListButton('printLabels', 'srmPurAsnBarcode.view')],
  }),
  ...entityScreens('delivery', 'srmPurAsnBarcode', barcode, {
    list: 'supplierAsnBarcodeList',
    edit: 'supplierAsnBarcodeEdit',
    editButtons: [barcodeLabels],
    listButtons: [pdfListButton('printLabels', 'srmPurAsnBarcode.view')],
  }),
  ...entityScreens('delivery', 'srmPurAsnLine', () => import('./asn-line.entity').then((m) => m.asnLine), {
    list: 'purAsnLineList',
    edit: 'purAsnLineEdit',
  }),
];
