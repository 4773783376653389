// Supplier master (供应商信息): the approved company record with its sub-records (sites, bank
// accounts, addresses, contacts, categories, brands, equipment, credentials) saved with it. External users
// belong to one supplier and see only its row; they may keep their contact data, addresses,
// contacts, brands and equipment up to date, never the legal data, bank accounts or status.
// Lifecycle (ADR 0023): POTENTIAL until a library line qualifies, QUALIFIED while one is
// qualified or suspended (the lines decide, line-status.ts), QUIT; a blacklist entry in force is
// laid over the status (`blacklistFlag`), not a status of its own.
import { amount, attachments, checkbox, date, defineEntity, lookup, ref, text, textarea } from '@srm/kernel';
import {
  supplierAccount,
  supplierBrand,
  supplierCategory,
  supplierContact,
  supplierDevice,
  supplierLocation,
  supplierSite,
} from './supplier-lines.entity';
import { supplierCredential } from '../supplier-credential/supplier-credential.entity';
import { INDIRECT_FIELDS, indirectProfileFields } from './indirect-profile';

export const SUPPLIER_STATES = ['POTENTIAL', 'QUALIFIED', 'QUIT'] as const;

/** States of a supplier that may be offered in a buying document's picker (the rest are blocked). */
export const ORDERABLE_SUPPLIER_STATES: readonly string[] = ['POTENTIAL', 'QUALIFIED'];
const ALL_STATES = [...SUPPLIER_STATES];
/** Performance levels, best first (GLOSSARY: 绩效设置, level bands A–D). */
export const SUPPLIER_LEVELS = ['A', 'B', 'C', 'D'] as const;
const bothSides = ['internal', 'supplier'] as const;

export const supplierInfo = defineEntity('srmSupplierInfo', {
  area: 'supplier',
  key: 'supplierId',
  display: 'supplierName',
  numbering: { field: 'supplierCode', pattern: 'SUP{######}' },
  ownedBy: 'supplierId',
  fields: {
    supplierCode: text({ readonly: true, max: 30 }),
    supplierName: text({ required: true, unique: true, max: 200 }),
    supplierShortName: text({ max: 60, writableBy: [...bothSides] }),
    supplierNameEn: text({ max: 200, writableBy: [...bothSides] }),
    creditCode: text({ required: true, unique: true, max: 18, format: 'creditCode' }),
    supplierType: lookup('SRM_SUPPLIER_TYPE', {
      required: true,
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
    contactName: text({ required: true, max: 60, writableBy: [...bothSides] }),
    contactMobile: text({ required: true, max: 20, format: 'mobile', writableBy: [...bothSides] }),
    contactPhone: text({ max: 30, format: 'landline', writableBy: [...bothSides] }),
    contactEmail: text({ required: true, max: 120, format: 'email', writableBy: [...bothSides] }),
    website: text({ max: 200, writableBy: [...bothSides] }),
    businessScope: textarea({ max: 2000, writableBy: [...bothSides] }),
    ...indirectProfileFields,
    /** Business licence, certificates. */
    attachmentIds: attachments({ writableBy: [...bothSides] }),
    registerId: ref('srmSupplierRegister', { readonly: true }),
    internalRemark: textarea({ max: 1000, internalOnly: true }),
    /**
     * 供应商等级 A–D (ADR 0040): kept by hand until performance evaluation sets it from its
     * scheme totals; notices and shared files may go to the suppliers of a level.
     */
    supplierLevel: lookup('SRM_SUPPLIER_LEVEL', { codes: SUPPLIER_LEVELS, internalOnly: true }),
    enabledFlag: checkbox({ default: 'Y' }),
    /** A blacklist entry is in force (set by its approval, cleared when the last one is relieved). */
    blacklistFlag: checkbox({ readonly: true }),
  },
  lines: {
    sites: supplierSite,
    accounts: supplierAccount,
    locations: supplierLocation,
    contacts: supplierContact,
    categories: supplierCategory,
    brands: supplierBrand,
    devices: supplierDevice,
    credentials: supplierCredential,
  },
  list: {
    columns: [
      'supplierCode',
      'supplierName',
      'creditCode',
      'supplierType',
      'status',
      'supplierLevel',
      'blacklistFlag',
      'contactName',
      'contactMobile',
      'creationDate',
    ],
    filters: [
      { field: 'supplierCode', op: 'prefix' },
      'supplierName',
      { field: 'creditCode', op: 'eq' },
      'supplierType',
      'status',
      'supplierLevel',
      'blacklistFlag',
      'enabledFlag',
    ],
    sort: [{ field: 'supplierCode', order: 'asc' }],
  },
  form: {
    sections: [
      {
        key: 'company',
        fields: [
          'supplierCode',
          'supplierName',
          'supplierShortName',
          'supplierNameEn',
          'creditCode',
          'supplierType',
          'status',
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
      { key: 'indirect', fields: [...INDIRECT_FIELDS] },
      { key: 'contact', fields: ['contactName', 'contactMobile', 'contactPhone', 'contactEmail'] },
      {
        key: 'other',
        fields: ['attachmentIds', 'enabledFlag', 'blacklistFlag', 'supplierLevel', 'internalRemark'],
      },
    ],
  },
  workflow: {
    states: SUPPLIER_STATES,
    initial: 'POTENTIAL',
    statusLookup: 'SRM_SUPPLIER_STATUS',
    editableIn: ALL_STATES,
    deletableIn: ['POTENTIAL'],
    actions: {
      /**
       * The whole company leaves: every library line becomes QUIT (the quit document with its
       * checks of open orders comes later, issue 18).
       */
      doQuit: { from: ['POTENTIAL', 'QUALIFIED'], to: 'QUIT', needs: ['comment'], danger: true },
      /** toPortal (our reading): gives a supplier created by a buyer its first portal login. */
      doToPortal: { from: ['POTENTIAL', 'QUALIFIED'], confirm: true },
    },
  },
});
