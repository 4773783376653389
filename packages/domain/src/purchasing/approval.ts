// The approval processes of purchasing documents (data: process templates, labels in the locale
// files): one node decided by any holder of the purchasing manager's role.
import type { ApprovalTemplatePlan } from '@srm/platform';

import { ORDER_PROCESS } from './order/order.entity';
import { REQUISITION_PROCESS } from './requisition/requisition.entity';

const manager = {
  nodes: [{ nodeNum: 1, signMode: 'ANY' }],
  approvers: [{ nodeNum: 1, roleCode: 'PURCHASE_MANAGER' }],
} as const;

export const purchasingApprovals: ApprovalTemplatePlan[] = [
  { processKey: REQUISITION_PROCESS, entityName: 'srmPurRequisitionHeader', ...manager },
  { processKey: ORDER_PROCESS, entityName: 'srmPoHeader', ...manager },
];
