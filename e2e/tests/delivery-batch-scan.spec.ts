// Batch delivery drafts and scanning at receipt, as the people do it: supplier A stages open lines
// of several orders in 批量暂存, edits them in the grid, saves, finds them again after signing in
// anew, is refused a generation over the open quantity (nothing written) and then generates the
// notes and opens one; the buyer scans the note's package barcodes into a receipt (a package
// twice, an unknown code and another note's code are refused) and posts it. The agreement list
// shows the price-change flag as a warning. In Chinese and English.
import { type Page, expect } from '@playwright/test';
import {
  activePane,
  api,
  closeTab,
  keepScreenshot,
  open,
  openFromMenu,
  pickOption,
  type Row,
  watchConsole,
  test,
} from './helpers';

test.use({ viewport: { width: 1440, height: 900 } });
const slow = expect.configure({ timeout: 30_000 });
const srm = (entity: string, action: string) => `/api/srm/v1/${entity}Restful/${action}`;
const shot = (page: Page, name: string) =>
  // Modals and toasts finish their entrance first.
  page
    .waitForTimeout(600)
    .then(() =>
      page
        .screenshot({ path: `/tmp/purch/${name}.png`, fullPage: true })
        .then(() => keepScreenshot(page, name)),
    );

async function toEnglish(page: Page) {
  await page.getByRole('button', { name: '切换语言' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
}

/** The grid row of the batch screen showing this order line. */
function stagedRow(page: Page, line: Row) {
  return activePane(page)
    .locator('.ant-table-row')
    .filter({ hasText: String(line.poNumber) })
    .filter({ hasText: String(line.itemCode) })
    .first();
}

test('批量暂存: supplier A stages lines across orders, saves drafts, is refused over the open quantity, generates notes', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(360_000);
  const supplier = await open(browser, baseURL, 'sup_a');
  const errors = watchConsole(supplier);
  const pane = activePane(supplier);
  const staged = () => api<Row[]>(supplier, srm('srmPurAsnBatchTemp', 'listByPage'), { pageRows: 200 });
  // The demo supplier has started drafts (an order line and a notice line): seen, then cleared.
  await openFromMenu(supplier, '批量暂存');
  await slow(pane.locator('.ant-table-row').first()).toBeVisible();
  await shot(supplier, 'batch-demo-zh');
  await closeTab(supplier, '批量暂存');
  for (const row of await staged())
    await api(supplier, srm('srmPurAsnBatchTemp', 'delete'), { batchTempId: row.batchTempId });
  const openLines = await api<Row[]>(supplier, srm('srmPurAsnHeader', 'openOrderLines'), {});
  // Two lines of two different orders when the demo has them.
  const firstLine = openLines[0]!;
  const secondLine =
    openLines.find((line) => line.poHeaderId !== firstLine.poHeaderId) ?? openLines[1] ?? openLines[0]!;
  expect(openLines.length).toBeGreaterThan(1);

  await test.step('the supplier picks open order lines in the menu entry next to its delivery notes', async () => {
    await openFromMenu(supplier, '批量暂存');
    await slow(pane.getByText('暂无暂存行', { exact: false })).toBeVisible();
    await pane.getByRole('button', { name: '添加订单行' }).click();
    const picker = supplier.locator('.ant-modal').filter({ hasText: '选择要发货的行' });
    await slow(picker.getByText(String(firstLine.poNumber)).first()).toBeVisible();
    for (const line of [firstLine, secondLine]) {
      await picker
        .locator('.ant-table-tbody tr.ant-table-row')
        .filter({ hasText: String(line.poNumber) })
        .filter({ hasText: String(line.itemCode) })
        .locator('.ant-checkbox-input')
        .first()
        .check();
    }
    await shot(supplier, 'batch-pick-zh');
    await picker.getByRole('button', { name: /添加所选 2 行/ }).click();
    await slow(stagedRow(supplier, firstLine)).toBeVisible();
    expect(await staged()).toHaveLength(2);
  });

  await test.step('edits quantity and lot in the grid, saves the drafts; they survive signing in again', async () => {
    const row = stagedRow(supplier, firstLine);
    const quantity = row.locator('.ant-input-number-input').first();
    await quantity.fill('1');
    await row.locator('.ant-table-cell').nth(13).locator('input').fill('E2E-LOT-01');
    await pane
      .getByRole('button', { name: /暂\s?存/ })
      .first()
      .click();
    await slow(supplier.getByText(/已暂存 \d+ 行/)).toBeVisible();
    // 未发数量 beside the quantity: what remains open on the order line.
    await slow(row.locator('.ant-table-cell').nth(7)).toHaveText(String(firstLine.openQuantity));
    await shot(supplier, 'batch-grid-zh');
    const again = await open(browser, baseURL, 'sup_a');
    const kept = await api<Row[]>(again, srm('srmPurAsnBatchTemp', 'listByPage'), { pageRows: 200 });
    const mine = kept.find((item) => item.poLineId === firstLine.poLineId)!;
    expect(mine).toMatchObject({ shipQuantity: 1, lotNumber: 'E2E-LOT-01' });
    await again.context().close();
  });

  await test.step('a row over the open quantity refuses the whole generation, nothing is written', async () => {
    const before = (await api<Row[]>(supplier, srm('srmPurAsnHeader', 'listByPage'), { pageRows: 200 }))
      .length;
    const row = stagedRow(supplier, secondLine);
    await row.locator('.ant-input-number-input').first().fill('99999999');
    await pane
      .getByRole('button', { name: /暂\s?存/ })
      .first()
      .click();
    await slow(supplier.getByText(/已暂存 \d+ 行/).first()).toBeVisible();
    await pane.getByRole('button', { name: '生成送货单' }).click();
    await supplier
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /^确\s?定$/ })
      .click();
    const refusal = supplier.locator('.ant-modal-confirm-error');
    await slow(refusal).toContainText('未生成任何送货单');
    await slow(refusal).toContainText('超过未发货数量');
    await slow(pane.locator('[data-refused-rows]')).toBeVisible();
    await shot(supplier, 'batch-refused-zh');
    await refusal.getByRole('button').last().click();
    expect((await api<Row[]>(supplier, srm('srmPurAsnHeader', 'listByPage'), { pageRows: 200 })).length).toBe(
      before,
    );
    expect(await staged()).toHaveLength(2);
    await row.locator('.ant-input-number-input').first().fill('1');
    await pane
      .getByRole('button', { name: /暂\s?存/ })
      .first()
      .click();
    await slow(supplier.getByText(/已暂存 \d+ 行/).first()).toBeVisible();
  });

  await test.step('generates the notes: listed, each opens in the delivery note screen', async () => {
    await pane.getByRole('button', { name: '生成送货单' }).click();
    await supplier
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /^确\s?定$/ })
      .click();
    const done = supplier.locator('.ant-modal-confirm-success');
    await slow(done).toContainText(/已生成 \d+ 张送货单/);
    await shot(supplier, 'batch-generated-zh');
    const number = (await done.locator('[data-asn-number]').first().textContent())!;
    expect(await staged()).toEqual([]);
    await done.getByText('打开').first().click();
    await slow(pane.getByTestId('document-number')).toHaveText(number);
    await shot(supplier, 'batch-note-opened-zh');
  });

  await test.step('in English', async () => {
    await toEnglish(supplier);
    await openFromMenu(supplier, 'Batch delivery drafts');
    await pane.getByRole('button', { name: 'Add order lines' }).click();
    const picker = supplier.locator('.ant-modal').filter({ hasText: 'Choose the lines to ship' });
    await picker.locator('.ant-table-tbody tr.ant-table-row .ant-checkbox-input').first().check();
    await picker.getByRole('button', { name: /Add 1 lines chosen/ }).click();
    await slow(pane.locator('.ant-table-row').first()).toBeVisible();
    await shot(supplier, 'batch-grid-en');
    for (const row of await staged())
      await api(supplier, srm('srmPurAsnBatchTemp', 'delete'), { batchTempId: row.batchTempId });
  });
  // The refusals the steps provoke answer 404/422; nothing else may be logged.
  expect(errors.filter((text) => !/status of (404|422)/.test(text))).toEqual([]);
});

test('扫码收货: the buyer scans the note’s packages into a receipt; twice, unknown and another note’s code are refused', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const supplier = await open(browser, baseURL, 'sup_a');
  const buyer = await open(browser, baseURL, 'buyer');
  const errors = watchConsole(buyer);
  const pane = activePane(buyer);
  // Supplier A ships 3 of an open line in packages of 1 (three barcodes) and 1 on another note.
  const line = (await api<Row[]>(supplier, srm('srmPurAsnHeader', 'openOrderLines'), {})).find(
    (item) => Number(item.openQuantity) >= 4,
  )!;
  const ship = async (quantity: number) => {
    const note = await api(supplier, srm('srmPurAsnHeader', 'saveOrUpdate'), {
      shipDate: '2026-12-20',
      lines: [{ lineNum: 1, poLineId: line.poLineId, shipQuantity: quantity, packageQuantity: 1 }],
    });
    await api(supplier, srm('srmPurAsnHeader', 'doSubmit'), { asnHeaderId: note.asnHeaderId });
    return note;
  };
  const note = await ship(3);
  const other = await ship(1);
  const code = (asn: Row, pack: number) => `${String(asn.asnNumber)}-001-${String(pack).padStart(3, '0')}`;
  const store = (await api<Row[]>(buyer, srm('srmBaseStorageLocation', 'listByPage'), { pageRows: 5 }))[0]!;
  const scanInput = pane.locator('[data-scan-input] input, input[data-scan-input]').first();
  const result = pane.locator('[data-scan-result]');
  const scan = async (value: string) => {
    await scanInput.fill(value);
    await scanInput.press('Enter');
  };

  await test.step('a new receipt starts with a scan: the first package names its note; each adds its quantity', async () => {
    await openFromMenu(buyer, '收货单');
    await pane.getByRole('button', { name: /新\s?建/ }).click();
    await slow(scanInput).toBeVisible();
    // No note chosen yet: the package names it, and the receipt takes it.
    await scan(code(note, 1));
    await slow(result).toContainText('第 1/3 包');
    await expect(
      pane
        .locator('.ant-form-item')
        .filter({ has: buyer.locator('label[title="送货单号"]') })
        .locator('.ant-select'),
    ).toContainText(String(note.asnNumber));
    await scan(code(note, 2));
    await slow(result).toContainText('第 2/3 包');
    await slow(pane.getByText('已扫 2 包')).toBeVisible();
    await slow(pane.locator('[data-scan-summary]')).toContainText('2 包，数量 2');
    await pane.locator('[data-scan-card]').evaluate((card) => card.scrollIntoView());
    await shot(buyer, 'scan-two-packages-zh');
  });

  await test.step('a package twice, an unknown code and another note’s package are refused; nothing changes', async () => {
    await scan(code(note, 1));
    await slow(result).toContainText('已扫描过：每个包装只计一次');
    await shot(buyer, 'scan-twice-zh');
    await scan('NO-SUCH-CODE');
    await slow(result).toContainText('不存在');
    await scan(code(other, 1));
    await slow(result).toContainText(`属于送货单 ${String(other.asnNumber)}`);
    await shot(buyer, 'scan-other-note-zh');
    await slow(pane.getByText('已扫 2 包')).toBeVisible();
  });

  let receiveNumber = '';
  await test.step('saved and posted: the receipt counts the two packages scanned', async () => {
    await pickOption(buyer, pane, '库存地点', String(store.locationName));
    await pane.getByRole('button', { name: /保\s?存/ }).click();
    await slow(buyer.getByText('保存成功').first()).toBeVisible();
    await slow(pane.getByTestId('document-number')).toHaveText(/^RCV/);
    receiveNumber = (await pane.getByTestId('document-number').innerText()).trim();
    const [listed] = await api<Row[]>(buyer, srm('srmPurReceiveHeader', 'listByPage'), { receiveNumber });
    const saved = await api<Row & { lines: Row[] }>(buyer, srm('srmPurReceiveHeader', 'findById'), {
      receiveHeaderId: listed!.receiveHeaderId,
    });
    expect(saved.asnHeaderId).toBe(note.asnHeaderId);
    expect(saved.lines.map((row) => [row.quantity, row.scannedPackages])).toEqual([[2, 2]]);
    await pane.getByRole('button', { name: /^过\s?账$/ }).click();
    const ok = buyer.locator('.ant-modal-confirm').getByRole('button', { name: /^确\s?定$/ });
    if (await ok.isVisible({ timeout: 3_000 }).catch(() => false)) await ok.click();
    await slow(pane.getByText('已过账').first()).toBeVisible();
    await shot(buyer, 'scan-posted-zh');
  });

  await test.step('the agreement list shows the price-change flag as a warning, with its reason', async () => {
    await openFromMenu(buyer, '采购协议');
    const warning = pane.locator('[data-flag="warning"]').first();
    await slow(warning).toBeVisible();
    await warning.hover();
    await slow(buyer.getByRole('tooltip')).toContainText('变动超过 5%');
    await shot(buyer, 'agreement-warning-zh');
  });

  await test.step('in English, on a new receipt: a package already received is refused', async () => {
    const next = await api(buyer, srm('srmPurReceiveHeader', 'saveOrUpdate'), {
      asnHeaderId: note.asnHeaderId,
      receiveDate: '2026-12-23',
      storageLocationId: store.storageLocationId,
    });
    // The receipt list tab was read before this receipt existed: a fresh start of the workspace.
    await buyer.reload();
    await toEnglish(buyer);
    await openFromMenu(buyer, 'Receipts');
    await slow(pane.getByText(String(next.receiveNumber), { exact: true })).toBeVisible();
    await pane.getByText(String(next.receiveNumber), { exact: true }).click();
    await slow(scanInput).toBeVisible();
    await scan(code(note, 1));
    await slow(result).toContainText(`was already received on receipt ${receiveNumber}`);
    await scan(code(note, 3));
    await slow(result).toContainText('package 3 of 3');
    await shot(buyer, 'scan-en');
    await openFromMenu(buyer, 'Agreements');
    const warning = pane.locator('[data-flag="warning"]').first();
    await slow(warning).toBeVisible();
    await warning.hover();
    await slow(buyer.getByRole('tooltip')).toContainText('more than 5 %');
    await shot(buyer, 'agreement-warning-en');
  });

  // The refusals the steps provoke answer 404/422; nothing else may be logged.
  expect(errors.filter((text) => !/status of (404|422)/.test(text))).toEqual([]);
});
