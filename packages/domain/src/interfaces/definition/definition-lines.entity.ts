// The lines of an interface definition: the request field map (target path ← source), the
// response field map (answer path → document field), its parameters (secrets encrypted at rest
// and masked in every answer) and its request configuration per environment (base URL).
import { NEVER_OPENED, checkbox, defineEntity, lookup, number, ref, text } from '@srm/kernel';
import { MAP_SOURCES, TRANSFORMS } from '../wire/types';

export const ENVIRONMENTS = ['DEV', 'TEST', 'PROD'] as const;

export const scsiReqFieldMap = defineEntity('baseScsiReqFieldMap', {
  area: 'interfaces',
  service: 'intf',
  key: 'reqFieldMapId',
  display: 'targetPath',
  parent: { entity: 'baseScsiDefinition', field: 'definitionId' },
  fields: {
    definitionId: ref('baseScsiDefinition', { required: true, onDelete: 'cascade' }),
    lineNum: number({ required: true, min: 1, max: 9999, sequence: { step: 1 } }),
    /** Dot path in the body; `items[].qty` writes one element per line of the source array. */
    targetPath: text({ required: true, max: 200 }),
    sourceType: lookup('BASE_SCSI_MAP_SOURCE', { required: true, codes: MAP_SOURCES, default: 'FIELD' }),
    /** FIELD: a path of the document (`poNumber`, `lines[].quantity`); PARAMETER: its name. */
    sourcePath: text({ max: 200 }),
    constantValue: text({ max: 500 }),
    transform: lookup('BASE_SCSI_TRANSFORM', { required: true, codes: TRANSFORMS, default: 'NONE' }),
    transformArg: text({ max: 500 }),
  },
  list: {
    columns: [
      'lineNum',
      'targetPath',
      'sourceType',
      'sourcePath',
      'constantValue',
      'transform',
      'transformArg',
    ],
  },
});

export const scsiResFieldMap = defineEntity('baseScsiResFieldMap', {
  area: 'interfaces',
  service: 'intf',
  key: 'resFieldMapId',
  display: 'responsePath',
  parent: { entity: 'baseScsiDefinition', field: 'definitionId' },
  fields: {
    definitionId: ref('baseScsiDefinition', { required: true, onDelete: 'cascade' }),
    lineNum: number({ required: true, min: 1, max: 9999, sequence: { step: 1 } }),
    /** A path of the answer (`data.erpNo`). */
    responsePath: text({ required: true, max: 200 }),
    /** The field of the business document it is written to (`erpPoNumber`). */
    targetField: text({ required: true, max: 60 }),
  },
  list: { columns: ['lineNum', 'responsePath', 'targetField'] },
});

export const scsiParameter = defineEntity('baseScsiParameter', {
  area: 'interfaces',
  service: 'intf',
  key: 'parameterId',
  display: 'paramName',
  parent: { entity: 'baseScsiDefinition', field: 'definitionId' },
  unique: [['definitionId', 'paramName']],
  fields: {
    definitionId: ref('baseScsiDefinition', { required: true, onDelete: 'cascade' }),
    lineNum: number({ required: true, min: 1, max: 999, sequence: { step: 1 } }),
    paramName: text({ required: true, max: 60, format: 'code' }),
    /** A plain value (a secret's goes to secretValue). */
    paramValue: text({ max: 1000 }),
    secretFlag: checkbox(),
    /** Encrypted at rest (AES-256-GCM), masked in every answer; sending the mask keeps it. */
    secretValue: text({ max: 1000, sealed: { openedBy: NEVER_OPENED } }),
    description: text({ max: 200 }),
  },
  list: { columns: ['lineNum', 'paramName', 'paramValue', 'secretFlag', 'secretValue', 'description'] },
});

export const scsiRequestConfig = defineEntity('baseScsiRequestConfig', {
  area: 'interfaces',
  service: 'intf',
  key: 'requestConfigId',
  display: 'baseUrl',
  parent: { entity: 'baseScsiDefinition', field: 'definitionId' },
  unique: [['definitionId', 'envCode']],
  fields: {
    definitionId: ref('baseScsiDefinition', { required: true, onDelete: 'cascade' }),
    /** The environment this base URL serves (SRM_INTF_ENV, PROD by default). */
    envCode: lookup('BASE_SCSI_ENV', { required: true, codes: ENVIRONMENTS, default: 'PROD' }),
    baseUrl: text({ required: true, max: 500 }),
  },
  list: { columns: ['envCode', 'baseUrl'] },
});
