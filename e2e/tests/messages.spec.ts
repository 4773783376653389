// In-app messages (站内信): a buyer submits an order; the purchasing manager's open envelope
// counts it at once, without a reload; the message opens the order, and 我的消息 lists it read.
// An administrator's message config (消息配置) copies released orders to the supplier's quality
// contact: the supplier's open envelope counts the order, the contact gets the e-mail, the other
// supplier hears nothing. Screenshots in Chinese.
import { type Page, expect } from '@playwright/test';
import {
  activePane,
  approveOrder,
  expectToast,
  formField,
  keepScreenshot,
  linesCard,
  mailTo,
  open,
  openFromMenu,
  pageApi,
  pickRemote,
  sentMails,
  signIn,
  submittedHengdaOrder,
  toastsGone,
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
  // Unread come first: the message just read is found by its title.
  await list.getByPlaceholder('标题').fill(poNumber);
  await list.getByPlaceholder('标题').press('Enter');
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

test('an administrator copies released orders to the supplier’s quality contact: the supplier’s open envelope counts the order, the contact gets the e-mail, the other supplier hears nothing', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const CONFIGS = '/api/message/v1/baseMessageConfigRestful';
  const admin = await open(browser, baseURL, 'admin');
  const errors = watchConsole(admin);
  const name = '订单发布抄送质量联系人';
  try {
    await test.step('the administrator configures 采购订单发布 for in-app and e-mail to the quality contact', async () => {
      await openFromMenu(admin, '消息配置');
      await activePane(admin)
        .getByRole('button', { name: /新\s?建/ })
        .click();
      await expect(admin.getByRole('tab', { name: '新建消息配置', selected: true })).toBeVisible();
      const pane = activePane(admin);
      await pane.locator('input[id$="_configName"]').fill(name);
      await pickRemote(admin, '_sourceId', '订单发布', '采购订单发布');
      await pane
        .locator('.ant-form-item')
        .filter({ has: admin.locator('label[title="邮件"]') })
        .getByRole('switch')
        .click();
      await linesCard(admin, '接收人').getByRole('button', { name: '新增行' }).click();
      await pickRemote(admin, '_recipients_0_recipientType', '供应商联系人', '供应商联系人');
      await pickRemote(admin, '_recipients_0_contactRole', '质量', '质量');
      await toastsGone(admin).catch(() => undefined);
      await pane.getByRole('button', { name: /保\s?存/ }).click();
      await expectToast(admin, '保存成功');
      await keepScreenshot(admin, 'message-config-zh');
      await admin.getByRole('button', { name: '切换语言' }).click();
      await admin.getByRole('menuitem', { name: 'English' }).click();
      await slow(linesCard(admin, 'Recipients').getByText('Supplier contact')).toBeVisible();
      await expect(pane.getByText('Only these recipients')).toBeVisible();
      await expect(pane.getByText('Purchase order released')).toBeVisible();
      await toastsGone(admin).catch(() => undefined);
      await keepScreenshot(admin, 'message-config-en');
    });

    // 恒达's user is at work before the order is released.
    const supplier = await open(browser, baseURL, 'sup_a');
    const supplierErrors = watchConsole(supplier);
    const countNow = async () =>
      (await api<{ count: number }>(supplier, '/api/message/v1/baseSiteMessageRestful/countUnread', {}))
        .count;
    const badge = supplier.getByTestId('message-count');
    const before = await countNow();
    if (before) await slow(badge).toContainText(String(Math.min(before, 99)));

    const buyer = await open(browser, baseURL, 'buyer', false);
    const order = await submittedHengdaOrder(buyer, [40, 500]);
    const poNumber = String(order.poNumber);
    await approveOrder(browser, baseURL, order.poHeaderId);
    const mails = sentMails().length;
    await api(buyer, '/api/srm/v1/srmPoHeaderRestful/doRelease', { poHeaderId: order.poHeaderId });

    await test.step('the supplier’s envelope counts the order without a reload and opens it', async () => {
      const after = await countNow();
      expect(after).toBeGreaterThan(before);
      await expect(badge).toContainText(String(Math.min(after, 99)), { timeout: 5_000 });
      await supplier.getByRole('button', { name: '消息', exact: true }).click();
      const item = supplier.getByTestId('message-bell-list').getByText(poNumber).first();
      await slow(item).toBeVisible();
      await item.click();
      await slow(activePane(supplier).getByTestId('document-number')).toHaveText(poNumber);
      expect(supplierErrors).toEqual([]);
    });

    await test.step('the quality contact, who has no account, gets the e-mail; 瑞丰 hears nothing', async () => {
      await mailTo('wangq@hengda-hw.example.cn', new RegExp(poNumber), mails);
      const other = await open(browser, baseURL, 'sup_b', false);
      const theirs = await api<Row[]>(other, '/api/message/v1/baseSiteMessageRestful/findMyMessages', {
        pageIndex: 1,
        pageRows: 500,
        title: poNumber,
      });
      expect(theirs).toEqual([]);
      expect(
        sentMails()
          .slice(mails)
          .some((mail) => mail.to.some((to) => to.includes('ruifeng'))),
      ).toBe(false);
    });
    expect(errors).toEqual([]);
  } finally {
    // Later journeys expect released orders told as the demo tells them.
    const [config] = await api<Row[]>(admin, `${CONFIGS}/listByPage`, { configName: name, pageRows: 10 });
    if (config)
      await api(admin, `${CONFIGS}/saveOrUpdate`, {
        configId: config.configId,
        versionNum: config.versionNum,
        enabledFlag: 'N',
      });
  }
});
