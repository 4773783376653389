// Supplier sub-records (供应商子信息): sites, bank accounts, addresses, contacts, categories
// offered, brands and equipment — lines of the supplier master, saved with it in one request.
// A supplier user may keep its own addresses, contacts, brands and equipment up to date; sites,
// bank accounts and categories are the buyer's (they decide where and how money is paid and
// what the supplier is qualified for). See ADR 0005.
import { checkbox, date, defineEntity, lookup, number, ref, text, textarea } from '@srm/kernel';

const parent = { entity: 'srmSupplierInfo', field: 'supplierId' } as const;
const bothSides = ['internal', 'supplier'] as const;

export const supplierSite = defineEntity('srmSupplierSite', {
  area: 'supplier',
  key: 'supplierSiteId',
  parent,
  display: 'siteName',
  fields: {
    siteCode: text({ required: true, max: 30, format: 'code' }),
    siteName: text({ required: true, max: 120 }),
    orgId: ref('srmBaseOrg', { display: 'orgName', filter: () => ({ enabledFlag: 'Y' }) }),
    address: text({ max: 240 }),
    purchasingFlag: checkbox({ default: 'Y' }),
    paymentFlag: checkbox({ default: 'Y' }),
    enabledFlag: checkbox({ default: 'Y' }),
  },
  unique: [['supplierId', 'siteCode']],
  list: {
    columns: ['siteCode', 'siteName', 'orgName', 'address', 'purchasingFlag', 'paymentFlag', 'enabledFlag'],
    filters: ['siteCode', 'orgId', 'enabledFlag'],
    sort: [{ field: 'siteCode', order: 'asc' }],
  },
});

export const supplierAccount = defineEntity('srmSupplierAccount', {
  area: 'supplier',
  key: 'supplierAccountId',
  parent,
  display: 'bankAccountNumber',
  fields: {
    bankName: text({ required: true, max: 120 }),
    bankBranch: text({ max: 120 }),
    bankAccountName: text({ required: true, max: 200 }),
    bankAccountNumber: text({ required: true, max: 40, format: 'bankAccount' }),
    swiftCode: text({ max: 11, format: 'swift' }),
    currencyId: ref('srmBaseCurrency', {
      display: 'currencyCode',
      displayAs: 'currencyCode',
      filter: () => ({ enabledFlag: 'Y' }),
    }),
    primaryFlag: checkbox(),
    enabledFlag: checkbox({ default: 'Y' }),
  },
  unique: [['supplierId', 'bankAccountNumber']],
  list: {
    columns: [
      'bankName',
      'bankBranch',
      'bankAccountName',
      'bankAccountNumber',
      'swiftCode',
      'currencyCode',
      'primaryFlag',
      'enabledFlag',
    ],
    filters: ['bankName', 'bankAccountNumber', 'enabledFlag'],
    sort: [{ field: 'supplierAccountId', order: 'asc' }],
  },
});

export const supplierLocation = defineEntity('srmSupplierLocation', {
  area: 'supplier',
  key: 'supplierLocationId',
  parent,
  display: 'address',
  writableBy: [...bothSides],
  fields: {
    locationType: lookup('SRM_SUPPLIER_LOCATION_TYPE', {
      required: true,
      codes: ['REGISTERED', 'OFFICE', 'FACTORY', 'WAREHOUSE'],
      default: 'FACTORY',
    }),
    districtId: ref('srmBaseDistrict', { display: 'districtName' }),
    address: text({ required: true, max: 240 }),
    postCode: text({ max: 10, format: 'integer' }),
    contactName: text({ max: 60 }),
    contactPhone: text({ max: 30, format: 'contactPhone' }),
  },
  list: {
    columns: ['locationType', 'districtName', 'address', 'postCode', 'contactName', 'contactPhone'],
    filters: ['locationType', 'districtId'],
    sort: [{ field: 'supplierLocationId', order: 'asc' }],
  },
});

export const supplierContact = defineEntity('srmSupplierContact', {
  area: 'supplier',
  key: 'supplierContactId',
  parent,
  display: 'contactName',
  writableBy: [...bothSides],
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
    primaryFlag: checkbox(),
  },
  list: {
    columns: ['contactName', 'contactRole', 'position', 'mobile', 'phone', 'email', 'primaryFlag'],
    filters: ['contactName', 'contactRole'],
    sort: [{ field: 'supplierContactId', order: 'asc' }],
  },
});

export const supplierCategory = defineEntity('srmSupplierCategory', {
  area: 'supplier',
  key: 'supplierCategoryId',
  parent,
  fields: {
    categoryId: ref('srmBaseCategory', {
      required: true,
      display: 'categoryName',
      filter: () => ({ enabledFlag: 'Y' }),
    }),
    mainFlag: checkbox(),
    remark: text({ max: 240 }),
  },
  unique: [['supplierId', 'categoryId']],
  list: {
    columns: ['categoryName', 'mainFlag', 'remark'],
    filters: ['categoryId', 'mainFlag'],
    sort: [{ field: 'supplierCategoryId', order: 'asc' }],
  },
});

export const supplierBrand = defineEntity('srmSupplierBrand', {
  area: 'supplier',
  key: 'supplierBrandId',
  parent,
  display: 'brandName',
  writableBy: [...bothSides],
  fields: {
    brandName: text({ required: true, max: 120 }),
    brandRelation: lookup('SRM_SUPPLIER_BRAND_RELATION', {
      required: true,
      codes: ['OWN', 'AGENT', 'DISTRIBUTOR'],
      default: 'OWN',
    }),
    authorisationValidTo: date(),
    remark: text({ max: 240 }),
  },
  list: {
    columns: ['brandName', 'brandRelation', 'authorisationValidTo', 'remark'],
    filters: ['brandName', 'brandRelation'],
    sort: [{ field: 'supplierBrandId', order: 'asc' }],
  },
});

export const supplierDevice = defineEntity('srmSupplierDevice', {
  area: 'supplier',
  key: 'supplierDeviceId',
  parent,
  display: 'deviceName',
  writableBy: [...bothSides],
  fields: {
    deviceName: text({ required: true, max: 120 }),
    deviceType: lookup('SRM_SUPPLIER_DEVICE_TYPE', {
      required: true,
      codes: ['PRODUCTION', 'TEST', 'INSPECTION'],
      default: 'PRODUCTION',
    }),
    model: text({ max: 120 }),
    manufacturer: text({ max: 120 }),
    quantity: number({ min: 1, max: 100000, default: 1 }),
    description: textarea({ max: 1000 }),
  },
  list: {
    columns: ['deviceName', 'deviceType', 'model', 'manufacturer', 'quantity', 'description'],
    filters: ['deviceName', 'deviceType'],
    sort: [{ field: 'supplierDeviceId', order: 'asc' }],
  },
});

export const supplierLineEntities = [
  supplierSite,
  supplierAccount,
  supplierLocation,
  supplierContact,
  supplierCategory,
  supplierBrand,
  supplierDevice,
];
