// Supplier registration (供应商注册): a company registers itself (/register), confirms its
// e-mail, completes its information (/registerInfoEdit) and submits; a buyer approves, which
// creates the supplier and its first external user, or rejects with a comment.
import {
  amount,
  approvalWorkflow,
  attachments,
  checkbox,
  date,
  defineEntity,
  lookup,
  ref,
  text,
  textarea,
} from '@srm/kernel';
import { INDIRECT_FIELDS, indirectProfileFields } from '../supplier-info/indirect-profile';
import {
  supplierRegisterAccount,
  supplierRegisterAnswer,
  supplierRegisterBrand,
  supplierRegisterCategory,
  supplierRegisterContact,
  supplierRegisterCredential,
  supplierRegisterDevice,
  supplierRegisterLocation,
  supplierRegisterSite,
} from './supplier-register-lines.entity';

/** The approval process of a registration (its template is data, see ../approval.ts). */
export const SUPPLIER_REGISTER_PROCESS = 'SUPPLIER_REGISTER_APPROVAL';

export const supplierRegister = defineEntity('srmSupplierRegister', {
  area: 'supplier',
  key: 'registerId',
  display: 'companyName',
  numbering: { field: 'registerNumber', pattern: 'REG{yyyyMMdd}{####}' },
  writableBy: ['internal'],
  fields: {
    registerNumber: text({ readonly: true, max: 30 }),
    companyName: text({ required: true, max: 200 }),
    creditCode: text({ required: true, max: 18, format: 'creditCode', indexed: true }),
    contactName: text({ required: true, max: 60 }),
    contactEmail: text({ required: true, max: 120, format: 'email' }),
    contactMobile: text({ required: true, max: 20, format: 'mobile' }),
    contactPhone: text({ max: 30, format: 'landline' }),
    /** The login name the company asks for its first user. */
    userName: text({ required: true, max: 60, format: 'code' }),
    emailConfirmed: checkbox({ readonly: true }),
    supplierType: lookup('SRM_SUPPLIER_TYPE', {
      codes: ['PRODUCTION', 'NON_PRODUCTION', 'SERVICE'],
      default: 'PRODUCTION',
    }),
    legalPerson: text({ max: 60 }),
    registeredCapital: amount({ min: 0 }),
    capitalCurrency: lookup('SRM_CAPITAL_CURRENCY', {
      codes: ['CNY', 'USD', 'EUR', 'HKD', 'JPY'],
      default: 'CNY',
    }),
    establishDate: date(),
    districtId: ref('srmBaseDistrict', { display: 'districtName' }),
    address: text({ max: 240 }),
    website: text({ max: 200 }),
    businessScope: textarea({ max: 2000 }),
    ...indirectProfileFields,
    /** Business licence, certificates. */
    attachmentIds: attachments(),
    supplierId: ref('srmSupplierInfo', { readonly: true, display: 'supplierName' }),
    reviewComment: textarea({ max: 1000, readonly: true }),
    /** The invitation whose link the company registered through. */
    inviteId: ref('srmSupplierRegisterInvite', {
      readonly: true,
      display: 'inviteNumber',
      displayAs: 'inviteNumber',
    }),
  },
  lines: {
    contacts: supplierRegisterContact,
    accounts: supplierRegisterAccount,
    credentials: supplierRegisterCredential,
    sites: supplierRegisterSite,
    locations: supplierRegisterLocation,
    categories: supplierRegisterCategory,
    brands: supplierRegisterBrand,
    devices: supplierRegisterDevice,
    answers: supplierRegisterAnswer,
  },
  list: {
    columns: [
      'registerNumber',
      'companyName',
      'creditCode',
      'contactName',
      'contactMobile',
      'contactEmail',
      'emailConfirmed',
      'status',
      'creationDate',
    ],
    filters: [
      { field: 'registerNumber', op: 'prefix' },
      'companyName',
      { field: 'creditCode', op: 'eq' },
      'status',
      'creationDate',
    ],
    sort: [{ field: 'registerId', order: 'desc' }],
  },
  form: {
    sections: [
      {
        key: 'company',
        fields: [
          'registerNumber',
          'companyName',
          'creditCode',
          'supplierType',
          'legalPerson',
          'registeredCapital',
          'capitalCurrency',
          'establishDate',
          'districtId',
          'address',
          'website',
          'businessScope',
        ],
      },
      {
        key: 'indirect',
        fields: [...INDIRECT_FIELDS],
      },
      {
        key: 'contact',
        fields: [
          'contactName',
          'contactMobile',
          'contactPhone',
          'contactEmail',
          'emailConfirmed',
          'userName',
        ],
      },
      { key: 'review', fields: ['inviteId', 'supplierId', 'reviewComment'] },
    ],
  },
  // Submitted by the company through the public endpoints (submitMine, as the platform): the
  // process SUPPLIER_REGISTER_APPROVAL decides; withdrawMine withdraws the process. Over HTTP only
  // the supplier side could submit, and no supplier user reaches a registration: a buyer cannot
  // submit for the company (the e-mail must be confirmed first).
  workflow: approvalWorkflow(SUPPLIER_REGISTER_PROCESS, {
    waiting: 'SUBMITTED',
    actions: {
      doSubmit: {
        from: ['DRAFT', 'REJECTED'],
        to: 'SUBMITTED',
        side: 'supplier',
        approval: SUPPLIER_REGISTER_PROCESS,
      },
    },
  }),
});
