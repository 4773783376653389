// The fields every step document (qualification censor, locale inspection, sample trial,
// agreement signing) opens with: the introduction it serves — running ones are offered, and picking
// one brings its supplier, category and organisation (the save takes them from it) — or, for a
// document of its own, the supplier, category and organisation named directly.
import { ref } from '@srm/kernel';

export const stepDocumentFields = () => ({
  introId: ref('srmSupplierIntro', {
    display: 'introNum',
    displayAs: 'introNum',
    offer: { status: 'IN_PROGRESS' },
    brings: ['supplierId', 'categoryId', 'orgId'],
  }),
  supplierId: ref('srmSupplierInfo', { required: true, display: 'supplierName' }),
  categoryId: ref('srmBaseCategory', {
    required: true,
    display: 'categoryName',
    filter: () => ({ enabledFlag: 'Y' }),
  }),
  orgId: ref('srmBaseOrg', { required: true, display: 'orgName', filter: () => ({ enabledFlag: 'Y' }) }),
});
