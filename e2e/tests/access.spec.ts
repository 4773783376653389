// The acceptance journey of identity and access, through the UI only: the administrator creates
// a role with two menus and some of their buttons, a responsibility with that role and a user
// with that responsibility, and sets the user's password; the user signs in (changing the
// password first), sees exactly those menus and buttons, and the server refuses a withheld
// button even when called directly. Then the homes of both sides, in both languages.
import { type Page, expect } from '@playwright/test';
import {
  activePane,
  pickRemote,
  expectToast,
  formField,
  keepScreenshot,
  openFromMenu,
  pageApi,
  signIn,
  signOut,
  toastsGone,
  watchConsole,
  linesCard,
  test,
} from './helpers';

// Charts drawn without animation: the screenshots show them complete.
test.use({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });

const CJK = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/;
const USER = { userName: 'e2e_clerk', fullName: 'E2E 测试员', first: 'E2e-Start1!', own: 'E2e-Own-Pass2' };

/** The checkbox of a node of the permission tree, by its menu or button code. */
function treeCheckbox(page: Page, code: string) {
  return activePane(page)
    .locator('.ant-tree-treenode', { has: page.locator(`[data-code="${code}"]`) })
    .locator('.ant-tree-checkbox');
}

/** The menu entries of the left menu, directories included. */
async function menuTitles(page: Page): Promise<string[]> {
  return page.locator('.ant-layout-sider .ant-menu-title-content').allInnerTexts();
}

/** Text of the shell with the user's own name (data, not a label) taken out. */
async function shellText(page: Page, ...data: string[]): Promise<string> {
  const parts = await Promise.all(
    ['.ant-layout-sider', '.ant-tabs-nav', 'header', 'main > [role="tabpanel"]:visible'].map((selector) =>
      page.locator(selector).first().innerText(),
    ),
  );
  return data.reduce((text, value) => text.split(value).join(''), parts.join('\n'));
}

test('an administrator grants two menus and some buttons; the user gets exactly those', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchConsole(page);
  const pane = activePane(page);

  await test.step('the administrator signs in and sees the internal home, in both languages', async () => {
    await signIn(page, 'admin');
    await expect(page.getByTestId('greeting')).toContainText('系统管理员');
    await expect(page.getByTestId('current-responsibility')).toHaveText('系统管理员');
    // The administrator holds every grant: every internal work card; the supplier statistics
    // load once their section is opened.
    await expect(page.getByTestId('work-cards')).toContainText('待发布订单');
    await pane.getByRole('button', { name: '供应商统计' }).click();
    for (const section of ['我的待办', '最近处理', '供应商状态分布', '物料类型分布'])
      await expect(pane.getByText(section, { exact: true })).toBeVisible();
    await expect(page.getByTestId('pending-work')).toContainText('我的待办');
    await expect(page.getByTestId('key-figures')).toContainText('供应商总数');
    // The administrator's menu holds the business screens, not the developers' galleries.
    const menu = page.locator('.ant-layout-sider');
    await expect(menu.getByRole('menuitem', { name: '用户管理', exact: true })).toBeVisible();
    for (const developerPage of ['组件示例', '开发工具', '表格组件示例'])
      await expect(menu.getByText(developerPage, { exact: true })).toHaveCount(0);
    await toastsGone(page);
    await keepScreenshot(page, 'inhome-zh');

    await page.getByRole('button', { name: '切换语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(pane.getByText('My to-dos', { exact: true })).toBeVisible();
    await expect(pane.getByText('Recent work', { exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Home' })).toBeVisible();
    await expect(page.locator('.ant-layout-sider').getByText('Base data')).toBeVisible();
    await expect(page.getByTestId('current-responsibility')).toHaveText('System administrator');
    await expect(page.getByTestId('work-cards')).toContainText('Orders to release');
    const statistics = pane.getByRole('button', { name: 'Supplier statistics' });
    if ((await statistics.getAttribute('aria-expanded')) !== 'true') await statistics.click();
    await expect(pane.getByText('Suppliers by status')).toBeVisible();
    const text = await shellText(page, '系统管理员');
    expect(text.split('\n').filter((line) => CJK.test(line) && line !== '中文')).toEqual([]);
    await keepScreenshot(page, 'inhome-en');
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: '中文' }).click();
    await expect(pane.getByText('我的待办', { exact: true })).toBeVisible();
  });

  await test.step('a role with the menus 币种 and 行政区划 and some of their buttons', async () => {
    await openFromMenu(page, '角色管理');
    await pane.getByRole('button', { name: /新\s?建/ }).click();
    await expect(page.getByRole('tab', { name: '新建角色' })).toBeVisible();
    await formField(pane, '角色编码').fill('E2E_CLERK');
    await formField(pane, '角色名称').fill('E2E 币种维护');
    await formField(pane, '英文名称').fill('E2E currency clerk');
    const search = pane.getByPlaceholder('搜索菜单名称或按钮编码');
    await search.fill('币种');
    await treeCheckbox(page, 'BASE_CURRENCY').click();
    for (const code of ['srmBaseCurrency.delete', 'srmBaseCurrency.export', 'srmBaseCurrency.import'])
      await treeCheckbox(page, code).click();
    await search.fill('行政区划');
    await treeCheckbox(page, 'srmBaseDistrict.view').click();
    await expect(pane.getByText('已选 3 个菜单、3 个按钮')).toBeVisible();
    await pane.getByRole('button', { name: /保\s?存/ }).click();
    await expectToast(page, '保存成功');
    await expect(page).toHaveURL(/systemsetting\/roleEdit\?.*roleId=\d+/);
    await expect(pane.getByText('已选 3 个菜单、3 个按钮')).toBeVisible();
  });

  await test.step('a responsibility with that role', async () => {
    await openFromMenu(page, '职责管理');
    await pane.getByRole('button', { name: /新\s?建/ }).click();
    await expect(page.getByRole('tab', { name: '新建职责' })).toBeVisible();
    await formField(pane, '职责编码').fill('E2E_CLERK');
    await formField(pane, '职责名称').fill('E2E 币种维护');
    await formField(pane, '英文名称').fill('E2E currency clerk');
    await linesCard(page, '角色').getByRole('button', { name: '新增行' }).click();
    await pickRemote(page, '_roles_0_roleId', 'E2E', 'E2E 币种维护');
    await toastsGone(page);
    await pane.getByRole('button', { name: /保\s?存/ }).click();
    await expectToast(page, '保存成功');
    await expect(page).toHaveURL(/systemsetting\/respSave\?.*responsibilityId=\d+/);
  });

  await test.step('a user with that responsibility (and 财务), and its password', async () => {
    await openFromMenu(page, '用户管理');
    await pane.getByRole('button', { name: /新\s?建/ }).click();
    await expect(page.getByRole('tab', { name: '新建用户' })).toBeVisible();
    await formField(pane, '用户名').fill(USER.userName);
    await formField(pane, '姓名').fill(USER.fullName);
    const responsibilities = linesCard(page, '职责');
    await responsibilities.getByRole('button', { name: '新增行' }).click();
    await pickRemote(page, '_responsibilities_0_responsibilityId', 'E2E', 'E2E 币种维护');
    await responsibilities.getByRole('button', { name: '新增行' }).click();
    await pickRemote(page, '_responsibilities_1_responsibilityId', '财务', '财务');
    await pane.getByRole('button', { name: /保\s?存/ }).click();
    await expectToast(page, '保存成功');
    await expect(page).toHaveURL(/userEdit\?.*userId=\d+/);

    await pane.getByRole('button', { name: '重置密码' }).click();
    const dialog = page.locator('.ant-modal-wrap:visible');
    await expect(dialog).toContainText(`重置密码 - ${USER.userName}`);
    await dialog.getByLabel('新密码', { exact: true }).fill('short');
    await dialog.getByLabel('确认新密码').fill('short');
    await dialog.getByRole('button', { name: /确\s?定/ }).click();
    await expect(dialog).toContainText('密码长度不能少于 8 位');
    await dialog.getByLabel('新密码', { exact: true }).fill(USER.first);
    await dialog.getByLabel('确认新密码').fill(USER.first);
    await dialog.getByRole('button', { name: /确\s?定/ }).click();
    await expectToast(page, `已重置用户 ${USER.userName} 的密码`);
    await signOut(page);
  });

  await test.step('the user signs in and must change the password first', async () => {
    await signIn(page, USER.userName, USER.first);
    const dialog = page.locator('.ant-modal-wrap:visible', { hasText: '请先修改初始密码' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('.ant-modal-close')).toHaveCount(0);
    await dialog.getByLabel('原密码').fill(USER.first);
    await dialog.getByLabel('新密码', { exact: true }).fill('abcdefgh1');
    await dialog.getByLabel('确认新密码').fill('abcdefgh1');
    await dialog.getByRole('button', { name: '确认修改' }).click();
    await expect(dialog).toContainText('密码必须同时包含大写字母、小写字母、数字和特殊字符，且不能包含空格');
    await dialog.getByLabel('新密码', { exact: true }).fill(USER.own);
    await dialog.getByLabel('确认新密码').fill(USER.own);
    await dialog.getByRole('button', { name: '确认修改' }).click();
    await expectToast(page, '密码修改成功');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('current-responsibility')).toHaveText('E2E 币种维护');
  });

  await test.step('exactly the two menus and their directory', async () => {
    expect(await menuTitles(page)).toEqual(['基础数据', '币种', '行政区划']);
  });

  await test.step('exactly the granted buttons', async () => {
    await openFromMenu(page, '币种');
    const currencyRow = pane.locator('.ant-table-row').first();
    await expect(currencyRow).toBeVisible();
    await expect(pane.getByRole('button', { name: /新\s?建/ })).toBeVisible();
    await expect(pane.getByRole('button', { name: /删\s?除/ })).toHaveCount(0);
    await expect(currencyRow.getByText('编辑', { exact: true })).toBeVisible();
    await openFromMenu(page, '行政区划');
    const districtRow = pane.locator('.ant-table-row').first();
    await expect(districtRow).toBeVisible();
    await expect(pane.getByRole('button', { name: /新\s?建/ })).toHaveCount(0);
    await expect(pane.getByRole('button', { name: /删\s?除/ })).toHaveCount(0);
    await expect(districtRow.getByText('查看', { exact: true })).toBeVisible();
    await expect(districtRow.getByText('编辑', { exact: true })).toHaveCount(0);
    await districtRow.getByText('查看', { exact: true }).click();
    await expect(page).toHaveURL(/srmBaseDistrictEdit\?.*menuId=\d+.*respId=\d+/);
    await expect(pane.getByRole('button', { name: /保\s?存/ })).toHaveCount(0);
    await expect(pane.getByRole('button', { name: /编\s?辑/ })).toHaveCount(0);
  });

  await test.step('a withheld button called directly is refused with the server’s message', async () => {
    const save = await pageApi(page, '/api/srm/v1/srmBaseDistrictRestful/saveOrUpdate', {
      districtCode: 'E2E-X',
      districtName: '越权',
    });
    expect(save.httpStatus).toBe(403);
    expect(save.body.msg).toBe('您没有该操作的权限（srmBaseDistrict.save）');
    const remove = await pageApi(page, '/api/srm/v1/srmBaseCurrencyRestful/doBatchDelete', { ids: [1] });
    expect(remove.httpStatus).toBe(403);
    expect(remove.body.msg).toBe('您没有该操作的权限（srmBaseCurrency.delete）');
    const users = await pageApi(page, '/api/base/v1/baseUserRestful/listByPage', {});
    expect(users.httpStatus).toBe(403);
  });

  await test.step('switching responsibility reloads the menu and closes the other tabs', async () => {
    await page.getByTestId('current-responsibility').click();
    await page.getByRole('menuitem', { name: '财务' }).click();
    await expectToast(page, '已切换到职责「财务」，其他 3 个标签页已关闭');
    await expect(page.getByTestId('current-responsibility')).toHaveText('财务');
    await expect(page.locator('.ant-tabs-tab')).toHaveCount(1);
    await expect(page.locator('.ant-layout-sider').getByRole('menuitem', { name: '汇率管理' })).toBeVisible();
    expect(await menuTitles(page)).not.toContain('用户管理');
  });

  expect(errors.filter((error) => !/40[13]/.test(error))).toEqual([]);
});

test('a supplier user sees the external home and only its own company', async ({ page }) => {
  const errors = watchConsole(page);
  const pane = activePane(page);
  await signIn(page, 'sup_a');
  await expect(page).toHaveURL(/\/main\/exHome$/);

  await test.step('the external home: the company and the sections of a supplier', async () => {
    await expect(page.getByTestId('company-name')).toHaveText('苏州恒达精密五金有限公司');
    await expect(page.getByTestId('company-card')).toContainText('合格供应商');
    // The supplier's work cards, then its lists; no section for a module that is not there yet.
    await expect(page.getByTestId('work-card-ordersToConfirm')).toContainText('待确认订单');
    await expect(page.getByTestId('work-card-noticesToConfirm')).toContainText('待确认送货通知');
    await expect(page.getByTestId('work-card-deliveriesToSubmit')).toContainText('待提交送货单');
    // The card counts the orders waiting for the supplier; the list also shows those whose
    // change the buyer has still to answer, under a title of its own.
    await expect(page.getByTestId('ex-orders')).toContainText('待确认及变更中的订单');
    await expect(page.getByTestId('ex-deliveries')).toContainText('送货通知');
    for (const gone of ['公告', '寻源邀请'])
      await expect(pane.getByText(gone, { exact: true })).toHaveCount(0);
    // 待确认及变更中的订单 lists the supplier's own released orders and proposed changes, newest first.
    const waiting = await pageApi<Record<string, unknown>[]>(
      page,
      '/api/srm/v1/srmPoHeaderRestful/listByPage',
      { status: ['RELEASED', 'CHANGE_PROPOSED'], pageIndex: 1, pageRows: 5 },
    );
    const numbers = waiting.body.data.map((row) => String(row.poNumber));
    expect(numbers.length).toBeGreaterThan(0);
    await expect(page.getByTestId('ex-orders-row')).toHaveCount(numbers.length);
    for (const number of numbers) await expect(page.getByTestId('ex-orders')).toContainText(number);
    await expect(pane).not.toContainText('宁波瑞丰');
    // The supplier's own menus (other areas add theirs), never an internal one.
    const menus = await menuTitles(page);
    expect(menus).toEqual(expect.arrayContaining(['企业信息', '我的企业信息']));
    for (const internal of ['用户管理', '角色管理', '供应商信息', '供应商注册审核', '品类组织库'])
      expect(menus).not.toContain(internal);
    await toastsGone(page);
    await keepScreenshot(page, 'exhome-zh');
  });

  await test.step('the company page lists only its own company', async () => {
    await openFromMenu(page, '我的企业信息');
    await expect(pane.locator('.ant-table-row')).toHaveCount(1);
    await expect(pane.locator('.ant-table-row')).toContainText('苏州恒达精密五金有限公司');
    await expect(pane).not.toContainText('宁波瑞丰');
    await expect(pane.getByRole('button', { name: /新\s?建/ })).toHaveCount(0);
    const other = await pageApi<Record<string, unknown>[]>(
      page,
      '/api/srm/v1/srmSupplierInfoRestful/listByPage',
      {
        pageRows: 500,
      },
    );
    expect(other.body.data.map((row) => row.supplierName)).toEqual(['苏州恒达精密五金有限公司']);
  });

  await test.step('in English every label follows', async () => {
    await page.getByRole('tab', { name: '首页' }).click();
    await page.getByRole('button', { name: '切换语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByTestId('work-card-noticesToConfirm')).toContainText('Delivery notices to confirm');
    await expect(page.getByTestId('ex-orders')).toContainText('Orders to confirm or with changes proposed');
    await expect(page.getByTestId('ex-deliveries')).toContainText('Delivery notices');
    await expect(page.getByTestId('company-card')).toContainText('Qualified');
    // The menu is named by the server in the new language: it comes with /auth/current again.
    await expect(page.locator('.ant-layout-sider').getByText('My company')).toBeVisible();
    expect(await menuTitles(page)).toEqual(expect.arrayContaining(['Company', 'My company']));
    // Data stays as entered: the user, the company, the buying organisation of its orders and
    // the title of the demo's notice.
    const text = await shellText(
      page,
      '陈晓梅',
      '苏州恒达精密五金有限公司',
      '苏州精密机械业务实体',
      '关于2027年春节放假及送货安排的通知',
    );
    expect(text.split('\n').filter((line) => CJK.test(line) && line !== '中文')).toEqual([]);
    await keepScreenshot(page, 'exhome-en');
  });

  expect(errors).toEqual([]);
});

test('a sixteenth tab is refused with a message', async ({ page }) => {
  // Fifteen screens are opened one after another: more time than one journey step.
  test.setTimeout(180_000);
  await signIn(page, 'admin');
  const items = page.locator('.ant-layout-sider li.ant-menu-item');
  await expect(items.nth(20)).toBeVisible();
  for (let i = 0; i < 14; i++) {
    await items.nth(i).click();
    await expect(page.locator('.ant-tabs-tab')).toHaveCount(i + 2);
  }
  await items.nth(14).click();
  await expectToast(page, '最多可同时打开 15 个标签页，请先关闭不用的标签页');
  await expect(page.locator('.ant-tabs-tab')).toHaveCount(15);
});
