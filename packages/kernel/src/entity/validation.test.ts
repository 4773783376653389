// Values from a request are checked by their type, never turned into text by their own methods:
// an object whose toString or valueOf is no function ({"toString": 1} in JSON) is a bad value
// with the field's message, in every check, filter and sort, and in the message that names it.
import { describe, expect, it } from 'vitest';
import { fillPlaceholders } from '../i18n/messages';
import {
  checkContactPhone,
  checkEmail,
  checkInteger,
  checkBiddingTime,
  shownValue,
} from '../validation/validators';
import { defineEntity } from './define';
import {
  amount,
  attachments,
  checkbox,
  date,
  datetime,
  daterange,
  datetimerange,
  lookup,
  month,
  number,
  ref,
  text,
  textarea,
  time,
  year,
} from './fields';
import { parseInput, refs, rows } from './input';
import { parseListRequest } from './list';
import { checkValue } from './validation';

const hostile: unknown[] = [
  { toString: 1 },
  { valueOf: 1 },
  { toString: 1, valueOf: 1 },
  [{ toString: 1 }],
  [{ valueOf: 1 }, 'A'],
  Object.create(null),
];

const fields = {
  title: text({ max: 20 }),
  code: text({ format: 'code' }),
  email: text({ format: 'email' }),
  phone: text({ format: 'contactPhone' }),
  note: textarea(),
  count: number({ min: 0 }),
  total: amount(),
  currencyCode: lookup('CURRENCY'),
  kind: lookup('KIND', { codes: ['A', 'B'] }),
  tags: lookup('TAG', { multi: true }),
  orgId: ref('org'),
  day: date(),
  period: month(),
  at: time(),
  year: year(),
  stamp: datetime(),
  valid: daterange(),
  window: datetimerange(),
  enabledFlag: checkbox(),
  files: attachments(),
};

const entity = defineEntity('hostileThing', {
  area: 'test',
  key: 'thingId',
  fields,
  list: { columns: ['title'], filters: Object.keys(fields) as (keyof typeof fields)[], sortable: ['title'] },
});

describe('a value with a non-callable toString or valueOf', () => {
  it('is refused by the check of every field kind with its message', () => {
    for (const [name, field] of Object.entries(fields))
      for (const value of hostile) {
        const result = checkValue(field, value);
        expect(result.ok, `${name} ${JSON.stringify(value)}`).toBe(false);
      }
  });

  it('names the lookup value it refuses as JSON', () => {
    expect(checkValue(fields.currencyCode, { toString: 1 })).toEqual({
      ok: false,
      issue: { message: 'validation.lookup', params: { value: '{"toString":1}' } },
    });
  });

  it('is refused in a declared input, in its rows and lists of ids', () => {
    const spec = { kind: fields.kind, ids: refs('org'), lines: rows({ currencyCode: lookup('CURRENCY') }) };
    for (const value of hostile) {
      expect(parseInput(spec, { kind: value }).ok).toBe(false);
      expect(parseInput(spec, { ids: value }).ok).toBe(false);
      expect(parseInput(spec, { lines: [{ currencyCode: value }] }).ok).toBe(false);
    }
  });

  it('a required text input of blanks only is missing, as a saved field is', () => {
    const spec = { reason: text({ required: true, max: 20 }) };
    for (const value of ['', '   ', '\t\n'])
      expect(parseInput(spec, { reason: value })).toEqual({
        ok: false,
        issues: [{ path: ['reason'], message: 'validation.required' }],
      });
    expect(parseInput(spec, { reason: ' 因 ' }).ok).toBe(true);
  });

  it('is refused as a list filter on every filterable field, and as a sort field', () => {
    for (const name of Object.keys(fields))
      for (const value of hostile) {
        const parsed = parseListRequest(entity, { [name]: value });
        expect(parsed.ok, `${name} ${JSON.stringify(value)}`).toBe(false);
      }
    expect(parseListRequest(entity, { orderBy: [{ field: { toString: 1 }, order: 'asc' }] })).toEqual({
      ok: false,
      issue: { message: 'list.notSortable', params: { field: '{"toString":1}' } },
    });
  });

  it('fails the form validators instead of throwing', () => {
    for (const value of hostile) {
      expect(checkEmail()(value)).toEqual({ message: 'validation.email' });
      expect(checkInteger()(value)).toEqual({ message: 'validation.integer' });
      expect(checkContactPhone()(value)).toEqual({ message: 'validation.contactPhone' });
      expect(checkBiddingTime(() => 0)(value)).toEqual({ message: 'validation.biddingTime' });
    }
  });

  it('is shown in a message as JSON, never by calling it', () => {
    expect(shownValue({ toString: 1 })).toBe('{"toString":1}');
    expect(shownValue('a\u0000b')).toBe('ab');
    expect(fillPlaceholders('值：{value}', { value: { valueOf: 1 } as never })).toBe('值：{"valueOf":1}');
  });
});
