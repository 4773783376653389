// A line of an ASL application: one supplier for one material or purchase category (with its
// priority and validity) at the application's organisation.
import { type Rule, date, defineEntity, number, ref, text } from '@srm/kernel';

/** An ASL line names a material or a purchase category. */
const needsItemOrCategory: Rule = (row) =>
  row.itemId == null && row.categoryId == null
    ? { field: 'itemId', message: 'srmPurAsl.itemOrCategory' }
    : null;

export const aslApplyLine = defineEntity('srmPurAslApplyLine', {
  area: 'agreements',
  key: 'aslApplyLineId',
  parent: { entity: 'srmPurAslApply', field: 'aslApplyId' },
  fields: {
    supplierId: ref('srmSupplierInfo', {
      required: true,
      display: 'supplierName',
      filter: () => ({ enabledFlag: 'Y' }),
    }),
    itemId: ref('srmBaseItem', { display: 'itemName', filter: () => ({ enabledFlag: 'Y' }) }),
    categoryId: ref('srmBaseCategory', { display: 'categoryName', filter: () => ({ enabledFlag: 'Y' }) }),
    priorityNum: number({ min: 1, max: 99, default: 1 }),
    validFrom: date(),
    validTo: date(),
    remark: text({ max: 240 }),
  },
  rules: [needsItemOrCategory],
  list: {
    columns: ['supplierId', 'itemId', 'categoryId', 'priorityNum', 'validFrom', 'validTo', 'remark'],
    filters: ['supplierId', 'itemId'],
  },
});
