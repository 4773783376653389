// Screens of purchase orders (web): the buyer's orders (also made from requisition lines) and
// order lines, the supplier's orders and those awaiting its confirmation; each order prints to PDF
// in the user's language.
import { type ScreenEntry, entityScreens, pdfButton } from '@srm/platform-ui';
import { orderFromPickedLinesButton } from './order.buttons';

// 打印: the order as a PDF in the user's language (CN or EN layout follows the locale).
const printButton = pdfButton('printPdf', 'srmPoHeader.view');
const order = () => import('./order.entity').then((m) => m.order);

export const orderScreens: ScreenEntry[] = [
  ...entityScreens('purchasing', 'srmPoHeader', order, {
    list: 'purOrderList',
    edit: 'purOrderManage/purchaseOrderEdit',
    editButtons: [printButton],
    // 由申请创建 beside 新建: an order from requisition lines picked in the demand pool.
    listButtons: [orderFromPickedLinesButton],
  }),
  ...entityScreens('purchasing', 'srmPoLine', () => import('./order-line.entity').then((m) => m.orderLine), {
    list: 'purOrderLineList',
    edit: 'purOrderLineEdit',
  }),
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
