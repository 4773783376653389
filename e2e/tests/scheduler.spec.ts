// Background work on screen, once: the buyer submits 关闭已全部收货的订单 from 提交请求, follows the
// request on its detail until it completes, reads its log and downloads its CSV output; the same
// request reads in English; a supplier has no 后台作业 menu and reaches nothing under /api/schedule.
import { expect, test } from '@playwright/test';
import { activePane, keepScreenshot, open, openFromMenu, pageApi, watchConsole } from './helpers';

test.use({ viewport: { width: 1440, height: 900 } });
const slow = expect.configure({ timeout: 45_000 });

test('a buyer submits a program, follows it to completion, reads its log and downloads its output', async ({
  browser,
  baseURL,
}) => {
  // The request waits for the job worker, which other journeys' work on the same machine slows.
  test.setTimeout(300_000);
  const buyer = await open(browser, baseURL, 'buyer');
  const errors = watchConsole(buyer);
  const pane = activePane(buyer);
  await openFromMenu(buyer, '提交请求');
  await pane.getByRole('button', { name: '提交请求' }).click();
  const modal = buyer.locator('.ant-modal:visible');
  await slow(modal.locator('.ant-modal-title')).toHaveText('提交请求');
  await modal.locator('.ant-select').first().click();
  await buyer
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '关闭已全部收货的订单' })
    .click();
  // The program's parameter appears with what an empty value becomes.
  await slow(modal.getByText('业务实体')).toBeVisible();
  await expect(modal.getByText('留空时取：提交人的组织')).toBeVisible();
  await keepScreenshot(buyer, 'scheduler-submit-zh');
  await modal.getByRole('button', { name: /确\s?定/ }).click();
  // The request's detail opens and follows it: PENDING or RUNNING, then 完成 / 正常.
  await slow(pane.getByTestId('document-number')).toHaveText(/^REQ\d+/);
  const number = (await pane.getByTestId('document-number').innerText()).trim();
  await expect(pane.getByText(/关闭 \d+ 张，共检查 \d+ 张/).first()).toBeVisible({ timeout: 150_000 });
  await expect(pane.getByText('完成').first()).toBeVisible();
  await keepScreenshot(buyer, 'scheduler-request-completed-zh');
  await pane.getByRole('button', { name: '查看日志' }).click();
  const log = buyer.locator('.ant-modal:visible');
  await slow(log.getByText(/待检查的已确认订单 \d+ 张/)).toBeVisible();
  await keepScreenshot(buyer, 'scheduler-log-zh');
  await log
    .locator('.ant-modal-footer')
    .getByRole('button', { name: /关\s?闭/ })
    .click();
  const download = buyer.waitForEvent('download');
  await pane.getByRole('button', { name: '查看输出' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${number}.csv`);
  const path = await file.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(path, 'utf8').split('\n')[0]).toBe('poNumber,supplier,amountExclTax');

  // In English: the same request's phase and status.
  await buyer.getByRole('button', { name: '切换语言' }).click();
  await buyer.getByRole('menuitem', { name: 'English' }).click();
  await slow(pane.getByText('Completed').first()).toBeVisible();
  await expect(pane.getByRole('button', { name: 'View log' })).toBeVisible();
  await keepScreenshot(buyer, 'scheduler-request-completed-en');
  expect(errors).toEqual([]);

  // The administrator's status tab: nodes, and each queue's depth.
  const admin = await open(browser, baseURL, 'admin');
  await openFromMenu(admin, '调度节点');
  const nodes = activePane(admin);
  await slow(nodes.locator('.ant-table-row').first()).toBeVisible();
  await nodes.getByRole('button', { name: '队列状态' }).click();
  const depths = admin.locator('.ant-modal:visible');
  await slow(depths.getByRole('cell', { name: 'concurrent-request' })).toBeVisible();
  await keepScreenshot(admin, 'scheduler-queue-status-zh');
  await admin.context().close();

  const supplier = await open(browser, baseURL, 'sup_a');
  await expect(supplier.getByText('后台作业')).toHaveCount(0);
  const answer = await pageApi(supplier, '/api/schedule/v1/baseConcurrentRequestRestful/listByPage', {});
  expect(answer.httpStatus).toBe(403);
  await supplier.context().close();
  await buyer.context().close();
});
