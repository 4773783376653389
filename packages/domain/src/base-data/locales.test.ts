// Every label of the area's entities exists in Chinese and in English.
import { describe, expect, it } from 'vitest';
import { kernelMessages, mergeCatalogues, missingKeys, missingLabels } from '@srm/kernel';
import { baseDataEntities, baseDataMessages } from './index';

describe('base data labels', () => {
  it('every field, collection, section and listed code has a label in both languages', () => {
    expect(missingLabels(baseDataEntities, mergeCatalogues(kernelMessages, baseDataMessages))).toEqual([]);
  });

  it('the two locale files hold the same keys', () => {
    expect(missingKeys(baseDataMessages)).toEqual([]);
  });
});
