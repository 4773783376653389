// Shared files (资料下载, spec commonFileList): templates, manuals and forms the buying company
// gives its people and suppliers, with an audience like a notice's. Publishing resolves the
// audience into readers (a snapshot) and tells them; each reader sees only the files published to
// them, while published; every download is counted, per reader and in total. Withdrawing takes
// the files back from every reader at once; a withdrawn entry can be edited and published again
// under the same id.
import { attachments, date, datetime, defineEntity, lookup, number, text, textarea } from '@srm/kernel';
import { commonFileTarget } from './common-file-target.entity';

export const COMMON_FILE_TYPES = ['TEMPLATE', 'MANUAL', 'FORM', 'POLICY', 'OTHER'] as const;
/** States in which a shared file may be edited (its audience too). */
export const COMMON_FILE_EDITABLE = ['DRAFT', 'WITHDRAWN'] as const;

export const commonFile = defineEntity('srmCommonFile', {
  area: 'notice',
  key: 'commonFileId',
  display: 'title',
  numbering: { field: 'fileNumber', pattern: 'CF{yyyyMMdd}{####}' },
  fields: {
    fileNumber: text({ readonly: true, max: 30 }),
    title: text({ required: true, max: 200 }),
    fileType: lookup('SRM_COMMON_FILE_TYPE', {
      required: true,
      codes: COMMON_FILE_TYPES,
      default: 'TEMPLATE',
    }),
    versionLabel: text({ max: 30 }),
    description: textarea({ max: 2000 }),
    attachmentIds: attachments({ maxCount: 20 }),
    effectiveDate: date({ profileDefault: 'today' }),
    expiryDate: date(),
    publisherName: text({ max: 60, profileDefault: 'userFullName' }),
    publishedAt: datetime({ readonly: true }),
    withdrawnAt: datetime({ readonly: true }),
    receiverCount: number({ readonly: true, default: 0 }),
    /** Every download by a reader (the publisher's own downloads are not counted). */
    downloadCount: number({ readonly: true, default: 0 }),
  },
  lines: { targets: commonFileTarget },
  list: {
    columns: [
      'fileNumber',
      'title',
      'fileType',
      'versionLabel',
      'effectiveDate',
      'expiryDate',
      'publisherName',
      'publishedAt',
      'receiverCount',
      'downloadCount',
      'status',
    ],
    filters: [
      { field: 'title', op: 'contains' },
      'fileType',
      'status',
      { field: 'fileNumber', op: 'prefix' },
      'publishedAt',
    ],
    sort: [{ field: 'commonFileId', order: 'desc' }],
    sortable: ['publishedAt', 'downloadCount'],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'fileNumber',
          'title',
          'fileType',
          'versionLabel',
          'effectiveDate',
          'expiryDate',
          'publisherName',
          'publishedAt',
          'receiverCount',
          'downloadCount',
        ],
      },
      { key: 'files', fields: ['description', 'attachmentIds'] },
    ],
  },
  rules: [
    (row) =>
      row.effectiveDate && row.expiryDate && String(row.expiryDate) < String(row.effectiveDate)
        ? { field: 'expiryDate', message: 'srmCommonFile.expiryBeforeEffective' }
        : null,
  ],
  workflow: {
    states: ['DRAFT', 'PUBLISHED', 'WITHDRAWN'],
    initial: 'DRAFT',
    statusLookup: 'SRM_COMMON_FILE_STATUS',
    editableIn: COMMON_FILE_EDITABLE,
    deletableIn: ['DRAFT'],
    actions: {
      doPublish: { from: COMMON_FILE_EDITABLE, to: 'PUBLISHED', confirm: true },
      /** Taken back from every reader. */
      doWithdraw: { from: ['PUBLISHED'], to: 'WITHDRAWN', confirm: true, danger: true },
    },
  },
});
