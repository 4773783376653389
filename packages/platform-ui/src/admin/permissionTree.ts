// The permission tree of a role: menus by side, directory and menu, each menu's buttons
// (resources) under it. Keys: `side:<SIDE>`, `m:<menuId>`, `r:<resourceId>`.
import type { Locale } from '@srm/kernel';
import { type TreeNode, buildTree } from '../tree/tree';

export interface MenuRow {
  menuId: number;
  menuCode: string;
  menuName: string;
  menuNameEn?: string | null;
  menuType: string;
  menuParentId?: number | null;
  seqNum?: number | null;
  side?: string | null;
  enabled?: string | null;
}

export interface ResourceRow {
  resourceId: number;
  resourceCode: string;
  resourceName: string;
  resourceNameEn?: string | null;
  menuId: number;
  seqNum?: number | null;
  enabledFlag?: string | null;
}

export interface PermissionItem {
  key: string;
  parent: string | null;
  kind: 'side' | 'dir' | 'menu' | 'resource';
  title: string;
  code: string;
  seq: number;
}

export const menuKey = (id: number) => `m:${id}`;
export const resourceKey = (id: number) => `r:${id}`;

/** The id of a menu or resource key, or null for another kind. */
export function idOf(key: string, kind: 'm' | 'r'): number | null {
  const [prefix, id] = key.split(':');
  return prefix === kind && id && /^\d+$/.test(id) ? Number(id) : null;
}

export function permissionTree(
  menus: readonly MenuRow[],
  resources: readonly ResourceRow[],
  locale: Locale,
  sideTitle: (side: string) => string,
): TreeNode<PermissionItem>[] {
  const en = locale === 'en';
  // The buyer's menus first, then the supplier portal's.
  const sides = [...new Set(menus.map((menu) => menu.side ?? 'INTERNAL'))].sort((a, b) =>
    a === b ? 0 : a === 'INTERNAL' ? -1 : b === 'INTERNAL' ? 1 : a.localeCompare(b),
  );
  const items: PermissionItem[] = sides.map((side, index) => ({
    key: `side:${side}`,
    parent: null,
    kind: 'side',
    title: sideTitle(side),
    code: side,
    seq: index,
  }));
  const known = new Set(menus.map((menu) => menu.menuId));
  for (const menu of menus) {
    const parent =
      menu.menuParentId && known.has(menu.menuParentId)
        ? menuKey(menu.menuParentId)
        : `side:${menu.side ?? 'INTERNAL'}`;
    items.push({
      key: menuKey(menu.menuId),
      parent,
      kind: menu.menuType === 'DIR' ? 'dir' : 'menu',
      title: (en && menu.menuNameEn) || menu.menuName,
      code: menu.menuCode,
      seq: menu.seqNum ?? 0,
    });
  }
  for (const resource of resources) {
    if (!known.has(resource.menuId)) continue;
    items.push({
      key: resourceKey(resource.resourceId),
      parent: menuKey(resource.menuId),
      kind: 'resource',
      title: (en && resource.resourceNameEn) || resource.resourceName,
      code: resource.resourceCode,
      seq: resource.seqNum ?? 0,
    });
  }
  return buildTree(items, {
    key: (item) => item.key,
    parentKey: (item) => item.parent,
    order: (a, b) => a.seq - b.seq,
  });
}

/** The tree with only the branches whose title or code contains the text (a match keeps its children). */
export function filterPermissionTree(
  nodes: readonly TreeNode<PermissionItem>[],
  text: string,
): TreeNode<PermissionItem>[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...nodes];
  const out: TreeNode<PermissionItem>[] = [];
  for (const node of nodes) {
    const { title, code } = node.item;
    if (title.toLowerCase().includes(needle) || code.toLowerCase().includes(needle)) {
      out.push(node);
      continue;
    }
    const children = filterPermissionTree(node.children, text);
    if (children.length) out.push({ ...node, children });
  }
  return out;
}
