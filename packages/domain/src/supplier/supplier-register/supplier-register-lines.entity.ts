// Lines of a supplier registration: the contacts and bank accounts the company gives when it
// registers. On approval they become the new supplier's contacts and bank accounts. A company
// registering through an invitation also answers the buyer's pre-qualification questions: each
// answer keeps the question's text as it was asked.
import { checkbox, defineEntity, lookup, text, textarea } from '@srm/kernel';

const parent = { entity: 'srmSupplierRegister', field: 'registerId' } as const;

export const supplierRegisterContact = defineEntity('srmSupplierRegisterContact', {
  area: 'supplier',
  key: 'registerContactId',
  parent,
  display: 'contactName',
  fields: {
    contactName: text({ required: true, max: 60 }),
    contactRole: lookup('SRM_SUPPLIER_CONTACT_ROLE', {
      required: true,
      codes: ['BUSINESS', 'QUALITY', 'FINANCE', 'TECHNICAL', 'MANAGEMENT'],
      default: 'BUSINESS',
    }),
    position: text({ max: 60 }),
    mobile: text({ max: 20, format: 'mobile' }),
    phone: text({ max: 30, format: 'landline' }),
    email: text({ max: 120, format: 'email' }),
  },
  list: {
    columns: ['contactName', 'contactRole', 'position', 'mobile', 'phone', 'email'],
    filters: ['contactName'],
    sort: [{ field: 'registerContactId', order: 'asc' }],
  },
});

export const supplierRegisterAccount = defineEntity('srmSupplierRegisterAccount', {
  area: 'supplier',
  key: 'registerAccountId',
  parent,
  display: 'bankAccountNumber',
  fields: {
    bankName: text({ required: true, max: 120 }),
    bankBranch: text({ max: 120 }),
    bankAccountName: text({ required: true, max: 200 }),
    bankAccountNumber: text({ required: true, max: 40, format: 'bankAccount' }),
    swiftCode: text({ max: 11, format: 'swift' }),
    primaryFlag: checkbox(),
  },
  unique: [['registerId', 'bankAccountNumber']],
  list: {
    columns: ['bankName', 'bankBranch', 'bankAccountName', 'bankAccountNumber', 'swiftCode', 'primaryFlag'],
    filters: ['bankName'],
    sort: [{ field: 'registerAccountId', order: 'asc' }],
  },
});

export const supplierRegisterAnswer = defineEntity('srmSupplierRegisterAnswer', {
  area: 'supplier',
  key: 'registerAnswerId',
  parent,
  fields: {
    question: text({ required: true, max: 500 }),
    answer: textarea({ max: 2000 }),
  },
  list: {
    columns: ['question', 'answer'],
    sort: [{ field: 'registerAnswerId', order: 'asc' }],
  },
});
