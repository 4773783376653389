// Purchasing, buyer and supplier side by side in two browser contexts: the buyer's order is
// approved in the approval engine and released from its page; supplier A finds it among the
// orders to confirm, confirms one line and proposes a later date on the other; the buyer accepts
// the change. Supplier B never sees the order. Screenshots in Chinese and English.
import { expect, test } from '@playwright/test';
import {
  activePane,
  approveOrder,
  confirmDialog,
  api,
  keepScreenshot,
  open,
  openFromMenu,
  pageApi,
  type Row,
  submittedHengdaOrder,
  watchConsole,
} from './helpers';

test.use({ viewport: { width: 1440, height: 900 } });
// Screens load their data over a busy shared machine: wait longer than the default.
const slow = expect.configure({ timeout: 30_000 });

const PO = '/api/srm/v1/srmPoHeaderRestful';

test('a buyer releases an order, supplier A answers line by line, the buyer accepts; supplier B sees nothing', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const buyer = await open(browser, baseURL, 'buyer');
  const errors = watchConsole(buyer);
  const buyerPane = activePane(buyer);

  // The order: two lines of materials 恒达五金 is qualified and listed for, submitted for approval.
  const order = await submittedHengdaOrder(buyer, [400, 5000]);
  const poNumber = String(order.poNumber);

  await test.step('the purchasing manager approves it in the approval engine', async () => {
    await approveOrder(browser, baseURL, order.poHeaderId);
  });

  await test.step('the buyer opens the approved order and releases it', async () => {
    await openFromMenu(buyer, '采购订单');
    await buyerPane.getByText(poNumber, { exact: true }).click();
    await slow(buyerPane.getByTestId('document-number')).toHaveText(poNumber);
    await slow(buyerPane.getByText('已审批').first()).toBeVisible();
    await buyerPane.getByRole('button', { name: /^发\s?布$/ }).click();
    await confirmDialog(buyer);
    await slow(buyerPane.getByText('已发布').first()).toBeVisible();
    await keepScreenshot(buyer, 'purchasing-buyer-released-zh');
  });

  const supplierA = await open(browser, baseURL, 'sup_a');
  const supplierPane = activePane(supplierA);
  await test.step('supplier A finds it among the orders to confirm', async () => {
    await openFromMenu(supplierA, '待确认订单');
    await slow(supplierPane.getByText(poNumber, { exact: true })).toBeVisible();
    await keepScreenshot(supplierA, 'purchasing-supplier-to-confirm-zh');
    await supplierPane.getByText(poNumber, { exact: true }).click();
    await slow(supplierPane.getByTestId('document-number')).toHaveText(poNumber);
  });

  await test.step('supplier A confirms line 1 and proposes a later date for line 2', async () => {
    const found = await api<Row & { lines: Row[] }>(supplierA, `${PO}/findById`, {
      poHeaderId: order.poHeaderId,
    });
    await api(supplierA, `${PO}/saveOrUpdate`, {
      poHeaderId: order.poHeaderId,
      versionNum: found.versionNum,
      lines: [
        { poLineId: found.lines[0]!.poLineId, promisedDate: '2026-12-15' },
        {
          poLineId: found.lines[1]!.poLineId,
          proposedDate: '2026-12-26',
          supplierComment: '原材料到货推迟，建议延后交货',
        },
      ],
    });
    await supplierA.reload();
    await slow(supplierPane.getByTestId('document-number')).toHaveText(poNumber);
    await supplierPane.getByRole('button', { name: '提出变更', exact: true }).click();
    await slow(supplierPane.getByText('变更待确认').first()).toBeVisible();
    await slow(supplierPane.getByText('2026-12-26').first()).toBeVisible();
    await keepScreenshot(supplierA, 'purchasing-supplier-proposed-zh');
  });

  await test.step('supplier B sees none of it', async () => {
    const supplierB = await open(browser, baseURL, 'sup_b');
    const listed = await api<Row[]>(supplierB, `${PO}/listByPage`, { poNumber, pageRows: 50 });
    expect(listed).toEqual([]);
    const byId = await pageApi(supplierB, `${PO}/findById`, { poHeaderId: order.poHeaderId });
    expect(byId.httpStatus).toBe(404);
    await openFromMenu(supplierB, '我的订单');
    await slow(activePane(supplierB).locator('.ant-table')).toBeVisible();
    await slow(activePane(supplierB).getByText(poNumber)).toHaveCount(0);
    await supplierB.context().close();
  });

  await test.step('the buyer accepts the change: the order is confirmed with the new date', async () => {
    await buyer.reload();
    await slow(buyerPane.getByText('变更待确认').first()).toBeVisible();
    await buyerPane.getByRole('button', { name: '接受变更', exact: true }).click();
    await confirmDialog(buyer);
    await slow(buyerPane.getByText('已确认').first()).toBeVisible();
    const accepted = await api<Row & { lines: Row[] }>(buyer, `${PO}/findById`, {
      poHeaderId: order.poHeaderId,
    });
    expect(accepted.status).toBe('CONFIRMED');
    expect(accepted.lines.map((line) => [line.supplierConfirmStatus, line.promisedDate])).toEqual([
      ['CONFIRMED', '2026-12-15'],
      ['CONFIRMED', '2026-12-26'],
    ]);
    await keepScreenshot(buyer, 'purchasing-buyer-accepted-zh');
  });

  await test.step('in English', async () => {
    await buyer.getByRole('button', { name: '切换语言' }).click();
    await buyer.getByRole('menuitem', { name: 'English' }).click();
    await slow(buyerPane.getByText('Confirmed').first()).toBeVisible();
    await keepScreenshot(buyer, 'purchasing-buyer-accepted-en');
    await supplierA.reload();
    await supplierA.getByRole('button', { name: '切换语言' }).click();
    await supplierA.getByRole('menuitem', { name: 'English' }).click();
    await slow(supplierPane.getByText('Confirmed').first()).toBeVisible();
    await keepScreenshot(supplierA, 'purchasing-supplier-order-en');
  });

  expect(errors).toEqual([]);
});
