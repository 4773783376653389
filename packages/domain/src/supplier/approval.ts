// The approval process of a supplier registration (data: a process template): the purchasing
// manager approves; the last approval creates the supplier and its first external user.
import type { ApprovalTemplatePlan } from '@srm/platform';
import { SUPPLIER_REGISTER_PROCESS } from './supplier-register/supplier-register.entity';

export const supplierApprovals: ApprovalTemplatePlan[] = [
  {
    processKey: SUPPLIER_REGISTER_PROCESS,
    entityName: 'srmSupplierRegister',
    nodes: [{ nodeNum: 1, signMode: 'ANY' }],
    approvers: [{ nodeNum: 1, roleCode: 'PURCHASE_MANAGER' }],
  },
];
