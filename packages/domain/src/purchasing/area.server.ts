// Purchasing on the server: requisitions' and orders' behaviour and endpoints, the demo data and
// the approval processes.
import { defineServerArea } from '@srm/platform';
import { purchasingApprovals } from './approval';
import { purchasingArea } from './area';
import { orderActions } from './order/order.actions';
import { orderEndpoints } from './order/order.endpoints';
import { closeReceivedOrders } from './order/order.programs';
import { purchasingSeedList } from './purchasing.seed';
import { requisitionActions } from './requisition/requisition.actions';
import { requisitionEndpoints } from './requisition/requisition.endpoints';

export const purchasingServer = defineServerArea(purchasingArea, {
  actions: [requisitionActions, requisitionEndpoints, orderActions, orderEndpoints],
  seeds: purchasingSeedList,
  approvalTemplates: purchasingApprovals,
  executables: { PO_AUTO_CLOSE: closeReceivedOrders },
});
