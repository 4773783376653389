// Outbound interfaces on screen, once: the administrator makes 发送已审批订单到ERP effective; an
// order approved while the ERP (a fake one on 127.0.0.1:18080, the demo definition's address)
// fails twice is sent three times, the platform log shows the three attempts and the order its
// ERP number; an order the ERP refuses (400) lands in 事务补偿, where the administrator retries
// it. The platform log reads in English too; a supplier reaches nothing under /api/intf.
import { expect } from '@playwright/test';
import { type FakeErp, startFakeErp } from '@srm/domain/testing/fake-erp';
import {
  activePane,
  api,
  approveOrder,
  closeTab,
  confirmDialog,
  formField,
  keepScreenshot,
  open,
  openFromMenu,
  pageApi,
  submittedHengdaOrder,
  watchConsole,
  test,
} from './helpers';

test.use({ viewport: { width: 1440, height: 900 } });
const slow = expect.configure({ timeout: 45_000 });
let erp: FakeErp;

test.beforeAll(async () => {
  erp = await startFakeErp(18080);
});
test.afterAll(async () => {
  await erp.close();
});

test('an approved order reaches the ERP through retries; a refused one is retried from 事务补偿', async ({
  browser,
  baseURL,
}) => {
  // Three sign-ins, two approvals and the ERP's retries: on a busy two-core machine with two
  // journeys at once this takes over the default two minutes.
  test.setTimeout(300_000);
  const admin = await open(browser, baseURL, 'admin');
  const errors = watchConsole(admin);
  const pane = activePane(admin);
  await openFromMenu(admin, '接口定义');
  await pane.getByRole('link', { name: '发送已审批订单到ERP' }).click();
  await slow(pane.getByText('发送已审批订单到ERP').first()).toBeVisible();
  await pane.getByRole('button', { name: /生\s?效/ }).click();
  await confirmDialog(admin);
  await slow(pane.getByText('已生效').first()).toBeVisible();
  await expect(pane.getByRole('button', { name: '新建版本' })).toBeVisible();
  await keepScreenshot(admin, 'interfaces-definition-effective-zh');

  // The ERP fails twice, then creates the order.
  erp.script('/api/po', [{ status: 500 }, { status: 502 }, 'ok']);
  const buyer = await open(browser, baseURL, 'buyer', false);
  const order = await submittedHengdaOrder(buyer, [20, 300]);
  await approveOrder(browser, baseURL, order.poHeaderId);
  const poNumber = String(order.poNumber);
  await expect
    .poll(
      async () =>
        (await api<Row>(buyer, '/api/srm/v1/srmPoHeaderRestful/findById', { poHeaderId: order.poHeaderId }))
          .erpPoNumber,
      {
        timeout: 45_000,
      },
    )
    .toMatch(/^ERP-\d+$/);
  expect(erp.attempts(`PO-${poNumber}`)).toBe(3);
  expect(erp.effects(`PO-${poNumber}`)).toBe(1);

  await openFromMenu(admin, '接口平台日志');
  const log = activePane(admin);
  await formField(log, '单据号').fill(poNumber);
  await log.getByRole('button', { name: '查询' }).click();
  await slow(log.locator('.ant-table-row')).toHaveCount(3);
  // One attempt per HTTP status, matched as a whole cell: an order number such as
  // PO202612020009 holds "200" too.
  for (const status of ['500', '502', '200'])
    await expect(
      log.locator('.ant-table-row').filter({ has: admin.getByText(status, { exact: true }) }),
    ).toHaveCount(1);
  await keepScreenshot(admin, 'interfaces-platform-log-zh');

  // A refusal: not retried, one row in 事务补偿; the administrator retries it.
  erp.script('/api/po', [{ status: 400, body: '{"code":"E","message":"物料未同步"}' }]);
  const refused = await submittedHengdaOrder(buyer, [5, 50]);
  await approveOrder(browser, baseURL, refused.poHeaderId);
  await openFromMenu(admin, '事务补偿');
  const compen = activePane(admin);
  const row = compen.locator('.ant-table-row').filter({ hasText: String(refused.poNumber) });
  await expect
    .poll(
      async () => {
        await compen.getByRole('button', { name: '查询' }).click();
        return row.count();
      },
      { timeout: 45_000 },
    )
    .toBe(1);
  await expect(row).toContainText('待处理');
  await expect(row).toContainText('HTTP 400');
  await keepScreenshot(admin, 'interfaces-compensation-zh');
  await row.getByRole('link').first().click();
  const detail = activePane(admin);
  await detail.getByRole('button', { name: /重\s?试/ }).click();
  // The retry is queued at once; the call itself follows in the background.
  await slow(detail.getByText(/重试中|已解决/).first()).toBeVisible();
  await keepScreenshot(admin, 'interfaces-compensation-retried-zh');
  await closeTab(admin, `事务补偿 ${String(refused.poNumber)}`);
  await expect
    .poll(
      async () => {
        await compen.getByRole('button', { name: '查询' }).click();
        return row.innerText();
      },
      { timeout: 45_000 },
    )
    .toContain('已解决');
  const refusedAfter = await api<Row>(buyer, '/api/srm/v1/srmPoHeaderRestful/findById', {
    poHeaderId: refused.poHeaderId,
  });
  expect(refusedAfter.erpPoNumber).toMatch(/^ERP-\d+$/);
  expect(erp.effects(`PO-${String(refused.poNumber)}`)).toBe(1);

  // In English: the platform log's title and columns.
  await admin.getByRole('button', { name: '切换语言' }).click();
  await admin.getByRole('menuitem', { name: 'English' }).click();
  await openFromMenu(admin, 'Platform log');
  await slow(activePane(admin).getByRole('columnheader', { name: 'Duration (ms)' })).toBeVisible();
  await keepScreenshot(admin, 'interfaces-platform-log-en');
  expect(errors).toEqual([]);

  // Invalid again: the journeys after this one approve orders with no ERP listening.
  const [definition] = await api<Row[]>(admin, '/api/intf/v1/baseScsiDefinitionRestful/listByPage', {
    definitionCode: 'PO_TO_ERP',
    status: 'EFFECTIVE',
  });
  await api(admin, '/api/intf/v1/baseScsiDefinitionRestful/doInvalid', {
    definitionId: definition!.definitionId,
  });

  const supplier = await open(browser, baseURL, 'sup_a');
  await expect(supplier.getByText('接口平台')).toHaveCount(0);
  const answer = await pageApi(supplier, '/api/intf/v1/baseScsiOutboxRestful/listByPage', {});
  expect(answer.httpStatus).toBe(403);
  await supplier.context().close();
  await buyer.context().close();
  await admin.context().close();
});

type Row = Record<string, unknown>;
