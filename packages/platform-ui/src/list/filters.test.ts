import { describe, expect, it } from 'vitest';
import { checkbox, date, datetime, defineEntity, lookup, lookupType, quantity, ref, text } from '@srm/kernel';
import { cleanFilters, filterItems, filterParams, filtersFromParams, listBody } from './filters';

const receipt = defineEntity('testReceipt', {
  area: 'test',
  key: 'receiptId',
  fields: {
    receiptNumber: text({ max: 30 }),
    orgId: ref('srmBaseOrg'),
    receiveDate: date(),
    postedAt: datetime(),
    quantity: quantity(),
    urgentFlag: checkbox(),
    kind: lookup('TEST_KIND', { codes: ['A', 'B', 'C'] }),
  },
  list: {
    columns: ['receiptNumber'],
    filters: [
      'receiptNumber',
      'orgId',
      'receiveDate',
      'postedAt',
      'quantity',
      'urgentFlag',
      'kind',
      'status',
    ],
  },
  workflow: { states: ['DRAFT', 'POSTED'], initial: 'DRAFT', editableIn: ['DRAFT'], actions: {} },
});

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

  it('open a list filtered: parameters named after its filters, read back by kind', () => {
    const filters = {
      status: ['DRAFT', 'POSTED'],
      kind: 'B',
      orgId: 7,
      receiveDate: ['2026-01-31', '2026-03-01'],
      postedAt: [null, 1767225600000],
      quantity: 2.5,
      urgentFlag: 'Y',
      receiptNumber: 'RCV2026',
    };
    const params = filterParams(filters);
    expect(params).toMatchObject({
      status: 'DRAFT,POSTED',
      receiveDate: '2026-01-31,2026-03-01',
      orgId: '7',
    });
    const search = new URLSearchParams({ ...params, menuId: '12', respId: '3', mode: 'view' });
    expect(filtersFromParams(receipt, search)).toEqual(filters);
  });

  it('ignore parameters that are no filter of the list and numbers that are not numbers', () => {
    expect(filtersFromParams(receipt, new URLSearchParams('orgId=x&receiptId=4&menuId=2&kind='))).toEqual({});
  });
});
