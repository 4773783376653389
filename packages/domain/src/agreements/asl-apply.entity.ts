// ASL application (货源申请, purAslApplyList, aslApplyManage/AslApplyEdit): a request to add
// supplier × material (or category) × organisation entries to the approved supplier list.
// Approving it writes the entries; rejecting sends it back to the author with a comment.
import { date, defineEntity, number, ref, text, textarea } from '@srm/kernel';
import { ASL_APPLY_PROCESS, approvalWorkflow, needsItemOrCategory } from './workflow';

export const aslApplyLine = defineEntity('srmPurAslApplyLine', {
  area: 'agreements',
  key: 'aslApplyLineId',
  parent: { entity: 'srmPurAslApply', field: 'aslApplyId' },
  fields: {
    supplierId: ref('srmSupplierInfo', {
      required: true,
      display: 'supplierName',
      filter: () => ({ enabledFlag: 'Y' }),
    }),
    itemId: ref('srmBaseItem', { display: 'itemName', filter: () => ({ enabledFlag: 'Y' }) }),
    categoryId: ref('srmBaseCategory', { display: 'categoryName', filter: () => ({ enabledFlag: 'Y' }) }),
    priorityNum: number({ min: 1, max: 99, default: 1 }),
    validFrom: date(),
    validTo: date(),
    remark: text({ max: 240 }),
  },
  rules: [needsItemOrCategory],
  list: {
    columns: ['supplierId', 'itemId', 'categoryId', 'priorityNum', 'validFrom', 'validTo', 'remark'],
    filters: ['supplierId', 'itemId'],
  },
});

export const aslApply = defineEntity('srmPurAslApply', {
  area: 'agreements',
  key: 'aslApplyId',
  display: 'applyNumber',
  numbering: { field: 'applyNumber', pattern: 'ASLA{yyyyMMdd}{####}' },
  orgScoped: 'orgId',
  fields: {
    applyNumber: text({ readonly: true, max: 30 }),
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName', filter: () => ({ enabledFlag: 'Y' }) }),
    applyReason: textarea({ required: true, max: 1000 }),
    remark: text({ max: 240 }),
  },
  lines: { lines: aslApplyLine },
  list: {
    columns: ['applyNumber', 'orgName', 'applyReason', 'status', 'creationDate'],
    filters: [{ field: 'applyNumber', op: 'prefix' }, 'orgId', 'status', 'creationDate'],
    sort: [{ field: 'aslApplyId', order: 'desc' }],
  },
  form: { sections: [{ key: 'basic', fields: ['applyNumber', 'orgId', 'applyReason', 'remark'] }] },
  workflow: approvalWorkflow(ASL_APPLY_PROCESS),
});
