// The approval process of a supplier registration (data: a process template): the purchasing
// manager approves; the last approval creates the supplier and its first external user.
import type { Row } from '@srm/platform';
import { SUPPLIER_REGISTER_PROCESS } from './supplier-register.entity';

export function registrationTemplate(managerRoleId: number): Row {
  return {
    processKey: SUPPLIER_REGISTER_PROCESS,
    processName: '供应商注册审批',
    processNameEn: 'Supplier registration approval',
    entityName: 'srmSupplierRegister',
    nodes: [{ nodeNum: 1, nodeName: '采购经理审批', nodeNameEn: 'Purchasing manager', signMode: 'ANY' }],
    approvers: [{ nodeNum: 1, approverType: 'ROLE', roleId: managerRoleId }],
  };
}
