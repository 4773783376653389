// The platform log (接口平台日志, spec scsiPlatformLogList): one row per attempt of an outbound
// call, with what went out and what came back (secrets and configured fields masked, bodies cut
// at 256 KB), its status, duration and error class. Kept 90 days (PURGE_SCSI_LOG).
import { datetime, defineEntity, json, lookup, number, ref, text, textarea } from '@srm/kernel';
import { ERROR_CLASSES } from '../wire/types';

export const LOG_BODY_MAX = 256 * 1024;

export const scsiPlatformLog = defineEntity('baseScsiPlatformLog', {
  area: 'interfaces',
  service: 'intf',
  key: 'platformLogId',
  display: 'idempotencyKey',
  writableBy: [],
  fields: {
    outboxId: number({ required: true, min: 0, indexed: true }),
    definitionId: ref('baseScsiDefinition', { required: true, display: 'definitionName' }),
    definitionCode: text({ required: true, max: 40 }),
    definitionVersion: number({ required: true, min: 1 }),
    businessEntity: text({ required: true, max: 60 }),
    businessId: number({ required: true, min: 0, indexed: true }),
    businessNumber: text({ max: 60 }),
    idempotencyKey: text({ required: true, max: 200 }),
    attempt: number({ required: true, min: 1 }),
    requestUrl: text({ required: true, max: 2000 }),
    httpMethod: text({ required: true, max: 10 }),
    requestHeaders: json(),
    requestBody: textarea({ max: LOG_BODY_MAX + 100 }),
    responseStatus: number({ min: 0 }),
    responseBody: textarea({ max: LOG_BODY_MAX + 100 }),
    durationMs: number({ required: true, min: 0 }),
    errorClass: lookup('BASE_SCSI_ERROR_CLASS', { codes: ERROR_CLASSES }),
    errorMessage: text({ max: 2000 }),
    nodeName: text({ max: 120 }),
    sentAt: datetime({ required: true, indexed: true }),
  },
  list: {
    columns: [
      'sentAt',
      'definitionCode',
      'businessNumber',
      'attempt',
      'responseStatus',
      'errorClass',
      'durationMs',
      'errorMessage',
      'idempotencyKey',
      'definitionVersion',
      'httpMethod',
      'businessEntity',
    ],
    filters: [
      { field: 'definitionCode', op: 'prefix' },
      { field: 'businessNumber', op: 'prefix' },
      { field: 'idempotencyKey', op: 'prefix' },
      'errorClass',
      'sentAt',
    ],
    sort: [{ field: 'platformLogId', order: 'desc' }],
    seek: true,
  },
});
