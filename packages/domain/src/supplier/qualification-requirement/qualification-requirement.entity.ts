// Qualification requirements (资质要求): per purchase category, and optionally per organisation,
// which credentials a supplier must hold (business licence, ISO 9001, IATF 16949, 3C…), whether
// each is mandatory and how many days of validity it must still have when submitted. A
// requirement covers its category's sub-categories and, with an organisation, that
// organisation's plants. Mandatory requirements decide eligibility and the expiry program's
// suspensions; the others only warn.
import { checkbox, defineEntity, lookup, number, ref, textarea } from '@srm/kernel';
import { CREDENTIAL_TYPES } from '../supplier-credential/supplier-credential.entity';

export const qualificationRequirement = defineEntity('srmQualificationRequirement', {
  area: 'supplier',
  key: 'requirementId',
  fields: {
    categoryId: ref('srmBaseCategory', {
      required: true,
      display: 'categoryName',
      filter: () => ({ enabledFlag: 'Y' }),
    }),
    /** Empty: every organisation. */
    orgId: ref('srmBaseOrg', { display: 'orgName', filter: () => ({ enabledFlag: 'Y' }) }),
    credentialType: lookup('SRM_SUPPLIER_CREDENTIAL_TYPE', { required: true, codes: CREDENTIAL_TYPES }),
    mandatoryFlag: checkbox({ default: 'Y' }),
    /** Days of validity it must still have when the supplier submits it. */
    minValidDays: number({ precision: 0, min: 0, max: 3650, default: 0 }),
    enabledFlag: checkbox({ default: 'Y' }),
    remark: textarea({ max: 500 }),
  },
  unique: [['categoryId', 'orgId', 'credentialType']],
  list: {
    columns: [
      'categoryName',
      'orgName',
      'credentialType',
      'mandatoryFlag',
      'minValidDays',
      'enabledFlag',
      'remark',
      'lastUpdateDate',
    ],
    filters: ['categoryId', 'orgId', 'credentialType', 'mandatoryFlag', 'enabledFlag'],
    sort: [
      { field: 'categoryId', order: 'asc' },
      { field: 'credentialType', order: 'asc' },
    ],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'categoryId',
          'orgId',
          'credentialType',
          'mandatoryFlag',
          'minValidDays',
          'enabledFlag',
          'remark',
        ],
      },
    ],
  },
});
