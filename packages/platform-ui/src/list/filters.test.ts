import { describe, expect, it } from 'vitest';
import { lookupType } from '@srm/kernel';
import { cleanFilters, filterItems, listBody } from './filters';

describe('list filters', () => {
  it('come from the definition in its order', () => {
    expect(filterItems(lookupType).map((item) => item.name)).toEqual([
      'lookupType',
      'meaning',
      'systemCode',
      'enabledFlag',
    ]);
  });

  it('leave out empty values and trim text', () => {
    expect(
      cleanFilters({ a: ' x ', b: '', c: null, d: [null, null], e: ['2024-01-01', null], f: 0 }),
    ).toEqual({
      a: 'x',
      e: ['2024-01-01', null],
      f: 0,
    });
  });

  it('make the list request with paging and order', () => {
    expect(listBody({ filters: { a: 1 }, pageIndex: 2, pageRows: 50, orderBy: 'a desc' })).toEqual({
      a: 1,
      pageIndex: 2,
      pageRows: 50,
      orderBy: 'a desc',
    });
  });
});
