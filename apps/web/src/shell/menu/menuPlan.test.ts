// The menus the server seeds and the screens the web registers agree: every menu entry of the
// menu plan opens a registered screen.
import { describe, expect, it } from 'vitest';
import { menuEntries } from '@srm/kernel';
import { areas } from '@srm/domain';
import { ScreenRegistry } from '@srm/platform-ui';
import { domainScreens } from '@srm/domain/screens';

describe('the menu plan', () => {
  it('names only routes the web knows', () => {
    const registry = new ScreenRegistry(domainScreens);
    const missing = menuEntries(areas).filter((entry) => !registry.find(entry.path));
    expect(missing.map((entry) => entry.path)).toEqual([]);
  });

  it('shows each entity menu with the entity the screen shows', () => {
    const registry = new ScreenRegistry(domainScreens);
    for (const entry of menuEntries(areas)) {
      expect(registry.find(entry.path)?.entityName, entry.path).toBe(entry.entity);
    }
  });
});
