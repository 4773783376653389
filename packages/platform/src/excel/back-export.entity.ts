// Background export (后台导出, spec reportBackExportList): one row per export a user submitted,
// written by the platform only — its status, the rows written so far and, once done, the file.
// Isomorphic (imports the kernel only), so the web can list it with the generic screens.
import { attachments, datetime, defineEntity, json, lookup, number, text } from '@srm/kernel';

export const BACK_EXPORT_STATUSES = ['WAITING', 'RUNNING', 'DONE', 'FAILED'] as const;
export type BackExportStatus = (typeof BACK_EXPORT_STATUSES)[number];

export const backExport = defineEntity('baseReportBackExport', {
  area: 'system',
  service: 'report',
  table: 'base_report_back_export',
  key: 'reportBackExportId',
  display: 'exportNumber',
  numbering: { field: 'exportNumber', pattern: 'EXP{yyyyMMdd}{#####}' },
  // A supplier user's exports belong to its supplier (the engine's supplier scope); among
  // internal users, the export routes show each user only the exports they asked for.
  ownedBy: 'supplierId',
  writableBy: [],
  fields: {
    exportNumber: text({ readonly: true, max: 30 }),
    /** The exported entity. */
    entityName: text({ required: true, max: 80, indexed: true }),
    requestUrl: text({ required: true, max: 240 }),
    requestParams: json(),
    columns: json(),
    fileName: text({ required: true, max: 200 }),
    exportStatus: lookup('BASE_BACK_EXPORT_STATUS', {
      required: true,
      codes: BACK_EXPORT_STATUSES,
      default: 'WAITING',
    }),
    /** Rows written so far. */
    progress: number({ min: 0, default: 0 }),
    /** Rows expected (the list's count, estimated above its exact limit). */
    total: number({ min: 0 }),
    /** The file, once written. */
    attachmentId: attachments({ maxCount: 1 }),
    errorMessage: text({ max: 1000 }),
    /** The supplier of the user who asked (supplier users only). */
    supplierId: number({ min: 1 }),
    startedDate: datetime(),
    finishedDate: datetime(),
  },
  list: {
    columns: [
      'exportNumber',
      'fileName',
      'entityName',
      'exportStatus',
      'progress',
      'total',
      'attachmentId',
      'creationDate',
      'finishedDate',
      'errorMessage',
    ],
    filters: [{ field: 'exportNumber', op: 'eq' }, 'exportStatus', 'entityName', 'createdBy', 'creationDate'],
    sort: [{ field: 'reportBackExportId', order: 'desc' }],
  },
});
