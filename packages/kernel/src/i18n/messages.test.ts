import { describe, expect, it } from 'vitest';
import { kernelMessages } from './kernelMessages';
import {
  fillPlaceholders,
  mergeCatalogues,
  missingKeys,
  renderStoredText,
  storedMessage,
  translate,
} from './messages';

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

describe('a message kept in a text field', () => {
  const catalogue = {
    'zh-CN': { done: '第 {stage} 阶段{status}', 'status.E': '出错' },
    en: { done: 'Stage {stage} {status}', 'status.E': 'ended in error' },
  };

  it('is read in each reader’s language, a parameter that is a message too', () => {
    const kept = storedMessage('done', { stage: 2, status: { key: 'status.E' } });
    expect(renderStoredText(catalogue, 'zh-CN', kept)).toBe('第 2 阶段出错');
    expect(renderStoredText(catalogue, 'en', kept)).toBe('Stage 2 ended in error');
  });

  it('leaves other text as it is, JSON a program wrote included', () => {
    for (const text of ['盘点完成', '{"key":"done"}', '{"$message": 5}', '{"$message":"done"', ''])
      expect(renderStoredText(catalogue, 'en', text)).toBe(text);
  });
});
