// Category and org library (品类组织库): which supplier may supply which purchase category to
// which organisation. Each line has its own status; purchasing may use a supplier only where a
// qualified line covers the category (or a parent category) and the organisation (or a parent
// organisation). See docs/suppliers.md and ADR 0005.
import { defineEntity, ref, textarea } from '@srm/kernel';

export const CATEGORY_ORG_STATES = ['POTENTIAL', 'QUALIFIED', 'FROZEN', 'QUIT'] as const;

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
  },
  unique: [['supplierId', 'categoryId', 'orgId']],
  list: {
    columns: ['supplierName', 'categoryName', 'orgName', 'status', 'remark', 'lastUpdateDate'],
    filters: ['supplierId', 'categoryId', 'orgId', 'status'],
    sort: [
      { field: 'supplierId', order: 'asc' },
      { field: 'categoryId', order: 'asc' },
    ],
  },
  form: {
    sections: [{ key: 'basic', fields: ['supplierId', 'categoryId', 'orgId', 'remark'] }],
  },
  workflow: {
    states: CATEGORY_ORG_STATES,
    initial: 'POTENTIAL',
    statusLookup: 'SRM_CATEGORY_ORG_STATUS',
    editableIn: ['POTENTIAL'],
    deletableIn: ['POTENTIAL'],
    actions: {
      doQualify: { from: ['POTENTIAL'], to: 'QUALIFIED', confirm: true },
      doUnfreeze: { from: ['FROZEN'], to: 'QUALIFIED', confirm: true },
      doFreeze: { from: ['QUALIFIED'], to: 'FROZEN', needs: ['comment'], danger: true },
      doQuit: { from: ['POTENTIAL', 'QUALIFIED', 'FROZEN'], to: 'QUIT', needs: ['comment'], danger: true },
    },
  },
});
