// In-app messages (站内信): a buyer submits an order; the purchasing manager's open envelope
// counts it at once, without a reload; the message opens the order, and 我的消息 lists it read.
// Screenshots in Chinese.
import { type Page, expect } from '@playwright/test';
import {
  activePane,
  formField,
  keepScreenshot,
  openFromMenu,
  pageApi,
  signIn,
  watchConsole,
  test,
} from './helpers';

type Row = Record<string, unknown>;
test.use({ viewport: { width: 1440, height: 900 } });
const slow = expect.configure({ timeout: 30_000 });

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

test('an approver is told of a new task in the envelope and opens the document from the message', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const buyerContext = await browser.newContext({ baseURL, locale: 'zh-CN' });
  const buyer = await buyerContext.newPage();
  await signIn(buyer, 'buyer');
  const suppliers = await api<Row[]>(buyer, '/api/srm/v1/srmSupplierInfoRestful/listByPage', {
    pageRows: 100,
  });
  const hengda = suppliers.find((row) => row.supplierName === '苏州恒达精密五金有限公司')!;
  const order = await api(buyer, '/api/srm/v1/srmPoHeaderRestful/saveOrUpdate', {
    billTypeId: (await first(buyer, 'srmPurBillType', { billTypeCode: 'STD_PO' })).billTypeId,
    orgId: (await first(buyer, 'srmBaseOrg', { orgCode: 'OU100' })).orgId,
    supplierId: hengda.supplierId,
    currencyId: (await first(buyer, 'srmBaseCurrency', { currencyCode: 'CNY' })).currencyId,
    orderDate: '2026-11-21',
    buyerName: '张伟',
    lines: [
      {
        lineNum: 1,
        itemId: (await first(buyer, 'srmBaseItem', { itemCode: '02010001' })).itemId,
        quantity: 100,
        unitPriceExclTax: 6.2,
        taxRate: 13,
        needByDate: '2026-12-15',
      },
    ],
  });
  const poNumber = String(order.poNumber);

  // The approver is at work before the order is submitted: the envelope counts the new task
  // without a reload (the websocket hub's hint, docs/realtime.md).
  const approver = await browser.newPage({
    baseURL,
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
  });
  const errors = watchConsole(approver);
  await signIn(approver, 'approver');
  const countNow = async () =>
    (await api<{ count: number }>(approver, '/api/message/v1/baseSiteMessageRestful/countUnread', {})).count;
  const before = await countNow();
  const badge = approver.getByTestId('message-count');
  if (before) await slow(badge).toContainText(String(Math.min(before, 99)));
  await approver.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  await api(buyer, '/api/srm/v1/srmPoHeaderRestful/doSubmit', { poHeaderId: order.poHeaderId });
  const unread = { count: await countNow() };
  expect(unread.count).toBeGreaterThan(before);
  // Well inside the minute the badge would take to poll.
  await expect(badge).toContainText(String(Math.min(unread.count, 99)), { timeout: 5_000 });
  expect(await approver.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await approver.getByRole('button', { name: '消息', exact: true }).click();
  const item = approver.getByTestId('message-bell-list').getByText(`待审批：采购订单 ${poNumber}`);
  await slow(item).toBeVisible();
  await keepScreenshot(approver, 'messages-envelope-zh');
  await item.click();
  await slow(activePane(approver).getByTestId('document-number')).toHaveText(poNumber);

  await openFromMenu(approver, '我的消息');
  const list = activePane(approver).getByTestId('message-list');
  await slow(list.getByText(`待审批：采购订单 ${poNumber}`)).toBeVisible();
  await slow(list.locator('tr', { hasText: poNumber }).getByText('已读')).toBeVisible();
  await keepScreenshot(approver, 'messages-list-zh');
  expect(errors).toEqual([]);
  await buyerContext.close();
});

test('the administrator reads the e-mails of the message outbox; a sent one cannot be sent again', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await signIn(page, 'admin');
  await openFromMenu(page, '消息实例');
  const pane = activePane(page);
  // The demo's released orders told their suppliers' users by e-mail, sent after the start; found
  // by their source, as a person would among the demo's other notices (the list draws the rows
  // in view only).
  const source = formField(pane, '消息来源');
  await source.fill('PO_RELEASED');
  await source.press('Enter');
  const row = pane.locator('.ant-table-row', { hasText: 'PO_RELEASED' }).first();
  await slow(row.getByText('已发送')).toBeVisible();
  await row.locator('.ant-checkbox-input').check();
  await expect(pane.getByRole('button', { name: '重新发送' })).toBeDisabled();
  await expect(pane.getByRole('button', { name: '取消发送' })).toBeDisabled();
  await keepScreenshot(page, 'message-instances-zh');
  expect(errors).toEqual([]);
});
