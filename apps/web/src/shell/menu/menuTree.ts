// The spec's menu tree: a flat menu list becomes a tree with name, menuId, menuType, menuCode,
// url (from htmlUrl), imageLink, menuParentId and levelId. A root has menuParentId 0; a child is
// included only when its parent matches and enabled is Y.
export interface MenuItem {
  readonly menuId: number;
  readonly menuParentId: number;
  readonly name: string;
  readonly menuType: 'DIR' | 'MENU';
  readonly menuCode: string;
  /** Route path under /main (the spec's htmlUrl). */
  readonly url?: string;
  readonly imageLink?: string;
  readonly levelId: number;
  readonly enabled: 'Y' | 'N';
}

export interface MenuNode extends MenuItem {
  readonly children: MenuNode[];
}

export function buildMenuTree(items: readonly MenuItem[]): MenuNode[] {
  const childrenOf = (parent: number, seen: ReadonlySet<number>): MenuNode[] =>
    items
      .filter((item) => item.menuParentId === parent && item.enabled === 'Y' && !seen.has(item.menuId))
      .map((item) => ({ ...item, children: childrenOf(item.menuId, new Set([...seen, item.menuId])) }));
  return childrenOf(0, new Set());
}

/** The tree with only nodes whose title (or a descendant's) contains the search text. */
export function filterMenuTree(
  nodes: readonly MenuNode[],
  search: string,
  title: (node: MenuNode) => string,
): MenuNode[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...nodes];
  const result: MenuNode[] = [];
  for (const node of nodes) {
    if (title(node).toLowerCase().includes(needle)) {
      result.push(node);
      continue;
    }
    const children = filterMenuTree(node.children, search, title);
    if (children.length) result.push({ ...node, children });
  }
  return result;
}

/** Every menu of the tree that opens a screen. */
export function screenMenus(nodes: readonly MenuNode[]): MenuNode[] {
  return nodes.flatMap((node) => [...(node.url ? [node] : []), ...screenMenus(node.children)]);
}
