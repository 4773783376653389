import { describe, expect, it } from 'vitest';
import { lookupType } from '@srm/kernel';
import { ScreenRegistry, entityScreens, routeName } from './registry';

const load = async () => lookupType;

describe('the screen registry', () => {
  it('names routes as the spec says: the path lower-cased with slashes and query removed', () => {
    expect(routeName('srmBaseDistrictList')).toBe('srmbasedistrictlist');
    expect(routeName('position/positiondetail?id=3')).toBe('positionpositiondetail');
  });

  it('gives an entity its list and edit screens from one line, the edit screen out of the menu', () => {
    const registry = new ScreenRegistry(
      entityScreens('system', 'baseLookupType', load, { list: 'lookuptype', edit: 'lookupTypeEdit' }),
    );
    expect(registry.find('/LookupType')?.kind).toBe('list');
    expect(registry.find('lookupTypeEdit?lookupTypeId=3')?.kind).toBe('edit');
    expect(registry.find('lookuptype')?.editPath).toBe('lookupTypeEdit');
    expect(registry.menuEntries().map((entry) => entry.path)).toEqual(['lookuptype']);
  });

  it('refuses two screens with the same route name', () => {
    expect(
      () => new ScreenRegistry([...entityScreens('a', 'x', load), ...entityScreens('b', 'X', load)]),
    ).toThrow(/share the route name/);
  });

  it('loads the definition of an entity that has screens', async () => {
    const registry = new ScreenRegistry(entityScreens('system', 'baseLookupType', load));
    expect(await registry.loadEntity('baseLookupType')).toBe(lookupType);
    expect(await registry.loadEntity('unknown')).toBeUndefined();
  });
});
