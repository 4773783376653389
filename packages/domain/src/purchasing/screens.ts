// Screens of purchasing (web): the buyer's requisitions, demand pool, orders and order lines,
// and the supplier's orders with the list of those awaiting its confirmation.
import { type ScreenEntry, entityScreens, pdfButton } from '@srm/platform-ui';

// 打印: the order as a PDF in the user's language (CN or EN layout follows the locale).
const printButton = pdfButton('printPdf', 'srmPoHeader.view');
const order = () => import('./order/order.entity').then((m) => m.order);

export const purchasingScreens: ScreenEntry[] = [
  ...entityScreens(
    'purchasing',
    'srmPurBillType',
    () => import('./bill-type/bill-type.entity').then((m) => m.billType),
    {
      list: 'purBillTypeList',
      edit: 'purBillTypeEdit',
    },
  ),
  ...entityScreens(
    'purchasing',
    'srmPurRequisitionHeader',
    () => import('./requisition/requisition.entity').then((m) => m.requisition),
    { list: 'purRequisitionList', edit: 'purRequisitionManage/purRequisitionEdit' },
  ),
  ...entityScreens(
    'purchasing',
    'srmPurRequisitionLine',
    () => import('./requisition/requisition-line.entity').then((m) => m.requisitionLine),
    { list: 'demandSummary', edit: 'demandSummaryLine', listFilters: { demandStatus: 'POOLED' } },
  ),
  ...entityScreens('purchasing', 'srmPoHeader', order, {
    list: 'purOrderList',
    edit: 'purOrderManage/purchaseOrderEdit',
    editButtons: [printButton],
  }),
  ...entityScreens(
    'purchasing',
    'srmPoLine',
    () => import('./order/order-line.entity').then((m) => m.orderLine),
    {
      list: 'purOrderLineList',
      edit: 'purOrderLineEdit',
    },
  ),
  ...entityScreens(
    'purchasing',
    'srmPurPriceHistory',
    () => import('./purchase-history/purchase-history.entity').then((m) => m.purchaseHistory),
    { list: 'purchaseHistoryList', edit: 'purchaseHistoryDetail' },
  ),
  ...entityScreens('purchasing', 'srmPoHeader', order, {
    list: 'supplierPurOrderList',
    edit: 'supplierPurchaseOrderEdit',
    editButtons: [printButton],
  }),
  ...entityScreens('purchasing', 'srmPoHeader', order, {
    list: 'supplierPurOrderConfirmList',
    edit: 'supplierPurchaseOrderConfirmEdit',
    editButtons: [printButton],
    listFilters: { status: ['RELEASED', 'CHANGE_PROPOSED'] },
  }),
];
