// Delivery plans (交货计划, list and edit): dates and quantities per material the buyer asks one
// supplier to deliver to a receiving organisation, derived from orders or forecasts. The buyer
// publishes the plan; the supplier confirms each line (quantity and date it can deliver) and the
// plan; the buyer adjusts it (back to draft), closes a confirmed one or cancels one not yet
// confirmed (catalogue §4: confirm, close, cancel, adjust).
import { defineEntity, ref, text, textarea } from '@srm/kernel';
import { deliveryPlanLine } from './delivery-plan-line.entity';

export const deliveryPlan = defineEntity('srmPurDeliveryPlan', {
  area: 'agreements',
  key: 'deliveryPlanId',
  display: 'planNumber',
  numbering: { field: 'planNumber', pattern: 'DP{yyyyMMdd}{####}' },
  ownedBy: 'supplierId',
  supplierVisibleIn: ['PUBLISHED', 'CONFIRMED', 'CLOSED'],
  orgScoped: 'orgId',
  fields: {
    planNumber: text({ readonly: true, max: 30 }),
    supplierId: ref('srmSupplierInfo', {
      required: true,
      display: 'supplierName',
      filter: () => ({ enabledFlag: 'Y' }),
    }),
    /** The receiving organisation. */
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName', filter: () => ({ enabledFlag: 'Y' }) }),
    forecastId: ref('srmPurForecast', { display: 'forecastNumber', displayAs: 'forecastNumber' }),
    buyerName: text({ max: 60, profileDefault: 'userFullName' }),
    remark: textarea({ max: 1000 }),
  },
  lines: { lines: deliveryPlanLine },
  list: {
    columns: [
      'planNumber',
      'supplierName',
      'orgName',
      'forecastNumber',
      'buyerName',
      'status',
      'lastUpdateDate',
    ],
    filters: [{ field: 'planNumber', op: 'prefix' }, 'supplierId', 'orgId', 'status'],
    sort: [{ field: 'deliveryPlanId', order: 'desc' }],
  },
  form: {
    sections: [
      { key: 'basic', fields: ['planNumber', 'supplierId', 'orgId', 'forecastId', 'buyerName', 'remark'] },
    ],
  },
  workflow: {
    states: ['DRAFT', 'PUBLISHED', 'CONFIRMED', 'CLOSED', 'CANCELLED'],
    initial: 'DRAFT',
    editableIn: ['DRAFT'],
    deletableIn: ['DRAFT'],
    actions: {
      doPublish: { from: ['DRAFT'], to: 'PUBLISHED', confirm: true },
      doConfirm: { from: ['PUBLISHED'], to: 'CONFIRMED', side: 'supplier', confirm: true },
      doAdjust: { from: ['PUBLISHED', 'CONFIRMED'], to: 'DRAFT' },
      doClose: { from: ['CONFIRMED'], to: 'CLOSED', confirm: true },
      doCancel: { from: ['DRAFT', 'PUBLISHED'], to: 'CANCELLED', confirm: true, danger: true },
    },
  },
});
