import { describe, expect, it } from 'vitest';
import { BAD_TREE, buildTree, toggleChecked, treeLinks } from './tree';

const rows = [
  { id: 'b', parent: null, seq: 2 },
  { id: 'a', parent: null, seq: 1 },
  { id: 'a1', parent: 'a', seq: 1 },
  { id: 'a1x', parent: 'a1', seq: 1 },
  { id: 'a2', parent: 'a', seq: 2 },
];
const tree = buildTree(rows, {
  key: (row) => row.id,
  parentKey: (row) => row.parent,
  order: (x, y) => x.seq - y.seq,
});
const links = treeLinks(tree);

describe('the tree helpers', () => {
  it('build a tree by key and parent key, in order', () => {
    expect(tree.map((node) => node.key)).toEqual(['a', 'b']);
    expect(tree[0]!.children.map((node) => node.key)).toEqual(['a1', 'a2']);
  });

  it('refuse bad arguments with the spec’s message key', () => {
    expect(() => buildTree(null as never, { key: () => '', parentKey: () => null })).toThrow(BAD_TREE);
  });

  it('check a child’s ancestors, and a parent’s children', () => {
    expect([...toggleChecked(links, new Set(), 'a1x', true)].sort()).toEqual(['a', 'a1', 'a1x']);
    expect([...toggleChecked(links, new Set(), 'a', true)].sort()).toEqual(['a', 'a1', 'a1x', 'a2']);
    expect([...toggleChecked(links, new Set(['a', 'a1', 'a1x', 'a2']), 'a1', false)].sort()).toEqual([
      'a',
      'a2',
    ]);
  });
});
