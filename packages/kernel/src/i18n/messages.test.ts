import { describe, expect, it } from 'vitest';
import { kernelMessages } from './kernelMessages';
import { fillPlaceholders, mergeCatalogues, missingKeys, translate } from './messages';

describe('message catalogues', () => {
  it('every kernel message exists in both languages', () => {
    expect(missingKeys(kernelMessages)).toEqual([]);
  });

  it('reports a key missing in one language', () => {
    const catalogue = mergeCatalogues(kernelMessages, { 'zh-CN': { 'only.cn': '只有中文' }, en: {} });
    expect(missingKeys(catalogue)).toEqual([{ locale: 'en', key: 'only.cn' }]);
  });

  it('fills placeholders and falls back to Chinese, then to the key', () => {
    expect(fillPlaceholders('共 {count} 条', { count: 3 })).toBe('共 3 条');
    const catalogue = { 'zh-CN': { a: '甲 {x}' }, en: {} };
    expect(translate(catalogue, 'en', 'a', { x: 1 })).toBe('甲 1');
    expect(translate(catalogue, 'en', 'missing')).toBe('missing');
  });
});
