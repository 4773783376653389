// A reader's copy of a shared file (spec commonFileList, the reader's side): one row per user the
// file was published to, written at publishing (a snapshot of the audience). It is addressed to
// them: every user, supplier or buyer side, sees only their own rows, and only while the file is
// published. It counts their downloads; the publisher reads everyone's through the file's
// download receipts.
import { date, datetime, defineEntity, lookup, number, text, textarea } from '@srm/kernel';
import { COMMON_FILE_TYPES } from '../common-file/common-file.entity';

export const commonFileCopy = defineEntity('srmCommonFileCopy', {
  area: 'notice',
  key: 'copyId',
  display: 'title',
  addressedTo: {
    field: 'receiverUserId',
    visibleIn: ['ACTIVE'],
    copiesOf: { entity: 'srmCommonFile', field: 'commonFileId' },
  },
  // Written by publishing only; downloads count on the copy through the file service.
  writableBy: [],
  unique: [['commonFileId', 'receiverUserId']],
  fields: {
    // Plain ids, not references: a reader's grant on their copies must not reach the file entry,
    // users or suppliers they point at (references make their targets readable).
    commonFileId: number({ required: true, indexed: true }),
    receiverUserId: number({ required: true, indexed: true }),
    /** The reader's supplier (none for an internal user). */
    supplierId: number({ indexed: true }),
    // What the reader's list shows, as published (copied at each publishing).
    fileNumber: text({ max: 30 }),
    title: text({ required: true, max: 200 }),
    fileType: lookup('SRM_COMMON_FILE_TYPE', { required: true, codes: COMMON_FILE_TYPES }),
    versionLabel: text({ max: 30 }),
    description: textarea({ max: 2000 }),
    fileCount: number({ default: 0 }),
    effectiveDate: date(),
    expiryDate: date(),
    publisherName: text({ max: 60 }),
    publishedAt: datetime({ indexed: true }),
    downloadCount: number({ default: 0 }),
    firstDownloadAt: datetime(),
    lastDownloadAt: datetime(),
  },
  list: {
    columns: [
      'title',
      'fileType',
      'versionLabel',
      'fileCount',
      'publisherName',
      'publishedAt',
      'expiryDate',
      'lastDownloadAt',
    ],
    filters: [{ field: 'title', op: 'contains' }, 'fileType', 'publishedAt'],
    sort: [{ field: 'publishedAt', order: 'desc' }],
    sortable: ['publishedAt'],
  },
  workflow: {
    states: ['ACTIVE', 'WITHDRAWN'],
    initial: 'ACTIVE',
    statusLookup: 'SRM_COMMON_FILE_COPY_STATUS',
    editableIn: [],
    deletableIn: [],
    actions: {},
  },
});
