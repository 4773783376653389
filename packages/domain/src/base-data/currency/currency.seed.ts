// Demo currencies and their exchange rates (spot rates of 2025, budget and corporate rates).
import { defineSeed } from '@srm/platform';

const CURRENCIES = [
  ['CNY', '人民币', 'Chinese Yuan', '¥', 2],
  ['USD', '美元', 'US Dollar', '$', 2],
  ['EUR', '欧元', 'Euro', '€', 2],
  ['JPY', '日元', 'Japanese Yen', '¥', 0],
  ['HKD', '港币', 'Hong Kong Dollar', 'HK$', 2],
] as const;

/** [from, to, type, effective date, rate]: units of `to` for one unit of `from`. */
const RATES: readonly (readonly [string, string, string, string, number])[] = [
  ['USD', 'CNY', 'SPOT', '2025-01-02', 7.1879],
  ['USD', 'CNY', 'SPOT', '2025-04-01', 7.1782],
  ['USD', 'CNY', 'SPOT', '2025-07-01', 7.1586],
  ['USD', 'CNY', 'SPOT', '2025-10-09', 7.1074],
  ['EUR', 'CNY', 'SPOT', '2025-01-02', 7.4981],
  ['EUR', 'CNY', 'SPOT', '2025-04-01', 7.764],
  ['EUR', 'CNY', 'SPOT', '2025-07-01', 8.4024],
  ['EUR', 'CNY', 'SPOT', '2025-10-09', 8.2697],
  ['JPY', 'CNY', 'SPOT', '2025-01-02', 0.045733],
  ['JPY', 'CNY', 'SPOT', '2025-04-01', 0.048168],
  ['JPY', 'CNY', 'SPOT', '2025-07-01', 0.049684],
  ['JPY', 'CNY', 'SPOT', '2025-10-09', 0.046912],
  ['HKD', 'CNY', 'SPOT', '2025-01-02', 0.92604],
  ['HKD', 'CNY', 'SPOT', '2025-04-01', 0.92317],
  ['HKD', 'CNY', 'SPOT', '2025-07-01', 0.91201],
  ['HKD', 'CNY', 'SPOT', '2025-10-09', 0.91342],
  ['EUR', 'USD', 'SPOT', '2025-01-02', 1.0389],
  ['EUR', 'USD', 'SPOT', '2025-07-01', 1.174],
  ['USD', 'CNY', 'BUDGET', '2025-01-01', 7.2],
  ['EUR', 'CNY', 'BUDGET', '2025-01-01', 7.8],
  ['JPY', 'CNY', 'BUDGET', '2025-01-01', 0.048],
  ['HKD', 'CNY', 'BUDGET', '2025-01-01', 0.925],
  ['USD', 'CNY', 'CORPORATE', '2025-07-01', 7.15],
];

export const currencySeed = defineSeed('base-data.currencies', async (ctx) => {
  const ids = new Map<string, number>();
  for (const [currencyCode, currencyName, currencyNameEn, currencySymbol, precisionNum] of CURRENCIES) {
    ids.set(
      currencyCode,
      await ctx.put(
        'srmBaseCurrency',
        { currencyCode },
        { currencyCode, currencyName, currencyNameEn, currencySymbol, precisionNum },
      ),
    );
  }
  for (const [from, to, rateType, effectiveDate, rate] of RATES) {
    const key = { fromCurrencyId: ids.get(from)!, toCurrencyId: ids.get(to)!, rateType, effectiveDate };
    await ctx.put('srmBaseExchangeRate', key, { ...key, rate });
  }
});
