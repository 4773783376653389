// Contract warnings (合同预警, `cctWarningList`): one row per contract, kind and payment stage,
// written only by the daily program CCT_CONTRACT_WARNINGS (warning.job.ts). A row is OPEN while
// its condition holds — the contract ends within 30, 7 or 0 days (the threshold it has reached),
// has ended, a stage falls due within N days or is overdue, a finalized contract is still unsigned
// after N days — and closes itself when the condition clears (the stage paid, the contract signed
// or ended otherwise). The buyer sees every warning of its organisations, a supplier those of its
// own contracts.
import { date, datetime, defineEntity, lookup, number, ref, text } from '@srm/kernel';

export const WARNING_KINDS = [
  'EXPIRING',
  'EXPIRED',
  'STAGE_DUE',
  'STAGE_OVERDUE',
  'UNSIGNED',
  'EXECUTED_HIGH',
  'EXECUTED_OVER',
  'REFUND_DUE',
] as const;
export type WarningKind = (typeof WARNING_KINDS)[number];
export const WARNING_STATES = ['OPEN', 'CLOSED'] as const;

export const contractWarning = defineEntity('srmCctWarning', {
  area: 'contract',
  key: 'warningId',
  display: 'contractName',
  ownedBy: 'supplierId',
  orgScoped: 'orgId',
  writableBy: [],
  unique: [['warningKey']],
  fields: {
    contractId: ref('srmCctContract', {
      required: true,
      display: 'contractNumber',
      displayAs: 'contractNumber',
    }),
    contractName: text({ max: 200 }),
    supplierId: ref('srmSupplierInfo', { required: true, display: 'supplierName' }),
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName' }),
    warningKind: lookup('CCT_WARNING_KIND', { required: true, codes: WARNING_KINDS }),
    /** The payment stage it is about (stage warnings). */
    contractStageId: number(),
    stageName: text({ max: 60 }),
    /** The day it is about: the contract's end, or the stage's planned payment. */
    dueDate: date(),
    /** Days from the last run to the due day (negative: past it). */
    daysLeft: number({ min: -100000, max: 100000 }),
    /** Executed warnings: the share of the contract's amount its orders took, in per cent. */
    executedPercent: number({ precision: 2, min: 0, max: 1000000 }),
    /** The last threshold reached (30, 7, 0 days before the end): each is told once. */
    threshold: number({ min: 0, max: 3650 }),
    warningStatus: lookup('CCT_WARNING_STATUS', { required: true, codes: WARNING_STATES, default: 'OPEN' }),
    openedDate: datetime(),
    closedDate: datetime(),
    /** One row per contract, kind and stage: `<contract>:<kind>:<stage>`. */
    warningKey: text({ required: true, max: 80, internalOnly: true }),
  },
  list: {
    columns: [
      'contractNumber',
      'contractName',
      'supplierName',
      'warningKind',
      'stageName',
      'dueDate',
      'daysLeft',
      'executedPercent',
      'warningStatus',
      'openedDate',
      'closedDate',
    ],
    filters: ['contractId', 'supplierId', 'warningKind', 'warningStatus', 'dueDate'],
    sort: [{ field: 'dueDate', order: 'asc' }],
    sortable: ['dueDate', 'openedDate'],
  },
});
