// Price monitoring (价格监控, monitorPriceInfo): one row per price an approved award gave a supplier
// for a material, set beside what the buyer knew when it was awarded — the supplier's last agreed
// price, the last order price of the material in the organisation, the event's target (an
// inquiry's target price, an auction's reserve) and its lowest offer. A change of more than five
// percent either way against any of them is flagged (catalogue §9, as agreements flag it). Written
// by the award's approval, never edited; the buyer's side only (no supplier reads it).
import { checkbox, date, defineEntity, lookup, number, price, ref, text } from '@srm/kernel';
import { PL_SOURCES } from '../../agreements';

export const priceMonitor = defineEntity('srmPriceMonitor', {
  area: 'sourcing',
  key: 'priceMonitorId',
  display: 'sourceNum',
  orgScoped: 'orgId',
  writableBy: [],
  fields: {
    sourceType: lookup('PUR_PL_SOURCE', { codes: PL_SOURCES }),
    /** The award's number. */
    sourceNum: text({ max: 30 }),
    /** One row per award line: a second run of the hand-off writes nothing. */
    sourceKey: text({ max: 80, unique: true, internalOnly: true }),
    awardedDate: date(),
    orgId: ref('srmBaseOrg', { display: 'orgName' }),
    itemId: ref('srmBaseItem', { indexed: true, display: 'itemName' }),
    supplierId: ref('srmSupplierInfo', { indexed: true, display: 'supplierName' }),
    currencyId: ref('srmBaseCurrency', { display: 'currencyCode', displayAs: 'currencyCode' }),
    taxIncludedFlag: checkbox(),
    taxRate: number({ precision: 2 }),
    awardPercent: number({ precision: 2 }),
    /** As awarded (with tax where the event's prices include it). */
    unitPrice: price(),
    unitPriceExclTax: price(),
    /** The lowest valid offer of the material in the event (same basis as the awarded price). */
    lowestPrice: price(),
    /** The inquiry's target price or the auction's reserve (same basis as the awarded price). */
    targetPrice: price(),
    targetChange: number({ precision: 2 }),
    /** The supplier's last approved agreement price for the material (without tax). */
    lastAgreedPrice: price(),
    agreedChange: number({ precision: 2 }),
    /** The material's last order price in the organisation, any supplier (without tax). */
    lastOrderPrice: price(),
    lastOrderDate: date(),
    orderChange: number({ precision: 2 }),
    /** Some change is more than five percent either way. */
    exceedsFlag: checkbox(),
  },
  list: {
    // What to judge first: the material and supplier, the flag and the changes; then the prices.
    columns: [
      'awardedDate',
      'sourceNum',
      'itemName',
      'supplierName',
      'exceedsFlag',
      'unitPrice',
      'targetChange',
      'agreedChange',
      'orderChange',
      'targetPrice',
      'lowestPrice',
      'lastAgreedPrice',
      'lastOrderPrice',
      'unitPriceExclTax',
      'awardPercent',
      'currencyCode',
      'orgName',
      'sourceType',
      'lastOrderDate',
    ],
    filters: [
      { field: 'sourceNum', op: 'prefix' },
      'itemId',
      'supplierId',
      'orgId',
      'sourceType',
      'exceedsFlag',
      'awardedDate',
    ],
    sort: [{ field: 'priceMonitorId', order: 'desc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'sourceType',
          'sourceNum',
          'awardedDate',
          'orgId',
          'itemId',
          'supplierId',
          'currencyId',
          'taxIncludedFlag',
          'taxRate',
          'awardPercent',
          'exceedsFlag',
        ],
      },
      {
        key: 'prices',
        fields: [
          'unitPrice',
          'unitPriceExclTax',
          'lowestPrice',
          'targetPrice',
          'targetChange',
          'lastAgreedPrice',
          'agreedChange',
          'lastOrderPrice',
          'lastOrderDate',
          'orderChange',
        ],
      },
    ],
  },
});

/** A point of a material's price trend (price-monitor.endpoints.ts): prices without tax. */
export interface TrendPoint {
  readonly awardedDate: string | null;
  readonly sourceType: string | null;
  readonly sourceNum: string | null;
  readonly supplierName: string;
  readonly awardPercent: number | null;
  readonly awardedPrice: number | null;
  readonly lowestPrice: number | null;
  readonly targetPrice: number | null;
  readonly lastOrderPrice: number | null;
}
