// The supplier price list (供应商价格库, supplier PL): the valid price per supplier × material ×
// organisation and quantity tier, with its validity and the document it came from. Written by the
// platform only — by an approved sourcing award (../award-hand-off.ts) — and read by buyers and by
// each supplier for its own prices. A newer price for the same supplier, material, organisation
// and tier closes the older one the day before it starts.
import { checkbox, date, defineEntity, lookup, number, price, quantity, ref, text } from '@srm/kernel';

export const PL_SOURCES = ['INQUIRY', 'AUCTION', 'TENDER', 'COMPETE', 'AGREEMENT'] as const;

export const supplierPl = defineEntity('srmPurSupplierPl', {
  area: 'agreements',
  key: 'supplierPlId',
  display: 'plNum',
  numbering: { field: 'plNum', pattern: 'PL{########}' },
  writableBy: [],
  ownedBy: 'supplierId',
  orgScoped: 'orgId',
  fields: {
    plNum: text({ readonly: true, max: 30 }),
    supplierId: ref('srmSupplierInfo', { required: true, display: 'supplierName' }),
    itemId: ref('srmBaseItem', { required: true, display: 'itemName' }),
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName' }),
    currencyId: ref('srmBaseCurrency', {
      required: true,
      display: 'currencyCode',
      displayAs: 'currencyCode',
    }),
    taxIncludedFlag: checkbox(),
    /** The tier the price holds from (0: any quantity). */
    fromQuantity: quantity({ min: 0 }),
    unitPrice: price({ required: true, min: 0 }),
    taxRate: number({ precision: 2, min: 0, max: 100 }),
    validFrom: date({ required: true }),
    validTo: date(),
    sourceType: lookup('PUR_PL_SOURCE', { codes: PL_SOURCES }),
    sourceNum: text({ max: 30 }),
    /** What wrote it, once: the award line and tier (a second run of the hand-off finds it). */
    sourceKey: text({ max: 80, unique: true, internalOnly: true }),
  },
  list: {
    columns: [
      'plNum',
      'supplierName',
      'itemName',
      'orgName',
      'fromQuantity',
      'unitPrice',
      'currencyCode',
      'taxIncludedFlag',
      'taxRate',
      'validFrom',
      'validTo',
      'sourceType',
      'sourceNum',
    ],
    filters: [
      'supplierId',
      'itemId',
      'orgId',
      'sourceType',
      { field: 'sourceNum', op: 'prefix' },
      'validFrom',
    ],
    sort: [{ field: 'supplierPlId', order: 'desc' }],
  },
});
