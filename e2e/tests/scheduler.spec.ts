// Background work on screen, once: the buyer submits 关闭已全部收货的订单 from 提交请求, follows the
// request on its detail until it completes, reads its log and downloads its CSV output; the same
// request reads in English; a supplier has no 后台作业 menu and reaches nothing under /api/schedule.
// Then issue 16's acceptance: an administrator defines a program with an organisation parameter
// and grants it to the buyer's request group; the buyer schedules it every minute, and at the
// next minute (the server's clock moved) its request runs to completion with its log and output.
import { type Page, expect } from '@playwright/test';
import {
  activePane,
  api,
  expectToast,
  formField,
  keepScreenshot,
  moveClock,
  open,
  openFromMenu,
  pageApi,
  pickOption,
  resetClock,
  watchConsole,
  linesCard,
  test,
} from './helpers';

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

  // In English: the same request's phase, status and completion text.
  await buyer.getByRole('button', { name: '切换语言' }).click();
  await buyer.getByRole('menuitem', { name: 'English' }).click();
  await slow(pane.getByText('Completed').first()).toBeVisible();
  await expect(pane.getByText(/^Closed \d+ of \d+ orders checked$/).first()).toBeVisible();
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

/** The open tab of a screen path (the list behind a document has filter fields of the same labels). */
function screenTab(page: Page, path: string) {
  return page.locator(`main > [role="tabpanel"][data-route="${path}"]`);
}

/** Picks `option` in the select whose input id ends with `idSuffix`, typing `search` first if given. */
async function pickIn(page: Page, idSuffix: string, option: string, search?: string): Promise<void> {
  const input = activePane(page).locator(`input[id$="${idSuffix}"]`);
  await input.click();
  if (search) await input.fill(search);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
    .first()
    .click();
}

test.afterEach(async ({ browser, baseURL }) => resetClock(browser, baseURL));

test('an administrator defines and grants a program; the buyer schedules it every minute and follows its run', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const suffix = String(Date.now() % 1_000_000);
  const name = `按组织关闭订单-${suffix}`;
  const admin = await open(browser, baseURL, 'admin');
  const adminErrors = watchConsole(admin);
  const pane = activePane(admin);
  await test.step('the administrator defines the program with an organisation parameter', async () => {
    await openFromMenu(admin, '并发程序');
    await pane.getByRole('button', { name: /新\s?建/ }).click();
    const form = screenTab(admin, 'concurrentPrograms/ConcurrentProgramsDetail');
    await slow(formField(form, '程序编码')).toBeVisible();
    await formField(form, '程序编码').fill(`E2E_CLOSE_${suffix}`);
    await formField(form, '程序名称').fill(name);
    await formField(form, '可执行名').fill('PO_AUTO_CLOSE');
    await pickOption(admin, form, '输出类型', 'CSV');
    await linesCard(admin, '参数').getByRole('button', { name: '新增行' }).click();
    await pane.locator('input[id$="_params_0_paramName"]').fill('orgId');
    await pane.locator('input[id$="_params_0_paramLabel"]').fill('业务实体');
    await pickIn(admin, '_params_0_paramKind', '引用');
    await pickIn(admin, '_params_0_defaultType', '提交人的组织');
    await pane.locator('input[id$="_params_0_refEntity"]').fill('srmBaseOrg');
    await pane.getByRole('button', { name: /保\s?存/ }).click();
    await expectToast(admin, '保存成功');
    await keepScreenshot(admin, 'scheduler-program-defined-zh');
  });
  await test.step('and grants it to the buyer through the request group 采购作业', async () => {
    await openFromMenu(admin, '请求组');
    await slow(pane.getByText('采购作业', { exact: true })).toBeVisible();
    await pane.getByText('采购作业', { exact: true }).click();
    await slow(formField(screenTab(admin, 'requestGroupEdit'), '请求组编码')).toHaveValue('PUR_PROGRAMS');
    // The new line's index: the group's programs so far (a retried run has added one already).
    const [group] = await api<{ requestGroupId: number }[]>(
      admin,
      '/api/schedule/v1/baseRequestGroupRestful/listByPage',
      { groupCode: 'PUR_PROGRAMS' },
    );
    const found = await api<{ programs: unknown[] }>(
      admin,
      '/api/schedule/v1/baseRequestGroupRestful/findById',
      { requestGroupId: group!.requestGroupId },
    );
    const before = found.programs.length;
    await linesCard(admin, '程序').getByRole('button', { name: '新增行' }).click();
    await pickIn(admin, `_programs_${before}_programId`, name, suffix);
    await pane.getByRole('button', { name: /保\s?存/ }).click();
    await expectToast(admin, '保存成功');
  });
  expect(adminErrors).toEqual([]);
  await admin.context().close();

  const buyer = await open(browser, baseURL, 'buyer');
  const errors = watchConsole(buyer);
  const buyerPane = activePane(buyer);
  let scheduleId = 0;
  await test.step('the buyer schedules it every minute', async () => {
    await openFromMenu(buyer, '调度作业');
    await buyerPane.getByRole('button', { name: /新\s?建/ }).click();
    // The new schedule's own tab (the list behind it has a 调度名称 filter too).
    const form = screenTab(buyer, 'scheduleJobEdit');
    await slow(formField(form, '调度名称')).toBeVisible();
    await formField(form, '调度名称').fill(`每分钟 ${suffix}`);
    const program = form.locator('input[id$="_programId"]');
    await program.click();
    await program.fill(suffix);
    await buyer
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name })
      .first()
      .click();
    // 参数值 → 设置: the program's parameter form; the organisation picked is named in the field.
    await form.getByRole('button', { name: /设\s?置/ }).click();
    const dialog = buyer.locator('.ant-modal:visible');
    await slow(dialog.getByText('业务实体', { exact: true })).toBeVisible();
    await dialog.locator('input[id$="_orgId"]').click();
    const org = buyer.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
    const orgName = (await org.innerText()).trim();
    await org.click();
    await dialog.getByRole('button', { name: /确\s?定/ }).click();
    // Named, not numbered (the option shows the organisation's code after its name).
    await expect(formField(form, '参数值')).toHaveValue(/^业务实体: \D/);
    const shown = await formField(form, '参数值').inputValue();
    expect(orgName.startsWith(shown.replace('业务实体: ', ''))).toBe(true);
    await formField(form, 'Cron 表达式').fill('* * * * *');
    await form.getByRole('button', { name: /保\s?存/ }).click();
    await expectToast(buyer, '保存成功');
    const [saved] = await api<{ scheduleId: number }[]>(
      buyer,
      '/api/schedule/v1/baseScheduleJobRestful/listByPage',
      { scheduleName: `每分钟 ${suffix}` },
    );
    scheduleId = saved!.scheduleId;
    const found = await api<{ parameters: { orgId?: unknown } }>(
      buyer,
      '/api/schedule/v1/baseScheduleJobRestful/findById',
      { scheduleId },
    );
    expect(typeof found.parameters.orgId).toBe('number');
    await keepScreenshot(buyer, 'scheduler-schedule-saved-zh');
  });
  try {
    await test.step('at the next minute its request runs to completion, with its log and output', async () => {
      const [schedule] = await api<{ nextOccurrenceAt: number }[]>(
        buyer,
        '/api/schedule/v1/baseScheduleJobRestful/listByPage',
        { scheduleName: `每分钟 ${suffix}` },
      );
      const now = await moveClock(buyer, 0);
      await moveClock(buyer, Math.max(0, schedule!.nextOccurrenceAt - now) + 2_000);
      await openFromMenu(buyer, '提交请求');
      const row = buyerPane.locator('.ant-table-row').filter({ hasText: name }).first();
      await expect(async () => {
        await buyerPane.getByRole('button', { name: /查\s?询/ }).click();
        await expect(row).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 90_000 });
      await row.locator('a').first().click();
      await slow(buyerPane.getByTestId('document-number')).toHaveText(/^REQ\d+/);
      await expect(buyerPane.getByText(/关闭 \d+ 张，共检查 \d+ 张/).first()).toBeVisible({
        timeout: 150_000,
      });
      await expect(buyerPane.getByText('完成').first()).toBeVisible();
      await keepScreenshot(buyer, 'scheduler-scheduled-request-completed-zh');
      await buyerPane.getByRole('button', { name: '查看日志' }).click();
      const log = buyer.locator('.ant-modal:visible');
      await slow(log.getByText(/待检查的已确认订单 \d+ 张/)).toBeVisible();
      await log
        .locator('.ant-modal-footer')
        .getByRole('button', { name: /关\s?闭/ })
        .click();
      const download = buyer.waitForEvent('download');
      await buyerPane.getByRole('button', { name: '查看输出' }).click();
      expect((await download).suggestedFilename()).toMatch(/^REQ\d+\.csv$/);
    });
  } finally {
    // Later journeys share the server: the schedule stops here.
    if (scheduleId) await api(buyer, '/api/schedule/v1/baseScheduleJobRestful/doPause', { scheduleId });
  }
  expect(errors).toEqual([]);
  await buyer.context().close();
});
