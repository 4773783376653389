// Settlement on screen, continuing procure to pay from the demo's receipts: finance generates
// supplier A's statement (生成对账单) and sends it; A disputes a line's price on the statement's
// page; finance answers with an adjusted price; A confirms, invoices the statement (按对账单开票)
// at a price above the agreed one and submits; the invoice is held and finance accepts the
// variance line by line; finance applies to pay the invoice less an advance and a deduction,
// picked with 选择待付来源; the manager approves from the home page and finance clicks 付款 twice
// quickly — one payment, one posting; A sees its balance move in 往来明细; B sees none of it. The
// API only sets up the advance and the deduction and checks what was stored.
import { type Locator, type Page, expect } from '@playwright/test';
import {
  activePane,
  api,
  expectToast,
  keepScreenshot,
  open,
  openFromMenu,
  pickOption,
  type Row,
  test,
  typeInto,
} from './helpers';

test.use({ viewport: { width: 1440, height: 900 } });
const slow = expect.configure({ timeout: 30_000 });
const srm = (entity: string, action: string) => `/api/srm/v1/${entity}Restful/${action}`;
const HENGDA = '苏州恒达精密五金有限公司';

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Agrees to every question an action asks (save first?, then the action's own), if any. */
async function agree(page: Page): Promise<void> {
  const ok = page.locator('.ant-modal-confirm:visible').getByRole('button', { name: /^确\s?定$|^OK$/ });
  for (let asked = 0; asked < 2; asked++) {
    if (!(await ok.isVisible({ timeout: 3_000 }).catch(() => false))) return;
    await ok.click();
    await ok.waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => undefined);
  }
}

async function act(page: Page, label: RegExp): Promise<void> {
  await activePane(page).getByRole('button', { name: label }).click();
  await agree(page);
}

/** Picks an option in a grid cell's select. */
async function pickInCell(page: Page, input: Locator, option: string): Promise<void> {
  await input.click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
    .first()
    .click();
}

/** Opens the document of this number from the list on screen. */
async function openDocument(page: Page, number: string): Promise<void> {
  const pane = activePane(page);
  await pane.getByRole('link', { name: number }).first().click();
  await slow(activePane(page).getByTestId('document-number')).toHaveText(number);
}

test('settlement on screen: statement, dispute, adjusted price, invoice held and accepted, payment posted once', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(900_000);
  const finance = await open(browser, baseURL, 'finance');
  const supplierA = await open(browser, baseURL, 'sup_a');
  const fin = activePane(finance);
  const sup = activePane(supplierA);

  // The demo keeps a draft of A's latest receipts; it is cancelled so that finance generates anew.
  const drafts = (
    await api<Row[]>(finance, srm('srmStlAccountHeader', 'listByPage'), { status: 'DRAFT', pageRows: 100 })
  ).filter((row) => row.supplierName === HENGDA);
  const orgName = String(drafts[0]!.orgName);
  const supplierId = drafts[0]!.supplierId;
  for (const row of drafts)
    await api(finance, srm('srmStlAccountHeader', 'doCancel'), { accountHeaderId: row.accountHeaderId });

  const number = await test.step('finance generates A’s statement and sends it', async () => {
    await openFromMenu(finance, '对账单');
    await fin.getByRole('button', { name: '生成对账单' }).click();
    const modal = finance.getByTestId('statement-generate');
    await pickOption(finance, modal, '业务实体', orgName);
    await pickOption(finance, modal, '币种', 'CNY');
    await pickOption(finance, modal, '供应商', HENGDA);
    for (const [label, value] of [
      ['对账期间起', day(-5)],
      ['对账期间止', day(5)],
    ] as const) {
      const input = modal.locator('.ant-form-item', { hasText: label }).locator('input').first();
      await input.click();
      await input.fill(value);
      await input.press('Enter');
    }
    await keepScreenshot(finance, 'settlement-generate-zh');
    await finance.locator('.ant-modal:visible').getByRole('button', { name: '生成对账单' }).click();
    await expectToast(finance, '已生成 1 张对账单');
    const [made] = await api<Row[]>(finance, srm('srmStlAccountHeader', 'listByPage'), {
      status: 'DRAFT',
      supplierId,
    });
    const value = String(made!.accountNumber);
    await openDocument(finance, value);
    await act(finance, /^发送供应商$/);
    await slow(fin.getByTestId('document-status')).toHaveText('待供应商确认');
    return value;
  });

  await test.step('A disputes the first line’s price on the statement’s page', async () => {
    await openFromMenu(supplierA, '对账单');
    await openDocument(supplierA, number);
    await pickInCell(supplierA, sup.locator('input[id$="_lines_0_supplierAnswer"]'), '异议');
    await typeInto(sup.locator('input[id$="_lines_0_disputeReason"]'), '单价应按新协议 2.95 元');
    await keepScreenshot(supplierA, 'settlement-dispute-zh');
    await act(supplierA, /^提出异议$/);
    await slow(sup.getByTestId('document-status')).toHaveText('有异议');
  });

  await test.step('finance answers with the agreed price; A confirms', async () => {
    await finance.reload();
    await openFromMenu(finance, '对账单');
    await openDocument(finance, number);
    await slow(fin.getByTestId('document-status')).toHaveText('有异议');
    await pickInCell(finance, fin.locator('input[id$="_lines_0_buyerDecision"]'), '调整价格');
    await typeInto(fin.locator('input[id$="_lines_0_adjustedPrice"]'), '2.95');
    await act(finance, /^处理异议$/);
    await slow(fin.getByTestId('document-status')).toHaveText('待供应商确认');
    await supplierA.reload();
    await openFromMenu(supplierA, '对账单');
    await openDocument(supplierA, number);
    await slow(sup.getByText('价格调整').first()).toBeVisible();
    await act(supplierA, /^确认对账单$/);
    await slow(sup.getByTestId('document-status')).toHaveText('已确认');
    await keepScreenshot(supplierA, 'settlement-confirmed-zh');
  });

  const invoiceNumber = '62418850';
  const invoiceId =
    await test.step('A invoices the statement at 3.00, above the agreed price, and submits', async () => {
      await sup.getByRole('button', { name: '按对账单开票' }).click();
      const modal = supplierA.getByTestId('statement-invoice');
      await modal.locator('.ant-form-item', { hasText: '发票代码' }).locator('input').fill('3200231130');
      await modal.locator('.ant-form-item', { hasText: '发票号码' }).locator('input').fill(invoiceNumber);
      const date = modal.locator('.ant-form-item', { hasText: '开票日期' }).locator('input').first();
      await date.click();
      await date.fill(day(0));
      await date.press('Enter');
      await supplierA
        .locator('.ant-modal:visible')
        .getByRole('button', { name: /^确\s?定$/ })
        .click();
      await slow(sup.getByTestId('document-status')).toHaveText('草稿');
      const [row] = await api<Row[]>(supplierA, srm('srmStlInvoiceHeader', 'listByPage'), { invoiceNumber });
      const found = await api<Row & { lines: Row[] }>(supplierA, srm('srmStlInvoiceHeader', 'findById'), {
        invoiceId: row!.invoiceId,
      });
      // The printed invoice: the first line at 3.00, its amount and tax, and the totals, typed.
      const first = found.lines[0]!;
      const excl = Math.round(Number(first.quantity) * 3 * 100) / 100;
      const tax = Math.round(excl * Number(first.taxRate)) / 100;
      await typeInto(sup.locator('input[id$="_lines_0_unitPriceExclTax"]'), '3');
      await typeInto(sup.locator('input[id$="_lines_0_amountExclTax"]'), excl.toFixed(2));
      await typeInto(sup.locator('input[id$="_lines_0_taxAmount"]'), tax.toFixed(2));
      const rest = found.lines.slice(1);
      const totalExcl = rest.reduce((sum, line) => sum + Number(line.amountExclTax) * 100, excl * 100) / 100;
      const totalTax = rest.reduce((sum, line) => sum + Number(line.taxAmount) * 100, tax * 100) / 100;
      await typeInto(
        sup.locator('.ant-form-item', { hasText: '不含税金额' }).locator('input').first(),
        totalExcl.toFixed(2),
      );
      await typeInto(
        sup.locator('.ant-form-item', { hasText: /^税额/ }).locator('input').first(),
        totalTax.toFixed(2),
      );
      await keepScreenshot(supplierA, 'settlement-invoice-typed-zh');
      await act(supplierA, /^提\s?交$/);
      await slow(sup.getByTestId('document-status')).toHaveText('匹配异常');
      return row!.invoiceId as number;
    });

  await test.step('finance accepts the held line in the exception queue', async () => {
    await finance.reload();
    await openFromMenu(finance, '发票管理');
    const [row] = await api<Row[]>(finance, srm('srmStlInvoiceHeader', 'listByPage'), { invoiceNumber });
    await openDocument(finance, String(row!.invoiceDocNum));
    await pickInCell(finance, fin.locator('input[id$="_lines_0_exceptionDecision"]'), '接受');
    await keepScreenshot(finance, 'settlement-exception-zh');
    await act(finance, /^接受差异$/);
    await slow(fin.getByTestId('document-status')).toHaveText('已匹配');
  });

  const paymentNumber =
    await test.step('finance applies to pay the invoice less an advance and a deduction (选择待付来源), approved by the manager', async () => {
      const bill = await api<Row>(finance, srm('srmStlInvoiceHeader', 'findById'), { invoiceId });
      const account = { supplierId: bill.supplierId, orgId: bill.orgId, currencyId: bill.currencyId };
      const approver = await open(browser, baseURL, 'approver');
      // Set up through the API (not what this journey is about): an advance of 10.00 approved and
      // paid, a deduction of 2.00 that A acknowledged.
      const advance = await api<Row>(finance, srm('srmStlAdvance', 'saveOrUpdate'), {
        ...account,
        amount: 10,
        applyDate: day(0),
        reason: '模具首付款',
      });
      await api(finance, srm('srmStlAdvance', 'doSubmit'), { advanceId: advance.advanceId });
      const tasks = await api<Row[]>(approver, '/api/bpm/v1/bpmTaskRestful/findTodoTasks', {
        pageIndex: 1,
        pageRows: 100,
        entityName: 'srmStlAdvance',
      });
      const task = tasks.find((row) => row.documentId === advance.advanceId)!;
      await api(approver, '/api/bpm/v1/bpmTaskRestful/doApprove', { taskId: task.taskId });
      await api(finance, srm('srmStlAdvance', 'doPay'), { advanceId: advance.advanceId });
      const deduction = await api<Row>(finance, srm('srmStlDeduction', 'saveOrUpdate'), {
        ...account,
        deductionType: 'LATE_DELIVERY',
        deductionDate: day(0),
        amount: 2,
        reason: '延期交货违约金',
      });
      await api(finance, srm('srmStlDeduction', 'doIssue'), { deductionId: deduction.deductionId });
      await api(supplierA, srm('srmStlDeduction', 'doAcknowledge'), { deductionId: deduction.deductionId });

      await openFromMenu(finance, '付款申请');
      await fin
        .getByRole('button', { name: /新\s?建/ })
        .first()
        .click();
      const page = activePane(finance);
      // The new application's page (not the list behind it, whose filters have a 供应商 too).
      await slow(page.locator('label[title="付款方式"]')).toBeVisible();
      await pickOption(finance, page, '供应商', HENGDA);
      await pickOption(finance, page, '业务实体', orgName);
      await pickOption(finance, page, '币种', 'CNY');
      await page.getByTestId('payment-sources').click();
      const dialog = finance.locator('.ant-modal:visible');
      for (const source of [
        String(bill.invoiceNumber),
        String(advance.advanceNumber),
        String(deduction.deductionNumber),
      ])
        await expect(dialog.getByText(source)).toBeVisible();
      await keepScreenshot(finance, 'settlement-payment-sources-zh');
      await dialog.getByRole('button', { name: '添加到明细' }).click();
      await page.getByRole('button', { name: /保\s?存/ }).click();
      await slow(page.getByTestId('document-number')).toHaveText(/^PA/);
      const value = (await page.getByTestId('document-number').textContent())!.trim();
      const total = Math.round((Number(bill.amountExclTax) + Number(bill.taxAmount)) * 100) / 100;
      const [saved] = await api<Row[]>(finance, srm('srmStlPaymentHeader', 'listByPage'), {
        paymentNumber: value,
      });
      expect(saved).toMatchObject({
        invoiceAmount: total,
        advanceAmount: 10,
        deductionAmount: 2,
        payAmount: Math.round((total - 12) * 100) / 100,
      });
      // 提交 shows who will approve it (提交审批) before it goes.
      await page.getByRole('button', { name: /^提\s?交$/ }).click();
      await finance.locator('.ant-modal:visible').getByRole('button', { name: '确认提交' }).click();
      await slow(page.getByTestId('document-status')).toHaveText('审批中');
      await approver.reload();
      const pending = approver.getByTestId('pending-task').filter({ hasText: value });
      await slow(pending).toBeVisible();
      await pending.getByText(value, { exact: true }).click();
      await slow(activePane(approver).getByTestId('document-number')).toHaveText(value);
      await activePane(approver).getByTestId('bpm-doApprove').click();
      await approver.getByTestId('bpm-confirm').click();
      await expectToast(approver, '已同意');
      return value;
    });

  await test.step('finance clicks 付款 twice quickly: one payment, one posting; A sees its balance move', async () => {
    const [before] = await api<Row[]>(supplierA, srm('srmStlLedger', 'balance'), {});
    await finance.reload();
    await openFromMenu(finance, '付款申请');
    await openDocument(finance, paymentNumber);
    await fin.getByRole('button', { name: /^付\s?款$/ }).click();
    // 付款 asks the bank's reference; its 确定 is clicked twice quickly, as an impatient hand does.
    const dialog = finance.locator('.ant-modal:visible');
    await dialog.locator('input').first().fill('CMB20261201888');
    await dialog.getByRole('button', { name: /^确\s?定$/ }).dblclick();
    await slow(fin.getByTestId('document-status')).toHaveText('已付款');
    const rows = (
      await api<Row[]>(finance, srm('srmStlLedger', 'listByPage'), { sourceType: 'PAYMENT' })
    ).filter((row) => row.sourceNumber === paymentNumber);
    expect(rows.map((row) => row.accountCode).sort()).toEqual(['ADVANCE', 'AP', 'BANK', 'DEDUCTION']);
    const [after] = await api<Row[]>(supplierA, srm('srmStlLedger', 'balance'), {});
    expect(Number(after!.balance)).toBeLessThan(Number(before!.balance));
    await openFromMenu(supplierA, '往来明细');
    await slow(sup.getByText(paymentNumber).first()).toBeVisible();
    await keepScreenshot(supplierA, 'settlement-ledger-zh');
  });

  await test.step('B sees none of it', async () => {
    const supplierB = await open(browser, baseURL, 'sup_b');
    for (const [entity, filters] of [
      ['srmStlAccountHeader', { accountNumber: number }],
      ['srmStlInvoiceHeader', { invoiceNumber }],
      ['srmStlPaymentHeader', { paymentNumber }],
    ] as const)
      expect(await api<Row[]>(supplierB, srm(entity, 'listByPage'), filters), entity).toEqual([]);
    const ledger = await api<Row[]>(supplierB, srm('srmStlLedger', 'listByPage'), {});
    expect(ledger.some((row) => row.sourceNumber === paymentNumber || row.sourceNumber === number)).toBe(
      false,
    );
    await openFromMenu(supplierB, '对账单');
    await expect(activePane(supplierB).getByText(number)).toHaveCount(0);
  });
});
