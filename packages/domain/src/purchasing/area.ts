// Purchasing (采购): purchase document types, requisitions with the demand pool, purchase orders
// confirmed by suppliers line by line, and the purchase history. The area's manifest: its
// entities (their lines come with them), labels, menu placement and demo grants.
import { defineArea } from '@srm/kernel';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';
import { billType } from './bill-type/bill-type.entity';
import { order } from './order/order.entity';
import { purchaseHistory } from './purchase-history/purchase-history.entity';
import { requisition } from './requisition/requisition.entity';

export const purchasingArea = defineArea({
  name: 'purchasing',
  entities: [billType, requisition, order, purchaseHistory],
  messages: { 'zh-CN': zhCN, en },
  directories: [
    { code: 'PURCHASING', side: 'internal', icon: 'shopping-cart', order: 50 },
    { code: 'EXT_PURCHASING', side: 'external', icon: 'shopping-cart', order: 10 },
  ],
  menus: [
    {
      code: 'PUR_REQUISITION',
      side: 'internal',
      under: 'PURCHASING',
      path: 'purRequisitionList',
      entity: 'srmPurRequisitionHeader',
      order: 10,
    },
    {
      code: 'PUR_DEMAND_SUMMARY',
      side: 'internal',
      under: 'PURCHASING',
      path: 'demandSummary',
      entity: 'srmPurRequisitionLine',
      order: 20,
    },
    {
      code: 'PUR_ORDER',
      side: 'internal',
      under: 'PURCHASING',
      path: 'purOrderList',
      entity: 'srmPoHeader',
      order: 30,
    },
    {
      code: 'PUR_ORDER_LINE',
      side: 'internal',
      under: 'PURCHASING',
      path: 'purOrderLineList',
      entity: 'srmPoLine',
      order: 40,
    },
    {
      code: 'PUR_PRICE_HISTORY',
      side: 'internal',
      under: 'PURCHASING',
      path: 'purchaseHistoryList',
      entity: 'srmPurPriceHistory',
      order: 100,
    },
    {
      code: 'PUR_BILL_TYPE',
      side: 'internal',
      under: 'PURCHASING',
      path: 'purBillTypeList',
      entity: 'srmPurBillType',
      order: 110,
    },
    {
      code: 'EXT_PUR_ORDER_CONFIRM',
      side: 'external',
      under: 'EXT_PURCHASING',
      path: 'supplierPurOrderConfirmList',
      entity: 'srmPoHeader',
      order: 10,
    },
    {
      code: 'EXT_PUR_ORDER',
      side: 'external',
      under: 'EXT_PURCHASING',
      path: 'supplierPurOrderList',
      entity: 'srmPoHeader',
      order: 20,
    },
  ],
  grants: {
    BUYER: {
      PUR_BILL_TYPE: ['export', 'view'],
      PUR_DEMAND_SUMMARY: 'all',
      PUR_ORDER: 'all',
      PUR_ORDER_LINE: 'all',
      PUR_PRICE_HISTORY: 'all',
      PUR_REQUISITION: 'all',
    },
    PURCHASE_MANAGER: {
      PUR_BILL_TYPE: 'all',
      PUR_DEMAND_SUMMARY: ['export', 'view'],
      PUR_ORDER: ['doApproval', 'doReject', 'export', 'printPdf', 'view'],
      PUR_ORDER_LINE: ['export', 'view'],
      PUR_PRICE_HISTORY: ['export', 'view'],
      PUR_REQUISITION: ['doApproval', 'doClose', 'doReject', 'doReturn', 'export', 'view'],
    },
    FINANCE: {
      PUR_ORDER: ['view'],
      PUR_REQUISITION: ['view'],
    },
    SUPPLIER_PORTAL: {
      EXT_PUR_ORDER: ['doSupplierConfirm', 'doSupplierPropose', 'export', 'printPdf', 'save', 'view'],
      EXT_PUR_ORDER_CONFIRM: ['doSupplierConfirm', 'doSupplierPropose', 'export', 'printPdf', 'save', 'view'],
    },
    // A quit supplier settling: its orders to read.
    SUPPLIER_SETTLEMENT: { EXT_PUR_ORDER: ['export', 'printPdf', 'view'] },
  },
  // The buyer's work: approved demand not yet ordered, and orders at each step that waits for it.
  workCards: [
    {
      key: 'demandPool',
      side: 'internal',
      entity: 'srmPurRequisitionLine',
      filters: { demandStatus: 'POOLED' },
      for: ['srmPoHeader.createFromRequisition'],
      list: 'demandSummary',
      order: 10,
    },
    {
      key: 'ordersToSubmit',
      side: 'internal',
      entity: 'srmPoHeader',
      filters: { status: ['DRAFT', 'REJECTED'] },
      for: ['srmPoHeader.doSubmit'],
      list: 'purOrderList',
      order: 20,
    },
    {
      key: 'ordersToRelease',
      side: 'internal',
      entity: 'srmPoHeader',
      filters: { status: 'APPROVED' },
      for: ['srmPoHeader.doRelease'],
      list: 'purOrderList',
      order: 30,
    },
    // Released and not yet confirmed: whoever released them follows them up with the supplier.
    {
      key: 'ordersAwaitingSupplier',
      side: 'internal',
      entity: 'srmPoHeader',
      filters: { status: 'RELEASED' },
      for: ['srmPoHeader.doRelease'],
      list: 'purOrderList',
      order: 40,
    },
    {
      key: 'orderChangesProposed',
      side: 'internal',
      entity: 'srmPoHeader',
      filters: { status: 'CHANGE_PROPOSED' },
      for: ['srmPoHeader.doBuyerConfirm', 'srmPoHeader.doBuyerReject'],
      list: 'purOrderList',
      order: 50,
    },
    {
      key: 'ordersToConfirm',
      side: 'external',
      entity: 'srmPoHeader',
      filters: { status: 'RELEASED' },
      for: ['srmPoHeader.doSupplierConfirm', 'srmPoHeader.doSupplierPropose'],
      list: 'supplierPurOrderList',
      order: 10,
    },
  ],
});
