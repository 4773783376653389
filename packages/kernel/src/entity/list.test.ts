import { describe, expect, it } from 'vitest';
import { defineEntity } from './define';
import { text } from './fields';
import { parseListRequest, searchFields } from './list';

const part = defineEntity('kernelSearchPart', {
  area: 'test',
  key: 'partId',
  display: 'partName',
  numbering: { field: 'partNumber', pattern: 'P{####}' },
  fields: {
    partNumber: text({ readonly: true, max: 20 }),
    partCode: text({ unique: true, max: 20 }),
    partName: text({ max: 100 }),
    ownerName: text({ max: 60 }),
    secretName: text({ max: 60, internalOnly: true }),
    note: text({ max: 60 }),
  },
  list: { columns: ['partCode'], filters: ['ownerName', 'secretName', 'note'] },
});

describe('a picker’s keyword', () => {
  it('searches codes, then the display, then names; never an internal-only field', () => {
    expect(searchFields(part)).toEqual(['partNumber', 'partCode', 'partName', 'ownerName']);
  });

  it('becomes one any-of filter over those fields, checked as text', () => {
    const parsed = parseListRequest(part, { keyword: ' 螺 ' });
    expect(parsed.ok && parsed.query.filters).toEqual([
      { field: 'partNumber', op: 'anyContains', value: '螺', fields: searchFields(part) },
    ]);
    const empty = parseListRequest(part, { keyword: '' });
    expect(empty.ok && empty.query.filters).toEqual([]);
    for (const bad of [{}, 'x'.repeat(201), 'a\u0000b'])
      expect(parseListRequest(part, { keyword: bad }).ok).toBe(false);
  });

  it('follows a declared search list', () => {
    const declared = defineEntity('kernelSearchDeclared', {
      area: 'test',
      key: 'rowId',
      fields: {
        code: text({ max: 20 }),
        name: text({ max: 20 }),
        hidden: text({ max: 20, internalOnly: true }),
      },
      list: { columns: ['code'], search: ['name', 'code', 'hidden'] },
    });
    expect(searchFields(declared)).toEqual(['name', 'code']);
  });
});
