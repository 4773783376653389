/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { kernelMessages, mergeCatalogues, missingKeys } from '@srm/kernel';
import { platformUiMessages } from './messages';

const sources = import.meta.glob(['./**/*.ts', './**/*.tsx', '!./**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

describe('the toolkit’s texts', () => {
  it('exist in both languages', () => {
    expect(missingKeys(platformUiMessages)).toEqual([]);
  });

  it('do not redefine the kernel’s keys', () => {
    const kernelKeys = Object.keys(mergeCatalogues(kernelMessages)['zh-CN']);
    expect(Object.keys(platformUiMessages['zh-CN']).filter((key) => kernelKeys.includes(key))).toEqual([]);
  });

  it('cover every ui. key the toolkit names, prefixes of built keys included', () => {
    const zh = platformUiMessages['zh-CN'];
    const named = Object.values(sources).flatMap((text) => [
      ...text.matchAll(/['"`](ui\.[A-Za-z0-9_.]*)(['"`]|\$\{)/g),
    ]);
    expect(named.length).toBeGreaterThan(50);
    const missing = named.filter(([, key, end]) =>
      end === '${' ? !Object.keys(zh).some((known) => known.startsWith(key!)) : !(key! in zh),
    );
    expect(missing.map(([, key]) => key)).toEqual([]);
  });
});
