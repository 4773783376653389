// Deductions (扣款, `deductions`): an amount withheld from a supplier's payments — a quality claim,
// late delivery, a mould repair — with its reason and evidence. Issued to the supplier, who
// acknowledges it or disputes it with a reason; an acknowledged deduction is applied to payment
// applications until nothing of it is left. Quality claims will issue theirs (event
// STL_DEDUCTION_FROM_CLAIM) when that module exists.
import { amount, attachments, date, defineEntity, lookup, ref, sub, text, textarea } from '@srm/kernel';

export const DEDUCTION_TYPES = [
  'QUALITY_CLAIM',
  'LATE_DELIVERY',
  'MOULD_REPAIR',
  'CONTRACT_REFUND',
  'OTHER',
] as const;

export const deduction = defineEntity('srmStlDeduction', {
  area: 'settlement',
  key: 'deductionId',
  display: 'deductionNumber',
  numbering: { field: 'deductionNumber', pattern: 'DD{yyyyMMdd}{####}' },
  ownedBy: 'supplierId',
  supplierVisibleIn: ['ISSUED', 'ACKNOWLEDGED', 'DISPUTED'],
  orgScoped: 'orgId',
  fields: {
    deductionNumber: text({ readonly: true, max: 30 }),
    supplierId: ref('srmSupplierInfo', { required: true, display: 'supplierName' }),
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName' }),
    currencyId: ref('srmBaseCurrency', {
      required: true,
      display: 'currencyCode',
      displayAs: 'currencyCode',
    }),
    deductionType: lookup('STL_DEDUCTION_TYPE', { required: true, codes: DEDUCTION_TYPES }),
    amount: amount({ required: true, min: 0.01 }),
    appliedAmount: amount({ readonly: true, default: 0 }),
    balance: amount({
      readonly: true,
      computed: (row) => sub(String(row.amount ?? 0), String(row.appliedAmount ?? 0)).toNumber(),
    }),
    deductionDate: date({ required: true, profileDefault: 'today' }),
    reason: text({ required: true, max: 500 }),
    sourceNumber: text({ max: 30 }),
    evidenceIds: attachments({ maxCount: 10 }),
    supplierComment: text({ max: 500, writableBy: ['supplier'], editableIn: ['ISSUED'] }),
    remark: textarea({ max: 1000, internalOnly: true }),
  },
  list: {
    columns: [
      'deductionNumber',
      'supplierName',
      'orgName',
      'deductionType',
      'currencyCode',
      'amount',
      'appliedAmount',
      'balance',
      'deductionDate',
      'reason',
      'supplierComment',
      'status',
    ],
    filters: [{ field: 'deductionNumber', op: 'prefix' }, 'supplierId', 'orgId', 'deductionType', 'status'],
    sort: [{ field: 'deductionId', order: 'desc' }],
    summary: ['amount', 'appliedAmount'],
  },
  workflow: {
    states: ['DRAFT', 'ISSUED', 'ACKNOWLEDGED', 'DISPUTED', 'CANCELLED'],
    initial: 'DRAFT',
    editableIn: ['DRAFT', 'DISPUTED'],
    deletableIn: ['DRAFT'],
    statusLookup: 'STL_DEDUCTION_STATUS',
    actions: {
      doIssue: { from: ['DRAFT', 'DISPUTED'], to: 'ISSUED', confirm: true },
      doAcknowledge: { from: ['ISSUED'], to: 'ACKNOWLEDGED', side: 'supplier', confirm: true },
      doDispute: { from: ['ISSUED'], to: 'DISPUTED', side: 'supplier', needs: ['comment'] },
      doCancel: { from: ['DRAFT', 'DISPUTED'], to: 'CANCELLED', confirm: true, danger: true },
    },
  },
});
