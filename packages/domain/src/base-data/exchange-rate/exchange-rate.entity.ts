// Exchange rates (汇率): how many units of the target currency one unit of the source currency
// is worth, by rate type and effective date. A rate holds from its date until the next one.
import { dec, date, defineEntity, lookup, price, ref, text } from '@srm/kernel';

export const RATE_TYPES = ['SPOT', 'BUDGET', 'CORPORATE'] as const;
/** Decimal places of a rate (the largest precision the engine allows). */
export const RATE_PLACES = 10;

const enabledCurrency = () => ({ enabledFlag: 'Y' });

export const exchangeRate = defineEntity('srmBaseExchangeRate', {
  area: 'base-data',
  key: 'exchangeRateId',
  fields: {
    fromCurrencyId: ref('srmBaseCurrency', {
      required: true,
      display: 'currencyCode',
      displayAs: 'fromCurrencyCode',
      filter: enabledCurrency,
    }),
    toCurrencyId: ref('srmBaseCurrency', {
      required: true,
      display: 'currencyCode',
      displayAs: 'toCurrencyCode',
      filter: enabledCurrency,
    }),
    rateType: lookup('BASE_RATE_TYPE', { required: true, codes: RATE_TYPES, default: 'SPOT' }),
    rate: price({ required: true, precision: RATE_PLACES }),
    effectiveDate: date({ required: true }),
    description: text({ max: 240 }),
  },
  unique: [['fromCurrencyId', 'toCurrencyId', 'rateType', 'effectiveDate']],
  rules: [
    (row) =>
      row.fromCurrencyId != null && row.fromCurrencyId === row.toCurrencyId
        ? { field: 'toCurrencyId', message: 'srmBaseExchangeRate.sameCurrency' }
        : null,
    (row) =>
      typeof row.rate === 'number' && !dec(row.rate).greaterThan(0)
        ? { field: 'rate', message: 'srmBaseExchangeRate.ratePositive' }
        : null,
  ],
  list: {
    columns: ['fromCurrencyCode', 'toCurrencyCode', 'rateType', 'rate', 'effectiveDate', 'description'],
    filters: ['fromCurrencyId', 'toCurrencyId', 'rateType', 'effectiveDate'],
    sort: [{ field: 'effectiveDate', order: 'desc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: ['fromCurrencyId', 'toCurrencyId', 'rateType', 'rate', 'effectiveDate', 'description'],
      },
    ],
  },
});
