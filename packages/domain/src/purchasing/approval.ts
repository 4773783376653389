// The approval processes of purchasing documents (data: process templates, labels in the locale
// files): one node decided by any holder of the purchasing manager's role.
import type { ApprovalTemplatePlan } from '@srm/platform';

export const REQUISITION_PROCESS = 'PUR_REQUISITION_APPROVAL';
export const ORDER_PROCESS = 'PUR_ORDER_APPROVAL';

const manager = {
  nodes: [{ nodeNum: 1, signMode: 'ANY' }],
  approvers: [{ nodeNum: 1, roleCode: 'PURCHASE_MANAGER' }],
} as const;

export const purchasingApprovals: ApprovalTemplatePlan[] = [
  { processKey: REQUISITION_PROCESS, entityName: 'srmPurRequisitionHeader', ...manager },
  { processKey: ORDER_PROCESS, entityName: 'srmPoHeader', ...manager },
];
