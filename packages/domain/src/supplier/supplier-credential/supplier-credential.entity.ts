// Supplier credentials (资质证书): business licence, tax and bank permits, and certificates such as
// ISO 9001, IATF 16949 or 3C, each with its number, issuer, dates and scan, lines of the supplier
// master. Every credential has an expiry date or is long-term valid (长期有效), never neither and
// never both. The buyer keeps them; the supplier reads its own (a change goes through change
// info, issue 18). Validity by day: supplier-credential.validity.ts.
import { attachments, checkbox, date, defineEntity, lookup, number, ref, text } from '@srm/kernel';

export const CREDENTIAL_TYPES = [
  'BUSINESS_LICENCE',
  'TAX_REGISTRATION',
  'BANK_PERMIT',
  'ISO9001',
  'IATF16949',
  'ISO14001',
  'ISO45001',
  'CCC',
  'ROHS',
  'OTHER',
] as const;

export const supplierCredential = defineEntity('srmSupplierCredential', {
  area: 'supplier',
  key: 'supplierCredentialId',
  parent: { entity: 'srmSupplierInfo', field: 'supplierId' },
  display: 'credentialNumber',
  fields: {
    credentialType: lookup('SRM_SUPPLIER_CREDENTIAL_TYPE', { required: true, codes: CREDENTIAL_TYPES }),
    /** The certificate's own title where the type does not say it (OTHER, a product's 3C). */
    credentialName: text({ max: 120 }),
    credentialNumber: text({ required: true, max: 60 }),
    issuingAuthority: text({ max: 120 }),
    issueDate: date(),
    /** The last day it is valid, in the platform's time zone. */
    expiryDate: date(),
    longTermFlag: checkbox(),
    attachmentIds: attachments(),
    remark: text({ max: 240 }),
  },
  unique: [['supplierId', 'credentialType', 'credentialNumber']],
  rules: [
    (row) => {
      const longTerm = row.longTermFlag === 'Y';
      const expiry = typeof row.expiryDate === 'string' && row.expiryDate !== '' ? row.expiryDate : null;
      if (!longTerm && !expiry)
        return { field: 'expiryDate', message: 'srmSupplierCredential.expiryRequired' };
      if (longTerm && expiry)
        return { field: 'expiryDate', message: 'srmSupplierCredential.longTermWithExpiry' };
      if (expiry && typeof row.issueDate === 'string' && row.issueDate !== '' && expiry < row.issueDate)
        return { field: 'expiryDate', message: 'srmSupplierCredential.expiryBeforeIssue' };
      return null;
    },
  ],
  list: {
    columns: [
      'credentialType',
      'credentialName',
      'credentialNumber',
      'issuingAuthority',
      'issueDate',
      'expiryDate',
      'longTermFlag',
      'attachmentIds',
      'remark',
    ],
    filters: ['credentialType', 'credentialNumber'],
    sort: [{ field: 'supplierCredentialId', order: 'asc' }],
  },
});

/**
 * The expiry reminders sent (one row per certificate, expiry date and threshold), so each
 * threshold is told once however often the program runs, and a renewed certificate (a new
 * expiry date) is told again. Written by the platform only; internal.
 */
export const supplierCredentialRemind = defineEntity('srmSupplierCredentialRemind', {
  area: 'supplier',
  key: 'remindId',
  writableBy: [],
  fields: {
    supplierCredentialId: number({ required: true, precision: 0, min: 0 }),
    supplierId: ref('srmSupplierInfo', { required: true, display: 'supplierName' }),
    expiryDate: date({ required: true }),
    daysBefore: number({ required: true, precision: 0, min: 0 }),
  },
  unique: [['supplierCredentialId', 'expiryDate', 'daysBefore']],
  list: {
    columns: ['supplierName', 'supplierCredentialId', 'expiryDate', 'daysBefore', 'creationDate'],
    filters: ['supplierId', 'expiryDate'],
    sort: [{ field: 'remindId', order: 'desc' }],
  },
});
