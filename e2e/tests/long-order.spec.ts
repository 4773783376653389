// A long purchase order (150 lines) on its edit screen: above 100 lines a line's cells show
// their values and become inputs when clicked or focused. The buyer clicks a quantity, types a new
// one, sees it and the 合计 follow, tabs on to the next cell's input and saves the order.
import { type Page, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, pageApi, watchConsole } from './helpers';

type Row = Record<string, unknown>;

test.use({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
const slow = expect.configure({ timeout: 30_000 });
const PO = '/api/srm/v1/srmPoHeaderRestful';
const LINES = 150;

async function api<T = Row>(page: Page, path: string, body: unknown): Promise<T> {
  const answer = await pageApi<T>(page, path, body);
  if (answer.body.status !== 'S') throw new Error(`${path}: ${answer.body.msg}`);
  return answer.body.data;
}

async function first(page: Page, entity: string, filters: Row): Promise<Row> {
  const rows = await api<Row[]>(page, `/api/srm/v1/${entity}Restful/listByPage`, {
    ...filters,
    pageRows: 50,
  });
  if (!rows[0]) throw new Error(`no ${entity} ${JSON.stringify(filters)}`);
  return rows[0];
}

test('a long order edits its lines cell by cell on click and saves', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto('/');
  await page.locator('input[autocomplete="username"]').fill('buyer');
  await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await slow(page).toHaveURL(/\/main\/inHome$/, { timeout: 45_000 });
  const errors = watchConsole(page);

  const suppliers = await api<Row[]>(page, '/api/srm/v1/srmSupplierInfoRestful/listByPage', {
    pageRows: 100,
  });
  const itemId = (await first(page, 'srmBaseItem', { itemCode: '02010001' })).itemId;
  const order = await api(page, `${PO}/saveOrUpdate`, {
    billTypeId: (await first(page, 'srmPurBillType', { billTypeCode: 'STD_PO' })).billTypeId,
    orgId: (await first(page, 'srmBaseOrg', { orgCode: 'OU100' })).orgId,
    supplierId: suppliers.find((row) => row.supplierName === '苏州恒达精密五金有限公司')!.supplierId,
    currencyId: (await first(page, 'srmBaseCurrency', { currencyCode: 'CNY' })).currencyId,
    orderDate: '2026-11-21',
    buyerName: '张伟',
    lines: Array.from({ length: LINES }, (_, index) => ({
      lineNum: index + 1,
      itemId,
      quantity: (index % 50) + 1,
      unitPriceExclTax: 6.2,
      taxRate: 13,
      needByDate: '2026-12-15',
    })),
  });

  await page.goto(`/main/purOrderManage/purchaseOrderEdit?poHeaderId=${order.poHeaderId}`);
  const grid = page.locator('[data-grid="lines:srmPoLine"]');
  const row = grid.locator('.ant-table-row').first();
  await slow(row).toBeVisible();
  // Plain cells: no input until one is clicked.
  await expect(row.locator('.ant-input-number')).toHaveCount(0);
  const summary = grid.locator('.srm-grid-summary');
  await expect(summary).toContainText('3,825');

  await row.locator('.srm-grid-editable', { hasText: /^1\.0000$/ }).click();
  const input = row.locator('.ant-input-number-input');
  await expect(input).toBeFocused();
  await input.fill('777');
  await input.press('Enter');
  await expect(row.locator('.ant-input-number')).toHaveCount(0);
  await expect(row).toContainText('777.0000');
  await expect(summary).toContainText('4,601');

  // Focus (Tab) opens a cell too.
  await row.locator('.srm-grid-editable').first().focus();
  await expect(row.locator('input:focus')).toHaveCount(1);

  await page.getByRole('button', { name: '保存' }).click();
  await slow(page.locator('.ant-message')).toContainText('保存成功');
  const saved = await api<Row & { lines: Row[] }>(page, `${PO}/findById`, { poHeaderId: order.poHeaderId });
  expect(saved.lines).toHaveLength(LINES);
  expect(Number(saved.lines.find((line) => line.lineNum === 1)!.quantity)).toBe(777);
  expect(errors).toEqual([]);
});
