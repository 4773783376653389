import { describe, expect, it } from 'vitest';
import { missingKeys } from '@srm/kernel';
import zhCN from './zh-CN.json';
import en from './en.json';

describe('the shell’s texts', () => {
  it('exist in both languages', () => {
    expect(missingKeys({ 'zh-CN': zhCN, en })).toEqual([]);
  });
});
