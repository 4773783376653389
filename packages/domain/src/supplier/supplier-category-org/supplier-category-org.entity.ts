// Category and org library (品类组织库): which supplier may supply which purchase category to
// which organisation. Each line has its own status (ADR 0023): INTRODUCING while a scene runs,
// QUALIFIED, SUSPENDED (by hand with a reason, or by the certificate-expiry program when a
// mandatory certificate lapsed), QUIT. Purchasing may use a supplier only where a qualified line
// covers the category (or a parent category) and the organisation (or a parent organisation);
// eligibility.ts decides. Every change of a line's status is kept in its history.
import { defineEntity, lookup, ref, text, textarea } from '@srm/kernel';

export const CATEGORY_ORG_STATES = ['INTRODUCING', 'QUALIFIED', 'SUSPENDED', 'QUIT'] as const;
export type CategoryOrgState = (typeof CATEGORY_ORG_STATES)[number];

/** Why a line is suspended: by hand, a mandatory certificate expired, an open rectification. */
export const SUSPEND_CAUSES = ['MANUAL', 'CERT_EXPIRY', 'RECTIFICATION'] as const;
export type SuspendCause = (typeof SUSPEND_CAUSES)[number];

export const supplierCategoryOrg = defineEntity('srmSupplierCategoryOrg', {
  area: 'supplier',
  key: 'categoryOrgId',
  ownedBy: 'supplierId',
  fields: {
    supplierId: ref('srmSupplierInfo', { required: true, display: 'supplierName' }),
    categoryId: ref('srmBaseCategory', {
      required: true,
      display: 'categoryName',
      filter: () => ({ enabledFlag: 'Y' }),
    }),
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName', filter: () => ({ enabledFlag: 'Y' }) }),
    remark: textarea({ max: 1000 }),
    /** Set with the suspension, cleared on resume (the platform writes it). */
    suspendCause: lookup('SRM_LINE_SUSPEND_CAUSE', { codes: SUSPEND_CAUSES, readonly: true }),
    /** What suspended it: the certificate or the reason given. */
    suspendReason: text({ max: 500, readonly: true }),
  },
  unique: [['supplierId', 'categoryId', 'orgId']],
  list: {
    columns: [
      'supplierName',
      'categoryName',
      'orgName',
      'status',
      'suspendCause',
      'suspendReason',
      'remark',
      'lastUpdateDate',
    ],
    filters: ['supplierId', 'categoryId', 'orgId', 'status', 'suspendCause'],
    sort: [
      { field: 'supplierId', order: 'asc' },
      { field: 'categoryId', order: 'asc' },
    ],
  },
  form: {
    sections: [
      { key: 'basic', fields: ['supplierId', 'categoryId', 'orgId', 'remark'] },
      { key: 'suspension', fields: ['suspendCause', 'suspendReason'] },
    ],
  },
  workflow: {
    states: CATEGORY_ORG_STATES,
    initial: 'INTRODUCING',
    statusLookup: 'SRM_CATEGORY_ORG_STATUS',
    editableIn: ['INTRODUCING'],
    deletableIn: ['INTRODUCING'],
    actions: {
      /** The platform's, at the end of an introduction (supplier-intro): no buyer qualifies a line by hand. */
      doQualify: { from: ['INTRODUCING'], to: 'QUALIFIED', system: true },
      /** The platform's, for an approved suspension (supplier-line-change): no line is suspended or resumed by hand. */
      doSuspend: { from: ['QUALIFIED'], to: 'SUSPENDED', needs: ['comment'], system: true },
      doResume: { from: ['SUSPENDED'], to: 'QUALIFIED', needs: ['comment'], system: true },
      doQuit: {
        from: ['INTRODUCING', 'QUALIFIED', 'SUSPENDED'],
        to: 'QUIT',
        needs: ['comment'],
        danger: true,
      },
    },
  },
});
