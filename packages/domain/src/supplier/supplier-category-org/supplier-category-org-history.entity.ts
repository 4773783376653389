// The history of the category and org library (品类组织库变更记录): one row per change of a line's
// status, whoever made it — a buyer's action, the certificate-expiry program, a renewal, a
// supplier's quit — with the document behind it. Written by the platform only; internal.
import { defineEntity, lookup, number, ref, text, textarea } from '@srm/kernel';
import { CATEGORY_ORG_STATES } from './supplier-category-org.entity';

/** What changed the line: a buyer's action, the expiry program, a renewed certificate, a quit, the migration, an introduction. */
export const LINE_CHANGE_SOURCES = [
  'MANUAL',
  'CERT_EXPIRY',
  'CERT_RENEWAL',
  'SUPPLIER_QUIT',
  'MIGRATION',
  'INTRODUCTION',
] as const;
export type LineChangeSource = (typeof LINE_CHANGE_SOURCES)[number];

export const supplierCategoryOrgHistory = defineEntity('srmSupplierCategoryOrgHistory', {
  area: 'supplier',
  key: 'historyId',
  writableBy: [],
  fields: {
    /** The line (kept as a number: the history outlives a line deleted while introducing). */
    categoryOrgId: number({ required: true, min: 0, indexed: true }),
    supplierId: ref('srmSupplierInfo', { required: true, display: 'supplierName' }),
    categoryId: ref('srmBaseCategory', { required: true, display: 'categoryName' }),
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName' }),
    fromStatus: lookup('SRM_CATEGORY_ORG_STATUS', { codes: CATEGORY_ORG_STATES }),
    toStatus: lookup('SRM_CATEGORY_ORG_STATUS', { required: true, codes: CATEGORY_ORG_STATES }),
    changeSource: lookup('SRM_LINE_CHANGE_SOURCE', { required: true, codes: LINE_CHANGE_SOURCES }),
    /** The document behind the change: a certificate, a blacklist entry, a quit. */
    documentRef: text({ max: 200 }),
    reason: textarea({ max: 1000 }),
  },
  list: {
    columns: [
      'creationDate',
      'supplierName',
      'categoryName',
      'orgName',
      'fromStatus',
      'toStatus',
      'changeSource',
      'documentRef',
      'reason',
      'createdBy',
    ],
    filters: ['supplierId', 'categoryId', 'orgId', 'toStatus', 'changeSource', 'categoryOrgId'],
    sort: [{ field: 'historyId', order: 'desc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'supplierId',
          'categoryId',
          'orgId',
          'fromStatus',
          'toStatus',
          'changeSource',
          'documentRef',
          'reason',
        ],
      },
    ],
  },
});
