// The approval processes of settlement documents (data: process templates, labels in the locale
// files): advances, payment applications and balance confirmations, one node decided by any holder of the purchasing
// manager's role (the demo's approver; finance prepares, someone else approves).
import type { ApprovalTemplatePlan } from '@srm/platform';
import { ADVANCE_PROCESS } from './advance/advance.entity';
import { PAYMENT_PROCESS } from './payment/payment.entity';
import { RCN_PROCESS } from './rcn/rcn.entity';

const manager = {
  nodes: [{ nodeNum: 1, signMode: 'ANY' }],
  approvers: [{ nodeNum: 1, roleCode: 'PURCHASE_MANAGER' }],
} as const;

export const settlementApprovals: ApprovalTemplatePlan[] = [
  { processKey: ADVANCE_PROCESS, entityName: 'srmStlAdvance', ...manager },
  { processKey: PAYMENT_PROCESS, entityName: 'srmStlPaymentHeader', ...manager },
  { processKey: RCN_PROCESS, entityName: 'srmStlRcnHeader', ...manager },
];
