// Requisition lines become orders through the buttons, as the buyer works: two pooled lines ticked
// in 需求汇总 become an order (one of them in part); the approved requisition then offers
// 创建采购订单 for what remains on it; the order list's 由申请创建 picks a line of another
// requisition from the pool. Each order opens in its tab with the lines and quantities chosen, and
// the dialogs show what remains as the server counts it. Supplier A's order list has no such button.
// Screenshots of each button and dialog in Chinese and English.
import { type Locator, type Page, expect } from '@playwright/test';
import {
  activePane,
  api,
  first,
  keepScreenshot,
  open,
  openFromMenu,
  type Row,
  toastsGone,
  watchConsole,
  test,
} from './helpers';

test.use({ viewport: { width: 1440, height: 900 } });
const slow = expect.configure({ timeout: 30_000 });

const srm = (entity: string, action: string) => `/api/srm/v1/${entity}Restful/${action}`;
const HENGDA = '苏州恒达精密五金有限公司';

/** An approved requisition of OU100 with these lines, suggesting 恒达五金 (qualified for them). */
async function approvedRequisition(
  buyer: Page,
  approver: Page,
  title: string,
  lines: { itemCode: string; quantity: number; unitPrice: number; needByDate: string }[],
): Promise<Row & { lines: Row[] }> {
  const hengda = await first(buyer, 'srmSupplierInfo', { supplierName: HENGDA });
  const saved = await api(buyer, srm('srmPurRequisitionHeader', 'saveOrUpdate'), {
    title,
    billTypeId: (await first(buyer, 'srmPurBillType', { billTypeCode: 'STD_PR' })).billTypeId,
    orgId: (await first(buyer, 'srmBaseOrg', { orgCode: 'OU100' })).orgId,
    requesterName: '张伟',
    departmentName: '生产计划部',
    requisitionDate: '2026-11-21',
    lines: await Promise.all(
      lines.map(async (line, index) => ({
        lineNum: index + 1,
        itemId: (await first(buyer, 'srmBaseItem', { itemCode: line.itemCode })).itemId,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        needByDate: line.needByDate,
        suggestedSupplierId: hengda.supplierId,
      })),
    ),
  });
  const id = { requisitionHeaderId: saved.requisitionHeaderId };
  await api(buyer, srm('srmPurRequisitionHeader', 'doSubmit'), id);
  const tasks = await api<Row[]>(approver, '/api/bpm/v1/bpmTaskRestful/findTodoTasks', {
    pageIndex: 1,
    pageRows: 100,
    entityName: 'srmPurRequisitionHeader',
  });
  const task = tasks.find((row) => row.documentId === saved.requisitionHeaderId);
  if (!task) throw new Error(`no approval task for ${String(saved.requisitionNumber)}`);
  await api(approver, '/api/bpm/v1/bpmTaskRestful/doApprove', { taskId: task.taskId, comment: '同意' });
  return api<Row & { lines: Row[] }>(buyer, srm('srmPurRequisitionHeader', 'findById'), id);
}

/** The dialog of 创建采购订单 / 由申请创建. */
function dialog(page: Page): Locator {
  return page.locator('.ant-modal:visible').filter({ has: page.locator('.ant-modal-title') });
}

/** The dialog's rows as [requisition number, line, material, remaining, quantity to order]. */
async function dialogRows(modal: Locator): Promise<string[][]> {
  await slow(modal.locator('.ant-table-row').first()).toBeVisible();
  return modal.locator('.ant-table-tbody tr.ant-table-row').evaluateAll((rows) =>
    (rows as HTMLElement[]).map((row) => {
      const cells = Array.from(row.querySelectorAll<HTMLElement>('td.ant-table-cell'));
      // After the selection box: number, line, code, name, quantity, remaining, to order, …
      const text = (index: number) => cells[index]?.innerText.trim() ?? '';
      const input = cells[7]?.querySelector('input');
      return [text(1), text(2), text(3), text(6), input ? input.value : ''];
    }),
  );
}

/** The opened order's lines grid as [material, quantity] per line. */
async function orderLines(pane: Locator): Promise<string[][]> {
  const grid = pane.locator('[data-grid="lines:srmPoLine"]');
  await slow(grid.locator('.ant-table-row[data-row-key]').first()).toBeVisible();
  const titles = (await grid.locator('.ant-table-thead th').allInnerTexts()).map((text) =>
    text.replace(/^\*/, '').trim(),
  );
  const item = titles.indexOf('物料编码');
  const quantity = titles.indexOf('订单数量');
  return grid.locator('.ant-table-row[data-row-key]').evaluateAll(
    (rows, at) =>
      (rows as HTMLElement[]).map((row) =>
        at.map((index) => {
          const cell = row.querySelectorAll<HTMLElement>('.ant-table-cell')[index];
          const input = cell?.querySelector('input');
          // The material's input is a select: its shown value is the code.
          const shown = cell?.querySelector<HTMLElement>('.ant-select-selection-item, .ant-select-content');
          return (input && !shown ? input.value : (shown?.innerText ?? cell?.innerText ?? '')).trim();
        }),
      ),
    [item, quantity],
  );
}

/** Ticks the row of the demand pool holding this requisition's line. */
async function tickPoolRow(pane: Locator, number: string, lineNum: number): Promise<void> {
  const titles = (await pane.locator('.ant-table-thead th').allInnerTexts()).map((text) => text.trim());
  const at = titles.findIndex((title) => title === '行号' || title === 'Line');
  const index = await pane.locator('.ant-table-row').evaluateAll(
    (rows, [wanted, line, column]) =>
      (rows as HTMLElement[]).findIndex((row) => {
        const cells = Array.from(row.querySelectorAll<HTMLElement>('.ant-table-cell'), (cell) =>
          cell.innerText.trim(),
        );
        return cells.includes(wanted as string) && cells[column as number] === String(line);
      }),
    [number, lineNum, at] as const,
  );
  if (index < 0) throw new Error(`no pool row for ${number} line ${lineNum}`);
  await pane.locator('.ant-table-row').nth(index).getByRole('checkbox').check();
}

test('requisition lines become orders from the demand pool, an approved requisition and the order list', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(360_000);
  const buyer = await open(browser, baseURL, 'buyer');
  const approver = await open(browser, baseURL, 'approver', false);
  const errors = watchConsole(buyer);
  const pane = activePane(buyer);

  const brackets = await approvedRequisition(buyer, approver, '总装线支架与螺钉补货', [
    { itemCode: '02010001', quantity: 240, unitPrice: 6.2, needByDate: '2026-12-15' },
    { itemCode: '02030002', quantity: 1000, unitPrice: 0.45, needByDate: '2026-12-18' },
  ]);
  const pins = await approvedRequisition(buyer, approver, '试产线圆柱销备料', [
    { itemCode: '02030003', quantity: 500, unitPrice: 0.28, needByDate: '2026-12-20' },
  ]);
  await approver.context().close();
  const firstNumber = String(brackets.requisitionNumber);
  const secondNumber = String(pins.requisitionNumber);

  const fromPool =
    await test.step('需求汇总: two ticked lines become an order, one of them in part', async () => {
      await openFromMenu(buyer, '需求汇总');
      const create = pane.getByRole('button', { name: '创建采购订单' });
      await slow(pane.getByText(firstNumber).first()).toBeVisible();
      await expect(create).toBeDisabled();
      await tickPoolRow(pane, firstNumber, 1);
      await tickPoolRow(pane, firstNumber, 2);
      await expect(create).toBeEnabled();
      await keepScreenshot(buyer, 'req-order-pool-button-zh');
      await create.click();
      const modal = dialog(buyer);
      await slow(modal.locator('.ant-modal-title')).toHaveText('创建采购订单');
      expect(await dialogRows(modal)).toEqual([
        [firstNumber, '1', '02010001', '240.0000', '240'],
        [firstNumber, '2', '02030002', '1,000.0000', '1,000'],
      ]);
      // The supplier the lines suggest, the first order type and the company's currency.
      await slow(modal.locator('.ant-form-item', { hasText: '供应商' })).toContainText(HENGDA);
      await slow(modal.locator('.ant-form-item', { hasText: '订单类型' })).toContainText('标准采购订单');
      await slow(modal.locator('.ant-form-item', { hasText: '币种' })).toContainText('CNY');
      // More than remains is refused before anything is sent; 600 of the 1,000 is ordered.
      const lineTwo = modal.locator('.ant-table-row').nth(1).locator('input:not([type="checkbox"])');
      await lineTwo.fill('1200');
      await modal.getByRole('button', { name: '创建采购订单' }).click();
      await slow(modal.getByText('不能超过剩余数量 1,000.0000')).toBeVisible();
      await lineTwo.fill('600');
      await keepScreenshot(buyer, 'req-order-pool-dialog-zh');
      await modal.getByRole('button', { name: '创建采购订单' }).click();
      await slow(buyer.locator('.ant-message-notice', { hasText: '已创建采购订单 PO' })).toBeVisible();
      await slow(pane.getByTestId('document-number')).toHaveText(/^PO\d{12}$/);
      expect(await orderLines(pane)).toEqual([
        ['02010001', '240'],
        ['02030002', '600'],
      ]);
      await slow(pane.getByText('草稿').first()).toBeVisible();
      return (await pane.getByTestId('document-number').innerText()).trim();
    });

  await test.step('the order holds the requisition lines; what remains is counted on the server', async () => {
    const [order] = await api<Row[]>(buyer, srm('srmPoHeader', 'listByPage'), { poNumber: fromPool });
    const found = await api<Row & { lines: Row[] }>(buyer, srm('srmPoHeader', 'findById'), {
      poHeaderId: order!.poHeaderId,
    });
    // The buyer is the person who created it (张伟, the demo buyer's profile).
    expect(found).toMatchObject({
      status: 'DRAFT',
      sourceType: 'REQUISITION',
      supplierName: HENGDA,
      buyerName: '张伟',
    });
    expect(found.lines.map((line) => [line.requisitionLineId, line.quantity])).toEqual([
      [brackets.lines[0]!.requisitionLineId, 240],
      [brackets.lines[1]!.requisitionLineId, 600],
    ]);
    const after = await api<Row & { lines: Row[] }>(buyer, srm('srmPurRequisitionHeader', 'findById'), {
      requisitionHeaderId: brackets.requisitionHeaderId,
    });
    expect(after.lines.map((line) => [line.remainingQuantity, line.demandStatus])).toEqual([
      [0, 'ORDERED'],
      [400, 'POOLED'],
    ]);
  });

  await test.step('the approved requisition offers 创建采购订单 for what remains on it', async () => {
    await openFromMenu(buyer, '采购申请');
    await pane.getByText(firstNumber, { exact: true }).click();
    await slow(pane.getByTestId('document-number')).toHaveText(firstNumber);
    await slow(pane.getByText('已审批').first()).toBeVisible();
    const create = pane.getByRole('button', { name: '创建采购订单' });
    await slow(create).toBeVisible();
    await keepScreenshot(buyer, 'req-order-requisition-button-zh');
    await create.click();
    const modal = dialog(buyer);
    // The first line is fully ordered: only the second remains, with 400 of its 1,000.
    expect(await dialogRows(modal)).toEqual([[firstNumber, '2', '02030002', '400.0000', '400']]);
    await slow(modal.locator('.ant-form-item', { hasText: '供应商' })).toContainText(HENGDA);
    await keepScreenshot(buyer, 'req-order-requisition-dialog-zh');
    await modal.getByRole('button', { name: '创建采购订单' }).click();
    await slow(pane.getByTestId('document-number')).not.toHaveText(fromPool);
    await slow(pane.getByTestId('document-number')).toHaveText(/^PO\d{12}$/);
    expect(await orderLines(pane)).toEqual([['02030002', '400']]);
  });

  await test.step('the requisition, fully ordered, offers the button no more', async () => {
    await buyer.getByRole('tab', { name: new RegExp(firstNumber) }).click();
    await slow(pane.getByTestId('document-number')).toHaveText(firstNumber);
    await slow(pane.getByRole('button', { name: '创建采购订单' })).toHaveCount(0);
  });

  await test.step('订单: 由申请创建 picks a line of another requisition from the pool', async () => {
    await openFromMenu(buyer, '采购订单');
    await pane.getByRole('button', { name: '由申请创建' }).click();
    const modal = dialog(buyer);
    await slow(modal.locator('.ant-modal-title')).toHaveText('由申请创建采购订单');
    await slow(modal.locator('.ant-table-row').first()).toBeVisible();
    // Filter by the requisition's number: its one line, nothing of the others.
    await modal.locator('[data-filter="requisitionHeaderId"] .ant-select').click();
    await buyer.keyboard.type(secondNumber);
    await buyer
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: secondNumber })
      .click();
    await slow(modal.locator('.ant-table-row')).toHaveCount(1);
    await modal.locator('.ant-table-row').first().getByRole('checkbox').check();
    expect(await dialogRows(modal)).toEqual([[secondNumber, '1', '02030003', '500.0000', '500']]);
    await slow(modal.locator('.ant-form-item', { hasText: '供应商' })).toContainText(HENGDA);
    await modal.locator('.ant-table-row').first().locator('input:not([type="checkbox"])').fill('300');
    await keepScreenshot(buyer, 'req-order-pick-dialog-zh');
    // A supplier not qualified for the material: the server's reason shows in the dialog, which
    // stays open for another choice.
    const pickSupplier = async (name: string) => {
      await modal.locator('.ant-form-item', { hasText: '供应商' }).locator('.ant-select').click();
      await buyer.keyboard.type(name.slice(0, 4));
      await buyer.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).click();
    };
    await pickSupplier('宁波瑞丰电子科技有限公司');
    await modal.getByRole('button', { name: '创建采购订单' }).click();
    await slow(modal.locator('.ant-alert-error')).toContainText('宁波瑞丰电子科技有限公司');
    await keepScreenshot(buyer, 'req-order-pick-refused-zh');
    await pickSupplier(HENGDA);
    await modal.getByRole('button', { name: '创建采购订单' }).click();
    await slow(pane.getByTestId('document-number')).toHaveText(/^PO\d{12}$/);
    expect(await orderLines(pane)).toEqual([['02030003', '300']]);
    await buyer.getByRole('tab', { name: '采购订单', exact: true }).click();
    await toastsGone(buyer).catch(() => undefined);
    await keepScreenshot(buyer, 'req-order-list-button-zh');
  });

  await test.step('in English: the three ways in, with 200 left on the second requisition', async () => {
    await buyer.getByRole('button', { name: '切换语言' }).click();
    await buyer.getByRole('menuitem', { name: 'English' }).click();
    const pick = pane.getByRole('button', { name: 'Create from requisitions' });
    await slow(pick).toBeVisible();
    await keepScreenshot(buyer, 'req-order-list-button-en');
    await pick.click();
    let modal = dialog(buyer);
    await slow(modal.locator('.ant-modal-title')).toHaveText('Create a purchase order from requisitions');
    await slow(modal.locator('.ant-table-row').first()).toBeVisible();
    await modal.locator('.ant-table-row').first().getByRole('checkbox').check();
    await keepScreenshot(buyer, 'req-order-pick-dialog-en');
    await modal.getByRole('button', { name: 'Cancel' }).click();

    await openFromMenu(buyer, 'Demand pool');
    await slow(pane.getByText(secondNumber).first()).toBeVisible();
    await tickPoolRow(pane, secondNumber, 1);
    await keepScreenshot(buyer, 'req-order-pool-button-en');
    await pane.getByRole('button', { name: 'Create purchase order' }).click();
    modal = dialog(buyer);
    expect(await dialogRows(modal)).toEqual([[secondNumber, '1', '02030003', '200.0000', '200']]);
    await keepScreenshot(buyer, 'req-order-pool-dialog-en');
    await modal.getByRole('button', { name: 'Cancel' }).click();

    await openFromMenu(buyer, 'Requisitions');
    await pane.getByText(secondNumber, { exact: true }).click();
    await slow(pane.getByTestId('document-number')).toHaveText(secondNumber);
    const create = pane.getByRole('button', { name: 'Create purchase order' });
    await slow(create).toBeVisible();
    await keepScreenshot(buyer, 'req-order-requisition-button-en');
    await create.click();
    modal = dialog(buyer);
    expect(await dialogRows(modal)).toEqual([[secondNumber, '1', '02030003', '200.0000', '200']]);
    await keepScreenshot(buyer, 'req-order-requisition-dialog-en');
    await modal.getByRole('button', { name: 'Cancel' }).click();
  });

  await test.step('supplier A meets none of it', async () => {
    const supplier = await open(browser, baseURL, 'sup_a');
    const supplierPane = activePane(supplier);
    await openFromMenu(supplier, '我的订单');
    await slow(supplierPane.locator('.ant-table')).toBeVisible();
    await expect(supplierPane.getByRole('button', { name: '由申请创建' })).toHaveCount(0);
    await expect(supplierPane.getByRole('button', { name: '创建采购订单' })).toHaveCount(0);
    await supplier.context().close();
  });

  // The one refusal asked for above (the supplier not qualified) is the only failed request.
  expect(errors.filter((text) => !/status of 422/.test(text))).toEqual([]);
  expect(errors.length).toBeLessThanOrEqual(1);
});
