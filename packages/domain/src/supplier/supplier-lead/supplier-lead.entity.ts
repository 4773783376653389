// Supplier leads (潜在供应商线索, spec supplierLeadList): companies a buyer or market research has
// found before they register: name, unified social credit code, the categories they could supply,
// where the lead came from, and whom to talk to. Internal only: a supplier never sees leads. A
// lead may not duplicate another open lead, a supplier or a registration under way, by credit
// code or by name written differently (spaces, full-width brackets, letter case); see
// supplier-lead.rules.ts. Closing a lead keeps it for the record; it may be opened again. A lead
// converts into a register invitation (doInvite): the invitation is made from it and sent at once.
import { defineEntity, lookup, ref, text, textarea } from '@srm/kernel';

export const LEAD_SOURCES = [
  'BUYER',
  'MARKET_RESEARCH',
  'REFERRAL',
  'EXHIBITION',
  'INTERNET',
  'OTHER',
] as const;

export const supplierLeadCategory = defineEntity('srmSupplierLeadCategory', {
  area: 'supplier',
  key: 'leadCategoryId',
  parent: { entity: 'srmSupplierLead', field: 'leadId' },
  fields: {
    categoryId: ref('srmBaseCategory', {
      required: true,
      display: 'categoryName',
      filter: () => ({ enabledFlag: 'Y' }),
    }),
    remark: text({ max: 240 }),
  },
  unique: [['leadId', 'categoryId']],
  list: {
    columns: ['categoryName', 'remark'],
    filters: ['categoryId'],
    sort: [{ field: 'leadCategoryId', order: 'asc' }],
  },
});

export const supplierLead = defineEntity('srmSupplierLead', {
  area: 'supplier',
  key: 'leadId',
  display: 'companyName',
  numbering: { field: 'leadNumber', pattern: 'LD{yyyyMMdd}{####}' },
  fields: {
    leadNumber: text({ readonly: true, max: 30 }),
    companyName: text({ required: true, max: 200 }),
    /** Often unknown when the lead is found: checked (GB 32100-2015) when given. */
    creditCode: text({ max: 18, format: 'creditCode', indexed: true }),
    leadSource: lookup('SRM_SUPPLIER_LEAD_SOURCE', { required: true, codes: LEAD_SOURCES, default: 'BUYER' }),
    districtId: ref('srmBaseDistrict', { display: 'districtName' }),
    address: text({ max: 240 }),
    website: text({ max: 200 }),
    contactName: text({ required: true, max: 60 }),
    contactMobile: text({ max: 20, format: 'mobile' }),
    contactPhone: text({ max: 30, format: 'landline' }),
    contactEmail: text({ max: 120, format: 'email' }),
    /** What the company makes or offers, as the buyer found it. */
    businessScope: textarea({ max: 2000 }),
    remark: textarea({ max: 1000 }),
    inviteId: ref('srmSupplierRegisterInvite', {
      readonly: true,
      display: 'inviteNumber',
      displayAs: 'inviteNumber',
    }),
  },
  lines: { categories: supplierLeadCategory },
  list: {
    columns: [
      'leadNumber',
      'companyName',
      'creditCode',
      'leadSource',
      'contactName',
      'contactMobile',
      'contactEmail',
      'status',
      'creationDate',
    ],
    filters: [
      { field: 'leadNumber', op: 'prefix' },
      { field: 'companyName', op: 'contains' },
      { field: 'creditCode', op: 'eq' },
      'leadSource',
      'status',
    ],
    sort: [{ field: 'leadNumber', order: 'desc' }],
  },
  form: {
    sections: [
      {
        key: 'company',
        fields: ['leadNumber', 'companyName', 'creditCode', 'leadSource', 'districtId', 'address', 'website'],
      },
      { key: 'contact', fields: ['contactName', 'contactMobile', 'contactPhone', 'contactEmail'] },
      { key: 'business', fields: ['businessScope', 'remark', 'inviteId'] },
    ],
  },
  workflow: {
    states: ['NEW', 'INVITED', 'CLOSED'],
    initial: 'NEW',
    statusLookup: 'SRM_SUPPLIER_LEAD_STATUS',
    editableIn: ['NEW'],
    deletableIn: ['NEW'],
    actions: {
      /** Makes a register invitation from the lead and sends it to the lead's contact. */
      doInvite: { from: ['NEW'], to: 'INVITED', confirm: true },
      doClose: { from: ['NEW', 'INVITED'], to: 'CLOSED', needs: ['comment'], danger: true },
      doReopen: { from: ['CLOSED'], to: 'NEW', confirm: true },
    },
  },
});
