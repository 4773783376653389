import { describe, expect, it } from 'vitest';
import { kernelMessages, mergeCatalogues, missingKeys } from '@srm/kernel';
import { platformUiMessages } from './messages';

describe('the toolkit’s texts', () => {
  it('exist in both languages', () => {
    expect(missingKeys(platformUiMessages)).toEqual([]);
  });

  it('do not redefine the kernel’s keys', () => {
    const kernelKeys = Object.keys(mergeCatalogues(kernelMessages)['zh-CN']);
    expect(Object.keys(platformUiMessages['zh-CN']).filter((key) => kernelKeys.includes(key))).toEqual([]);
  });
});
