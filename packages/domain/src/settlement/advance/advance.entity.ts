// Advances (预付款申请, `advanceApply`): money paid to a supplier before delivery or invoice,
// against an order, approved, paid once, then applied to later payment applications; what is not
// applied stays as the advance's balance (carried over to the next application) until it is
// applied or collected back from the supplier (收回预付款).
import {
  amount,
  approvalWorkflow,
  attachments,
  date,
  datetime,
  defineEntity,
  ref,
  sub,
  text,
  textarea,
} from '@srm/kernel';

export const ADVANCE_PROCESS = 'STL_ADVANCE_APPROVAL';

export const advance = defineEntity('srmStlAdvance', {
  area: 'settlement',
  key: 'advanceId',
  display: 'advanceNumber',
  numbering: { field: 'advanceNumber', pattern: 'AD{yyyyMMdd}{####}' },
  ownedBy: 'supplierId',
  supplierVisibleIn: ['APPROVED', 'PAID'],
  orgScoped: 'orgId',
  fields: {
    advanceNumber: text({ readonly: true, max: 30 }),
    supplierId: ref('srmSupplierInfo', { required: true, display: 'supplierName' }),
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName' }),
    currencyId: ref('srmBaseCurrency', {
      required: true,
      display: 'currencyCode',
      displayAs: 'currencyCode',
    }),
    poHeaderId: ref('srmPoHeader', { display: 'poNumber', displayAs: 'poNumber' }),
    amount: amount({ required: true, min: 0.01 }),
    appliedAmount: amount({ readonly: true, default: 0 }),
    /** Recovered from the supplier (收回预付款): what was not applied and will not be. */
    collectedAmount: amount({ readonly: true, default: 0 }),
    balance: amount({
      readonly: true,
      computed: (row) =>
        sub(
          sub(String(row.amount ?? 0), String(row.appliedAmount ?? 0)),
          String(row.collectedAmount ?? 0),
        ).toNumber(),
    }),
    applyDate: date({ required: true, profileDefault: 'today' }),
    reason: text({ required: true, max: 240 }),
    paidDate: datetime({ readonly: true }),
    bankReference: text({ max: 60 }),
    remark: textarea({ max: 1000, internalOnly: true }),
    attachmentIds: attachments({ maxCount: 10 }),
  },
  list: {
    columns: [
      'advanceNumber',
      'supplierName',
      'orgName',
      'poNumber',
      'currencyCode',
      'amount',
      'appliedAmount',
      'collectedAmount',
      'balance',
      'applyDate',
      'paidDate',
      'status',
    ],
    filters: [{ field: 'advanceNumber', op: 'prefix' }, 'supplierId', 'orgId', 'status', 'applyDate'],
    sort: [{ field: 'advanceId', order: 'desc' }],
    summary: ['amount', 'appliedAmount'],
  },
  workflow: approvalWorkflow(ADVANCE_PROCESS, {
    states: ['PAID', 'CANCELLED'],
    statusLookup: 'STL_PAY_STATUS',
    actions: {
      // The bank's reference of the transfer, when known at once (also editable before).
      doPay: { from: ['APPROVED'], to: 'PAID', confirm: true, input: { bankReference: text({ max: 60 }) } },
      doCancel: { from: ['DRAFT', 'REJECTED'], to: 'CANCELLED', confirm: true, danger: true },
      // 收回预付款 (collect advance): the balance not applied is paid back by the supplier.
      doCollect: { from: ['PAID'], needs: ['comment'], confirm: true },
    },
  }),
});
