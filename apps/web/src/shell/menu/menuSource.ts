// Where the menu comes from: the menus of the current responsibility in /auth/current, named in
// the current language by the server. The one place the workspace learns its menu.
import { useMemo } from 'react';
import type { CurrentMenu } from '../../auth/useCurrent';
import { useCurrent } from '../../auth/useCurrent';
import { type MenuItem, type MenuNode, buildMenuTree } from './menuTree';

export function menuItemsOf(menus: readonly CurrentMenu[]): MenuItem[] {
  return menus.map((menu) => ({
    menuId: menu.menuId,
    menuParentId: menu.menuParentId ?? 0,
    name: menu.menuName,
    menuType: menu.menuType === 'DIR' ? 'DIR' : 'MENU',
    menuCode: menu.menuCode,
    url: menu.htmlUrl ?? undefined,
    imageLink: menu.imageLink ?? undefined,
    levelId: menu.levelId ?? 1,
    enabled: menu.enabled === 'Y' ? 'Y' : 'N',
  }));
}

export interface Menu {
  readonly tree: MenuNode[];
  readonly items: MenuItem[];
  /** The current responsibility (the respId of the routes the menu opens). */
  readonly respId: number | null;
  readonly loading: boolean;
}

export function useMenu(): Menu {
  const current = useCurrent();
  const menus = current.data?.menus;
  return useMemo(() => {
    const items = menuItemsOf(menus ?? []);
    return {
      tree: buildMenuTree(items),
      items,
      respId: current.data?.responsibilityId ?? null,
      loading: current.isLoading,
    };
  }, [menus, current.data?.responsibilityId, current.isLoading]);
}
