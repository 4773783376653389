// ASL alteration (货源变更, purAslAlterationList, aslAlterationManage/AslAlterationEdit): a
// request to suspend, resume, end or modify (priority, end of validity) existing entries of the
// approved supplier list. The entries change when it is approved.
import { date, defineEntity, lookup, number, ref, text, textarea } from '@srm/kernel';
import { ASL_ALTERATION_PROCESS, approvalWorkflow } from './workflow';

export const ASL_ALTERATION_TYPES = ['SUSPEND', 'RESUME', 'DISABLE', 'MODIFY'] as const;

export const aslAlterationLine = defineEntity('srmPurAslAlterationLine', {
  area: 'agreements',
  key: 'aslAlterationLineId',
  parent: { entity: 'srmPurAslAlteration', field: 'aslAlterationId' },
  fields: {
    // Required (by the rule below rather than the field, so that samples can bring an approved entry).
    aslId: ref('srmPurAsl', { display: 'aslCode', displayAs: 'aslCode' }),
    alterationType: lookup('PUR_ASL_ALTERATION_TYPE', { required: true, codes: ASL_ALTERATION_TYPES }),
    newPriorityNum: number({ min: 1, max: 99 }),
    newValidTo: date(),
    remark: text({ max: 240 }),
  },
  rules: [
    (row) => (row.aslId == null ? { field: 'aslId', message: 'srmPurAslAlteration.aslRequired' } : null),
  ],
  list: {
    columns: ['aslId', 'alterationType', 'newPriorityNum', 'newValidTo', 'remark'],
    filters: ['aslId', 'alterationType'],
  },
});

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
