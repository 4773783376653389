// The demo administration's menus: the administrator's menu holds the business screens and no
// developer page, on a new database and on one an earlier demo seed wrote them into.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, seedsNamed, startTestServer, type TestServer } from '@srm/platform/testing';
import { serverAreas } from '../areas.server';
import { RETIRED_MENUS, adminSeeds } from './admin.seed';

type Row = Record<string, unknown>;
interface Menu extends Row {
  menuId: number;
  menuCode: string;
  htmlUrl: string | null;
  resources: { resourceId: number }[];
}
interface Role extends Row {
  roleId: number;
  versionNum: number;
  menus: { roleMenuId: number; menuId: number }[];
  resources: { roleResourceId: number; resourceId: number }[];
}

/** The routes of the toolkit's developer pages (the galleries). */
const DEVELOPER_ROUTES = ['toolkitGallery', 'toolkit/grid'];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    areas: serverAreas,
    seeds: seedsNamed(adminSeeds, 'menus', 'retired-menus', 'roles'),
  });
});
afterAll(async () => server?.close());

async function ok<T>(entity: string, action: string, body: unknown): Promise<T> {
  const answer = await server.post<T>(api(entity, action), body);
  expect(answer.body.status, answer.body.msg).toBe('S');
  return answer.body.data;
}

const menus = () => ok<Menu[]>('baseMenu', 'listByPage', { pageRows: 500 });
const menu = async (menuCode: string) => (await menus()).find((row) => row.menuCode === menuCode)!;
const developerPages = (rows: readonly Menu[]) =>
  rows.filter(
    (row) =>
      DEVELOPER_ROUTES.includes(row.htmlUrl ?? '') ||
      (RETIRED_MENUS as readonly string[]).includes(row.menuCode),
  );
async function administrator(): Promise<Role> {
  const { roleId } = await server.first<Role>('baseRole', { roleCode: 'SYS_ADMIN' });
  return ok<Role>('baseRole', 'findById', { roleId });
}

describe('the demo menus', () => {
  it('give the administrator the business screens and no developer page', async () => {
    const rows = await menus();
    expect(rows.map((row) => row.htmlUrl)).toEqual(expect.arrayContaining(['user', 'purOrderList']));
    expect(developerPages(rows)).toEqual([]);
    const granted = new Set((await administrator()).menus.map((line) => line.menuId));
    expect(rows.filter((row) => row.htmlUrl === 'user' && granted.has(row.menuId))).toHaveLength(1);
  });

  it('name the buttons of an area by its own labels: its actions and its endpoints', async () => {
    const invoices = await ok<Row>('baseMenu', 'findById', {
      menuId: (await menu('EXT_STL_INVOICE')).menuId,
    });
    const names = Object.fromEntries(
      (invoices.resources as Row[]).map((row) => [row.resourceCode, [row.resourceName, row.resourceNameEn]]),
    );
    expect(names['srmStlInvoiceHeader.createFromOrders']).toEqual(['按订单开票', 'Invoice by order']);
    expect(names['srmStlInvoiceHeader.doSubmit']).toEqual(['提交', 'Submit']);
  });

  it('lose the developer pages an earlier demo seed placed, with their grants, and keep the rest', async () => {
    const before = await menus();
    const roleBefore = await administrator();
    // As the demo seed once wrote them: 组件示例 under 系统管理, 开发工具 → 表格组件示例, all granted
    // to the administrator (a button as well).
    const system = await menu('SYSTEM');
    const entry = { menuType: 'MENU', levelId: 2, side: 'INTERNAL', enabled: 'Y' };
    const gallery = await ok<Menu>('baseMenu', 'saveOrUpdate', {
      ...entry,
      menuCode: 'SYS_TOOLKIT',
      menuName: '组件示例',
      menuNameEn: 'Toolkit gallery',
      htmlUrl: 'toolkitGallery',
      menuParentId: system.menuId,
      seqNum: 150,
      resources: [{ resourceCode: 'toolkitGallery.view', resourceName: '查看', resourceNameEn: 'View' }],
    });
    const tools = await ok<Menu>('baseMenu', 'saveOrUpdate', {
      ...entry,
      menuType: 'DIR',
      levelId: 1,
      menuCode: 'DEV_TOOLKIT',
      menuName: '开发工具',
      menuNameEn: 'Developer tools',
      seqNum: 90,
    });
    const grid = await ok<Menu>('baseMenu', 'saveOrUpdate', {
      ...entry,
      menuCode: 'DEV_TOOLKIT_GRID',
      menuName: '表格组件示例',
      menuNameEn: 'Grid gallery',
      htmlUrl: 'toolkit/grid',
      menuParentId: tools.menuId,
      seqNum: 10,
    });
    await ok('baseRole', 'saveOrUpdate', {
      roleId: roleBefore.roleId,
      versionNum: roleBefore.versionNum,
      menus: [
        ...roleBefore.menus.map(({ roleMenuId }) => ({ roleMenuId })),
        ...[gallery, tools, grid].map(({ menuId }) => ({ menuId })),
      ],
      resources: [
        ...roleBefore.resources.map(({ roleResourceId }) => ({ roleResourceId })),
        { resourceId: gallery.resources[0]!.resourceId },
      ],
    });
    expect(developerPages(await menus())).toHaveLength(3);

    // What a start of the new version runs on that database: the seeds it has not run yet.
    const report = await server.seed(seedsNamed(adminSeeds, 'retired-menus'));
    expect(report.ran).toEqual(['admin.retired-menus']);
    const after = await menus();
    expect(developerPages(after)).toEqual([]);
    expect(after.map((row) => row.menuCode).sort()).toEqual(before.map((row) => row.menuCode).sort());
    const role = await administrator();
    expect(role.menus.map((line) => line.menuId).sort()).toEqual(
      roleBefore.menus.map((line) => line.menuId).sort(),
    );
    expect(role.resources.map((line) => line.resourceId).sort()).toEqual(
      roleBefore.resources.map((line) => line.resourceId).sort(),
    );
  });
});
