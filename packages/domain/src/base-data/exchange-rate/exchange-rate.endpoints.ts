// Exchange rates' endpoint: converting an amount with the rate effective on a date (the latest
// effective date on or before it), through the reciprocal of the opposite rate when only that one
// exists, rounded at the target currency's precision.
import { type Decimal, date, dec, div, formatDate, lookup, number, round, text } from '@srm/kernel';
import { AppError, type DataApi, defineEndpoints, endpoint } from '@srm/platform';
import { currency } from '../currency/currency.entity';
import { RATE_PLACES, RATE_TYPES, exchangeRate } from './exchange-rate.entity';

async function currencyOf(ctx: DataApi, code: string) {
  const [found] = await ctx.list(currency, { currencyCode: code }, { limit: 1 });
  if (!found) throw new AppError(400, 'srmBaseCurrency.unknownCurrency', { code });
  return found;
}

/** The rate from one currency to another of a type, effective on the date (yyyy-MM-dd), if any. */
async function effectiveRate(ctx: DataApi, fromId: number, toId: number, rateType: string, on: string) {
  // A pair holds a few rates a year: the latest on or before the date is picked from all of them.
  const rates = await ctx.list(
    exchangeRate,
    { fromCurrencyId: fromId, toCurrencyId: toId, rateType },
    { orderBy: [{ field: 'effectiveDate', order: 'desc' }] },
  );
  return rates.find((rate) => rate.effectiveDate <= on);
}

export const exchangeRateEndpoints = defineEndpoints(exchangeRate, {
  /**
   * `{ amount, fromCurrency, toCurrency, rateType = SPOT, date = today }` → the rate used, its
   * effective date and the converted amount.
   */
  convert: endpoint({
    summary: 'An amount converted between currencies at the rate effective on a date',
    input: {
      amount: number({ required: true, precision: 6 }),
      fromCurrency: text({ required: true, max: 10 }),
      toCurrency: text({ required: true, max: 10 }),
      rateType: lookup('BASE_RATE_TYPE', { codes: RATE_TYPES }),
      date: date(),
    },
    scope: exchangeRate,
    resource: 'read',
    async handle(ctx, input) {
      const amount = dec(input.amount);
      const fromCode = input.fromCurrency.toUpperCase();
      const toCode = input.toCurrency.toUpperCase();
      const rateType = input.rateType ?? 'SPOT';
      const on = input.date ?? formatDate(ctx.now.getTime(), ctx.runtime.timeZone);
      const from = await currencyOf(ctx, fromCode);
      const to = await currencyOf(ctx, toCode);
      const precision = to.precisionNum;

      let rate: Decimal;
      let converted: Decimal;
      let effectiveDate: string | null = null;
      let reverse = false;
      if (from.currencyId === to.currencyId) {
        rate = dec(1);
        converted = amount;
      } else {
        const direct = await effectiveRate(ctx, from.currencyId, to.currencyId, rateType, on);
        const opposite = direct
          ? undefined
          : await effectiveRate(ctx, to.currencyId, from.currencyId, rateType, on);
        if (direct) {
          effectiveDate = direct.effectiveDate;
          rate = dec(direct.rate);
          converted = amount.times(rate);
        } else if (opposite) {
          effectiveDate = opposite.effectiveDate;
          reverse = true;
          // The amount is divided by the stored rate, so nothing is lost to the rounded reciprocal.
          rate = div(1, opposite.rate).toDecimalPlaces(RATE_PLACES);
          converted = div(amount, opposite.rate);
        } else {
          throw new AppError(400, 'srmBaseExchangeRate.noRate', {
            from: fromCode,
            to: toCode,
            rateType,
            date: on,
          });
        }
      }
      return {
        data: {
          fromCurrency: fromCode,
          toCurrency: toCode,
          rateType,
          date: on,
          effectiveDate,
          rate: rate.toNumber(),
          reverse,
          amount: amount.toNumber(),
          precision,
          convertedAmount: round(converted, precision),
        },
      };
    },
  }),
});
