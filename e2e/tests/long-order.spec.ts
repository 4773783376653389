// A long purchase order (150 lines) on its edit screen: above 100 lines a line's cells show
// their values and become inputs when clicked or focused. The buyer clicks a quantity, types a new
// one, sees it, its amount, the 合计 and the order's total follow (a keystroke renders again
// only the rows in view, not the order's lines), tabs on to the next cell's input and saves the order. Then a new line, out of
// view at the bottom, is saved empty: the message names its line and field, the grid scrolls to
// it and frames the cell, and "下一处错误" steps through its other problems.
import { type Page, expect } from '@playwright/test';
import { DEMO_PASSWORD, pageApi, watchConsole, test } from './helpers';

type Row = Record<string, unknown>;

test.use({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });

declare global {
  interface Window {
    /** Keys of the grid rows React rendered since counting began (null: not counting). */
    __renderedRows: Set<string> | null;
  }
}

/**
 * Counts the lines grid's rows React renders, through the hook React offers its developer tools: after
 * each commit, the rows (elements with a data-row-key) that are new or got new props. Subtrees
 * React skipped (their child is the same fiber as before) are not walked, as the tools do.
 */
function countRowRenders() {
  type Fiber = {
    child: Fiber | null;
    sibling: Fiber | null;
    alternate: Fiber | null;
    memoizedProps: Record<string, unknown> | null;
    stateNode: unknown;
  };
  window.__renderedRows = null;
  const walk = (next: Fiber, previous: Fiber | null) => {
    const key = next.memoizedProps?.['data-row-key'];
    if (
      key !== undefined &&
      (!previous || previous.memoizedProps !== next.memoizedProps) &&
      next.stateNode instanceof Element &&
      next.stateNode.closest('[data-grid="lines:srmPoLine"]')
    )
      window.__renderedRows?.add(String(key));
    if (previous && next.child === previous.child) return;
    for (let child = next.child; child; child = child.sibling) walk(child, previous ? child.alternate : null);
  };
  Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
    value: {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => undefined,
      onScheduleFiberRoot: () => undefined,
      onCommitFiberUnmount: () => undefined,
      onPostCommitFiberRoot: () => undefined,
      onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
        if (window.__renderedRows) walk(root.current, root.current.alternate);
      },
    },
  });
}
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
  test.setTimeout(300_000);
  await page.addInitScript(countRowRenders);
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
  await input.fill('77');
  // One keystroke: the 合计 follows, and React renders no more rows than the grid shows.
  await page.evaluate(() => (window.__renderedRows = new Set()));
  await input.press('7');
  await expect(summary).toContainText('4,601');
  const rendered = await page.evaluate(() => [...(window.__renderedRows ?? [])]);
  const shown = new Set(
    await grid.locator('[data-row-key]').evaluateAll((rows) => rows.map((row) => row.dataset.rowKey)),
  ).size;
  console.info(`one keystroke rendered ${rendered.length} of ${LINES} rows (${shown} mounted)`);
  expect(rendered.length).toBeGreaterThan(0);
  expect(rendered.length).toBeLessThanOrEqual(shown);
  expect(rendered.length).toBeLessThan(LINES / 3);
  await page.evaluate(() => (window.__renderedRows = null));
  await input.press('Enter');
  await expect(row.locator('.ant-input-number')).toHaveCount(0);
  await expect(row).toContainText('777.0000');
  await expect(summary).toContainText('4,601');
  // Before any save, the line's amounts (777 × 6.2, plus 13 % tax) and the order's total
  // (4,601 × 6.2) follow.
  await expect(row).toContainText('4,817.40');
  await expect(row).toContainText('5,443.66');
  const headerTotal = page
    .locator('.ant-form-item')
    .filter({ has: page.locator('label[title="不含税金额"]') })
    .first();
  await expect(headerTotal).toContainText('28,526.20');

  // Focus (Tab) opens a cell too.
  await row.locator('.srm-grid-editable').first().focus();
  await expect(row.locator('input:focus')).toHaveCount(1);

  await page.getByRole('button', { name: '保存' }).click();
  await slow(page.locator('.ant-message')).toContainText('保存成功');
  const saved = await api<Row & { lines: Row[] }>(page, `${PO}/findById`, { poHeaderId: order.poHeaderId });
  expect(saved.lines).toHaveLength(LINES);
  expect(Number(saved.lines.find((line) => line.lineNum === 1)!.quantity)).toBe(777);

  // A new line, at the bottom and out of view, saved empty: the grid numbered it 151.
  await grid.locator('.ant-table-body, .ant-table-tbody-virtual-holder').first().hover();
  await page.getByRole('button', { name: '新增行' }).click();
  await page.getByRole('button', { name: '保存' }).click();
  const message = page.locator('.ant-message-error');
  await expect(message).toContainText(/第一处：订单行第 151 行，[^，：]+：必填/);
  await expect(message).not.toContainText('行号');
  // The grid scrolled to line 151, marked it current and framed the wrong cell.
  const current = grid.locator('.ant-table-row.srm-grid-current');
  await expect(current).toBeInViewport();
  // Its 序号 cell (after the selection box).
  await expect(current.locator('.ant-table-cell').nth(1)).toHaveText('151');
  await expect(current.locator('.srm-grid-cell-error').first()).toHaveAttribute('data-issue', '必填');
  const issues = page.getByTestId('line-issues');
  await expect(issues).toContainText(/处有误，当前：订单行第 151 行，[^，：]+：必填/);
  const open = Number((await issues.textContent())!.match(/(\d+) 处有误/)![1]);
  expect(open).toBeGreaterThanOrEqual(2);
  const firstField = (await issues.textContent())!.match(/当前：订单行第 151 行，([^，：]+)：/)![1]!;
  // The next problem is another cell of the same line, still in view.
  await page.getByRole('button', { name: '下一处错误' }).click();
  await expect(issues).toContainText(new RegExp(`当前：订单行第 151 行，(?!${firstField})`));
  await expect(current).toBeInViewport();
  // Nothing was saved.
  const unchanged = await api<Row & { lines: Row[] }>(page, `${PO}/findById`, {
    poHeaderId: order.poHeaderId,
  });
  expect(unchanged.lines).toHaveLength(LINES);
  expect(errors).toEqual([]);
});
