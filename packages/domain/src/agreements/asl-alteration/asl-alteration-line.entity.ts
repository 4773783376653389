// A line of an ASL alteration: one entry of the approved supplier list and what happens to it
// (suspend, resume, end, or a new priority or end of validity).
import { date, defineEntity, lookup, number, ref, text } from '@srm/kernel';

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
