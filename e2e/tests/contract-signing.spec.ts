// A contract signed electronically in Chromium, both sides in their own browsers: the buyer
// finalizes the contract 瑞丰电子 (sup_b) has confirmed (the PDF to sign is made from its
// document) and signs it for the buying unit with the one-time code mailed to them (read from
// the mail the run's SMTP server received); sup_b signs for 瑞丰 the same way, from the
// signing link opened in a fresh browser signed out (the login page leads to the contract with
// the dialog open); the contract is in effect; sup_b's 验证签名 shows both signatures valid over
// the archived file, and pdfsig, trusting the root certificate downloaded from that dialog, finds
// both valid and trusted in the signed PDF downloaded from the contract's documents (one byte
// changed: a digest mismatch for both); 恒达 (sup_a) is answered 404 for the contract, and files
// a revision with a tracked change of its own contract in confirmation through 上传修订稿, then
// confirms it; the buyer's 定稿 is refused while the change is open and goes through with
// 接受全部修订 (the PDF holds the inserted words). 瑞丰's first payment stage, payable since the
// signing, is in 合同预警 for the buyer and for 瑞丰 after the buyer runs the warnings program, and
// finance pays it with 瑞丰's invoice in a payment application, picking the stage on the line; the
// buyer terminates the contract in effect with a reason, approved by the purchasing manager.
// Screenshots as artifacts.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type Page, expect } from '@playwright/test';
import { docxOf, trackedInsertion, wordParagraph, wordRun } from '@srm/platform/docx-testing';
import {
  DEMO_PASSWORD,
  activePane,
  api,
  approveDocument,
  confirmDialog,
  expectToast,
  first,
  formField,
  keepScreenshot,
  mailTo,
  open,
  openFromMenu,
  pageApi,
  pickOption,
  type Row,
  sentMails,
  typeInto,
  watchConsole,
  test,
} from './helpers';

test.use({ viewport: { width: 1440, height: 900 } });
const slow = expect.configure({ timeout: 45_000 });
const CONTRACT = '瑞丰电子料年度采购合同';

const run = promisify(execFile);

/**
 * pdfsig's verdicts on a PDF, trusting `rootPem` through an NSS database of its own: per
 * signature, its validation and its certificate's (pdfsig exits non-zero on a failed one).
 */
async function pdfsigOf(rootPem: string, pdf: Buffer): Promise<[string, string][]> {
  const dir = mkdtempSync(join(tmpdir(), 'srm-e2e-pdfsig-'));
  try {
    writeFileSync(join(dir, 'root.pem'), rootPem);
    writeFileSync(join(dir, 'file.pdf'), pdf);
    const database = `sql:${dir}`;
    await run('certutil', ['-N', '--empty-password', '-d', database]);
    await run('certutil', ['-A', '-n', 'root', '-t', 'CT,C,C', '-i', join(dir, 'root.pem'), '-d', database]);
    const { stdout } = await run('pdfsig', ['-nssdir', database, join(dir, 'file.pdf')]).catch(
      (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
    );
    return stdout
      .split(/Signature #\d+:/)
      .slice(1)
      .map((block) => [
        /Signature Validation: (.*)/.exec(block)?.[1]?.trim() ?? '',
        /Certificate Validation: (.*?)(NSS_Shutdown.*)?$/m.exec(block)?.[1]?.trim() ?? '',
      ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

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

/** 电子签署 in the open contract: the code asked, read from the mail, typed and confirmed. */
async function signWithCode(page: Page, email: string, shot: string) {
  await activePane(page).getByRole('button', { name: '电子签署' }).click();
  await signInDialog(page, email, shot);
}

/** The open sign dialog: the code asked, read from the mail the SMTP server received, typed and confirmed. */
async function signInDialog(page: Page, email: string, shot: string) {
  const dialog = page.locator('.ant-modal:visible', { hasText: '待签署文件' });
  await slow(dialog).toBeVisible();
  const before = sentMails().length;
  await dialog.getByTestId('contract-sign-send').click();
  await slow(dialog.getByText(/验证码已发送至 .\*\*\*@/)).toBeVisible();
  await expect(dialog.getByTestId('contract-sign-send')).toBeDisabled();
  await keepScreenshot(page, shot);
  const [, code] = await mailTo(email, /验证码：(\d{6})/, before);
  await dialog.getByTestId('contract-sign-code').pressSequentially(code!);
  await dialog.getByTestId('contract-sign-confirm').click();
  await expectToast(page, '签署成功');
}

test('a confirmed contract is finalized, signed by both parties with mailed codes, and verifies', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(420_000);
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
  await signWithCode(buyer, 'zhangwei@demo.srm.example.cn', 'contract-sign-buyer');
  await slow(activePane(buyer).getByText('buyer', { exact: true })).toBeVisible();

  // sup_b's signing link (what a mail would carry), opened in a fresh browser, signed out.
  const asker = await open(browser, baseURL, 'sup_b');
  const { url } = await api<{ url: string }>(asker, '/api/srm/v1/srmCctContractRestful/querySignUrl', {
    contractId: contract.contractId,
  });
  const link = new URL(url);
  expect(link.pathname).toBe('/main/supplierContractEdit');
  const supplier = await (
    await browser.newContext({ baseURL, locale: 'zh-CN', viewport: { width: 1440, height: 900 } })
  ).newPage();
  await supplier.goto(`${link.pathname}${link.search}`);
  await supplier.locator('input[autocomplete="username"]').fill('sup_b');
  await supplier.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
  await supplier.locator('form button[type="submit"]').click();
  await expect(supplier).toHaveURL(/\/main\/supplierContractEdit\?contractId=\d+$/, { timeout: 45_000 });
  await signInDialog(supplier, 'liujh@ruifeng-elec.example.cn', 'contract-sign-supplier');
  await slow(activePane(supplier).getByText('已生效').first()).toBeVisible();

  await activePane(supplier).getByRole('button', { name: '验证签名' }).click();
  const report = supplier.locator('.ant-modal:visible', { hasText: '签名验证' });
  await slow(report.getByText('文件与归档的签署文件一致')).toBeVisible();
  await expect(report.locator('.ant-table-row')).toHaveCount(2);
  await expect(report.locator('.ant-tag', { hasText: '有效' })).toHaveCount(2);
  await keepScreenshot(supplier, 'contract-verify');

  // The same file checked outside the platform, as anyone would: the root certificate from the
  // dialog trusted in an NSS database, the signed PDF from the contract's documents, pdfsig.
  const rootDownload = supplier.waitForEvent('download');
  await report.getByRole('button', { name: '下载根证书' }).click();
  const rootPem = readFileSync(await (await rootDownload).path(), 'utf8');
  expect(rootPem).toMatch(/^-----BEGIN CERTIFICATE-----/);
  await report.locator('.ant-modal-close').click();
  const documents = activePane(supplier)
    .locator('.ant-card')
    .filter({ has: supplier.locator('.ant-card-head-title', { hasText: /^合同文本$/ }) });
  await documents
    // Newest first: the copy both parties signed.
    .locator('.ant-table-row', { hasText: '已签署PDF' })
    .first()
    .getByTestId('attachment-count')
    .click();
  const pdfDownload = supplier.waitForEvent('download');
  await supplier.getByRole('button', { name: /^下载 HT\d+-B\.pdf$/ }).click();
  const signed = readFileSync(await (await pdfDownload).path());
  const trusted = ['Signature is Valid.', 'Certificate is Trusted.'];
  expect(await pdfsigOf(rootPem, signed)).toEqual([trusted, trusted]);
  // One byte of the first revision changed (in the binary comment under the header: the file
  // still opens): both signatures cover it, neither holds.
  const flipped = Buffer.from(signed);
  const at = flipped.indexOf('\n%', 5) + 2;
  expect(at).toBeGreaterThan(5);
  expect(at).toBeLessThan(20);
  flipped[at] = flipped[at] === 0xfe ? 0xfd : 0xfe;
  expect((await pdfsigOf(rootPem, flipped)).map(([validation]) => validation)).toEqual([
    'Digest Mismatch.',
    'Digest Mismatch.',
  ]);

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

  // 恒达 confirms the contract as revised; the buyer's 定稿 is refused while the tracked change is
  // open, and goes through with 接受全部修订: the PDF to sign holds the inserted words.
  await activePane(other).getByRole('button', { name: '确认合同' }).click();
  await confirmDialog(other);
  await slow(activePane(other).getByText('供应商已确认').first()).toBeVisible();
  await buyer.goto(`/main/contractManage/cctContractEdit?contractId=${String(sent.contractId)}`);
  const revisedPane = activePane(buyer);
  await slow(revisedPane.getByText('供应商已确认').first()).toBeVisible();
  const finalize = async (acceptChanges: boolean) => {
    await revisedPane.getByRole('button', { name: /^定\s*稿$/ }).click();
    const dialog = buyer.locator('.ant-modal:visible').filter({ has: buyer.getByText('接受全部修订') });
    await slow(dialog).toBeVisible();
    if (acceptChanges) await dialog.getByRole('checkbox').check();
    await confirmDialog(buyer);
  };
  await finalize(false);
  await slow(buyer.locator('.ant-message-error', { hasText: '还有 1 处修订未处理' })).toBeVisible();
  await finalize(true);
  // The conversion is a job: the toast says it started, and the page reads the contract again
  // when the job's message arrives.
  await slow(
    buyer.locator('.ant-message-success', { hasText: '“定稿”已开始，完成后会通知您' }),
  ).toBeVisible();
  await slow(revisedPane.getByText('签署中').first()).toBeVisible();
  const finalizedCard = revisedPane
    .locator('.ant-card')
    .filter({ has: buyer.locator('.ant-card-head-title', { hasText: /^合同文本$/ }) });
  await finalizedCard
    .locator('.ant-table-row', { hasText: '定稿PDF' })
    .first()
    .getByTestId('attachment-count')
    .click();
  const finalizedDownload = buyer.waitForEvent('download');
  await buyer.getByRole('button', { name: /^下载 HT\d+\.pdf$/ }).click();
  const { stdout: finalizedText } = await run('pdftotext', [await (await finalizedDownload).path(), '-']);
  expect(finalizedText.replace(/\s/g, '')).toContain('交货期：收到订单后15天');

  // 付款节点: 瑞丰's first stage (预付款, due 15 days after signing) became payable at signing. The
  // buyer runs 合同预警 looking 30 days ahead; the stage's warning is in 合同预警 for the buyer and
  // for 瑞丰; finance pays it with 瑞丰's next invoice, the stage picked on the invoice's line.
  const effective = await api<Row>(buyer, '/api/srm/v1/srmCctContractRestful/findById', {
    contractId: contract.contractId,
  });
  const stage = (effective.stages as Row[]).find((row) => row.stageNum === 1)!;
  expect(stage).toMatchObject({ stageName: '预付款', stageStatus: 'PENDING' });
  const [program] = await api<Row[]>(buyer, '/api/schedule/v1/baseConcurrentProgramRestful/listByPage', {
    programCode: 'CCT_CONTRACT_WARNINGS',
  });
  const request = await api<Row>(buyer, '/api/schedule/v1/baseConcurrentRequestRestful/doSubmit', {
    programId: program!.programId,
    parameters: { stageDueDays: '30' },
  });
  await expect(async () => {
    const done = await api<Row>(buyer, '/api/schedule/v1/baseConcurrentRequestRestful/findById', {
      requestId: request.requestId,
    });
    expect(`${String(done.phaseCode)}/${String(done.statusCode)}`).toBe('COMPLETED/NORMAL');
  }).toPass({ timeout: 60_000 });
  for (const [page, menu] of [
    [buyer, '合同预警'],
    [supplier, '合同预警'],
  ] as const) {
    await openFromMenu(page, menu);
    const warned = activePane(page).locator('.ant-table-row[data-row-key]', {
      hasText: String(contract.contractNumber),
    });
    await slow(warned.filter({ hasText: '付款即将到期' }).first()).toBeVisible();
  }
  await keepScreenshot(supplier, 'contract-warnings-supplier');

  // 瑞丰 invoices its statement sent for confirmation (set up through the API: not this journey's).
  const [statement] = await api<Row[]>(asker, '/api/srm/v1/srmStlAccountHeaderRestful/listByPage', {
    status: 'SENT',
  });
  await api(asker, '/api/srm/v1/srmStlAccountHeaderRestful/doSupplierConfirm', {
    accountHeaderId: statement!.accountHeaderId,
    versionNum: statement!.versionNum,
  });
  const bill = await api<Row>(asker, '/api/srm/v1/srmStlInvoiceHeaderRestful/createFromStatement', {
    accountHeaderId: statement!.accountHeaderId,
    invoiceType: 'VAT_SPECIAL',
    invoiceCode: '3302231130',
    invoiceNumber: '33018861',
    invoiceDate: new Date().toISOString().slice(0, 10),
  });
  await api(asker, '/api/srm/v1/srmStlInvoiceHeaderRestful/doSubmit', {
    invoiceId: bill.invoiceId,
    versionNum: bill.versionNum,
  });
  const finance = await open(browser, baseURL, 'finance');
  await openFromMenu(finance, '付款申请');
  await activePane(finance)
    .getByRole('button', { name: /新\s?建/ })
    .first()
    .click();
  const application = activePane(finance);
  await slow(application.locator('label[title="付款方式"]')).toBeVisible();
  await pickOption(finance, application, '供应商', '宁波瑞丰电子科技有限公司');
  await pickOption(finance, application, '业务实体', String(effective.orgName));
  await pickOption(finance, application, '币种', 'CNY');
  await application.getByTestId('payment-sources').click();
  const sources = finance.locator('.ant-modal:visible');
  await slow(sources.getByText(String(bill.invoiceNumber)).first()).toBeVisible();
  // The invoice only: untick the rest (瑞丰's advance with a balance).
  for (const row of await sources.locator('.ant-table-row').all())
    if (!(await row.innerText()).includes(String(bill.invoiceNumber)))
      await row.getByRole('checkbox').uncheck();
  await sources.getByRole('button', { name: '添加到明细' }).click();
  // 付款节点 on the line: the picker offers payable stages by their contract's number.
  await application.locator('[id$="_lines_0_contractStageId"]').click();
  await finance.keyboard.type(String(contract.contractNumber));
  const option = finance.locator('.ant-select-dropdown:visible .ant-select-item-option', {
    hasText: String(contract.contractNumber),
  });
  await slow(option.first()).toBeVisible();
  await keepScreenshot(finance, 'contract-stage-picker');
  await option.first().click();
  const payable = Math.min(Number(stage.stageAmount), Number(bill.amountExclTax) + Number(bill.taxAmount));
  await typeInto(application.locator('input[id$="_lines_0_amount"]'), payable.toFixed(2));
  await application.getByRole('button', { name: /保\s?存/ }).click();
  await slow(application.getByTestId('document-number')).toHaveText(/^PA/);
  const [saved] = await api<Row[]>(finance, '/api/srm/v1/srmStlPaymentHeaderRestful/listByPage', {
    paymentNumber: (await application.getByTestId('document-number').textContent())!.trim(),
  });
  const held = await api<Row & { lines: Row[] }>(finance, '/api/srm/v1/srmStlPaymentHeaderRestful/findById', {
    paymentId: saved!.paymentId,
  });
  expect(held.lines[0]).toMatchObject({
    contractStageId: stage.contractStageId,
    stageLabel: `${String(contract.contractNumber)} · 1 预付款`,
    amount: payable,
  });
  await keepScreenshot(finance, 'contract-stage-payment');

  // 终止: the buyer, opening the contract in effect from its address, asks to end it with the
  // reason and what was paid; the purchasing manager approves; the contract is terminated.
  await buyer.goto(`/main/contractManage/cctContractEdit?contractId=${String(contract.contractId)}`);
  const pane = activePane(buyer);
  await slow(pane.getByText('已生效').first()).toBeVisible();
  await pane.getByRole('button', { name: /^终\s*止$/ }).click();
  // Who will approve it first (合同终止审批: the purchasing manager, then finance), then the request.
  const preview = buyer.locator('.ant-modal:visible', { hasText: '提交审批' });
  await slow(preview).toBeVisible();
  await preview.getByRole('button', { name: '确认提交' }).click();
  const ask = buyer.locator('.ant-modal:visible').filter({ has: buyer.locator('label[title="终止原因"]') });
  await formField(ask, '终止原因').fill('瑞丰产线搬迁，双方协商提前终止');
  // 已付金额 starts from what the contract has paid (nothing yet): a required 0 is accepted.
  await expect(formField(ask, '已付金额')).toHaveValue('0.00');
  await keepScreenshot(buyer, 'contract-terminate');
  await confirmDialog(buyer);
  await slow(pane.getByText('终止审批中').first()).toBeVisible();
  await approveDocument(browser, baseURL, 'srmCctContract', contract.contractId);
  const [task] = (
    await api<Row[]>(finance, '/api/bpm/v1/bpmTaskRestful/findTodoTasks', {
      pageIndex: 1,
      pageRows: 100,
      entityName: 'srmCctContract',
    })
  ).filter((row) => row.documentId === contract.contractId);
  await api(finance, '/api/bpm/v1/bpmTaskRestful/doApprove', { taskId: task!.taskId, comment: '同意' });
  await slow(pane.getByText('已终止').first()).toBeVisible();
  const ended = await first(buyer, 'srmCctContract', { contractId: contract.contractId });
  expect(ended).toMatchObject({ status: 'TERMINATED', terminateReason: '瑞丰产线搬迁，双方协商提前终止' });
  // The one refusal asked for: 定稿 while the revision's change was open.
  expect(errors).toEqual([expect.stringMatching(/status of 422/)]);
});
