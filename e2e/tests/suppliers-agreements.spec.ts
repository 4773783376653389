// Suppliers, agreements and delivery in Chromium, buyer and supplier side by side: the supplier
// answers an order on its page (dates typed into the lines) and the buyer accepts; a supplier is
// created with a site line and qualified; an agreement's price change above five percent is
// flagged; a delivery notice is issued, confirmed and shipped, and the note's barcodes are listed
// and printed from the barcode list. Supplier B never sees A's
// documents. Screenshots as artifacts.
import { type Browser, type Page, expect } from '@playwright/test';
// The validators alone: the kernel's index brings JSON catalogues Playwright's loader refuses.
import { withCreditCodeCheck } from '@srm/kernel/validators';
import {
  activePane,
  approveDocument,
  approveOrder,
  closeTab,
  confirmDialog,
  api,
  expectToast,
  formField,
  toastsGone,
  first,
  keepScreenshot,
  open,
  openFromMenu,
  pageApi,
  type Row,
  submittedHengdaOrder,
  watchConsole,
  test,
} from './helpers';

test.use({ viewport: { width: 1440, height: 900 } });
// Screens load their data over a busy shared machine: wait longer than the default.
const slow = expect.configure({ timeout: 30_000 });

const PO = '/api/srm/v1/srmPoHeaderRestful';

/** A released order of two lines to 恒达五金, approved by the purchasing manager. */
async function releasedOrder(browser: Browser, baseURL: string | undefined, buyer: Page): Promise<Row> {
  const order = await submittedHengdaOrder(buyer, [300, 2000]);
  await approveOrder(browser, baseURL, order.poHeaderId);
  await api(buyer, `${PO}/doRelease`, { poHeaderId: order.poHeaderId });
  return api(buyer, `${PO}/findById`, { poHeaderId: order.poHeaderId });
}

/** Types a date into the n-th date picker of a grid row. */
async function typeDate(row: ReturnType<Page['locator']>, index: number, value: string) {
  const input = row.locator('.ant-picker input').nth(index);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

test('supplier A answers on the order page; the buyer accepts the proposal; supplier B sees nothing', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const buyer = await open(browser, baseURL, 'buyer');
  const errors = watchConsole(buyer);
  const order = await releasedOrder(browser, baseURL, buyer);
  const poNumber = String(order.poNumber);

  const supplierA = await open(browser, baseURL, 'sup_a');
  const errorsA = watchConsole(supplierA);
  const paneA = activePane(supplierA);
  await test.step('supplier A types a promised date on line 1 and proposes another date and quantity on line 2', async () => {
    await openFromMenu(supplierA, '待确认订单');
    await paneA.getByText(poNumber, { exact: true }).click();
    await slow(paneA.getByTestId('document-number')).toHaveText(poNumber);
    // The answer fields are open; the buyer's fields are not.
    const rows = paneA.locator('.ant-table-row').filter({ has: supplierA.locator('.ant-picker') });
    await slow(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('02010001');
    // Two dates, a quantity and a comment per line: nothing else takes input.
    await expect(rows.nth(0).locator('.ant-picker')).toHaveCount(2);
    await expect(rows.nth(0).locator('input')).toHaveCount(4);
    await typeDate(rows.nth(0), 0, '2026-12-14');
    await typeDate(rows.nth(1), 1, '2026-12-28');
    await rows.nth(1).locator('.ant-input-number input').first().fill('1800');
    await rows.nth(1).locator('input.ant-input').last().fill('线材到货推迟');
    await keepScreenshot(supplierA, 'suppliers-answer-typed-zh');
    // No separate save: the action says it saves what was typed first, and does both.
    await paneA.getByRole('button', { name: '提出变更', exact: true }).click();
    await slow(supplierA.locator('.ant-modal-confirm')).toContainText(
      '有未保存的修改：先保存，再“提出变更”？',
    );
    await confirmDialog(supplierA);
    await slow(paneA.getByText('变更待确认').first()).toBeVisible();
    const saved = await api<Row & { lines: Row[] }>(supplierA, `${PO}/findById`, {
      poHeaderId: order.poHeaderId,
    });
    expect(saved.status).toBe('CHANGE_PROPOSED');
    expect(saved.lines.map((line) => [line.promisedDate, line.proposedDate, line.proposedQuantity])).toEqual([
      ['2026-12-14', null, null],
      [null, '2026-12-28', 1800],
    ]);
    await keepScreenshot(supplierA, 'suppliers-answer-proposed-zh');
  });

  await test.step('supplier B sees none of it', async () => {
    const supplierB = await open(browser, baseURL, 'sup_b');
    expect(await api<Row[]>(supplierB, `${PO}/listByPage`, { poNumber, pageRows: 50 })).toEqual([]);
    expect((await pageApi(supplierB, `${PO}/findById`, { poHeaderId: order.poHeaderId })).httpStatus).toBe(
      404,
    );
    await openFromMenu(supplierB, '待确认订单');
    await slow(activePane(supplierB).locator('.ant-table')).toBeVisible();
    await expect(activePane(supplierB).getByText(poNumber)).toHaveCount(0);
    await supplierB.context().close();
  });

  await test.step('the buyer sees the proposal on the order page and accepts it', async () => {
    await openFromMenu(buyer, '采购订单');
    const pane = activePane(buyer);
    await pane.getByText(poNumber, { exact: true }).click();
    await slow(pane.getByTestId('document-number')).toHaveText(poNumber);
    await slow(pane.getByText('变更待确认').first()).toBeVisible();
    await expect(pane.getByRole('button', { name: '拒绝变更', exact: true })).toBeVisible();
    await expect(pane.getByText('2026-12-28').first()).toBeVisible();
    await expect(pane.getByText('线材到货推迟').first()).toBeVisible();
    // The buyer does not type the supplier's answer.
    await expect(pane.locator('.ant-table-row .ant-picker')).toHaveCount(0);
    await keepScreenshot(buyer, 'suppliers-answer-buyer-sees-zh');
    await pane.getByRole('button', { name: '接受变更', exact: true }).click();
    await confirmDialog(buyer);
    await slow(pane.getByText('已确认').first()).toBeVisible();
    const accepted = await api<Row & { lines: Row[] }>(buyer, `${PO}/findById`, {
      poHeaderId: order.poHeaderId,
    });
    expect(accepted.lines.map((line) => [line.promisedDate, line.quantity])).toEqual([
      ['2026-12-14', 300],
      ['2026-12-28', 1800],
    ]);
  });
  expect(errors).toEqual([]);
  expect(errorsA).toEqual([]);
});

/** Presses OK in the confirmation dialog an action opens. */
test('a buyer creates a supplier with a site line and qualifies it through an introduction; an agreement flags a price change above five percent', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const buyer = await open(browser, baseURL, 'buyer');
  const errors = watchConsole(buyer);
  const pane = activePane(buyer);
  const stamp = String(Date.now()).slice(-6);
  const name = `苏州新锐精工有限公司${stamp}`;
  await test.step('the supplier master: header and a site line, saved', async () => {
    await openFromMenu(buyer, '供应商信息');
    await pane.getByRole('button', { name: '新建' }).click();
    await slow(buyer.getByRole('tab', { name: '新建供应商信息', selected: true })).toBeVisible();
    await slow(pane.getByRole('button', { name: /保\s?存/ })).toBeVisible();
    await pane.getByLabel('供应商名称', { exact: true }).fill(name);
    // One character off the check (GB 32100-2015) is refused as it is typed, then the right code.
    const creditCode = withCreditCodeCheck(`91320506MA${stamp}8`);
    const wrong = creditCode.slice(0, 17) + (creditCode.endsWith('1') ? '2' : '1');
    await pane.getByLabel('统一社会信用代码', { exact: true }).fill(wrong);
    await pane.getByLabel('统一社会信用代码', { exact: true }).press('Tab');
    await expect(pane.getByText('统一社会信用代码校验位错误，请核对')).toBeVisible();
    await pane.getByLabel('统一社会信用代码', { exact: true }).fill(creditCode);
    await expect(pane.getByText('统一社会信用代码校验位错误，请核对')).toHaveCount(0);
    await pane.getByLabel('联系人', { exact: true }).fill('周敏');
    await pane.getByLabel('联系人手机', { exact: true }).fill('13912345678');
    await pane.getByLabel('联系人邮箱', { exact: true }).fill(`zhoumin${stamp}@xinrui.example.cn`);
    const sites = pane
      .locator('.ant-card')
      .filter({ has: buyer.getByText('地点', { exact: true }) })
      .last();
    await sites.getByRole('button', { name: '新增行' }).click();
    await pane.locator('input[id$="sites_0_siteCode"]').fill('SZ01');
    await pane.locator('input[id$="sites_0_siteName"]').fill('苏州工厂');
    await pane.getByRole('button', { name: /保\s?存/ }).click();
    await expectToast(buyer, '保存成功');
    await slow(pane.getByText('潜在供应商').first()).toBeVisible();
    await keepScreenshot(buyer, 'suppliers-master-saved-zh');
  });
  await test.step('its lifecycle: an introduction under a scene qualifies its library line, and the supplier', async () => {
    const found = await api<Row[]>(buyer, '/api/srm/v1/srmSupplierInfoRestful/listByPage', {
      supplierName: name,
    });
    const supplierId = found[0]!.supplierId;
    await openFromMenu(buyer, '供应商引入');
    await pane.getByRole('button', { name: '新建' }).click();
    await slow(buyer.getByRole('tab', { name: '新建供应商引入', selected: true })).toBeVisible();
    const pick = async (label: string, search: string, option: string) => {
      await formField(pane, label).click();
      await formField(pane, label).fill(search);
      await buyer
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
        .first()
        .click();
    };
    await pick('供应商', stamp, name);
    await pick('采购品类', '劳保', '劳保用品');
    await pick('组织', '苏州精密', '苏州精密机械业务实体');
    await pick('引入场景', '非生产', '新供应商（非生产物料）');
    await pane.getByRole('button', { name: /保\s?存/ }).click();
    await expectToast(buyer, '保存成功');
    await pane.getByRole('button', { name: '开始引入' }).click();
    await confirmDialog(buyer);
    await slow(pane.getByText('引入中').first()).toBeVisible();
    // The scene's two required steps, as a checklist: completing before they pass is refused.
    const steps = pane
      .locator('.ant-card')
      .filter({ has: buyer.getByText('引入步骤', { exact: true }) })
      .first()
      .locator('.ant-table-row');
    await slow(steps.filter({ hasText: '资质审查' })).toBeVisible();
    await expect(steps.filter({ hasText: '协议签署' })).toBeVisible();
    await pane.getByRole('button', { name: '完成引入' }).click();
    await confirmDialog(buyer);
    await expect(
      buyer.locator('.ant-message-error').filter({ hasText: '以下必需步骤尚未通过：资质审查、协议签署' }),
    ).toBeVisible();
    await toastsGone(buyer);
    const [intro] = await api<Row[]>(buyer, '/api/srm/v1/srmSupplierIntroRestful/listByPage', { supplierId });
    const introNum = String(intro!.introNum);
    await closeTab(buyer, `供应商引入 ${introNum}`);
    // The censor step is the qualification censor's: opened from the introduction, which brings
    // the supplier, category and organisation, passed, submitted and approved.
    await openFromMenu(buyer, '资质审查');
    await pane.getByRole('button', { name: '新建' }).click();
    await slow(buyer.getByRole('tab', { name: '新建资质审查', selected: true })).toBeVisible();
    await pick('供应商引入', introNum, introNum);
    await pane.getByText(name).first().waitFor();
    await pick('审查结论', '通过', '通过');
    await pane.getByRole('button', { name: /保\s?存/ }).click();
    await expectToast(buyer, '保存成功');
    await pane.getByRole('button', { name: '提交审批' }).click();
    await confirmDialog(buyer);
    await slow(pane.getByText('审批中').first()).toBeVisible();
    await keepScreenshot(buyer, 'suppliers-censor-submitted-zh');
    const [censor] = await api<Row[]>(buyer, '/api/srm/v1/srmQualifyCensorRestful/listByPage', {
      introId: intro!.introId,
    });
    await approveDocument(browser, baseURL, 'srmQualifyCensor', censor!.censorId);
    // The agreement step is the signed agreement's: an integrity agreement from its template, sent,
    // and signed by the buyer for the supplier, which has no portal login yet (assist edit).
    await openFromMenu(buyer, '协议签署');
    await pane.getByRole('button', { name: '新建' }).click();
    await slow(buyer.getByRole('tab', { name: '新建协议签署', selected: true })).toBeVisible();
    await pick('供应商引入', introNum, introNum);
    await pane.getByText(name).first().waitFor();
    await pick('协议模板', '廉洁', '供应商廉洁协议');
    await pane.getByRole('button', { name: /保\s?存/ }).click();
    await expectToast(buyer, '保存成功');
    await slow(pane.getByText('乙方不得向甲方员工提供任何形式的回扣').first()).toBeVisible();
    await pane.getByRole('button', { name: '发送供应商' }).click();
    await confirmDialog(buyer);
    await slow(pane.getByText('待供应商确认').first()).toBeVisible();
    await pane.getByRole('button', { name: '确认签署' }).click();
    await confirmDialog(buyer);
    await slow(pane.getByText('已签署').first()).toBeVisible();
    await keepScreenshot(buyer, 'suppliers-agreement-signed-zh');
    await openFromMenu(buyer, '供应商引入');
    await pane.getByText(introNum, { exact: true }).click();
    await slow(
      steps.filter({ hasText: '资质审查' }).filter({ hasText: String(censor!.censorNum) }),
    ).toBeVisible();
    await expect(steps.filter({ hasText: '协议签署' }).filter({ hasText: /AS\d{12}/ })).toBeVisible();
    await pane.getByRole('button', { name: '完成引入' }).click();
    await confirmDialog(buyer);
    await slow(pane.getByText('已完成').first()).toBeVisible();
    await keepScreenshot(buyer, 'suppliers-introduction-completed-zh');
    await expect
      .poll(async () => {
        const rows = await api<Row[]>(buyer, '/api/srm/v1/srmSupplierCategoryOrgRestful/listByPage', {
          supplierId,
        });
        return rows.map((row) => row.status);
      })
      .toEqual(['QUALIFIED']);
    await expect
      .poll(async () => {
        const rows = await api<Row[]>(buyer, '/api/srm/v1/srmSupplierInfoRestful/listByPage', {
          supplierName: name,
        });
        return rows[0]!.status;
      })
      .toBe('QUALIFIED');
    const supplier = await api<Row & { sites: Row[] }>(buyer, '/api/srm/v1/srmSupplierInfoRestful/findById', {
      supplierId,
    });
    expect(supplier.sites.map((site) => [site.siteCode, site.siteName])).toEqual([['SZ01', '苏州工厂']]);
  });
  await test.step('the approved supplier list and agreements open for the buyer', async () => {
    await openFromMenu(buyer, '合格供应商清单');
    await slow(pane.locator('.ant-table-row').first()).toBeVisible();
    await keepScreenshot(buyer, 'suppliers-asl-list-zh');
  });
  await test.step('an agreement whose price differs by more than five percent from the last one is flagged', async () => {
    const hengda = (
      await api<Row[]>(buyer, '/api/srm/v1/srmSupplierInfoRestful/listByPage', {
        supplierName: '苏州恒达精密五金有限公司',
      })
    )[0]!;
    // The supplier's approved agreement gives the last agreed price of a material.
    const approved = await api<Row[]>(buyer, '/api/srm/v1/srmPurAgreementRestful/listByPage', {
      supplierId: hengda.supplierId,
      status: 'APPROVED',
      pageRows: 20,
    });
    const withLines = await api<Row & { lines: Row[] }>(
      buyer,
      '/api/srm/v1/srmPurAgreementRestful/findById',
      {
        agreementId: approved[0]!.agreementId,
      },
    );
    const priced = withLines.lines.find((line) => Number(line.unitPrice) > 0)!;
    const agreement = await api(buyer, '/api/srm/v1/srmPurAgreementRestful/saveOrUpdate', {
      agreementName: `E2E 价格变动 ${stamp}`,
      supplierId: hengda.supplierId,
      orgId: (await first(buyer, 'srmBaseOrg', { orgCode: 'OU100' })).orgId,
      currencyId: (await first(buyer, 'srmBaseCurrency', { currencyCode: 'CNY' })).currencyId,
      startDate: '2027-01-01',
      endDate: '2027-12-31',
      lines: [{ itemId: priced.itemId, unitPrice: Number(priced.unitPrice) * 1.2, taxRate: 13 }],
    });
    await openFromMenu(buyer, '采购协议');
    await pane.getByText(String(agreement.agreementNumber), { exact: true }).click();
    await slow(pane.getByTestId('document-number')).toHaveText(String(agreement.agreementNumber));
    await expect(pane.getByText('价格变动超5%').first()).toBeVisible();
    expect(agreement.priceWarnFlag).toBe('Y');
    await keepScreenshot(buyer, 'suppliers-agreement-price-warning-zh');
  });
  // The one refused completion (422) is the only error the browser logs.
  expect(errors.filter((text) => !/status of 422/.test(text))).toEqual([]);
});

test('a delivery notice: the buyer issues, supplier A confirms and creates a delivery note from it; supplier B sees nothing', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const buyer = await open(browser, baseURL, 'buyer');
  const errors = watchConsole(buyer);
  const order = await releasedOrder(browser, baseURL, buyer);
  const line = (order.lines as Row[])[0]!;
  const notice = await api(buyer, '/api/srm/v1/srmPurDeliveryNoticeRestful/saveOrUpdate', {
    supplierId: order.supplierId,
    orgId: order.orgId,
    shipToAddress: '苏州市吴中区东吴南路88号 1号仓库',
    receiverName: '王强',
    lines: [{ lineNum: 1, poLineId: line.poLineId, quantity: 120, needByDate: '2026-12-08' }],
  });
  const number = String(notice.noticeNumber);
  const pane = activePane(buyer);
  await test.step('the buyer issues it from its page', async () => {
    await openFromMenu(buyer, '送货通知');
    await pane.getByText(number, { exact: true }).click();
    await slow(pane.getByTestId('document-number')).toHaveText(number);
    await pane.getByRole('button', { name: /^下\s?达$/ }).click();
    await confirmDialog(buyer);
    await slow(pane.getByText('已下达').first()).toBeVisible();
    await keepScreenshot(buyer, 'notice-buyer-issued-zh');
  });
  const supplierA = await open(browser, baseURL, 'sup_a');
  const paneA = activePane(supplierA);
  await test.step('supplier A confirms 100 of 120 and creates a delivery note from it', async () => {
    await openFromMenu(supplierA, '送货通知');
    await paneA.getByText(number, { exact: true }).click();
    await slow(paneA.getByTestId('document-number')).toHaveText(number);
    const row = paneA.locator('.ant-table-row').filter({ has: supplierA.locator('.ant-picker') });
    await slow(row).toHaveCount(1);
    await row.locator('.ant-input-number input').first().fill('100');
    await paneA.getByRole('button', { name: /保\s?存/ }).click();
    await expectToast(supplierA, '保存成功');
    await paneA.getByRole('button', { name: '确认通知', exact: true }).click();
    await confirmDialog(supplierA);
    await slow(paneA.getByText('已确认').first()).toBeVisible();
    await keepScreenshot(supplierA, 'notice-supplier-confirmed-zh');
    await paneA.getByRole('button', { name: /创建送货单/ }).click();
    await slow(supplierA.getByRole('tab', { name: /送货单 ASN/ })).toBeVisible();
    await slow(activePane(supplierA).getByText('100.0000').first()).toBeVisible();
    await keepScreenshot(supplierA, 'notice-supplier-asn-created-zh');
  });
  let asnNumber = '';
  await test.step('supplier A submits the note; its barcodes are listed, found by note number and printed from the list', async () => {
    const [note] = await api<Row[]>(supplierA, '/api/srm/v1/srmPurAsnHeaderRestful/listByPage', {
      pageRows: 1,
    });
    asnNumber = String(note!.asnNumber);
    await api(supplierA, '/api/srm/v1/srmPurAsnHeaderRestful/doSubmit', { asnHeaderId: note!.asnHeaderId });
    await openFromMenu(supplierA, '送货单条码');
    const list = activePane(supplierA);
    await formField(list, '送货单号').fill(asnNumber);
    await list.getByRole('button', { name: /查\s?询/ }).click();
    const row = list.locator('.ant-table-row', { hasText: `${asnNumber}-001-001` });
    await slow(row).toBeVisible();
    await expect(list.locator('.ant-table-row', { hasText: asnNumber })).toHaveCount(1);
    await row.locator('.ant-checkbox-input').check();
    await list.getByRole('button', { name: /打印标签/ }).click();
    await expectToast(supplierA, `${asnNumber}-labels.pdf`);
    await keepScreenshot(supplierA, 'barcodes-supplier-list-zh');
  });
  await test.step('supplier B sees none of it', async () => {
    const supplierB = await open(browser, baseURL, 'sup_b');
    const listed = await api<Row[]>(supplierB, '/api/srm/v1/srmPurDeliveryNoticeRestful/listByPage', {
      noticeNumber: number,
    });
    expect(listed).toEqual([]);
    const barcodes = await api<Row[]>(supplierB, '/api/srm/v1/srmPurAsnBarcodeRestful/listByPage', {
      asnNumber,
    });
    expect(barcodes).toEqual([]);
    const byId = await pageApi(supplierB, '/api/srm/v1/srmPurDeliveryNoticeRestful/findById', {
      noticeHeaderId: notice.noticeHeaderId,
    });
    expect(byId.httpStatus).toBe(404);
    await openFromMenu(supplierB, '送货通知');
    await slow(activePane(supplierB).locator('.ant-table')).toBeVisible();
    await expect(activePane(supplierB).getByText(number)).toHaveCount(0);
    await supplierB.context().close();
  });
  await test.step('the buyer sees the confirmed quantity and what has been shipped', async () => {
    await buyer.reload();
    await slow(pane.getByText('已确认').first()).toBeVisible();
    const stored = await api<Row & { lines: Row[] }>(
      buyer,
      '/api/srm/v1/srmPurDeliveryNoticeRestful/findById',
      {
        noticeHeaderId: notice.noticeHeaderId,
      },
    );
    expect(stored.lines.map((l) => [l.confirmedQuantity, l.shippedQuantity])).toEqual([[100, 100]]);
  });
  expect(errors).toEqual([]);
});
