// Purchasing's public face to other areas (isomorphic): its definitions and constants.
export { billType, BILL_DOC_CATEGORIES } from './bill-type/bill-type.entity';
export { requisition, REQUISITION_PROCESS } from './requisition/requisition.entity';
export { requisitionLine, DEMAND_STATES } from './requisition/requisition-line.entity';
export { POOL_LINE_FILTERS } from './requisition/pool-filters';
export { order, ORDER_PROCESS, PO_SOURCE_TYPES, SUPPLIER_VISIBLE_STATES } from './order/order.entity';
export { orderLine, LINE_CONFIRM_STATES, lineAmounts } from './order/order-line.entity';
export { purchaseHistory } from './purchase-history/purchase-history.entity';
