// Payment nodes (付款节点): the lines of a payment term, each paying a share of the amount a
// number of days after its event (advance, delivery, acceptance, invoice, end of warranty).
import { amount, defineEntity, lookup, number, text } from '@srm/kernel';

export const PAYMENT_NODE_TYPES = ['ADVANCE', 'DELIVERY', 'ACCEPTANCE', 'INVOICE', 'WARRANTY'] as const;

export const paymentTermNode = defineEntity('srmBasePaymentTermNode', {
  area: 'base-data',
  key: 'paymentTermNodeId',
  parent: { entity: 'srmBasePaymentTerm', field: 'paymentTermId' },
  fields: {
    nodeNum: number({ required: true, min: 1, max: 99 }),
    nodeType: lookup('BASE_PAYMENT_NODE_TYPE', { required: true, codes: PAYMENT_NODE_TYPES }),
    percent: amount({ required: true, min: 0, max: 100 }),
    dueDays: number({ min: 0, max: 3650, default: 0 }),
    description: text({ max: 240 }),
  },
  list: {
    columns: ['nodeNum', 'nodeType', 'percent', 'dueDays', 'description'],
    filters: ['nodeNum', 'nodeType', 'dueDays'],
    sort: [{ field: 'nodeNum', order: 'asc' }],
    summary: ['percent'],
  },
});
