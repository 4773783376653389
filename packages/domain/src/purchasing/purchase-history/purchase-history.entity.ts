// Purchase history (采购历史): the price each supplier was ordered at for each material, one row
// per order line, written when the order is approved; read to judge new quotes. Nobody edits it
// (`writableBy: []`: only the platform writes rows).
import { date, defineEntity, number, price, quantity, ref } from '@srm/kernel';

export const purchaseHistory = defineEntity('srmPurPriceHistory', {
  area: 'purchasing',
  key: 'priceHistoryId',
  display: 'itemId',
  orgScoped: 'orgId',
  writableBy: [],
  fields: {
    supplierId: ref('srmSupplierInfo', { indexed: true, display: 'supplierName' }),
    orgId: ref('srmBaseOrg', { display: 'orgName' }),
    itemId: ref('srmBaseItem', { indexed: true, display: 'itemName' }),
    poHeaderId: ref('srmPoHeader', { display: 'poNumber', displayAs: 'poNumber' }),
    lineNum: number(),
    quantity: quantity(),
    unitPriceExclTax: price(),
    taxRate: number({ precision: 2 }),
    unitPriceInclTax: price(),
    currencyId: ref('srmBaseCurrency', {
      display: 'currencyCode',
      displayAs: 'currencyCode',
    }),
    orderDate: date(),
  },
  list: {
    columns: [
      'itemName',
      'supplierName',
      'orgName',
      'poNumber',
      'lineNum',
      'quantity',
      'unitPriceExclTax',
      'taxRate',
      'unitPriceInclTax',
      'currencyCode',
      'orderDate',
    ],
    filters: ['itemId', 'supplierId', 'orgId', 'orderDate'],
    sort: [{ field: 'priceHistoryId', order: 'desc' }],
    sortable: ['orderDate', 'unitPriceExclTax'],
  },
});
