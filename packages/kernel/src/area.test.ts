import { describe, expect, it } from 'vitest';
import { type WorkCard, defineArea, workCardFilters, workCards, workCardsFor } from './area';

const card = (key: string, extra: Partial<WorkCard> = {}): WorkCard => ({
  key,
  side: 'internal',
  entity: 'srmPoHeader',
  filters: { status: 'APPROVED' },
  for: ['srmPoHeader.doRelease'],
  list: 'purOrderList',
  order: 10,
  ...extra,
});

const area = (name: string, cards: WorkCard[]) =>
  defineArea({
    name,
    entities: [],
    messages: { 'zh-CN': {}, en: {} },
    directories: [
      { code: `${name}_DIR`, side: 'internal', order: 1 },
      { code: `${name}_EXT`, side: 'external', order: 1 },
    ],
    menus: [
      { code: `${name}_ORDERS`, side: 'internal', under: `${name}_DIR`, path: 'purOrderList', order: 1 },
      {
        code: `${name}_MINE`,
        side: 'external',
        under: `${name}_EXT`,
        path: 'supplierPurOrderList',
        order: 1,
      },
    ],
    workCards: cards,
  });

describe('work cards', () => {
  it('are the side’s cards of every area in order', () => {
    const areas = [
      area('a', [
        card('late', { order: 30 }),
        card('mine', { side: 'external', list: 'supplierPurOrderList' }),
      ]),
      area('b', [card('early', { order: 20 })]),
    ];
    expect(workCards(areas, 'internal').map((c) => c.key)).toEqual(['early', 'late']);
    expect(workCards(areas, 'external').map((c) => c.key)).toEqual(['mine']);
  });

  it('refuse a key used twice and a list that is no menu entry of the side', () => {
    expect(() => workCards([area('a', [card('x')]), area('b', [card('x')])], 'internal')).toThrow(/twice/);
    expect(() => workCards([area('a', [card('x', { list: 'supplierPurOrderList' })])], 'internal')).toThrow(
      /no internal menu entry/,
    );
  });

  it('go to whoever holds one of their codes and reads their entity: several roles see the union', () => {
    const cards = [
      card('release'),
      card('confirm', { for: ['srmPoHeader.doBuyerConfirm', 'srmPoHeader.doBuyerReject'] }),
      card('receipts', { entity: 'srmPurReceiveHeader', for: ['srmBasePaymentTerm.save'] }),
    ];
    const reads = (entity: string) => entity === 'srmPoHeader';
    const holding =
      (...codes: string[]) =>
      (code: string) =>
        codes.includes(code);
    expect(workCardsFor(cards, holding('srmPoHeader.view'), reads)).toEqual([]);
    expect(workCardsFor(cards, holding('srmPoHeader.doBuyerReject'), reads).map((c) => c.key)).toEqual([
      'confirm',
    ]);
    // The payment terms' keeper who may not read receipts gets no card of them.
    expect(workCardsFor(cards, holding('srmBasePaymentTerm.save'), reads)).toEqual([]);
    expect(
      workCardsFor(cards, holding('srmPoHeader.doRelease', 'srmBasePaymentTerm.save'), () => true).map(
        (c) => c.key,
      ),
    ).toEqual(['release', 'receipts']);
  });

  it('count their last days up to today as a date range', () => {
    const recent = card('recent', {
      filters: { status: 'POSTED' },
      lastDays: { field: 'receiveDate', days: 30 },
    });
    expect(workCardFilters(recent, '2026-03-01')).toEqual({
      status: 'POSTED',
      receiveDate: ['2026-01-31', '2026-03-01'],
    });
    expect(workCardFilters(card('plain'), '2026-03-01')).toEqual({ status: 'APPROVED' });
  });
});
