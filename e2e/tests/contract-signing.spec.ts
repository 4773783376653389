// A contract signed electronically in Chromium, both sides in their own browsers: the buyer
// finalizes the contract 瑞丰电子 (sup_b) has confirmed (the PDF to sign is made from its
// document) and signs it for the buying unit with the one-time code mailed to them (read from
// the message log: the demo has no mail server); sup_b signs for 瑞丰 the same way; the contract
// is in effect; sup_b's 验证签名 shows both signatures valid over the archived file; and 恒达
// (sup_a) is answered 404 for the contract, and files a revision with a tracked change of its own
// contract in confirmation through 上传修订稿. Screenshots as artifacts.
import { type Page, expect } from '@playwright/test';
import { docxOf, trackedInsertion, wordParagraph, wordRun } from '@srm/platform/docx-testing';
import {
  activePane,
  confirmDialog,
  expectToast,
  first,
  keepScreenshot,
  open,
  openFromMenu,
  pageApi,
  type Row,
  watchConsole,
  test,
} from './helpers';

test.use({ viewport: { width: 1440, height: 900 } });
const slow = expect.configure({ timeout: 45_000 });
const CONTRACT = '瑞丰电子料年度采购合同';

/** Opens the contract from the visible list by its name. */
async function openContract(page: Page) {
  const row = activePane(page).locator('.ant-table-row[data-row-key]', { hasText: CONTRACT });
  await slow(row).toBeVisible();
  await row
    .getByText(/^HT\d+/)
    .first()
    .click();
  await slow(activePane(page).getByText(CONTRACT).first()).toBeVisible();
}

/** The six digits of the last signing code mailed to `email`, as the message log recorded it. */
async function codeFor(admin: Page, email: string): Promise<string> {
  let code: string | undefined;
  await expect(async () => {
    const log = await pageApi<{ recipient: string; content: string }[]>(
      admin,
      '/api/base/v1/baseMessageLogRestful/listByPage',
      { channel: 'EMAIL', pageRows: 50 },
    );
    code = log.body.data
      .find((row) => row.recipient === email && row.content.includes('验证码'))
      ?.content.match(/验证码：(\d{6})/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
  }).toPass({ timeout: 30_000 });
  return code!;
}

/** 电子签署 in the open contract: the code asked, read, typed and confirmed. */
async function signWithCode(page: Page, admin: Page, email: string, shot: string) {
  await activePane(page).getByRole('button', { name: '电子签署' }).click();
  const dialog = page.locator('.ant-modal:visible', { hasText: '待签署文件' });
  await slow(dialog).toBeVisible();
  await dialog.getByTestId('contract-sign-send').click();
  await slow(dialog.getByText(/验证码已发送至 .\*\*\*@/)).toBeVisible();
  await expect(dialog.getByTestId('contract-sign-send')).toBeDisabled();
  await keepScreenshot(page, shot);
  await dialog.getByTestId('contract-sign-code').pressSequentially(await codeFor(admin, email));
  await dialog.getByTestId('contract-sign-confirm').click();
  await expectToast(page, '签署成功');
}

test('a confirmed contract is finalized, signed by both parties with mailed codes, and verifies', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(420_000);
  const admin = await open(browser, baseURL, 'admin');
  const buyer = await open(browser, baseURL, 'buyer');
  const errors = watchConsole(buyer);
  const contract = await first(buyer, 'srmCctContract', { contractName: CONTRACT });
  expect(contract.status).toBe('CONFIRMED');

  await openFromMenu(buyer, '采购合同');
  await openContract(buyer);
  await activePane(buyer)
    .getByRole('button', { name: /^定\s*稿$/ })
    .click();
  await confirmDialog(buyer);
  await slow(activePane(buyer).getByText('签署中').first()).toBeVisible();
  await signWithCode(buyer, admin, 'zhangwei@demo.srm.example.cn', 'contract-sign-buyer');
  await slow(activePane(buyer).getByText('buyer', { exact: true })).toBeVisible();

  const supplier = await open(browser, baseURL, 'sup_b');
  await openFromMenu(supplier, '我的合同');
  await openContract(supplier);
  await signWithCode(supplier, admin, 'liujh@ruifeng-elec.example.cn', 'contract-sign-supplier');
  await slow(activePane(supplier).getByText('已生效').first()).toBeVisible();

  await activePane(supplier).getByRole('button', { name: '验证签名' }).click();
  const report = supplier.locator('.ant-modal:visible', { hasText: '签名验证' });
  await slow(report.getByText('文件与归档的签署文件一致')).toBeVisible();
  await expect(report.locator('.ant-table-row')).toHaveCount(2);
  await expect(report.locator('.ant-tag', { hasText: '有效' })).toHaveCount(2);
  await keepScreenshot(supplier, 'contract-verify');

  // 恒达 learns nothing of 瑞丰's contract.
  const other = await open(browser, baseURL, 'sup_a');
  const answer = await pageApi<Row>(other, '/api/srm/v1/srmCctContractRestful/verifySignatures', {
    contractId: contract.contractId,
  });
  expect(answer.httpStatus).toBe(404);

  // 恒达's own contract in confirmation: a revision with a tracked change, through the dialog.
  const sent = await first(other, 'srmCctContract', { contractName: '恒达紧固件年度采购合同' });
  expect(sent.status).toBe('CONFIRMING');
  await openFromMenu(other, '我的合同');
  const row = activePane(other).locator('.ant-table-row[data-row-key]', {
    hasText: '恒达紧固件年度采购合同',
  });
  await row
    .getByText(/^HT\d+/)
    .first()
    .click();
  await activePane(other).getByRole('button', { name: '上传修订稿' }).click();
  const upload = other.locator('.ant-modal:visible', { hasText: '修订' });
  await upload.locator('input[type="file"]').setInputFiles({
    name: '恒达修订稿.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: docxOf({
      body: wordParagraph(
        wordRun('交货期：'),
        trackedInsertion('陈晓梅', '2026-12-02T10:00:00Z', '收到订单后15天'),
      ),
    }),
  });
  await upload.getByPlaceholder('修订说明（选填）').fill('交货期修改');
  await keepScreenshot(other, 'contract-revision');
  await upload.getByRole('button', { name: /^上\s*传$/ }).click();
  await expectToast(other, '修订稿已上传');
  const revised = await pageApi<Row>(other, '/api/srm/v1/srmCctContractRestful/findById', {
    contractId: sent.contractId,
  });
  const revision = (revised.body.data.documents as Row[]).find(
    (document) => document.documentKind === 'REVISION',
  );
  expect(revision).toMatchObject({ authorSide: 'supplier', trackedChanges: 1, remark: '交货期修改' });
  expect(errors).toEqual([]);
});
