// Delivery notes / ASN (送货单): the supplier announces what it ships against its released or
// confirmed order lines, never more than remains open on a line; the buyer receives against it.
// Created and edited by the supplier while a draft; the buyer sees it once submitted.
import { date, datetime, defineEntity, ref, text, textarea } from '@srm/kernel';
import { asnLine } from './asn-line.entity';

/** States in which the buyer works with a delivery note. */
export const ASN_BUYER_STATES = ['SUBMITTED', 'RECEIVING', 'RECEIVED', 'CLOSED'] as const;

export const asn = defineEntity('srmPurAsnHeader', {
  area: 'delivery',
  key: 'asnHeaderId',
  display: 'asnNumber',
  numbering: { field: 'asnNumber', pattern: 'ASN{yyyyMMdd}{####}' },
  ownedBy: 'supplierId',
  orgScoped: 'orgId',
  writableBy: ['supplier'],
  fields: {
    asnNumber: text({ readonly: true, max: 30 }),
    supplierId: ref('srmSupplierInfo', { readonly: true, display: 'supplierName' }),
    orgId: ref('srmBaseOrg', { readonly: true, display: 'orgName' }),
    shipDate: date({ required: true, profileDefault: 'today' }),
    expectedArrivalDate: date(),
    shipToAddress: text({ max: 240 }),
    carrierName: text({ max: 120 }),
    trackingNumber: text({ max: 60 }),
    contactName: text({ max: 60, profileDefault: 'userFullName' }),
    contactPhone: text({ max: 40 }),
    submittedDate: datetime({ readonly: true }),
    remark: textarea({ max: 1000 }),
  },
  lines: { lines: asnLine },
  rules: [
    (row) =>
      typeof row.expectedArrivalDate === 'string' &&
      typeof row.shipDate === 'string' &&
      row.expectedArrivalDate < row.shipDate
        ? { field: 'expectedArrivalDate', message: 'delivery.asn.arrivalBeforeShip' }
        : null,
  ],
  list: {
    columns: [
      'asnNumber',
      'supplierName',
      'orgName',
      'shipDate',
      'expectedArrivalDate',
      'carrierName',
      'trackingNumber',
      'submittedDate',
      'status',
    ],
    filters: [{ field: 'asnNumber', op: 'prefix' }, 'supplierId', 'orgId', 'status', 'shipDate'],
    sort: [{ field: 'asnHeaderId', order: 'desc' }],
    sortable: ['shipDate', 'expectedArrivalDate'],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'asnNumber',
          'supplierId',
          'orgId',
          'shipDate',
          'expectedArrivalDate',
          'shipToAddress',
          'submittedDate',
        ],
      },
      { key: 'shipping', fields: ['carrierName', 'trackingNumber', 'contactName', 'contactPhone'] },
      { key: 'other', fields: ['remark'] },
    ],
  },
  workflow: {
    states: ['DRAFT', 'SUBMITTED', 'RECEIVING', 'RECEIVED', 'CANCELLED', 'CLOSED'],
    initial: 'DRAFT',
    editableIn: ['DRAFT'],
    deletableIn: ['DRAFT'],
    actions: {
      doSubmit: { from: ['DRAFT'], to: 'SUBMITTED', side: 'supplier', confirm: true },
      doCancel: {
        from: ['DRAFT', 'SUBMITTED'],
        to: 'CANCELLED',
        side: 'supplier',
        confirm: true,
        danger: true,
      },
      doClose: { from: ['SUBMITTED', 'RECEIVING'], to: 'CLOSED', side: 'both', confirm: true, danger: true },
      doPartReceived: { from: ['SUBMITTED', 'RECEIVED'], to: 'RECEIVING', system: true },
      doAllReceived: { from: ['SUBMITTED', 'RECEIVING'], to: 'RECEIVED', system: true },
      doNoneReceived: { from: ['RECEIVING', 'RECEIVED'], to: 'SUBMITTED', system: true },
    },
  },
});
