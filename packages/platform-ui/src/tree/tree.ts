// The spec's tree helpers: a flat list becomes a tree by key and parent key, and checking
// follows the tree — checking any child checks its ancestors, checking a parent checks all its
// children, unchecking a parent unchecks them.

export interface TreeNode<T> {
  readonly key: string;
  readonly item: T;
  readonly children: TreeNode<T>[];
}

export interface TreeConfig<T> {
  key(item: T): string;
  /** The parent's key; null, undefined or an unknown key makes a root. */
  parentKey(item: T): string | null | undefined;
  /** Orders siblings (their order in the list by default). */
  order?(a: T, b: T): number;
}

/** The message key of bad tree arguments (解析树结构数据失败). */
export const BAD_TREE = 'ui.tree.bad';

export class TreeError extends Error {
  readonly messageKey = BAD_TREE;
  constructor() {
    super(BAD_TREE);
    this.name = 'TreeError';
  }
}

export function buildTree<T>(items: readonly T[], config: TreeConfig<T>): TreeNode<T>[] {
  if (!Array.isArray(items) || typeof config?.key !== 'function' || typeof config.parentKey !== 'function')
    throw new TreeError();
  const nodes = new Map<string, TreeNode<T>>();
  for (const item of items) nodes.set(config.key(item), { key: config.key(item), item, children: [] });
  const roots: TreeNode<T>[] = [];
  for (const node of nodes.values()) {
    const parent = config.parentKey(node.item);
    const holder = parent != null && parent !== node.key ? nodes.get(parent) : undefined;
    (holder ? holder.children : roots).push(node);
  }
  if (config.order) {
    const sort = (list: TreeNode<T>[]) => {
      list.sort((a, b) => config.order!(a.item, b.item));
      list.forEach((node) => sort(node.children));
    };
    sort(roots);
  }
  return roots;
}

export interface TreeLinks {
  readonly parentOf: ReadonlyMap<string, string>;
  readonly childrenOf: ReadonlyMap<string, readonly string[]>;
}

/** Parent and children of every key of a tree. */
export function treeLinks<T>(roots: readonly TreeNode<T>[]): TreeLinks {
  const parentOf = new Map<string, string>();
  const childrenOf = new Map<string, string[]>();
  const walk = (node: TreeNode<T>) => {
    childrenOf.set(
      node.key,
      node.children.map((child) => child.key),
    );
    for (const child of node.children) {
      parentOf.set(child.key, node.key);
      walk(child);
    }
  };
  roots.forEach(walk);
  return { parentOf, childrenOf };
}

function descendants(links: TreeLinks, key: string): string[] {
  const out: string[] = [];
  const stack = [...(links.childrenOf.get(key) ?? [])];
  while (stack.length) {
    const next = stack.pop()!;
    out.push(next);
    stack.push(...(links.childrenOf.get(next) ?? []));
  }
  return out;
}

/** The checked keys after checking (or unchecking) one node. */
export function toggleChecked(
  links: TreeLinks,
  checked: ReadonlySet<string>,
  key: string,
  on: boolean,
): Set<string> {
  const next = new Set(checked);
  if (on) {
    next.add(key);
    for (const child of descendants(links, key)) next.add(child);
    for (let parent = links.parentOf.get(key); parent; parent = links.parentOf.get(parent)) next.add(parent);
  } else {
    next.delete(key);
    for (const child of descendants(links, key)) next.delete(child);
  }
  return next;
}
