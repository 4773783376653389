// Where the menu comes from. Until sign-in and the menu tables land, it is built from the
// registered list screens grouped by business area; the server's menu of the current
// responsibility replaces this one function.
import type { ScreenRegistry } from '@srm/platform-ui';
import type { MenuItem } from './menuTree';

/** Order of the business areas in the menu (DESIGN.md §4), the platform's own last. */
const AREA_ORDER = [
  'base-data',
  'supplier',
  'purchasing',
  'sourcing',
  'contract',
  'quality',
  'performance',
  'settlement',
  'mould',
  'notice',
  'report',
  'system',
];

const AREA_ICONS: Record<string, string> = { 'base-data': 'database', system: 'setting' };

export async function loadMenu(registry: ScreenRegistry): Promise<MenuItem[]> {
  const entries = registry.menuEntries();
  const areas = [...new Set(entries.map((entry) => entry.area))].sort(
    (a, b) => (AREA_ORDER.indexOf(a) + 1 || 99) - (AREA_ORDER.indexOf(b) + 1 || 99),
  );
  const items: MenuItem[] = [];
  for (const area of areas) {
    const menuId = `area:${area}`;
    items.push({
      menuId,
      menuParentId: 0,
      name: `menu.area.${area}`,
      menuType: 'directory',
      menuCode: area,
      imageLink: AREA_ICONS[area] ?? 'appstore',
      levelId: 1,
      enabledFlag: 'Y',
    });
    for (const entry of entries.filter((item) => item.area === area)) {
      items.push({
        menuId: `screen:${entry.path}`,
        menuParentId: menuId,
        name: entry.title,
        menuType: 'page',
        menuCode: entry.path,
        url: entry.path,
        levelId: 2,
        enabledFlag: 'Y',
      });
    }
  }
  return items;
}
