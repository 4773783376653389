// A new order as a buyer fills it in: the order list keeps two links and 更多 in its 操作 column,
// the supplier picker leaves out a frozen and a blacklisted supplier, the grid numbers a new line,
// the material picker finds a part of the name (螺) and shows each material's code and name, and
// with a material on a line the supplier picker shows each supplier's eligibility for it.
import { expect } from '@playwright/test';
import { activePane, formField, keepScreenshot, open, openFromMenu, watchConsole, test } from './helpers';

test.use({ viewport: { width: 1440, height: 900 } });
const slow = expect.configure({ timeout: 30_000 });

test('a new order: 更多 in the list, blocked suppliers not offered, a numbered line, a material found by name', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const page = await open(browser, baseURL, 'buyer');
  const errors = watchConsole(page);
  const pane = activePane(page);
  const options = page.locator('.ant-select-dropdown:visible [data-ref-option]');

  await test.step('the order list: a row shows two links and 更多, the rest of its actions under 更多', async () => {
    await openFromMenu(page, '采购订单');
    const more = pane.getByTestId('row-more').first();
    await slow(more).toBeVisible();
    const links = more.locator('xpath=ancestor::td[1]').locator('a');
    expect((await links.allInnerTexts()).map((text) => text.trim())).toEqual([
      '查看',
      expect.any(String),
      '更多',
    ]);
    await more.click();
    // At least one action under 更多 (read once: the menu may close as the list refreshes, and a
    // second read of the open menu found it gone once).
    const items = page.locator('.ant-dropdown:visible .ant-dropdown-menu-item');
    await slow(items.first()).toBeVisible();
    await page.keyboard.press('Escape');
  });

  await test.step('a new order: the supplier picker offers no frozen or blacklisted supplier', async () => {
    await pane
      .getByRole('button', { name: /新\s?建/ })
      .first()
      .click();
    // The new order's tab first: until it shows, the visible pane is still the list's query form.
    await slow(page.getByRole('tab', { name: '新建采购订单', selected: true })).toBeVisible();
    await slow(pane.getByRole('button', { name: '新增行' })).toBeVisible();
    const supplier = formField(pane, '供应商');
    await slow(supplier).toBeVisible();
    await supplier.click();
    await supplier.fill('有限公司');
    await slow(options.first()).toBeVisible();
    await expect(options.filter({ hasText: '苏州恒达精密五金有限公司' })).toHaveCount(1);
    const offered = (await options.allInnerTexts()).join(' | ');
    // Blacklisted and quit suppliers are not offered (ADR 0023); one whose lines are suspended is
    // (its status stays QUALIFIED) and eligibility refuses the order naming the suspension.
    expect(offered).not.toContain('温州鑫盛标准件有限公司');
    expect(offered).not.toContain('上海明达工业服务有限公司');
    await page.keyboard.press('Escape');
  });

  await test.step('a new line is numbered 1; 螺 finds materials by name, each shown with its code', async () => {
    await pane.getByRole('button', { name: '新增行' }).click();
    await expect(pane.locator('input[id$="_lines_0_lineNum"]')).toHaveValue('1');
    const item = pane.locator('input[id$="_lines_0_itemId"]');
    await item.click();
    await item.fill('螺');
    await slow(options.first()).toBeVisible();
    // The search answers after a pause in typing: then every option holds 螺.
    await slow(options.filter({ hasNotText: '螺' })).toHaveCount(0);
    await expect(options.filter({ hasText: '六角螺母 M8' })).toHaveCount(1);
    const found = await options.allInnerTexts();
    expect(found.length).toBeGreaterThan(1);
    for (const text of found) expect(text).toMatch(/^\d{8}\s*\S.*螺/);
    await keepScreenshot(page, 'pickers-material-by-name-zh');
    await options.filter({ hasText: '六角螺母 M8' }).click();
    const row = pane.locator('[data-grid="lines:srmPoLine"] .ant-table-row[data-row-key="0"]');
    await expect(row.locator('.ant-select').first()).toContainText('02030002');
  });

  await test.step('with the nut on a line, the supplier picker shows who may supply it, and why not', async () => {
    const org = formField(pane, '采购组织');
    await org.click();
    await org.fill('OU100');
    await slow(options.first()).toBeVisible();
    await options.first().click();
    const supplier = formField(pane, '供应商');
    await supplier.click();
    await supplier.fill('有限公司');
    // Eligibility's batch form for the order's organisation and material: the qualified first.
    const hengda = options.filter({ hasText: '苏州恒达精密五金有限公司' });
    await slow(hengda.locator('[data-ref-advice="ALLOW"]')).toBeVisible();
    const yongxin = options.filter({ hasText: '常州永信包装材料有限公司' });
    await expect(yongxin.locator('[data-ref-advice="BLOCK"]')).toHaveText('不可选');
    await expect(yongxin).toContainText('未在品类组织库中获准');
    const order = await options.allInnerTexts();
    expect(order.findIndex((text) => text.includes('常州永信'))).toBeGreaterThan(
      order.findIndex((text) => text.includes('苏州恒达')),
    );
    await keepScreenshot(page, 'pickers-supplier-eligibility-zh');
    // A refused supplier cannot be picked.
    await expect(
      yongxin.locator(
        'xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select-item-option ")][1]',
      ),
    ).toHaveClass(/ant-select-item-option-disabled/);
    await page.keyboard.press('Escape');
  });

  expect(errors).toEqual([]);
});
