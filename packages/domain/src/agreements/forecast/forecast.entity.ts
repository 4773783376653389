// Demand forecasts (需求预测, purForecast/purForecastEdit, supplier list): the buyer's rolling
// forecast of quantities per material and date for one supplier, published for its capacity
// planning (not an order). The supplier answers each line with the quantity it commits to and
// accepts (doApproval) or refuses (doRefuse) the forecast; the buyer withdraws it before an
// answer, changes it after one (back to draft, to publish again) or invalidates it.
import { date, defineEntity, ref, text, textarea } from '@srm/kernel';
import { ANSWERABLE, forecastLine } from './forecast-line.entity';

export const forecast = defineEntity('srmPurForecast', {
  area: 'agreements',
  key: 'forecastId',
  display: 'forecastNumber',
  numbering: { field: 'forecastNumber', pattern: 'FC{yyyyMMdd}{####}' },
  ownedBy: 'supplierId',
  supplierVisibleIn: ['PUBLISHED', 'CONFIRMED', 'REFUSED'],
  orgScoped: 'orgId',
  fields: {
    forecastNumber: text({ readonly: true, max: 30 }),
    forecastName: text({ required: true, max: 200 }),
    supplierId: ref('srmSupplierInfo', {
      required: true,
      display: 'supplierName',
      filter: () => ({ enabledFlag: 'Y' }),
    }),
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName', filter: () => ({ enabledFlag: 'Y' }) }),
    periodFrom: date({ required: true }),
    periodTo: date({ required: true }),
    buyerName: text({ max: 60, profileDefault: 'userFullName' }),
    remark: textarea({ max: 1000 }),
    supplierComment: textarea({ max: 1000, writableBy: ['supplier'], editableIn: ANSWERABLE }),
  },
  lines: { lines: forecastLine },
  rules: [
    (row) =>
      row.periodFrom && row.periodTo && String(row.periodFrom) > String(row.periodTo)
        ? { field: 'periodTo', message: 'srmPurForecast.periodRange' }
        : null,
  ],
  list: {
    columns: [
      'forecastNumber',
      'forecastName',
      'supplierName',
      'orgName',
      'periodFrom',
      'periodTo',
      'status',
      'lastUpdateDate',
    ],
    filters: [
      { field: 'forecastNumber', op: 'prefix' },
      'forecastName',
      'supplierId',
      'orgId',
      'status',
      'periodFrom',
    ],
    sort: [{ field: 'forecastId', order: 'desc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'forecastNumber',
          'forecastName',
          'supplierId',
          'orgId',
          'periodFrom',
          'periodTo',
          'buyerName',
          'remark',
        ],
      },
      { key: 'answer', fields: ['supplierComment'] },
    ],
  },
  workflow: {
    states: ['DRAFT', 'PUBLISHED', 'CONFIRMED', 'REFUSED', 'INVALID'],
    initial: 'DRAFT',
    editableIn: ['DRAFT'],
    deletableIn: ['DRAFT'],
    actions: {
      doPublish: { from: ['DRAFT'], to: 'PUBLISHED', confirm: true },
      doWithdraw: { from: ['PUBLISHED'], to: 'DRAFT' },
      doApproval: { from: ['PUBLISHED'], to: 'CONFIRMED', side: 'supplier', confirm: true },
      doRefuse: { from: ['PUBLISHED'], to: 'REFUSED', side: 'supplier', needs: ['comment'], danger: true },
      doChange: { from: ['CONFIRMED', 'REFUSED'], to: 'DRAFT' },
      doInvalid: {
        from: ['DRAFT', 'PUBLISHED', 'CONFIRMED', 'REFUSED'],
        to: 'INVALID',
        confirm: true,
        danger: true,
      },
    },
  },
});
