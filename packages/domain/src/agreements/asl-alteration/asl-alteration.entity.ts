// ASL alteration (货源变更, purAslAlterationList, aslAlterationManage/AslAlterationEdit): a
// request to suspend, resume, end or modify (priority, end of validity) existing entries of the
// approved supplier list. The entries change when it is approved.
import { approvalWorkflow, defineEntity, ref, text, textarea } from '@srm/kernel';
import { aslAlterationLine } from './asl-alteration-line.entity';

/** The approval process of ASL alterations (its template: ../approval.ts). */
export const ASL_ALTERATION_PROCESS = 'PUR_ASL_ALTERATION_APPROVAL';

export const aslAlteration = defineEntity('srmPurAslAlteration', {
  area: 'agreements',
  key: 'aslAlterationId',
  display: 'alterationNumber',
  numbering: { field: 'alterationNumber', pattern: 'ASLC{yyyyMMdd}{####}' },
  orgScoped: 'orgId',
  fields: {
    alterationNumber: text({ readonly: true, max: 30 }),
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName', filter: () => ({ enabledFlag: 'Y' }) }),
    alterationReason: textarea({ required: true, max: 1000 }),
    remark: text({ max: 240 }),
  },
  lines: { lines: aslAlterationLine },
  list: {
    columns: ['alterationNumber', 'orgName', 'alterationReason', 'status', 'creationDate'],
    filters: [{ field: 'alterationNumber', op: 'prefix' }, 'orgId', 'status', 'creationDate'],
    sort: [{ field: 'aslAlterationId', order: 'desc' }],
  },
  form: {
    sections: [{ key: 'basic', fields: ['alterationNumber', 'orgId', 'alterationReason', 'remark'] }],
  },
  workflow: approvalWorkflow(ASL_ALTERATION_PROCESS),
});
