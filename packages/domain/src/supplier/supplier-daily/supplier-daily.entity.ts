// Daily management (供应商日常管理): a dated log of what happens with a supplier — visits, meetings,
// complaints, commendations, audit notes — with attachments. An entry may propose a manual
// performance score (0–100, two decimals) with its reason, which the performance area turns into
// a manual score record once it exists. A buyer records (NEW, editable) and confirms (CONFIRMED,
// kept as written). Internal only: the supplier never sees the log.
import { attachments, checkbox, date, defineEntity, lookup, number, ref, text, textarea } from '@srm/kernel';

export const DAILY_EVENT_TYPES = ['VISIT', 'MEETING', 'COMPLAINT', 'COMMENDATION', 'AUDIT', 'OTHER'] as const;

export const supplierDaily = defineEntity('srmSupplierDaily', {
  area: 'supplier',
  key: 'dailyId',
  display: 'dailyNum',
  numbering: { field: 'dailyNum', pattern: 'DM{yyyyMMdd}{####}' },
  orgScoped: 'orgId',
  fields: {
    dailyNum: text({ readonly: true, max: 30 }),
    supplierId: ref('srmSupplierInfo', { required: true, display: 'supplierName' }),
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName', filter: () => ({ enabledFlag: 'Y' }) }),
    eventDate: date({ required: true }),
    eventType: lookup('SRM_SUPPLIER_DAILY_TYPE', {
      required: true,
      codes: DAILY_EVENT_TYPES,
      default: 'VISIT',
    }),
    subject: text({ required: true, max: 200 }),
    content: textarea({ required: true, max: 4000 }),
    participants: text({ max: 240 }),
    /** The entry proposes a manual performance score. */
    proposeScoreFlag: checkbox(),
    proposedScore: number({ precision: 2, min: 0, max: 100 }),
    scoreReason: textarea({ max: 1000 }),
    attachmentIds: attachments(),
  },
  rules: [
    (row) => {
      if (row.proposeScoreFlag !== 'Y')
        return row.proposedScore !== null && row.proposedScore !== undefined && row.proposedScore !== ''
          ? { field: 'proposedScore', message: 'srmSupplierDaily.scoreWithoutProposal' }
          : null;
      if (row.proposedScore === null || row.proposedScore === undefined || row.proposedScore === '')
        return { field: 'proposedScore', message: 'srmSupplierDaily.scoreRequired' };
      if (typeof row.scoreReason !== 'string' || !row.scoreReason.trim())
        return { field: 'scoreReason', message: 'srmSupplierDaily.reasonRequired' };
      return null;
    },
  ],
  list: {
    columns: [
      'dailyNum',
      'supplierName',
      'orgName',
      'eventDate',
      'eventType',
      'subject',
      'proposedScore',
      'status',
      'createdBy',
      'creationDate',
    ],
    filters: [
      { field: 'dailyNum', op: 'prefix' },
      'supplierId',
      'orgId',
      'eventType',
      'eventDate',
      'status',
      { field: 'subject', op: 'contains' },
    ],
    sort: [{ field: 'dailyId', order: 'desc' }],
  },
  form: {
    sections: [
      { key: 'event', fields: ['dailyNum', 'supplierId', 'orgId', 'eventDate', 'eventType', 'participants'] },
      { key: 'content', fields: ['subject', 'content', 'attachmentIds'] },
      { key: 'score', fields: ['proposeScoreFlag', 'proposedScore', 'scoreReason'] },
    ],
  },
  workflow: {
    states: ['NEW', 'CONFIRMED'],
    initial: 'NEW',
    statusLookup: 'SRM_SUPPLIER_DAILY_STATUS',
    editableIn: ['NEW'],
    deletableIn: ['NEW'],
    actions: {
      doConfirm: { from: ['NEW'], to: 'CONFIRMED', confirm: true },
    },
  },
});
