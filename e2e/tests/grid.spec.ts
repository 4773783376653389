// The toolkit's grids in the gallery (toolkit/grid): cells edited in place, the required star
// and the hidden cell message, the 合计 row, paging with the custom size and its error, the
// selection across pages, and column settings saved on the server and applied after a reload.
import { expect, type Locator } from '@playwright/test';
import { activePane, keepScreenshot, signIn, toastsGone, test } from './helpers';

test.use({ viewport: { width: 1440, height: 900 } });
// One long journey through four grids, with a reload: more than the default minute on a busy machine.
test.setTimeout(240_000);

/** The header cell of a column, by its title. */
const header = (grid: Locator, title: string) => grid.locator('.ant-table-thead th', { hasText: title });

test('the grid gallery: edit, check, sum, page, select across pages and keep column settings', async ({
  page,
}) => {
  const pane = activePane(page);
  await signIn(page, 'admin');
  // A developer page: in no menu, opened by its route.
  await page.goto('/main/toolkit/grid');
  await expect(page.getByRole('tab', { name: '表格组件示例', selected: true })).toBeVisible();

  const cells = pane.getByTestId('gallery-cells');
  // The gallery draws four grids at once: give a busy machine time for the first paint.
  await expect(cells.locator('.ant-table-row').first()).toBeVisible({ timeout: 60_000 });
  await test.step('required columns carry a red star; the 合计 row sums and averages', async () => {
    await expect(header(cells, '物料编码').locator('.srm-grid-required')).toHaveText('*');
    await expect(header(cells, '数量').locator('.srm-grid-required')).toHaveText('*');
    await expect(header(cells, '物料名称').locator('.srm-grid-required')).toHaveCount(0);
    const summary = cells.locator('.srm-grid-summary');
    await expect(summary).toContainText('合计');
    await expect(summary).toContainText('2,560.500');
    await expect(summary).toContainText('34.9279');
  });

  await test.step('a clicked cell becomes its input; the row and the 合计 follow', async () => {
    const first = cells.locator('.ant-table-row').first();
    await first.getByText('120.000', { exact: true }).click();
    const input = first.locator('.ant-input-number input');
    await expect(input).toBeFocused();
    await input.fill('200');
    await input.press('Enter');
    await expect(first.getByText('200.000', { exact: true })).toBeVisible();
    await expect(cells.locator('.srm-grid-summary')).toContainText('2,640.500');
  });

  await test.step('a required cell left empty is framed red; its message shows only on hover', async () => {
    const first = cells.locator('.ant-table-row').first();
    await first.getByText('MAT-10001', { exact: true }).click();
    const input = first.locator('input.ant-input').first();
    await input.fill('');
    await input.press('Enter');
    await cells.getByRole('button', { name: '校验' }).click();
    await expect(page.locator('.ant-message-notice', { hasText: '有 1 处填写有误' })).toBeVisible();
    const bad = cells.locator('.srm-grid-cell-error');
    await expect(bad).toHaveCount(1);
    await expect(bad).toHaveAttribute('data-issue', '必填');
    await expect(page.locator('.ant-tooltip:visible', { hasText: '必填' })).toHaveCount(0);
    await bad.hover();
    await expect(page.locator('.ant-tooltip:visible', { hasText: '必填' })).toBeVisible();
    await keepScreenshot(page, 'grid-required-zh');
  });

  const paged = pane.getByTestId('gallery-paged');
  await test.step('the paged grid reads 200 rows a page and numbers them across pages', async () => {
    await paged.scrollIntoViewIfNeeded();
    await expect(paged.getByText('共 1234 条')).toBeVisible();
    await expect(paged.locator('.ant-pagination-options .ant-select')).toContainText('200 条/页');
    await expect(paged.locator('.ant-table-row').first()).toContainText('PR202600001');
  });

  await test.step('a selection survives paging and is counted across pages', async () => {
    const rows = paged.locator('.ant-table-row');
    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(1).getByRole('checkbox').check();
    await expect(paged.getByTestId('grid-selected')).toContainText('已跨页选择 2 条');
    await paged.locator('.ant-pagination-item-2').click();
    await expect(rows.first()).toContainText('PR202600201');
    await expect(rows.first().locator('td, .ant-table-cell').nth(1)).toHaveText('201');
    await rows.nth(0).getByRole('checkbox').check();
    await expect(paged.getByTestId('grid-selected')).toContainText('已跨页选择 3 条');
    await paged.locator('.ant-pagination-item-1').click();
    await expect(rows.first()).toContainText('PR202600001');
    await expect(rows.nth(0).getByRole('checkbox')).toBeChecked();
    await expect(rows.nth(1).getByRole('checkbox')).toBeChecked();
    await expect(rows.nth(2).getByRole('checkbox')).not.toBeChecked();
    await keepScreenshot(page, 'grid-paged-zh');
  });

  await test.step('a custom page size below 0 is refused; a small one becomes 10 and clears the selection', async () => {
    const custom = paged.getByRole('spinbutton', { name: '自定义' });
    await custom.fill('-1');
    await paged.getByRole('button', { name: /确\s?定/ }).click();
    await expect(page.locator('.ant-message-notice', { hasText: '自定义页码不能小于0！' })).toBeVisible();
    await custom.fill('5');
    await paged.getByRole('button', { name: /确\s?定/ }).click();
    await expect(paged.locator('.ant-pagination-options .ant-select')).toContainText('10 条/页');
    await expect(paged.locator('.ant-table-row')).toHaveCount(10);
    await expect(paged.getByTestId('grid-selected')).toHaveCount(0);
    await expect(paged.getByText('共 1234 条')).toBeVisible();
  });

  await test.step('column settings are saved for the user and applied again after a reload', async () => {
    await toastsGone(page);
    await paged.getByRole('button', { name: '列设置' }).click();
    const settings = page.getByTestId('column-settings');
    await expect(settings).toBeVisible();
    await settings.locator('[data-column="supplierName"]').getByRole('checkbox').uncheck();
    await settings.locator('[data-column="amount"]').getByRole('button', { name: '上移' }).click();
    await settings.getByRole('button', { name: /保\s?存/ }).click();
    await expect(page.locator('.ant-message-notice', { hasText: '列设置已保存' })).toBeVisible();
    await expect(header(paged, '供应商')).toHaveCount(0);
    const titles = async () =>
      (await paged.locator('.ant-table-thead th').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
    expect(await titles()).toEqual(['序号', '申请单号', '物料名称', '金额', '数量', '评分', '状态']);

    await page.reload();
    await expect(paged.locator('.ant-table-row').first()).toBeVisible({ timeout: 60_000 });
    await expect(paged.getByText('共 1234 条')).toBeVisible();
    await expect(header(paged, '供应商')).toHaveCount(0);
    expect(await titles()).toEqual(['序号', '申请单号', '物料名称', '金额', '数量', '评分', '状态']);

    await paged.getByRole('button', { name: '列设置' }).click();
    await page.getByTestId('column-settings').getByRole('button', { name: '恢复默认' }).click();
    await expect(header(paged, '供应商')).toHaveCount(1);
  });

  await test.step('a wrongly configured grid names the mistake with the spec’s texts', async () => {
    const errors = pane.getByTestId('gallery-errors');
    await errors.scrollIntoViewIfNeeded();
    for (const text of [
      '请配置API属性',
      'Table column is not setting attachmentConfig',
      'link method not configured',
      'Not declare Button click function',
    ]) {
      await expect(errors.getByText(text).first()).toBeVisible();
    }
  });

  await test.step('in English the same grids speak English', async () => {
    await page.getByRole('button', { name: '切换语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await paged.scrollIntoViewIfNeeded();
    await expect(paged.getByText('1234 in total')).toBeVisible();
    await expect(cells.locator('.srm-grid-summary')).toContainText('Total');
    await keepScreenshot(page, 'grid-gallery-en');
  });
});
