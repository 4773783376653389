import { describe, expect, it } from 'vitest';
import { type MenuItem, buildMenuTree, filterMenuTree, screenMenus } from './menuTree';

const item = (menuId: number, menuParentId: number, name: string, enabled: 'Y' | 'N' = 'Y'): MenuItem => ({
  menuId,
  menuParentId,
  name,
  menuType: menuParentId === 0 ? 'DIR' : 'MENU',
  menuCode: `M${menuId}`,
  url: menuParentId === 0 ? undefined : `screen${menuId}`,
  levelId: menuParentId === 0 ? 1 : 2,
  enabled,
});

describe('the menu tree', () => {
  const items = [
    item(1, 0, '基础数据'),
    item(11, 1, '行政区划'),
    item(12, 1, '计量单位', 'N'),
    item(13, 99, '孤儿'),
    item(2, 0, '系统管理'),
    item(21, 2, '快码类型'),
  ];

  it('puts roots at menuParentId 0 and keeps only enabled children of a matching parent', () => {
    const tree = buildMenuTree(items);
    expect(tree.map((node) => node.name)).toEqual(['基础数据', '系统管理']);
    expect(tree[0]!.children.map((node) => node.name)).toEqual(['行政区划']);
    expect(screenMenus(tree).map((node) => node.url)).toEqual(['screen11', 'screen21']);
  });

  it('keeps the branches whose titles contain the search text', () => {
    const tree = filterMenuTree(buildMenuTree(items), '区划', (node) => node.name);
    expect(tree.map((node) => node.name)).toEqual(['基础数据']);
    expect(tree[0]!.children.map((node) => node.name)).toEqual(['行政区划']);
  });
});
