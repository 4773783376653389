// Write-offs (核销, our reading — ADR 0009 §7): received quantities cleared against the returns
// and reversals that took them back, so that a statement never settles them twice. Posted once;
// a posted write-off is undone by reversing it, never edited.
import { date, datetime, defineEntity, ref, text, textarea } from '@srm/kernel';
import { writeOffLine } from './write-off-line.entity';

export const writeOff = defineEntity('srmPurWriteOff', {
  area: 'receiving',
  key: 'writeOffId',
  display: 'writeOffNumber',
  numbering: { field: 'writeOffNumber', pattern: 'WO{yyyyMMdd}{####}' },
  orgScoped: 'orgId',
  fields: {
    writeOffNumber: text({ readonly: true, max: 30 }),
    supplierId: ref('srmSupplierInfo', { required: true, display: 'supplierName' }),
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName' }),
    writeOffDate: date({ required: true, profileDefault: 'today' }),
    postedDate: datetime({ readonly: true }),
    reference: text({ max: 60 }),
    remark: textarea({ max: 1000 }),
  },
  lines: { lines: writeOffLine },
  list: {
    columns: [
      'writeOffNumber',
      'supplierName',
      'orgName',
      'writeOffDate',
      'reference',
      'postedDate',
      'status',
    ],
    filters: [{ field: 'writeOffNumber', op: 'prefix' }, 'supplierId', 'orgId', 'status', 'writeOffDate'],
    sort: [{ field: 'writeOffId', order: 'desc' }],
    sortable: ['writeOffDate'],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: ['writeOffNumber', 'supplierId', 'orgId', 'writeOffDate', 'reference', 'postedDate'],
      },
      { key: 'other', fields: ['remark'] },
    ],
  },
  workflow: {
    states: ['DRAFT', 'POSTED', 'REVERSED', 'CANCELLED'],
    initial: 'DRAFT',
    editableIn: ['DRAFT'],
    deletableIn: ['DRAFT'],
    actions: {
      doPost: { from: ['DRAFT'], to: 'POSTED', confirm: true },
      doCancel: { from: ['DRAFT'], to: 'CANCELLED', confirm: true, danger: true },
      doReverse: { from: ['POSTED'], to: 'REVERSED', confirm: true, danger: true },
    },
  },
});
