// A sealed inquiry in Chromium, four people in their own browsers: the buyer's inquiry to 恒达
// (sup_a) and 瑞丰 (sup_b) is approved and published; sup_a types its prices into its quotation
// (Tab through the cells) and submits; sup_b quotes too; before the deadline the buyer's
// comparison says only "2 of 2 answered" and sup_a's prices are masked to the buyer; after it, the
// buyer alone cannot open the quotes, the purchasing manager as the second opener does, and the
// comparison shows both; a 70/30 award is approved and each supplier's draft agreement carries
// its quota. Between the opening and the award, a second round asks 恒达 alone to quote again
// (发起新一轮报价); opened again, the comparison takes its new price and keeps 瑞丰's first one.
// The deadline is passed by moving the server's clock, not by waiting for it.
// Screenshots as artifacts.
import { readFileSync } from 'node:fs';
import { type Page, expect } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  activePane,
  api,
  approveDocument,
  confirmDialog,
  expectToast,
  first,
  keepScreenshot,
  moveClock,
  open,
  openFromMenu,
  pageApi,
  type Row,
  resetClock,
  toastsGone,
  watchConsole,
  test,
} from './helpers';

test.use({ viewport: { width: 1440, height: 900 } });
const slow = expect.configure({ timeout: 30_000 });

const INQUIRY = '/api/srm/v1/srmInquiryRestful';
const QUOTE = '/api/srm/v1/srmInquiryQuoteRestful';
const AWARD = '/api/srm/v1/srmInquiryAwardRestful';
/** Far longer than the quotes before it take on a loaded CI machine: the test moves the clock past it. */
const DEADLINE_IN = 30 * 60_000;

/** Opens the row from the visible list by its number (编辑 where it is editable, else 查看). */
async function editRow(page: Page, number: string) {
  const row = activePane(page).locator('.ant-table-row[data-row-key]', { hasText: number });
  await slow(row).toBeVisible();
  const edit = row.getByText('编辑', { exact: true });
  await ((await edit.count()) ? edit : row.getByText('查看', { exact: true })).click();
  await slow(activePane(page).getByText(number).first()).toBeVisible();
}

// A failure while the clock is moved must not leave it so for the worker's later specs.
test.afterEach(({ browser, baseURL }) => resetClock(browser, baseURL));

test('a sealed inquiry: quotes unread until two people open it, then compared and awarded 70/30', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(600_000);
  const buyer = await open(browser, baseURL, 'buyer');
  const errors = watchConsole(buyer);
  const supplier = (name: string) => first(buyer, 'srmSupplierInfo', { supplierName: name });
  const hengda = await supplier('苏州恒达精密五金有限公司');
  const ruifeng = await supplier('宁波瑞丰电子科技有限公司');
  const directory = await pageApi<Row[]>(buyer, '/api/base/v1/baseUser/directory', { keyword: 'approver' });
  const approverId = directory.body.data.find((row) => row.userName === 'approver')!.userId;
  // The server's time, not this machine's: the deadline is the server's to judge.
  const deadline = (await moveClock(buyer, 0)) + DEADLINE_IN;
  const made = await api(buyer, `${INQUIRY}/saveOrUpdate`, {
    title: 'E2E 紧固件询价',
    orgId: (await first(buyer, 'srmBaseOrg', { orgCode: 'OU100' })).orgId,
    currencyId: (await first(buyer, 'srmBaseCurrency', { currencyCode: 'CNY' })).currencyId,
    quoteDeadline: deadline,
    items: [
      {
        lineNum: 1,
        itemId: (await first(buyer, 'srmBaseItem', { itemCode: '02030001' })).itemId,
        quantity: 10000,
        ladder: '50000',
        targetPrice: 0.28,
      },
    ],
    suppliers: [{ supplierId: hengda.supplierId }, { supplierId: ruifeng.supplierId }],
    jury: [{ userId: approverId, juryRole: 'OPENER' }],
  });
  const inquiryNum = String(made.inquiryNum);
  await api(buyer, `${INQUIRY}/doSubmit`, { inquiryId: made.inquiryId });
  await approveDocument(browser, baseURL, 'srmInquiry', made.inquiryId);

  // sup_a types its prices into its quotation and submits.
  const supA = await open(browser, baseURL, 'sup_a');
  await openFromMenu(supA, '待报价');
  const own = await first(supA, 'srmInquiryQuote', { inquiryId: made.inquiryId });
  await editRow(supA, String(own.quoteNum));
  const pane = activePane(supA);
  const validity = pane
    .locator('.ant-form-item', { has: supA.locator('label[title="报价有效期至"]') })
    .locator('input');
  await validity.click();
  await validity.fill('2027-06-30');
  await validity.press('Enter');
  const rows = pane.locator('[data-grid] .ant-table-row[data-row-key]');
  await slow(rows).toHaveCount(2);
  for (const [index, values] of [
    [0, ['0.2613', '13', '10']],
    [1, ['0.2477', '13', '12']],
  ] as const) {
    await rows.nth(index).locator('input').first().click();
    for (const [n, value] of values.entries()) {
      if (n) await supA.keyboard.press('Tab');
      await supA.keyboard.type(value);
    }
  }
  await pane.getByRole('button', { name: /保\s?存/ }).click();
  await expectToast(supA, '保存成功');
  await toastsGone(supA);
  await pane.getByRole('button', { name: '提交报价', exact: true }).click();
  await confirmDialog(supA);
  await expectToast(supA, '提交报价');
  await keepScreenshot(supA, 'sourcing-supplier-quote');

  // sup_b quotes over the API (its portal works the same).
  const supB = await open(browser, baseURL, 'sup_b', false);
  const theirs = await first(supB, 'srmInquiryQuote', { inquiryId: made.inquiryId });
  const quoteB = await api<Row & { lines: Row[] }>(supB, `${QUOTE}/findById`, { quoteId: theirs.quoteId });
  await api(supB, `${QUOTE}/saveOrUpdate`, {
    quoteId: quoteB.quoteId,
    versionNum: quoteB.versionNum,
    validToDate: '2027-06-30',
    lines: quoteB.lines.map((line, index) => ({
      quoteLineId: line.quoteLineId,
      unitPrice: index ? 0.255 : 0.27,
      taxRate: 13,
      leadTimeDays: 7,
    })),
  });
  await api(supB, `${QUOTE}/doSubmit`, { quoteId: quoteB.quoteId });
  // B never reads A's quotation.
  expect((await pageApi(supB, `${QUOTE}/findById`, { quoteId: own.quoteId })).httpStatus).toBe(404);

  // Before the deadline the buyer learns who answered, not what.
  const masked = await api<Row & { lines: Row[] }>(buyer, `${QUOTE}/findById`, { quoteId: own.quoteId });
  expect(masked.lines.map((line) => line.unitPrice)).toEqual(['******', '******']);
  await openFromMenu(buyer, '询价单');
  await editRow(buyer, inquiryNum);
  const inquiryPane = activePane(buyer);
  await inquiryPane.getByRole('button', { name: /报价对比/ }).click();
  const dialog = buyer.locator('.ant-modal:visible');
  await slow(dialog.getByText('已报价 2 / 共邀请 2 家')).toBeVisible();
  await expect(dialog).not.toContainText('0.2613');
  await keepScreenshot(buyer, 'sourcing-comparison-sealed');
  await dialog
    .getByRole('button', { name: /关闭|Close/ })
    .first()
    .click();

  // After the deadline: the buyer alone cannot open; the purchasing manager as second opener does.
  const moved = deadline - (await moveClock(buyer, 0)) + 2_000;
  await moveClock(buyer, moved);
  await inquiryPane.getByRole('button', { name: '确认开标', exact: true }).click();
  await confirmDialog(buyer);
  await expectToast(buyer, '确认开标');
  await toastsGone(buyer);
  await inquiryPane.getByRole('button', { name: /^开\s?标$/ }).click();
  await confirmDialog(buyer);
  await slow(buyer.locator('.ant-message-notice', { hasText: '还需 1 位开标人确认' })).toBeVisible();
  const approver = await open(browser, baseURL, 'approver', false);
  await api(approver, `${INQUIRY}/doBidOpening`, { inquiryId: made.inquiryId });
  await approver.context().close();
  // Nothing after the opening needs the time past the deadline: the clock goes back now, so that
  // few rows carry a time ahead of the worker's later specs.
  await moveClock(buyer, -moved);

  await buyer.reload();
  await slow(activePane(buyer).getByText('已开标').first()).toBeVisible();
  await activePane(buyer)
    .getByRole('button', { name: /报价对比/ })
    .click();
  await slow(dialog.getByText('苏州恒达精密五金有限公司', { exact: true })).toBeVisible();
  await expect(dialog).toContainText('宁波瑞丰电子科技有限公司');
  await expect(dialog).toContainText('0.2613');
  await expect(dialog).toContainText('0.27');
  await keepScreenshot(buyer, 'sourcing-comparison-opened');
  await dialog
    .getByRole('button', { name: /关闭|Close/ })
    .first()
    .click();

  // A second round: only 恒达 is asked to quote again, in a dialog; sealed until opened again.
  await activePane(buyer)
    .getByRole('button', { name: /发起新一轮报价/ })
    .click();
  const round = buyer.locator('.ant-modal:visible');
  await slow(round.getByText('重新报价的供应商（已选 2 / 共 2 家）')).toBeVisible();
  await round
    .locator('.ant-table-row', { hasText: '宁波瑞丰电子科技有限公司' })
    .locator('.ant-checkbox-input')
    .click();
  await expect(round.getByText('重新报价的供应商（已选 1 / 共 2 家）')).toBeVisible();
  const nextDeadline = (await moveClock(buyer, 0)) + DEADLINE_IN;
  // Typed as a person types it, in the browser's own time.
  const typed = await buyer.evaluate((ms) => {
    const at = new Date(ms + 60_000);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}:00`;
  }, nextDeadline);
  const deadlineInput = round
    .locator('.ant-form-item', { has: buyer.locator('label[title="报价截止时间"]') })
    .locator('input');
  await deadlineInput.click();
  await deadlineInput.fill(typed);
  await deadlineInput.press('Enter');
  await round.locator('textarea').fill('两家报价接近，请恒达给出最终报价');
  await keepScreenshot(buyer, 'sourcing-requote-dialog');
  await round.getByRole('button', { name: /确\s?定|OK/ }).click();
  await expectToast(buyer, '发起新一轮报价');
  await slow(activePane(buyer).getByTestId('document-status')).toHaveText('报价中');
  // 恒达 lowers its screw price on its round-2 quotation (filled in with its first offer).
  const second = await first(supA, 'srmInquiryQuote', { inquiryId: made.inquiryId, status: 'DRAFT' });
  // The round's number stays internal; the supplier sees its next version.
  expect([second.quoteVersion, second.roundNum]).toEqual([2, undefined]);
  const draft = await api<Row & { lines: Row[] }>(supA, `${QUOTE}/findById`, { quoteId: second.quoteId });
  expect(draft.lines.map((line) => line.unitPrice)).toEqual([0.2613, 0.2477]);
  await api(supA, `${QUOTE}/saveOrUpdate`, {
    quoteId: draft.quoteId,
    versionNum: draft.versionNum,
    lines: draft.lines.map((line, index) => ({
      quoteLineId: line.quoteLineId,
      unitPrice: index ? 0.2455 : 0.2555,
    })),
  });
  await api(supA, `${QUOTE}/doSubmit`, { quoteId: draft.quoteId });
  const movedAgain = nextDeadline - (await moveClock(buyer, 0)) + 62_000;
  await moveClock(buyer, movedAgain);
  await api(buyer, `${INQUIRY}/doConfirmOpening`, { inquiryId: made.inquiryId });
  const secondOpener = await open(browser, baseURL, 'approver', false);
  await api(secondOpener, `${INQUIRY}/doBidOpening`, { inquiryId: made.inquiryId });
  await secondOpener.context().close();
  await moveClock(buyer, -movedAgain);
  await buyer.reload();
  await slow(activePane(buyer).getByTestId('document-status')).toHaveText('已开标');
  await activePane(buyer)
    .getByRole('button', { name: /报价对比/ })
    .click();
  await slow(dialog.getByText('0.2555').first()).toBeVisible();
  // The material with its code.
  await expect(
    dialog
      .getByTestId('inquiry-comparison-grid')
      .getByText(/^02030001/)
      .first(),
  ).toBeVisible();
  // 瑞丰's offer still counts, marked as made in the first round.
  await expect(dialog.getByText('第 1 轮', { exact: true }).first()).toBeVisible();
  await keepScreenshot(buyer, 'sourcing-comparison-round2');
  // 导出: the comparison as a sheet, one row per material and supplier, in the dialog's language.
  const download = buyer.waitForEvent('download');
  await dialog.getByRole('button', { name: /导\s?出/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^报价对比 ${inquiryNum}_\\d{14}\\.xlsx$`));
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync(await file.path()) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const head = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(head.slice(0, 4)).toEqual(['行号', '物料编码', '物料', '需求数量']);
  const supplierAt = head.indexOf('供应商') + 1;
  const priceAt = head.indexOf('单价') + 1;
  const offers: string[] = [];
  sheet.eachRow((row, number) => {
    if (number > 1)
      offers.push(`${String(row.getCell(supplierAt).value)} ${String(row.getCell(priceAt).value)}`);
  });
  expect(offers).toEqual(['苏州恒达精密五金有限公司 0.2555', '宁波瑞丰电子科技有限公司 0.27']);

  // The award: 70 % to the lowest (恒达), 30 % to 瑞丰 with the reason; approved.
  await api(buyer, `${INQUIRY}/doPrepareAward`, { inquiryId: made.inquiryId });
  const inquiry = await api<Row>(buyer, `${INQUIRY}/findById`, { inquiryId: made.inquiryId });
  const award = await api<Row & { lines: Row[] }>(buyer, `${AWARD}/findById`, { awardId: inquiry.awardId });
  await api(buyer, `${AWARD}/saveOrUpdate`, {
    awardId: award.awardId,
    versionNum: award.versionNum,
    lines: award.lines.map((line) =>
      line.supplierId === hengda.supplierId
        ? { awardLineId: line.awardLineId, awardPercent: 70 }
        : { awardLineId: line.awardLineId, awardPercent: 30, reason: '双源供应，保障交付' },
    ),
  });
  await api(buyer, `${AWARD}/doSubmit`, { awardId: award.awardId });
  await approveDocument(browser, baseURL, 'srmInquiryAward', award.awardId);
  const agreements = await api<Row[]>(buyer, '/api/srm/v1/srmPurAgreementRestful/listByPage', {
    agreementName: 'E2E 紧固件询价',
    pageRows: 10,
  });
  const quotas: number[] = [];
  for (const row of agreements) {
    const found = await api<Row & { quotas: Row[] }>(buyer, '/api/srm/v1/srmPurAgreementRestful/findById', {
      agreementId: row.agreementId,
    });
    quotas.push(...found.quotas.map((quota) => Number(quota.quotaPercent)));
  }
  expect(quotas.sort()).toEqual([30, 70]);
  expect((await api<Row>(supB, `${QUOTE}/findById`, { quoteId: theirs.quoteId })).awardResult).toBe(
    'PARTIAL',
  );
  // The one refusal was the buyer's 开标 alone (422, shown as its message).
  expect(errors.filter((line) => !line.includes('422'))).toEqual([]);
});
