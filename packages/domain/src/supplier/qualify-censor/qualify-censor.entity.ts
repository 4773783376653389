// Qualification censor (资质审查): a reviewer checks a supplier's credentials against the
// qualification requirements of a category and organisation. One line per credential type the
// requirements ask for (the strictest of them when several apply: mandatory if any is, the longest
// minimum validity), filled by the platform with the supplier's certificate of that type and how
// it stands on the day — valid, valid but shorter than the minimum, expired, missing — beside the
// reviewer's verdict. The reviewer gives the result (PASS, CONDITIONAL, FAIL); a mandatory
// certificate that is missing or expired makes PASS and CONDITIONAL impossible, and a failed line
// or a mandatory one short of its minimum makes PASS impossible. Approval
// (QUALIFY_CENSOR_APPROVAL) writes the result into the censor step of the introduction it
// serves. Internal only.
import {
  approvalWorkflow,
  attachments,
  checkbox,
  date,
  defineEntity,
  lookup,
  number,
  text,
  textarea,
} from '@srm/kernel';
import { stepDocumentFields } from '../supplier-intro/step-document.fields';
import { CREDENTIAL_TYPES } from '../supplier-credential/supplier-credential.entity';

export const QUALIFY_CENSOR_PROCESS = 'QUALIFY_CENSOR_APPROVAL';
/** What the reviewer concludes (the introduction's step results, without PENDING). */
export const CENSOR_RESULTS = ['PASS', 'CONDITIONAL', 'FAIL'] as const;
/** How the supplier's certificate of a required type stands on the day it is checked. */
export const CENSOR_CHECKS = ['VALID', 'SHORT', 'EXPIRED', 'MISSING'] as const;
export const CENSOR_VERDICTS = ['PASS', 'FAIL'] as const;

export const qualifyCensorRequire = defineEntity('srmQualifyCensorRequire', {
  area: 'supplier',
  key: 'censorRequireId',
  parent: { entity: 'srmQualifyCensor', field: 'censorId' },
  rowsByPlatform: true,
  fields: {
    /** Always the platform's (not required of a client, so a line sent by hand meets the rule's message). */
    credentialType: lookup('SRM_SUPPLIER_CREDENTIAL_TYPE', { codes: CREDENTIAL_TYPES, readonly: true }),
    mandatoryFlag: checkbox({ readonly: true }),
    /** Days of validity the certificate must still have on the day it is checked. */
    minValidDays: number({ precision: 0, min: 0, readonly: true }),
    /** The supplier's certificate of the type: a valid one, else the latest. */
    supplierCredentialId: number({ precision: 0, min: 0, readonly: true }),
    credentialNumber: text({ max: 60, readonly: true }),
    expiryDate: date({ readonly: true }),
    longTermFlag: checkbox({ readonly: true }),
    checkStatus: lookup('SRM_CENSOR_CHECK', { codes: CENSOR_CHECKS, readonly: true }),
    /** The day the platform last checked it (every save in draft, and the submit). */
    checkDate: date({ readonly: true }),
    verdict: lookup('SRM_CENSOR_VERDICT', { codes: CENSOR_VERDICTS }),
    reviewComment: text({ max: 500 }),
  },
  unique: [['censorId', 'credentialType']],
  list: {
    columns: [
      'credentialType',
      'mandatoryFlag',
      'minValidDays',
      'credentialNumber',
      'expiryDate',
      'longTermFlag',
      'checkStatus',
      'verdict',
      'reviewComment',
    ],
    filters: ['credentialType', 'checkStatus', 'verdict'],
    sort: [{ field: 'censorRequireId', order: 'asc' }],
  },
});

export const qualifyCensor = defineEntity('srmQualifyCensor', {
  area: 'supplier',
  key: 'censorId',
  display: 'censorNum',
  numbering: { field: 'censorNum', pattern: 'QC{yyyyMMdd}{####}' },
  fields: {
    censorNum: text({ readonly: true, max: 30 }),
    ...stepDocumentFields(),
    censorResult: lookup('SRM_CENSOR_RESULT', { codes: CENSOR_RESULTS }),
    /** Required unless the result is PASS: what is missing, what must be rectified by when. */
    censorComment: textarea({ max: 1000 }),
    attachmentIds: attachments(),
    reviewedDate: date({ readonly: true }),
  },
  lines: { requires: qualifyCensorRequire },
  list: {
    columns: [
      'censorNum',
      'supplierName',
      'categoryName',
      'orgName',
      'introNum',
      'censorResult',
      'status',
      'reviewedDate',
      'createdBy',
      'creationDate',
    ],
    filters: [
      { field: 'censorNum', op: 'prefix' },
      'supplierId',
      'categoryId',
      'orgId',
      'censorResult',
      'status',
    ],
    sort: [{ field: 'censorId', order: 'desc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: ['censorNum', 'introId', 'supplierId', 'categoryId', 'orgId', 'status', 'reviewedDate'],
      },
      { key: 'result', fields: ['censorResult', 'censorComment', 'attachmentIds'] },
    ],
  },
  workflow: approvalWorkflow(QUALIFY_CENSOR_PROCESS, {
    statusLookup: 'SRM_QUALIFY_CENSOR_STATUS',
    states: ['ABOLISHED'],
    actions: {
      doAbolish: { from: ['DRAFT', 'REJECTED'], to: 'ABOLISHED', confirm: true, danger: true },
    },
  }),
});
