// Base data through the workspace: a lookup type with its values, then a district created,
// found, reopened, changed and audited, in Chinese and in English. The district's country
// comes from the lookup BASE_COUNTRY (the demo data has it; the test adds CN when missing).
import { expect } from '@playwright/test';
import {
  activePane,
  closeTab,
  ensureLookupValue,
  signIn,
  formField,
  expectToast,
  keepScreenshot,
  openFromMenu,
  pickOption,
  toastsGone,
  watchConsole,
  test,
} from './helpers';

test.use({ viewport: { width: 1440, height: 900 } });

test('an administrator maintains districts in the workspace, in both languages', async ({ page }) => {
  const errors = watchConsole(page);
  const pane = activePane(page);
  await test.step('sign in through the login page', async () => {
    await signIn(page, 'admin');
    await expect(page.getByRole('tab', { name: '首页' })).toBeVisible();
  });
  await ensureLookupValue(page, 'BASE_COUNTRY', {
    lookupCode: 'CN',
    meaning: '中国',
    meaningEn: 'China',
  });

  await test.step('create a lookup type with its values through the lookup type screens', async () => {
    await openFromMenu(page, '快码管理');
    await expect(page).toHaveURL(/\/main\/lookuptype\?menuId=\d+&respId=\d+$/);
    await pane.getByRole('button', { name: '新建' }).click();
    await expect(page.getByRole('tab', { name: '新建快码类型' })).toBeVisible();
    await formField(pane, '快码类型编码').fill('E2E_DISTRICT_KIND');
    await formField(pane, '名称').fill('区划类别');
    await formField(pane, '英文名称').fill('District kind');
    await pane.getByRole('button', { name: '新增行' }).click();
    await pane.locator('input[id$="values_0_lookupCode"]').fill('CITY');
    await pane.locator('input[id$="values_0_meaning"]').fill('城市');
    await pane.locator('input[id$="values_0_meaningEn"]').fill('City');
    await pane.locator('.ant-table-row').first().getByRole('checkbox').check();
    await pane.getByRole('button', { name: '复制行' }).click();
    await pane.locator('input[id$="values_1_lookupCode"]').fill('COUNTY');
    await pane.locator('input[id$="values_1_meaning"]').fill('县');
    await pane.locator('input[id$="values_1_meaningEn"]').fill('County');
    await pane.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '保存成功');
    await expect(page).toHaveURL(/\/main\/lookupTypeEdit\?lookupTypeId=\d+&menuId=\d+&respId=\d+$/);
    await expect(pane.getByTestId('document-number')).toHaveText('E2E_DISTRICT_KIND');
    await expect(pane.getByText('共 2 行')).toBeVisible();
    await expect(pane.getByText('快码值 · 新建').first()).toBeVisible();
    await toastsGone(page);
    await keepScreenshot(page, 'lookup-type-edit-zh');
  });

  let districtUrl = '';
  await test.step('create a district through its edit page', async () => {
    await openFromMenu(page, '行政区划');
    await expect(page).toHaveURL(/\/main\/srmBaseDistrictList\?menuId=\d+&respId=\d+$/);
    await formField(pane, '区划编码').fill('NO-SUCH-CODE');
    await pane.getByRole('button', { name: '查询' }).click();
    await expect(pane.getByText('没有符合条件的数据，请调整查询条件')).toBeVisible();
    await pane.getByRole('button', { name: /重\s?置/ }).click();
    await pane.getByRole('button', { name: '新建' }).click();
    await expect(page.getByRole('tab', { name: '新建行政区划' })).toBeVisible();
    await formField(pane, '区划编码').fill('E2E-110000');
    await formField(pane, '区划名称').fill('北京');
    await formField(pane, '英文名称').fill('Beijing');
    await pickOption(page, pane, '国家', '中国');
    await formField(pane, '层级').fill('1');
    await formField(pane, '邮政编码').fill('100000');
    await pane.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '保存成功');
    await expect(page).toHaveURL(/\/main\/srmBaseDistrictEdit\?districtId=\d+&menuId=\d+&respId=\d+$/);
    districtUrl = page.url();
    await expect(page.getByRole('tab', { name: '行政区划 E2E-110000' })).toBeVisible();
  });

  await test.step('find it in the list and open it from its code', async () => {
    await closeTab(page, '行政区划 E2E-110000');
    await page.getByRole('tab', { name: '行政区划', exact: true }).click();
    await expect(page).toHaveURL(/\/main\/srmBaseDistrictList\?menuId=\d+&respId=\d+$/);
    const code = formField(pane, '区划编码');
    await code.fill('E2E');
    await code.press('Enter');
    const row = pane.locator('.ant-table-row', { hasText: 'E2E-110000' });
    await expect(row).toBeVisible();
    await expect(row).toContainText('北京');
    await expect(row).toContainText('中国');
    await expect(pane.getByText('共 1 条')).toBeVisible();
    await toastsGone(page);
    await keepScreenshot(page, 'district-list-zh');
    await row.getByRole('link', { name: 'E2E-110000' }).click();
    await expect(page).toHaveURL(districtUrl);
    await expect(formField(pane, '区划名称')).toHaveValue('北京');
  });

  await test.step('change the name, save, and see the change in the activity log', async () => {
    await formField(pane, '区划名称').fill('北京市');
    await pane.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '保存成功');
    const log = pane.locator('.ant-card', { hasText: '操作日志' });
    const update = log.locator('.ant-table-row', { hasText: '修改' });
    await expect(update).toContainText('区划名称');
    await expect(update).toContainText('北京');
    await expect(update).toContainText('北京市');
    await expect(log.locator('.ant-table-row', { hasText: '新建' })).toBeVisible();
    await toastsGone(page);
    await keepScreenshot(page, 'district-edit-zh');
  });

  await test.step('leaving with unsaved changes asks first, in a modal above the page', async () => {
    await formField(pane, '邮政编码').fill('100001');
    await closeTab(page, '行政区划 E2E-110000');
    const confirm = page.locator('.ant-modal-wrap:visible', { hasText: '有未保存的修改' });
    await expect(confirm).toBeVisible();
    expect(await confirm.evaluate((element) => getComputedStyle(element).zIndex)).toBe('1100');
    await confirm.getByRole('button', { name: /取\s?消/ }).click();
    await expect(formField(pane, '邮政编码')).toHaveValue('100001');
  });

  await test.step('switch to English: every label follows', async () => {
    await page.getByRole('button', { name: '切换语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(pane.locator('label[title="District code"]')).toBeVisible();
    await expect(pane.getByText('Activity log')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'District E2E-110000' })).toBeVisible();
    await expect(page.locator('.ant-layout-sider').getByText('Base data')).toBeVisible();
    await expect(formField(pane, 'Postal code')).toHaveValue('100001');
    await keepScreenshot(page, 'district-edit-en');
    await page.getByRole('tab', { name: 'Districts', exact: true }).click();
    await expect(pane.getByRole('button', { name: 'Search' })).toBeVisible();
    await expect(pane.locator('.ant-table-row', { hasText: 'E2E-110000' })).toContainText('China');
    await expect(pane.getByText('1 in total')).toBeVisible();
    await keepScreenshot(page, 'district-list-en');
  });

  expect(errors).toEqual([]);
});
