// Procurement plans (采购计划): the buyer's planned volume and budget per purchase category,
// organisation and period. A plain record without workflow.
import { amount, date, defineEntity, quantity, ref, text } from '@srm/kernel';

export const procurementPlan = defineEntity('srmPurProcurementPlan', {
  area: 'planning',
  key: 'procurementPlanId',
  display: 'planNumber',
  numbering: { field: 'planNumber', pattern: 'PP{yyyyMMdd}{####}' },
  orgScoped: 'orgId',
  fields: {
    planNumber: text({ readonly: true, max: 30 }),
    planName: text({ required: true, max: 200 }),
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName', filter: () => ({ enabledFlag: 'Y' }) }),
    categoryId: ref('srmBaseCategory', { required: true, display: 'categoryName' }),
    periodFrom: date({ required: true }),
    periodTo: date({ required: true }),
    plannedQuantity: quantity({ min: 0 }),
    budgetAmount: amount({ required: true, min: 0 }),
    currencyId: ref('srmBaseCurrency', {
      required: true,
      display: 'currencyCode',
      displayAs: 'currencyCode',
    }),
    ownerName: text({ max: 60 }),
    remark: text({ max: 500 }),
  },
  rules: [
    (row) =>
      typeof row.periodFrom === 'string' && typeof row.periodTo === 'string' && row.periodTo < row.periodFrom
        ? { field: 'periodTo', message: 'planning.periodBackwards' }
        : null,
  ],
  list: {
    columns: [
      'planNumber',
      'planName',
      'orgName',
      'categoryName',
      'periodFrom',
      'periodTo',
      'plannedQuantity',
      'budgetAmount',
      'currencyCode',
      'ownerName',
    ],
    filters: [{ field: 'planNumber', op: 'prefix' }, 'orgId', 'categoryId', 'periodFrom'],
    sort: [{ field: 'procurementPlanId', order: 'desc' }],
    summary: ['budgetAmount'],
  },
});
