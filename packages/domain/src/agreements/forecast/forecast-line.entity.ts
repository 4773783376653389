// A forecast line: a material, its demand date and forecast quantity, and the supplier's answer
// (the quantity it commits to, its remark), written by the supplier while the forecast is published.
import { date, defineEntity, quantity, ref, text } from '@srm/kernel';

/** States in which the supplier answers on the lines. */
export const ANSWERABLE = ['PUBLISHED'];

export const forecastLine = defineEntity('srmPurForecastLine', {
  area: 'agreements',
  key: 'forecastLineId',
  parent: { entity: 'srmPurForecast', field: 'forecastId' },
  fields: {
    itemId: ref('srmBaseItem', { required: true, display: 'itemName', filter: () => ({ enabledFlag: 'Y' }) }),
    demandDate: date({ required: true }),
    forecastQuantity: quantity({ required: true, min: 0 }),
    /** The supplier's answer. */
    committedQuantity: quantity({ min: 0, writableBy: ['supplier'], editableIn: ANSWERABLE }),
    supplierRemark: text({ max: 240, writableBy: ['supplier'], editableIn: ANSWERABLE }),
    remark: text({ max: 240 }),
  },
  list: {
    columns: ['itemId', 'demandDate', 'forecastQuantity', 'committedQuantity', 'supplierRemark', 'remark'],
    filters: ['itemId', 'demandDate'],
    sort: [
      { field: 'demandDate', order: 'asc' },
      { field: 'forecastLineId', order: 'asc' },
    ],
  },
});
