// Exchange rates on the server: converting an amount with the rate effective on a date (the
// latest effective date on or before it), through the reciprocal of the opposite rate when only
// that one exists, rounded at the target currency's precision.
import { type Decimal, dec, div, formatDate, round } from '@srm/kernel';
import { type HookContext, type Row, legacyActions } from '@srm/platform';
import { RATE_PLACES, RATE_TYPES, exchangeRate } from './exchange-rate.entity';
import {
  badInput,
  bodyOf,
  findBy,
  optionalCode,
  optionalDate,
  requiredDecimal,
  requiredText,
} from './support';

async function currencyOf(context: HookContext, code: string): Promise<Row> {
  const currency = await findBy(context, 'srmBaseCurrency', 'currencyCode', code);
  if (!currency) throw badInput('srmBaseCurrency.unknownCurrency', { code });
  return currency;
}

/** The rate from one currency to another of a type, effective on the date, or null. */
async function effectiveRate(
  context: HookContext,
  fromId: number,
  toId: number,
  rateType: string,
  date: string,
): Promise<Row | null> {
  const { rows } = await context.runtime.service('srmBaseExchangeRate').list(context.actor, {
    pageIndex: 1,
    pageRows: 1,
    filters: [
      { field: 'fromCurrencyId', op: 'eq', value: fromId },
      { field: 'toCurrencyId', op: 'eq', value: toId },
      { field: 'rateType', op: 'eq', value: rateType },
      { field: 'effectiveDate', op: 'lte', value: date },
    ],
    sort: [{ field: 'effectiveDate', order: 'desc' }],
  });
  return rows[0] ?? null;
}

export const exchangeRateActions = legacyActions(exchangeRate, {
  endpoints: {
    /**
     * `{ amount, fromCurrency, toCurrency, rateType = SPOT, date = today }` → the rate used, its
     * effective date and the converted amount.
     */
    convert: {
      read: true,
      async handle(context, input) {
        const body = bodyOf(input);
        const amount = requiredDecimal(body, 'amount');
        const fromCode = requiredText(body, 'fromCurrency', 10).toUpperCase();
        const toCode = requiredText(body, 'toCurrency', 10).toUpperCase();
        const rateType = optionalCode(body, 'rateType', RATE_TYPES) ?? 'SPOT';
        const date =
          optionalDate(body, 'date') ?? formatDate(context.now.getTime(), context.runtime.timeZone);
        const from = await currencyOf(context, fromCode);
        const to = await currencyOf(context, toCode);
        const precision = to.precisionNum as number;

        let rate: Decimal;
        let converted: Decimal;
        let effectiveDate: string | null = null;
        let reverse = false;
        if (from.currencyId === to.currencyId) {
          rate = dec(1);
          converted = amount;
        } else {
          const direct = await effectiveRate(
            context,
            from.currencyId as number,
            to.currencyId as number,
            rateType,
            date,
          );
          const opposite = direct
            ? null
            : await effectiveRate(
                context,
                to.currencyId as number,
                from.currencyId as number,
                rateType,
                date,
              );
          const found = direct ?? opposite;
          if (!found) {
            throw badInput('srmBaseExchangeRate.noRate', { from: fromCode, to: toCode, rateType, date });
          }
          effectiveDate = found.effectiveDate as string;
          if (direct) {
            rate = dec(direct.rate as number);
            converted = amount.times(rate);
          } else {
            reverse = true;
            // The amount is divided by the stored rate, so nothing is lost to the rounded reciprocal.
            rate = div(1, opposite!.rate as number).toDecimalPlaces(RATE_PLACES);
            converted = div(amount, opposite!.rate as number);
          }
        }
        return {
          data: {
            fromCurrency: fromCode,
            toCurrency: toCode,
            rateType,
            date,
            effectiveDate,
            rate: rate.toNumber(),
            reverse,
            amount: amount.toNumber(),
            precision,
            convertedAmount: round(converted, precision),
          },
        };
      },
    },
  },
});
