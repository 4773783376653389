// Where a document of an entity opens: the edit screen registered for it, under the menu of its
// list when the user has one (so the page's buttons are scoped by that menu).
import { routeName } from '@srm/platform-ui';
import type { MenuItem } from '../../shell/menu/menuTree';
import { screenRegistry } from '../../shell/workspace/screens';

export interface RecordTarget {
  path: string;
  params: Record<string, string | number>;
}

export function recordTarget(
  entity: string,
  key: string,
  recordId: number,
  menus: readonly MenuItem[],
): RecordTarget | null {
  const lists = screenRegistry.entries.filter(
    (entry) => entry.kind === 'list' && entry.entityName === entity,
  );
  const menuOf = (path: string) => menus.find((menu) => menu.url && routeName(menu.url) === routeName(path));
  const list = lists.find((entry) => menuOf(entry.path)) ?? lists[0];
  const editPath =
    list?.editPath ??
    screenRegistry.entries.find((entry) => entry.kind === 'edit' && entry.entityName === entity)?.path;
  if (!editPath) return null;
  const menu = list ? menuOf(list.path) : undefined;
  return {
    path: editPath,
    params: { [key]: recordId, ...(menu ? { menuId: menu.menuId } : {}) },
  };
}
