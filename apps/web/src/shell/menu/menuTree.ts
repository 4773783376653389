// The spec's menu tree: a flat menu list becomes a tree; a root has menuParentId 0 and a child
// is included only when its parent matches and it is enabled.
export interface MenuItem {
  readonly menuId: string;
  readonly menuParentId: string | 0;
  /** Text, or a label key of the catalogues. */
  readonly name: string;
  readonly menuType: 'directory' | 'page';
  readonly menuCode: string;
  /** Route path under /main (the spec's htmlUrl). */
  readonly url?: string;
  readonly imageLink?: string;
  readonly levelId: number;
  readonly enabledFlag: 'Y' | 'N';
}

export interface MenuNode extends MenuItem {
  readonly children: MenuNode[];
}

export function buildMenuTree(items: readonly MenuItem[]): MenuNode[] {
  const childrenOf = (parent: string | 0): MenuNode[] =>
    items
      .filter((item) => item.menuParentId === parent && item.enabledFlag === 'Y')
      .map((item) => ({ ...item, children: childrenOf(item.menuId) }));
  return childrenOf(0);
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
