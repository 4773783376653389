import { describe, expect, it } from 'vitest';
import { scopedParams, toSearch } from './useWorkspace';

describe('the scope of a page’s buttons', () => {
  it('travels from a tab to the screens it opens, unless they name their own', () => {
    expect(toSearch(scopedParams('?menuId=13&respId=1&districtId=4', { districtId: 9 }))).toBe(
      '?districtId=9&menuId=13&respId=1',
    );
    expect(toSearch(scopedParams('?menuId=13&respId=1', { menuId: 20 }))).toBe('?menuId=20&respId=1');
    expect(toSearch(scopedParams('', { lookupTypeId: 3 }))).toBe('?lookupTypeId=3');
  });
});
