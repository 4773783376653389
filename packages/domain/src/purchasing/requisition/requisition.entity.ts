// Purchase requisitions (采购申请): an internal request for goods, approved, then consumed by
// orders line by line; it can be returned, cancelled, closed, copied and split.
import { attachments, date, defineEntity, ref, sum, text, textarea, amount } from '@srm/kernel';
import { requisitionLine } from './requisition-line.entity';

/** The approval process of requisitions (its template: ../approval.ts). */
export const REQUISITION_PROCESS = 'PUR_REQUISITION_APPROVAL';

export const requisition = defineEntity('srmPurRequisitionHeader', {
  area: 'purchasing',
  key: 'requisitionHeaderId',
  display: 'requisitionNumber',
  numbering: { field: 'requisitionNumber', pattern: 'PR{yyyyMMdd}{####}' },
  orgScoped: 'orgId',
  fields: {
    requisitionNumber: text({ readonly: true, max: 30 }),
    title: text({ required: true, max: 200 }),
    billTypeId: ref('srmPurBillType', {
      required: true,
      display: 'billTypeName',
      filter: () => ({ status: 'ENABLED', docCategory: 'REQUISITION' }),
    }),
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName' }),
    requesterName: text({ required: true, max: 60, profileDefault: 'userFullName' }),
    departmentName: text({ max: 120 }),
    requisitionDate: date({ required: true, profileDefault: 'today' }),
    totalAmount: amount({
      readonly: true,
      computed: (_row, context) =>
        sum(context.lines.lines ?? [], (line) => Number(line.lineAmount ?? 0)).toNumber(),
    }),
    sourceRequisitionId: ref('srmPurRequisitionHeader', {
      readonly: true,
      display: 'requisitionNumber',
      displayAs: 'sourceRequisitionNumber',
    }),
    remark: textarea({ max: 1000 }),
    attachmentIds: attachments({ maxCount: 20 }),
  },
  lines: { lines: requisitionLine },
  importLines: 'lines', // the Excel import takes requisitions with their lines, one row per line
  list: {
    columns: [
      'requisitionNumber',
      'title',
      'billTypeName',
      'orgName',
      'requesterName',
      'departmentName',
      'requisitionDate',
      'totalAmount',
      'status',
    ],
    filters: [
      { field: 'requisitionNumber', op: 'prefix' },
      'title',
      'orgId',
      'status',
      'requesterName',
      'requisitionDate',
      'billTypeId',
    ],
    sort: [{ field: 'requisitionHeaderId', order: 'desc' }],
    summary: ['totalAmount'],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'requisitionNumber',
          'title',
          'billTypeId',
          'orgId',
          'requesterName',
          'departmentName',
          'requisitionDate',
          'totalAmount',
          'sourceRequisitionId',
        ],
      },
      { key: 'other', fields: ['remark', 'attachmentIds'] },
    ],
  },
  workflow: {
    states: ['DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED', 'RETURNED', 'CANCELLED', 'CLOSED'],
    initial: 'DRAFT',
    editableIn: ['DRAFT', 'REJECTED', 'RETURNED'],
    deletableIn: ['DRAFT'],
    actions: {
      doSubmit: {
        from: ['DRAFT', 'REJECTED', 'RETURNED'],
        to: 'SUBMITTED',
        approval: REQUISITION_PROCESS,
      },
      doApproval: { from: ['SUBMITTED'], to: 'APPROVED', system: true },
      doReject: { from: ['SUBMITTED'], to: 'REJECTED', needs: ['comment'], system: true },
      doWithdraw: { from: ['SUBMITTED'], to: 'DRAFT', system: true },
      doReturn: { from: ['APPROVED'], to: 'RETURNED', needs: ['comment'], danger: true },
      doCancel: { from: ['DRAFT', 'REJECTED', 'RETURNED'], to: 'CANCELLED', confirm: true, danger: true },
      doClose: { from: ['APPROVED'], to: 'CLOSED', confirm: true, danger: true },
    },
  },
});
