// Supplier registration (供应商注册): a company registers itself (/register), confirms its
// e-mail, completes its information (/registerInfoEdit) and submits; a buyer approves, which
// creates the supplier and its first external user, or rejects with a comment.
import { amount, attachments, checkbox, date, defineEntity, lookup, ref, text, textarea } from '@srm/kernel';
import { supplierRegisterAccount, supplierRegisterContact } from './supplier-register-lines.entity';

/** The approval process of a registration (its template is demo data, see supplier.seed.ts). */
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
    /** Business licence, certificates. */
    attachmentIds: attachments(),
    supplierId: ref('srmSupplierInfo', { readonly: true, display: 'supplierName' }),
    reviewComment: textarea({ max: 1000, readonly: true }),
  },
  lines: { contacts: supplierRegisterContact, accounts: supplierRegisterAccount },
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
      { key: 'review', fields: ['supplierId', 'reviewComment'] },
    ],
  },
  workflow: {
    states: ['DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED'],
    initial: 'DRAFT',
    editableIn: ['DRAFT', 'REJECTED'],
    deletableIn: ['DRAFT'],
    actions: {
      // Submitted by the company through the public endpoints (submitMine): the process
      // SUPPLIER_REGISTER_APPROVAL decides; withdrawMine withdraws the process.
      doSubmit: {
        from: ['DRAFT', 'REJECTED'],
        to: 'SUBMITTED',
        side: 'supplier',
        approval: SUPPLIER_REGISTER_PROCESS,
      },
      doWithdraw: { from: ['SUBMITTED'], to: 'DRAFT', system: true },
      doApproval: { from: ['SUBMITTED'], to: 'APPROVED', system: true },
      doReject: { from: ['SUBMITTED'], to: 'REJECTED', needs: ['comment'], system: true },
    },
  },
});
