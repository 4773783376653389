// ASL application (货源申请, purAslApplyList, aslApplyManage/AslApplyEdit): a request to add
// supplier × material (or category) × organisation entries to the approved supplier list.
// Approving it writes the entries; rejecting sends it back to the author with a comment.
import { approvalWorkflow, defineEntity, ref, text, textarea } from '@srm/kernel';
import { aslApplyLine } from './asl-apply-line.entity';

/** The approval process of ASL applications (its template: ../approval.ts). */
export const ASL_APPLY_PROCESS = 'PUR_ASL_APPLY_APPROVAL';

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
