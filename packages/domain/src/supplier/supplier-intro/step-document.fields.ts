// The fields every step document (qualification censor, locale inspection, sample trial,
// agreement signing) opens with: the introduction it serves — running ones are offered, and picking
// one brings its supplier, category and organisation (the save takes them from it) — or, for a
// document of its own, the supplier, category and organisation named directly.
import { ref } from '@srm/kernel';

// `fixed` names the only states in which the four may change (a document still editable after
// it went out keeps them as they were).
export const stepDocumentFields = (fixed: { editableOnlyIn?: readonly string[] } = {}) => ({
  introId: ref('srmSupplierIntro', {
    display: 'introNum',
    displayAs: 'introNum',
    offer: { status: 'IN_PROGRESS' },
    brings: ['supplierId', 'categoryId', 'orgId'],
    ...fixed,
  }),
  supplierId: ref('srmSupplierInfo', { required: true, display: 'supplierName', ...fixed }),
  categoryId: ref('srmBaseCategory', {
    required: true,
    display: 'categoryName',
    filter: () => ({ enabledFlag: 'Y' }),
    ...fixed,
  }),
  orgId: ref('srmBaseOrg', {
    required: true,
    display: 'orgName',
    filter: () => ({ enabledFlag: 'Y' }),
    ...fixed,
  }),
});
