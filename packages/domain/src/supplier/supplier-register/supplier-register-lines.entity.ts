// Lines of a supplier registration: the contacts, bank accounts, credentials, sites, locations,
// categories offered, brands and devices the company gives when it registers. On approval they
// become the new supplier's lines of the same names. A company registering through an invitation
// also answers the buyer's pre-qualification questions: each answer keeps the question's text as
// it was asked.
import {
  type EntityDef,
  type FieldDef,
  checkbox,
  defineEntity,
  fieldsOf,
  lookup,
  text,
  textarea,
} from '@srm/kernel';
import { supplierCredential } from '../supplier-credential/supplier-credential.entity';
import {
  supplierBrand,
  supplierCategory,
  supplierDevice,
  supplierLocation,
  supplierSite,
} from '../supplier-info/supplier-lines.entity';

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

/** The fields a company gives of each of the master's line kinds (the rest are the buyer's). */
export const REGISTER_LINE_FIELDS = {
  credentials: [
    'credentialType',
    'credentialName',
    'credentialNumber',
    'issuingAuthority',
    'issueDate',
    'expiryDate',
    'longTermFlag',
    'remark',
  ],
  sites: ['siteCode', 'siteName', 'address'],
  locations: ['locationType', 'address', 'postCode', 'contactName', 'contactPhone'],
  categories: ['categoryId', 'mainFlag', 'remark'],
  brands: ['brandName', 'brandRelation', 'authorisationValidTo', 'remark'],
  devices: ['deviceName', 'deviceType', 'model', 'manufacturer', 'quantity', 'description'],
} as const;

/**
 * A registration's line of the master's kind: the fields of the master line the company gives
 * (not the buyer's own: a site's organisation and flags, a location's district picked from the
 * buyer's list, the scans uploaded once it has a login), with the master line's rules.
 */
function registerLineOf<const F extends Record<string, FieldDef>, const K extends string>(
  name: string,
  key: K,
  master: EntityDef,
  fields: F,
  unique: readonly (readonly string[])[] = [],
) {
  return defineEntity(name, {
    area: 'supplier',
    key,
    parent,
    ...(master.display && master.display in fields ? { display: master.display } : {}),
    fields,
    unique,
    ...(master.rules.length ? { rules: master.rules } : {}),
    list: { columns: Object.keys(fields), sort: [{ field: key, order: 'asc' }] },
  });
}

export const supplierRegisterCredential = registerLineOf(
  'srmSupplierRegisterCredential',
  'registerCredentialId',
  supplierCredential,
  fieldsOf(supplierCredential, REGISTER_LINE_FIELDS.credentials),
  [['registerId', 'credentialType', 'credentialNumber']],
);

export const supplierRegisterSite = registerLineOf(
  'srmSupplierRegisterSite',
  'registerSiteId',
  supplierSite,
  fieldsOf(supplierSite, REGISTER_LINE_FIELDS.sites),
  [['registerId', 'siteCode']],
);

export const supplierRegisterLocation = registerLineOf(
  'srmSupplierRegisterLocation',
  'registerLocationId',
  supplierLocation,
  fieldsOf(supplierLocation, REGISTER_LINE_FIELDS.locations),
);

export const supplierRegisterCategory = registerLineOf(
  'srmSupplierRegisterCategory',
  'registerCategoryId',
  supplierCategory,
  fieldsOf(supplierCategory, REGISTER_LINE_FIELDS.categories),
  [['registerId', 'categoryId']],
);

export const supplierRegisterBrand = registerLineOf(
  'srmSupplierRegisterBrand',
  'registerBrandId',
  supplierBrand,
  fieldsOf(supplierBrand, REGISTER_LINE_FIELDS.brands),
);

export const supplierRegisterDevice = registerLineOf(
  'srmSupplierRegisterDevice',
  'registerDeviceId',
  supplierDevice,
  fieldsOf(supplierDevice, REGISTER_LINE_FIELDS.devices),
);
