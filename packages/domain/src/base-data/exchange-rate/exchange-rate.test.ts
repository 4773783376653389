// Exchange rates: the rate effective on a date is the latest one on or before it; the reverse
// direction divides by the opposite rate; amounts round at the target currency's precision.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseDataSeeds } from '../server';
import { api, seedsNamed, startTestServer, type TestServer } from '@srm/platform/testing';
import { serverAreas } from '../../areas.server';

const CONVERT = api('srmBaseExchangeRate', 'convert');

interface Converted {
  rate: number;
  effectiveDate: string | null;
  reverse: boolean;
  convertedAmount: number;
  precision: number;
  date: string;
  rateType: string;
}

let server: TestServer;
beforeAll(async () => {
  // The seed holds USD → CNY spot rates effective 2025-01-02 (7.1879), 2025-04-01 (7.1782),
  // 2025-07-01 (7.1586) and 2025-10-09 (7.1074), and a budget rate of 7.2 from 2025-01-01.
  server = await startTestServer({
    areas: serverAreas,
    seeds: seedsNamed(baseDataSeeds, 'lookups', 'currencies'),
  });
});
afterAll(async () => server?.close());

const convert = (body: Record<string, unknown>, language?: 'EN') =>
  server.post<Converted>(CONVERT, body, language ? { language } : {});

describe('convert', () => {
  it('uses the latest rate effective on or before the date', async () => {
    const cases: [string, number, string][] = [
      ['2025-01-02', 7.1879, '2025-01-02'],
      ['2025-03-31', 7.1879, '2025-01-02'],
      ['2025-04-01', 7.1782, '2025-04-01'],
      ['2025-06-30', 7.1782, '2025-04-01'],
      ['2025-07-01', 7.1586, '2025-07-01'],
      ['2026-02-01', 7.1074, '2025-10-09'],
    ];
    for (const [date, rate, effectiveDate] of cases) {
      const { httpStatus, body } = await convert({
        amount: 100,
        fromCurrency: 'USD',
        toCurrency: 'CNY',
        date,
      });
      expect(httpStatus).toBe(200);
      expect(body.data).toMatchObject({ rate, effectiveDate, reverse: false, rateType: 'SPOT' });
    }
    const { body } = await convert({
      amount: '1234.56',
      fromCurrency: 'usd',
      toCurrency: 'CNY',
      date: '2025-06-30',
    });
    // 1234.56 × 7.1782 = 8861.918592
    expect(body.data).toMatchObject({ convertedAmount: 8861.92, precision: 2 });
  });

  it('uses the rate type asked for', async () => {
    const { body } = await convert({
      amount: 10,
      fromCurrency: 'USD',
      toCurrency: 'CNY',
      rateType: 'BUDGET',
      date: '2025-08-01',
    });
    expect(body.data).toMatchObject({ rate: 7.2, effectiveDate: '2025-01-01', convertedAmount: 72 });
  });

  it('goes through the reciprocal of the opposite rate when only that one exists', async () => {
    const { body } = await convert({
      amount: 1000,
      fromCurrency: 'CNY',
      toCurrency: 'USD',
      date: '2025-07-15',
    });
    // 1 / 7.1586 = 0.13969212..., and 1000 / 7.1586 = 139.692... → 139.69
    expect(body.data).toMatchObject({
      reverse: true,
      effectiveDate: '2025-07-01',
      rate: 0.1396921186,
      convertedAmount: 139.69,
    });
  });

  it('rounds at the target currency precision (yen has none)', async () => {
    const toYen = await convert({ amount: 1000, fromCurrency: 'CNY', toCurrency: 'JPY', date: '2025-07-15' });
    // 1000 / 0.049684 = 20127.2039...
    expect(toYen.body.data).toMatchObject({ reverse: true, precision: 0, convertedAmount: 20127 });
    const fromYen = await convert({
      amount: 1000000,
      fromCurrency: 'JPY',
      toCurrency: 'CNY',
      date: '2025-10-10',
    });
    expect(fromYen.body.data).toMatchObject({ rate: 0.046912, convertedAmount: 46912 });
  });

  it('converts a currency to itself at 1 and defaults to today', async () => {
    server.clock.set(Date.UTC(2025, 5, 15, 4));
    const same = await convert({ amount: 12.345, fromCurrency: 'CNY', toCurrency: 'CNY' });
    expect(same.body.data).toMatchObject({ rate: 1, convertedAmount: 12.35, date: '2025-06-15' });
    const today = await convert({ amount: 1, fromCurrency: 'USD', toCurrency: 'CNY' });
    expect(today.body.data).toMatchObject({ date: '2025-06-15', effectiveDate: '2025-04-01', rate: 7.1782 });
  });

  it('answers a 400 in both languages when no rate is effective on the date', async () => {
    const zh = await convert({ amount: 1, fromCurrency: 'USD', toCurrency: 'CNY', date: '2025-01-01' });
    expect([zh.httpStatus, zh.body.msg]).toEqual([400, '2025-01-01 没有从 USD 到 CNY 的有效 SPOT 汇率']);
    const en = await convert({ amount: 1, fromCurrency: 'HKD', toCurrency: 'USD', date: '2025-05-01' }, 'EN');
    expect([en.httpStatus, en.body.msg]).toEqual([
      400,
      'No SPOT rate from HKD to USD is effective on 2025-05-01',
    ]);
  });

  it('refuses bad input with a 400 naming the parameter', async () => {
    const good = { amount: 1, fromCurrency: 'USD', toCurrency: 'CNY' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...good, amount: 'ten' }, '金额：必须输入数值', 'Amount: Must be a number'],
      [{ ...good, amount: undefined }, '金额：必填', 'Amount: Required'],
      [{ ...good, toCurrency: 'GBP' }, '币种不存在：GBP', 'No such currency: GBP'],
      [
        { ...good, date: '2025-02-30' },
        '换算日期：日期格式应为 yyyy-MM-dd',
        'Conversion date: Dates are written yyyy-MM-dd',
      ],
      [
        { ...good, rateType: 'FORWARD' },
        '汇率类型：不是有效的选项：FORWARD',
        'Rate type: Not a valid option: FORWARD',
      ],
    ];
    for (const [body, zh, en] of cases) {
      const chinese = await convert(body);
      expect([chinese.httpStatus, chinese.body.msg]).toEqual([400, zh]);
      const english = await convert(body, 'EN');
      expect([english.httpStatus, english.body.msg]).toEqual([400, en]);
    }
  });
});

describe('saving rates', () => {
  async function currencyId(code: string) {
    return (await server.first<{ currencyId: number }>('srmBaseCurrency', { currencyCode: code })).currencyId;
  }

  it('refuses the same currency on both sides, a rate that is not positive, and more than 10 decimals', async () => {
    const usd = await currencyId('USD');
    const cny = await currencyId('CNY');
    const base = {
      fromCurrencyId: usd,
      toCurrencyId: cny,
      rateType: 'SPOT',
      effectiveDate: '2025-12-01',
      rate: 7.1,
    };
    const save = (body: Record<string, unknown>, language?: 'EN') =>
      server.post(api('srmBaseExchangeRate', 'saveOrUpdate'), body, language ? { language } : {});

    const same = await save({ ...base, toCurrencyId: usd });
    expect([same.httpStatus, same.body.msg]).toEqual([400, '目标币种：目标币种不能与原币种相同']);
    const zero = await save({ ...base, rate: 0 }, 'EN');
    expect([zero.httpStatus, zero.body.msg]).toEqual([400, 'Rate: The rate must be greater than 0']);
    const negative = await save({ ...base, rate: -7.1 });
    expect([negative.httpStatus, negative.body.msg]).toEqual([400, '汇率：汇率必须大于 0']);
    const precise = await save({ ...base, rate: 0.12345678901 });
    expect([precise.httpStatus, precise.body.msg]).toEqual([400, '汇率：最多保留 10 位小数']);

    expect((await save({ ...base, rate: 0.1234567891 })).httpStatus).toBe(200);
    const twice = await save({ ...base, rate: 7.2 });
    expect(twice.httpStatus).toBe(409);
    expect(twice.body.msg).toBe('原币种 + 目标币种 + 汇率类型 + 生效日期已存在，不能重复');
  });
});
