// Exclusions (排除单据, `excludeBill`; our reading — ADR 0027 §2): receipt, return and reversal
// lines a buyer keeps out of settlement for now (a quality hold, a dispute, consignment stock),
// with a reason and an optional until-date. While an exclusion is active and its until-date has
// not passed, statement generation leaves its lines out; released (or past its date), they enter
// the next statement generated for their supplier and period.
import { date, datetime, defineEntity, lookup, ref, text, textarea } from '@srm/kernel';
import { excludeLine } from './exclude-line.entity';

export const EXCLUDE_REASONS = ['QUALITY_HOLD', 'DISPUTE', 'CONSIGNMENT', 'OTHER'] as const;

export const excludeBill = defineEntity('srmStlExcludeHeader', {
  area: 'settlement',
  key: 'excludeHeaderId',
  display: 'excludeNumber',
  numbering: { field: 'excludeNumber', pattern: 'EX{yyyyMMdd}{####}' },
  orgScoped: 'orgId',
  fields: {
    excludeNumber: text({ readonly: true, max: 30 }),
    supplierId: ref('srmSupplierInfo', { required: true, display: 'supplierName' }),
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName' }),
    reasonCode: lookup('STL_EXCLUDE_REASON', { required: true, codes: EXCLUDE_REASONS }),
    /** Excluded up to and including this day; open-ended when empty. */
    untilDate: date(),
    /** The statement whose dispute made it (a line the buyer took off a statement). */
    sourceNumber: text({ readonly: true, max: 30 }),
    releasedDate: datetime({ readonly: true }),
    remark: textarea({ max: 1000 }),
  },
  lines: { lines: excludeLine },
  list: {
    columns: [
      'excludeNumber',
      'supplierName',
      'orgName',
      'reasonCode',
      'untilDate',
      'sourceNumber',
      'releasedDate',
      'status',
      'creationDate',
    ],
    filters: [
      { field: 'excludeNumber', op: 'prefix' },
      'supplierId',
      'orgId',
      'reasonCode',
      'status',
      'untilDate',
      'sourceNumber',
    ],
    sort: [{ field: 'excludeHeaderId', order: 'desc' }],
    sortable: ['untilDate'],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'excludeNumber',
          'supplierId',
          'orgId',
          'reasonCode',
          'untilDate',
          'sourceNumber',
          'releasedDate',
        ],
      },
      { key: 'other', fields: ['remark'] },
    ],
  },
  workflow: {
    states: ['ACTIVE', 'RELEASED'],
    initial: 'ACTIVE',
    editableIn: ['ACTIVE'],
    deletableIn: [],
    statusLookup: 'STL_EXCLUDE_STATUS',
    actions: {
      doRelease: { from: ['ACTIVE'], to: 'RELEASED', confirm: true },
    },
  },
});
