// Purchasing (采购): purchase bill types, requisitions with the demand pool, and purchase orders
// confirmed by suppliers line by line.
import type { Catalogue, EntityDef } from '@srm/kernel';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';
import { billType } from './bill-type.entity';
import { requisition } from './requisition.entity';
import { requisitionLine } from './requisition-line.entity';
import { order } from './order.entity';
import { orderLine } from './order-line.entity';
import { purchaseHistory } from './purchase-history.entity';

export { billType, requisition, requisitionLine, order, orderLine, purchaseHistory };
export { BILL_DOC_CATEGORIES } from './bill-type.entity';
export { DEMAND_STATES } from './requisition-line.entity';
export { LINE_CONFIRM_STATES, lineAmounts } from './order-line.entity';
export { PO_SOURCE_TYPES, SUPPLIER_VISIBLE_STATES } from './order.entity';

export const purchasingEntities: EntityDef[] = [
  billType,
  requisition,
  requisitionLine,
  order,
  orderLine,
  purchaseHistory,
];
export const purchasingMessages: Catalogue = { 'zh-CN': zhCN, en };
