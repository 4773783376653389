import { describe, expect, it } from 'vitest';
import { toggleChecked, treeLinks } from '../tree/tree';
import { filterPermissionTree, permissionTree } from './permissionTree';

const menus = [
  { menuId: 1, menuCode: 'BASE', menuName: '基础数据', menuNameEn: 'Base data', menuType: 'DIR', seqNum: 10 },
  {
    menuId: 2,
    menuCode: 'CUR',
    menuName: '币种',
    menuNameEn: 'Currencies',
    menuType: 'MENU',
    menuParentId: 1,
    seqNum: 10,
  },
  {
    menuId: 3,
    menuCode: 'EXT',
    menuName: '我的企业',
    menuType: 'MENU',
    side: 'EXTERNAL',
    seqNum: 10,
  },
];
const resources = [
  { resourceId: 7, resourceCode: 'srmBaseCurrency.save', resourceName: '保存', menuId: 2, seqNum: 20 },
  { resourceId: 6, resourceCode: 'srmBaseCurrency.view', resourceName: '查看', menuId: 2, seqNum: 10 },
];
const tree = permissionTree(menus, resources, 'zh-CN', (side) => side);

describe('the permission tree of a role', () => {
  it('groups menus by side, directories over menus, buttons under their menu', () => {
    expect(tree.map((node) => node.key)).toEqual(['side:INTERNAL', 'side:EXTERNAL']);
    const currencies = tree[0]!.children[0]!.children[0]!;
    expect(currencies.item.title).toBe('币种');
    expect(currencies.children.map((node) => node.item.code)).toEqual([
      'srmBaseCurrency.view',
      'srmBaseCurrency.save',
    ]);
  });

  it('checks a button’s menu and directory with it', () => {
    const checked = toggleChecked(treeLinks(tree), new Set(), 'r:7', true);
    expect([...checked].sort()).toEqual(['m:1', 'm:2', 'r:7', 'side:INTERNAL']);
  });

  it('finds menus and buttons by name or code', () => {
    const found = filterPermissionTree(tree, 'currency.save');
    expect(found[0]!.children[0]!.children[0]!.children.map((node) => node.key)).toEqual(['r:7']);
  });
});
