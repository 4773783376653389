// Interface definitions (接口定义, spec scsiDefinitionList / scsiDefinitionEdit): an outbound call
// to a target system (ERP, SAP, OA, U8, chat) made after an action on a business document
// commits, with its request configuration, field maps, parameters and retry policy. Draft →
// Effective (doEffect) → Invalid (doInvalid). An effective definition is never edited in place:
// doNewVersion copies it into a draft of the next version, and each call records the version it
// used (docs/integrations.md).
import { checkbox, defineEntity, lookup, number, ref, text, textarea } from '@srm/kernel';
import { BODY_FORMATS, HEADER_INTERCEPTORS, HTTP_METHODS, PARAMS_INTERCEPTORS } from '../wire/types';
import {
  scsiParameter,
  scsiReqFieldMap,
  scsiRequestConfig,
  scsiResFieldMap,
} from './definition-lines.entity';

export const TARGET_SYSTEMS = ['ERP', 'SAP', 'OA', 'U8', 'CHAT', 'OTHER'] as const;
/** What makes a call: an action (or save) on a document, a button, or a scheduled program. */
export const TRIGGER_TYPES = ['ACTION', 'BUTTON', 'PROGRAM'] as const;
/** After the last attempt failed: later calls of the same ordering key wait, or go ahead. */
export const FAILURE_RULES = ['BLOCK', 'SKIP'] as const;
export const AUTH_TYPES = ['NONE', 'BASIC', 'BEARER'] as const;

export const scsiDefinition = defineEntity('baseScsiDefinition', {
  area: 'interfaces',
  service: 'intf',
  key: 'definitionId',
  display: 'definitionName',
  unique: [['definitionCode', 'definitionVersion']],
  fields: {
    definitionCode: text({ required: true, max: 40, format: 'code' }),
    definitionName: text({ required: true, max: 120, english: 'definitionNameEn' }),
    definitionNameEn: text({ max: 120 }),
    /** Version of the definition: an effective one is changed through a new version. */
    definitionVersion: number({ required: true, readonly: true, min: 1, default: 1 }),
    targetSystem: lookup('BASE_SCSI_TARGET', { required: true, codes: TARGET_SYSTEMS, default: 'ERP' }),
    triggerType: lookup('BASE_SCSI_TRIGGER', { required: true, codes: TRIGGER_TYPES, default: 'ACTION' }),
    /** The business object (entity name, `srmPoHeader`). */
    businessEntity: text({ required: true, max: 60, indexed: true }),
    /** ACTION: the action after which the call is made (`doApproval`, or `save`). */
    triggerAction: text({ max: 60 }),
    requestPath: text({ max: 500 }),
    httpMethod: lookup('BASE_SCSI_METHOD', { required: true, codes: HTTP_METHODS, default: 'POST' }),
    bodyFormat: lookup('BASE_SCSI_BODY', { required: true, codes: BODY_FORMATS, default: 'JSON' }),
    /** XML: the element inside the SOAP body, and its namespace. */
    rootElement: text({ max: 100 }),
    xmlNamespace: text({ max: 300 }),
    timeoutMs: number({ required: true, min: 100, max: 300_000, default: 10_000 }),
    retryLimit: number({ required: true, min: 0, max: 20, default: 5 }),
    retryDelayMs: number({ required: true, min: 0, max: 3_600_000, default: 2_000 }),
    retryMaxDelayMs: number({ required: true, min: 0, max: 86_400_000, default: 300_000 }),
    retryBackoff: checkbox({ default: 'Y' }),
    /** Calls with the same key go one at a time, oldest first (`{poNumber}`). */
    orderingKeyTemplate: text({ max: 200 }),
    /** Sent as Idempotency-Key and wherever a map puts it (`PO-{poNumber}-{versionNum}`). */
    idempotencyKeyTemplate: text({ required: true, max: 200 }),
    failureRule: lookup('BASE_SCSI_FAILURE', { required: true, codes: FAILURE_RULES, default: 'BLOCK' }),
    /**
     * For a target that cannot deduplicate: another definition of the same target system and
     * business object, asked before any resend whether the document is already there (its
     * success rule met: the call is done, its response map writes back). Its effective version
     * is used; see docs/integrations.md.
     */
    statusQueryDefinitionId: ref('baseScsiDefinition', {
      display: 'definitionName',
      offer: { status: 'EFFECTIVE' },
    }),
    authType: lookup('BASE_SCSI_AUTH', { required: true, codes: AUTH_TYPES, default: 'NONE' }),
    /** Interceptors picked from listRequestHeaderInterceptor / listRequestParamsInterceptor. */
    headerInterceptor: lookup('BASE_SCSI_HEADER_INTERCEPTOR', { codes: HEADER_INTERCEPTORS }),
    paramsInterceptor: lookup('BASE_SCSI_PARAMS_INTERCEPTOR', { codes: PARAMS_INTERCEPTORS }),
    /** Success: HTTP 2xx and, when given, the answer's value at this path equals successValue. */
    successPath: text({ max: 200 }),
    successValue: text({ max: 100 }),
    /**
     * Values at the success path that mean "not now" in a 2xx answer (a chat robot's throttle:
     * 钉钉 130101, 企业微信 45009), comma-separated: such a call is retried like a 5xx.
     */
    retryValues: text({ max: 200 }),
    /** Fields masked in the platform log besides the secrets (comma-separated). */
    redactFields: text({ max: 500 }),
    description: textarea({ max: 1000 }),
  },
  lines: {
    configs: scsiRequestConfig,
    reqMaps: scsiReqFieldMap,
    resMaps: scsiResFieldMap,
    parameters: scsiParameter,
  },
  list: {
    columns: [
      'definitionCode',
      'definitionVersion',
      'definitionName',
      'targetSystem',
      'businessEntity',
      'triggerAction',
      'status',
    ],
    filters: [
      { field: 'definitionCode', op: 'prefix' },
      { field: 'definitionName', op: 'contains' },
      'targetSystem',
      'businessEntity',
      'status',
    ],
    sort: [
      { field: 'definitionCode', order: 'asc' },
      { field: 'definitionVersion', order: 'desc' },
    ],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'definitionCode',
          'definitionVersion',
          'definitionName',
          'definitionNameEn',
          'targetSystem',
          'triggerType',
          'businessEntity',
          'triggerAction',
        ],
      },
      {
        key: 'request',
        fields: [
          'requestPath',
          'httpMethod',
          'bodyFormat',
          'rootElement',
          'xmlNamespace',
          'authType',
          'headerInterceptor',
          'paramsInterceptor',
          'idempotencyKeyTemplate',
          'orderingKeyTemplate',
          'successPath',
          'successValue',
          'retryValues',
          'redactFields',
        ],
      },
      {
        key: 'retry',
        fields: [
          'timeoutMs',
          'retryLimit',
          'retryDelayMs',
          'retryMaxDelayMs',
          'retryBackoff',
          'failureRule',
          'statusQueryDefinitionId',
        ],
      },
      { key: 'other', fields: ['description'] },
    ],
  },
  workflow: {
    states: ['DRAFT', 'EFFECTIVE', 'INVALID'],
    initial: 'DRAFT',
    editableIn: ['DRAFT'],
    deletableIn: ['DRAFT'],
    actions: {
      doEffect: { from: ['DRAFT'], to: 'EFFECTIVE', confirm: true },
      doInvalid: { from: ['EFFECTIVE'], to: 'INVALID', confirm: true, danger: true },
      /** A newer version became effective: this one steps down, its queued calls go out with the new one. */
      doSupersede: { from: ['EFFECTIVE'], to: 'INVALID', system: true },
    },
  },
});
