import { describe, expect, it } from 'vitest';
import { buildMenuTree } from './menuTree';
import { menuItemsOf } from './menuSource';

describe('the menu of /auth/current', () => {
  it('becomes the tree: directories over menus, urls from htmlUrl', () => {
    const items = menuItemsOf([
      {
        menuId: 4,
        menuParentId: 0,
        menuName: '基础数据',
        menuType: 'DIR',
        menuCode: 'BASE_DATA',
        htmlUrl: null,
        imageLink: 'database',
        levelId: 1,
        enabled: 'Y',
      },
      {
        menuId: 13,
        menuParentId: 4,
        menuName: '行政区划',
        menuType: 'MENU',
        menuCode: 'BASE_DISTRICT',
        htmlUrl: 'srmBaseDistrictList',
        imageLink: null,
        levelId: 2,
        enabled: 'Y',
      },
    ]);
    const [root] = buildMenuTree(items);
    expect(root).toMatchObject({ name: '基础数据', menuType: 'DIR', imageLink: 'database' });
    expect(root!.children[0]).toMatchObject({ menuId: 13, url: 'srmBaseDistrictList', levelId: 2 });
  });
});
