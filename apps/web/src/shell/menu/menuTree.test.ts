import { describe, expect, it } from 'vitest';
import { type MenuItem, buildMenuTree, filterMenuTree } from './menuTree';

const item = (
  menuId: string,
  menuParentId: string | 0,
  name: string,
  enabledFlag: 'Y' | 'N' = 'Y',
): MenuItem => ({
  menuId,
  menuParentId,
  name,
  menuType: menuParentId === 0 ? 'directory' : 'page',
  menuCode: menuId,
  levelId: menuParentId === 0 ? 1 : 2,
  enabledFlag,
});

describe('the menu tree', () => {
  const items = [
    item('base', 0, '基础数据'),
    item('district', 'base', '行政区划'),
    item('unit', 'base', '计量单位', 'N'),
    item('orphan', 'missing', '孤儿'),
    item('system', 0, '系统管理'),
    item('lookup', 'system', '快码类型'),
  ];

  it('puts roots at menuParentId 0 and keeps only enabled children of a matching parent', () => {
    const tree = buildMenuTree(items);
    expect(tree.map((node) => node.name)).toEqual(['基础数据', '系统管理']);
    expect(tree[0]!.children.map((node) => node.name)).toEqual(['行政区划']);
  });

  it('keeps the branches whose titles contain the search text', () => {
    const tree = filterMenuTree(buildMenuTree(items), '区划', (node) => node.name);
    expect(tree.map((node) => node.name)).toEqual(['基础数据']);
    expect(tree[0]!.children.map((node) => node.name)).toEqual(['行政区划']);
  });
});
