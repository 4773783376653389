import { describe, expect, it } from 'vitest';
import { kernelMessages, lookupType } from '@srm/kernel';
import { makeLabels } from '../context/labels';
import { fieldErrors } from './issues';

describe('server issues beside their fields', () => {
  it('drop the label the API puts before the message, for headers and lines, in either language', () => {
    const zh = makeLabels({ catalogue: kernelMessages, locale: 'zh-CN' });
    expect(
      fieldErrors(lookupType, zh, [
        { path: 'meaning', message: '名称：必填' },
        { path: 'values.1.lookupCode', message: '快码值第 2 行，编码：必填' },
        { path: '', message: '整单问题' },
      ]),
    ).toEqual([
      { name: ['meaning'], errors: ['必填'] },
      { name: ['values', 1, 'lookupCode'], errors: ['必填'] },
    ]);
    const en = makeLabels({ catalogue: kernelMessages, locale: 'en' });
    expect(fieldErrors(lookupType, en, [{ path: 'meaning', message: 'Name: Required' }])).toEqual([
      { name: ['meaning'], errors: ['Required'] },
    ]);
  });
});
