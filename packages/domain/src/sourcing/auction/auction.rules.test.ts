// The bid rules with exact decimals, table-driven: a bid exactly one step below passes and one
// cent less than a step does not, for amount and percentage steps, against the supplier's own bid
// and against the best; ties; the start price; the large-drop question; and the auto-extension's
// window, length, origin, maximum and triggers.
import { describe, expect, it } from 'vitest';
import { dec } from '@srm/kernel';
import {
  type BidRules,
  type ExtensionRules,
  type Standing,
  bestOf,
  checkBid,
  extendedEnd,
  rankOf,
  ranked,
  stepBelow,
  withFactors,
} from './auction.rules';

const rules = (over: Partial<BidRules> = {}): BidRules => ({
  decrementType: 'AMOUNT',
  decrementValue: 1000,
  decrementBasis: 'OWN',
  tieRule: 'EARLIER_FIRST',
  largeDropPercent: null,
  precision: 2,
  showsBest: true,
  ...over,
});
const standing = (supplierId: number, price: string, seq: number): Standing => ({
  supplierId,
  price: dec(price),
  seq,
});
const bid = (r: BidRules, price: string, standings: Standing[], supplierId = 1, confirmedDrop = false) =>
  checkBid(r, { supplierId, price: dec(price), startPrice: dec('500000'), standings, confirmedDrop })?.code ??
  'ok';

describe('the decrement, in exact decimals', () => {
  it.each([
    // [rules, own last bid, bid, expected]
    ['amount 1,000 against own 495,000', rules(), '495000', '494000', 'ok'],
    ['one cent short of the amount step', rules(), '495000', '494000.01', 'step'],
    ['amount step with cents', rules({ decrementValue: 0.05 }), '12.35', '12.30', 'ok'],
    ['a cent short of 0.05', rules({ decrementValue: 0.05 }), '12.35', '12.31', 'step'],
    [
      'percent 0.5 of 12,345.67 is 61.73 (half up)',
      rules({ decrementType: 'PERCENT', decrementValue: 0.5 }),
      '12345.67',
      '12283.94',
      'ok',
    ],
    [
      'a cent short of the percent step',
      rules({ decrementType: 'PERCENT', decrementValue: 0.5 }),
      '12345.67',
      '12283.95',
      'step',
    ],
    [
      'percent 1 of 0.10 rounds to 0.00: any lower bid',
      rules({ decrementType: 'PERCENT', decrementValue: 1 }),
      '0.10',
      '0.10',
      'ok',
    ],
    ['more decimals than the currency', rules(), '495000', '493999.999', 'precision'],
    ['zero', rules(), '495000', '0', 'notPositive'],
  ] as const)('%s', (_name, r, own, price, expected) => {
    expect(bid(r, price, [standing(1, own, 1)])).toBe(expected);
  });

  it('computes the percent step exactly (no binary floating point)', () => {
    expect(
      stepBelow(rules({ decrementType: 'PERCENT', decrementValue: 0.5 }), dec('12345.67')).toFixed(),
    ).toBe('61.73');
    expect(stepBelow(rules({ decrementType: 'PERCENT', decrementValue: 10 }), dec('0.3')).toFixed()).toBe(
      '0.03',
    );
  });

  it('checks the first bid against the start price only', () => {
    expect(bid(rules(), '500000', [])).toBe('ok');
    expect(bid(rules(), '500000.01', [])).toBe('aboveStart');
  });

  it('with the BEST basis, goes a step below the best, whoever holds it', () => {
    const r = rules({ decrementBasis: 'BEST' });
    const board = [standing(2, '480000', 1), standing(1, '490000', 2)];
    expect(bid(r, '479000', board)).toBe('ok');
    expect(bid(r, '479000.01', board)).toBe('step');
    // Against its own bid only, 489,000 would do; against the best it does not.
    expect(bid(rules(), '489000', board)).toBe('ok');
  });

  it('names no bound against a best price the supplier may not see (it would tell the best)', () => {
    const board = [standing(2, '480000', 1), standing(1, '490000', 2)];
    const shown = checkBid(rules({ decrementBasis: 'BEST' }), {
      supplierId: 1,
      price: dec('479000.01'),
      startPrice: dec('500000'),
      standings: board,
      confirmedDrop: false,
    });
    expect(shown).toEqual({ code: 'step', params: { max: '479000.00' } });
    const hidden = checkBid(rules({ decrementBasis: 'BEST', showsBest: false }), {
      supplierId: 1,
      price: dec('479000.01'),
      startPrice: dec('500000'),
      standings: board,
      confirmedDrop: false,
    });
    expect(hidden).toEqual({ code: 'stepBest' });
    // Against its own last bid the bound is its own business.
    expect(
      checkBid(rules({ showsBest: false }), {
        supplierId: 1,
        price: dec('489000.01'),
        startPrice: dec('500000'),
        standings: board,
        confirmedDrop: false,
      }),
    ).toEqual({ code: 'step', params: { max: '489000.00' } });
  });

  it('refuses an equal price to another bidder when the tie rule says so', () => {
    const board = [standing(2, '480000', 1)];
    expect(bid(rules({ tieRule: 'REFUSE_EQUAL' }), '480000', board)).toBe('tie');
    expect(bid(rules(), '480000', board)).toBe('ok');
  });

  it('asks before a bid far below the best, and takes it once confirmed', () => {
    const r = rules({ largeDropPercent: 20 });
    const board = [standing(2, '100000', 1)];
    expect(bid(r, '79999.99', board)).toBe('largeDrop');
    expect(bid(r, '80000', board)).toBe('ok');
    expect(bid(r, '79999.99', board, 1, true)).toBe('ok');
  });
});

describe('ranking by transformed price (price × the supplier’s factor)', () => {
  const factors = new Map([
    [1, dec('1.1')],
    [2, dec('1')],
  ]);
  const factored = (list: Standing[]) => withFactors(list, factors);

  it('ranks by the transformed price, the earlier bid first among equal ones', () => {
    const list = factored([standing(1, '8.00', 1), standing(2, '8.50', 2), standing(3, '8.80', 3)]);
    // 1: 8.80 transformed (seq 1), 2: 8.50, 3 (no factor): 8.80 (seq 3).
    expect(ranked(list).map((one) => one.supplierId)).toEqual([2, 1, 3]);
    expect(ranked([standing(1, '8.00', 1), standing(2, '8.50', 2)]).map((one) => one.supplierId)).toEqual([
      1, 2,
    ]);
  });

  it('finds the first and each place in one pass as the full ranking orders them', () => {
    const list = factored([
      standing(1, '8.00', 4),
      standing(2, '8.80', 2),
      standing(3, '8.80', 1),
      standing(4, '9.00', 3),
    ]);
    const order = ranked(list).map((one) => one.supplierId);
    expect(order).toEqual([3, 2, 1, 4]);
    expect(bestOf(list)?.supplierId).toBe(3);
    expect([1, 2, 3, 4].map((supplierId) => rankOf(list, supplierId))).toEqual(
      [1, 2, 3, 4].map((supplierId) => order.indexOf(supplierId) + 1),
    );
    expect(bestOf([])).toBeNull();
    expect(rankOf(list, 9)).toBe(0);
  });

  it('refuses a tie and asks about a large drop in transformed terms', () => {
    const tie = rules({ tieRule: 'REFUSE_EQUAL', decrementValue: 0.01 });
    const others = factored([standing(1, '7.70', 1)]);
    const as2 = (r: BidRules, price: string, confirmedDrop = false) =>
      checkBid(r, {
        supplierId: 2,
        price: dec(price),
        startPrice: dec('9'),
        standings: others,
        confirmedDrop,
        factor: dec('1'),
      })?.code ?? 'ok';
    // 7.70 × 1.1 = 8.47: a bid of 8.47 by supplier 2 (factor 1) ties, 7.70 does not.
    expect(as2(tie, '8.47')).toBe('tie');
    expect(as2(tie, '7.70')).toBe('ok');
    expect(as2(rules({ largeDropPercent: 20, decrementValue: 0.01 }), '6.70')).toBe('largeDrop');
    expect(as2(rules({ largeDropPercent: 20, decrementValue: 0.01 }), '6.80')).toBe('ok');
  });

  it('with the BEST basis, goes a step below the best transformed price, the bound in the bidder’s own price', () => {
    const best = rules({ decrementBasis: 'BEST', decrementValue: 0.01 });
    const others = factored([standing(2, '8.50', 1)]);
    const as1 = (price: string) =>
      checkBid(best, {
        supplierId: 1,
        price: dec(price),
        startPrice: dec('9'),
        standings: others,
        confirmedDrop: true,
        factor: dec('1.1'),
      });
    // The best is 8.50; a step below is 8.49; supplier 1 must bid at most 8.49 / 1.1 = 7.7181… → 7.71.
    expect(as1('7.72')).toEqual({ code: 'step', params: { max: '7.71' } });
    expect(as1('7.71')).toBeNull();
  });
});

describe('the auto-extension', () => {
  const base: ExtensionRules = {
    extendWindowMinutes: 2,
    extendMinutes: 2,
    extendFrom: 'BID',
    extendMaxCount: null,
    extendTrigger: 'ANY',
    extendTopN: 3,
  };
  const END = 1_000_000_000;
  const MIN = 60_000;
  const before = [standing(1, '100', 1), standing(2, '110', 2), standing(3, '120', 3), standing(4, '130', 4)];
  const after = (supplierId: number, price: string) => [
    ...before.filter((s) => s.supplierId !== supplierId),
    standing(supplierId, price, 9),
  ];

  it.each([
    ['outside the window', base, END - 2 * MIN - 1, 0, after(1, '99'), null],
    [
      'at the window’s edge, 3 min from the bid',
      { ...base, extendMinutes: 3 },
      END - 2 * MIN,
      0,
      after(1, '99'),
      END + MIN,
    ],
    ['from the bid: now + 2 min', base, END - 30_000, 0, after(1, '99'), END - 30_000 + 2 * MIN],
    [
      'from the end: end + 2 min',
      { ...base, extendFrom: 'END' as const },
      END - 30_000,
      0,
      after(1, '99'),
      END + 2 * MIN,
    ],
    ['at the maximum count', { ...base, extendMaxCount: 3 }, END - 30_000, 3, after(1, '99'), null],
    ['below the maximum', { ...base, extendMaxCount: 3 }, END - 30_000, 2, after(1, '99'), END + 90_000],
    [
      'BEST, not a new best',
      { ...base, extendTrigger: 'BEST' as const },
      END - 30_000,
      0,
      after(4, '125'),
      null,
    ],
    [
      'BEST, a new best',
      { ...base, extendTrigger: 'BEST' as const },
      END - 30_000,
      0,
      after(4, '95'),
      END + 90_000,
    ],
    [
      'TOP_N, change below the top 3',
      { ...base, extendTrigger: 'TOP_N' as const },
      END - 30_000,
      0,
      after(4, '125'),
      null,
    ],
    [
      'TOP_N, into the top 3',
      { ...base, extendTrigger: 'TOP_N' as const },
      END - 30_000,
      0,
      after(4, '115'),
      END + 90_000,
    ],
    ['no window', { ...base, extendWindowMinutes: 0 }, END - 30_000, 0, after(1, '99'), null],
    ['after the end', base, END, 0, after(1, '99'), null],
  ] as const)('%s', (_name, r, now, count, next, expected) => {
    expect(extendedEnd(r, { now, end: END, extendCount: count, before, after: next })).toBe(expected);
  });

  it('does not count an extension that would not move the end', () => {
    expect(
      extendedEnd(
        { ...base, extendWindowMinutes: 10, extendMinutes: 1 },
        { now: END - 5 * MIN, end: END, extendCount: 0, before, after: after(1, '99') },
      ),
    ).toBeNull();
  });
});
