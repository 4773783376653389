// Notices (公告): the buyer publishes a notice to the suppliers of one purchase category, asking
// for confirmation; supplier A finds it on its home, confirms and answers with a file; supplier B
// (another category) never sees it; the buyer reads one read, one confirmation and one answer
// (its file too) in the read receipts; withdrawing takes it from A's open reader at once.
// Screenshots of the editor, the preview, the reader and the receipts, in Chinese and English. A
// shared file (资料下载): supplier A downloads the demo template and the buyer's 下载情况 counts it.
import { expect } from '@playwright/test';
import { activePane, api, confirmDialog, first, keepScreenshot, open, watchConsole, test } from './helpers';

type Row = Record<string, unknown>;
const slow = expect.configure({ timeout: 30_000 });
const RECEIVERS = '/api/srm/v1/srmNoticeReceiverRestful/listByPage';

test('a notice to one category: read, confirmed and answered by its supplier, unseen by another, withdrawn', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const buyer = await open(browser, baseURL, 'buyer');
  const buyerErrors = watchConsole(buyer);
  const title = `模具钢材涨价说明 ${Date.now() % 100_000}`;
  const type = await first(buyer, 'srmNoticeConfig', { configCode: 'GENERAL' });
  const category = await first(buyer, 'srmBaseCategory', { categoryCode: '0201' });
  const draft = await api<Row>(buyer, '/api/srm/v1/srmNoticeRestful/saveOrUpdate', {
    noticeKind: 'NOTICE',
    configId: type.configId,
    title,
    content:
      '<p>各位供应商：</p><p>受原材料价格影响，<strong>12月起模具钢材</strong>报价调整如下：</p>' +
      '<table><tr><th>材料</th><th>调整</th></tr><tr><td>SKD11</td><td>+4%</td></tr></table>' +
      '<p onclick="alert(1)">请确认并回复执行日期。<script>alert(2)</script></p>',
    effectiveDate: '2026-11-29',
    publisherName: '张伟',
    targets: [{ targetType: 'SUPPLIER_CATEGORY', categoryId: category.categoryId }],
  });
  // The content was cleaned at save.
  expect(String(draft.content)).not.toMatch(/script|onclick/);

  await test.step('the buyer publishes it from its page, after a preview', async () => {
    await buyer.goto(`/main/notice/noticeEdit?noticeId=${String(draft.noticeId)}`);
    const pane = activePane(buyer);
    await slow(pane.getByTestId('document-number')).toHaveText(String(draft.noticeNumber));
    await keepScreenshot(buyer, 'notice-editor-zh');
    await pane.getByRole('button', { name: '预览' }).click();
    const preview = buyer.getByTestId('notice-preview');
    await slow(preview.getByText('SKD11')).toBeVisible();
    await keepScreenshot(buyer, 'notice-preview-zh');
    await buyer.keyboard.press('Escape');
    await pane.getByRole('button', { name: /^发\s?布$/ }).click();
    await confirmDialog(buyer);
    await slow(pane.getByText('单据当前状态为“已发布”，不可修改')).toBeVisible();
  });

  const supplierA = await open(browser, baseURL, 'sup_a');
  const aErrors = watchConsole(supplierA);
  await test.step('supplier A finds it on its home, confirms and answers', async () => {
    const latest = supplierA.getByTestId('ex-notices');
    await slow(latest.getByText(title)).toBeVisible();
    await latest.getByText(title).click();
    const reader = activePane(supplierA).getByTestId('notice-desc');
    await slow(reader.getByText('SKD11')).toBeVisible();
    await reader.getByRole('button', { name: '确认已阅' }).click();
    await slow(reader.getByText(/您已于 .* 确认阅读/)).toBeVisible();
    await reader.locator('textarea').fill('收到，12月5日起按新价格执行。');
    // The reply carries a file.
    await reader
      .getByTestId('notice-reply-files')
      .locator('input[type="file"]')
      .setInputFiles({
        name: '执行计划.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
      });
    await slow(reader.getByTestId('notice-reply-files').getByText('执行计划.pdf')).toBeVisible();
    await reader.getByRole('button', { name: '提交回复' }).click();
    await slow(reader.getByText(/您已于 .* 回复/)).toBeVisible();
    await keepScreenshot(supplierA, 'notice-reader-zh');
    // A sent file taken off the reply is only detached (the copy keeps it until the next reply).
    const files = reader.getByTestId('notice-reply-files');
    await files.getByRole('button', { name: '删除 执行计划.pdf' }).click();
    await supplierA
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s?定|删\s?除|OK/ })
      .click();
    await slow(supplierA.getByText('已移出，保存或发送后生效')).toBeVisible();
    await expect(files.getByText('执行计划.pdf')).toHaveCount(0);
    await expect(reader.getByRole('button', { name: '提交回复' })).toBeEnabled();
  });

  await test.step('supplier B, of another category, never sees it', async () => {
    const supplierB = await open(browser, baseURL, 'sup_b');
    expect(await api<Row[]>(supplierB, RECEIVERS, { title })).toEqual([]);
    await slow(supplierB.getByTestId('ex-notices')).toBeVisible();
    await expect(supplierB.getByTestId('ex-notices').getByText(title)).toHaveCount(0);
    const refused = await supplierB.evaluate(async (id) => {
      const session = JSON.parse(localStorage.getItem('srm.session') ?? '{}') as {
        authorizationCode?: string;
      };
      const response = await fetch('/api/srm/v1/srmNoticeRestful/findById', {
        method: 'POST',
        headers: { 'content-type': 'application/json', AuthorizationCode: session.authorizationCode ?? '' },
        body: JSON.stringify({ noticeId: id }),
      });
      return response.status;
    }, draft.noticeId);
    expect([401, 403, 404]).toContain(refused);
    await supplierB.context().close();
  });

  await test.step('the buyer reads the receipts: one read, one confirmation, one answer', async () => {
    const pane = activePane(buyer);
    await pane.getByRole('button', { name: '阅读情况' }).click();
    const receipts = buyer.getByTestId('notice-receipts');
    await slow(receipts.getByText('收到，12月5日起按新价格执行。')).toBeVisible();
    // The reply's file, opened from the receipt.
    await receipts.getByRole('button', { name: '回复附件' }).click();
    await slow(buyer.locator('.ant-popover:visible').getByText('执行计划.pdf')).toBeVisible();
    await receipts.getByRole('button', { name: '回复附件' }).click();
    for (const [label, count] of [
      ['已读', '1'],
      ['已确认', '1'],
      ['已回复', '1'],
    ])
      await expect(receipts.locator('.ant-statistic', { hasText: label }).first()).toContainText(count);
    await keepScreenshot(buyer, 'notice-receipts-zh');
    await buyer.keyboard.press('Escape');
  });

  await test.step('in English', async () => {
    await buyer.getByRole('button', { name: '切换语言' }).click();
    await buyer.getByRole('menuitem', { name: 'English' }).click();
    const pane = activePane(buyer);
    await slow(pane.getByRole('button', { name: 'Read receipts' })).toBeVisible();
    await keepScreenshot(buyer, 'notice-editor-en');
    await pane.getByRole('button', { name: 'Read receipts' }).click();
    await slow(
      buyer.getByTestId('notice-receipts').locator('.ant-statistic-title', { hasText: 'Answered' }),
    ).toBeVisible();
    await keepScreenshot(buyer, 'notice-receipts-en');
    await buyer.keyboard.press('Escape');
    await pane.getByRole('button', { name: 'Preview' }).click();
    await slow(buyer.getByTestId('notice-preview').getByText('Publisher', { exact: false })).toBeVisible();
    await keepScreenshot(buyer, 'notice-preview-en');
    await buyer.keyboard.press('Escape');
  });

  await test.step('withdrawn, it leaves supplier A’s open reader at once', async () => {
    const pane = activePane(buyer);
    await pane.getByRole('button', { name: 'Withdraw' }).click();
    await confirmDialog(buyer);
    await slow(activePane(supplierA).getByText('公告已撤回或不存在')).toBeVisible();
    expect(await api<Row[]>(supplierA, RECEIVERS, { title })).toEqual([]);
  });
  expect(buyerErrors).toEqual([]);
  expect(aErrors).toEqual([]);
});

test('a shared file: supplier A downloads the template from 资料下载 and the buyer counts it', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const title = '送货单模板（2027版）';
  const buyer = await open(browser, baseURL, 'buyer');
  const entry = await first(buyer, 'srmCommonFile', { title });
  const supplierA = await open(browser, baseURL, 'sup_a');
  const aErrors = watchConsole(supplierA);

  await test.step('supplier A opens it from 资料下载 and downloads its file', async () => {
    await supplierA.goto('/main/commonFile/myFiles');
    const list = activePane(supplierA);
    await list.getByRole('link', { name: title }).click();
    const reader = activePane(supplierA).getByTestId('common-file-desc');
    await slow(reader.getByText('批次号与生产日期必填')).toBeVisible();
    await keepScreenshot(supplierA, 'common-file-reader-zh');
    const downloaded = supplierA.waitForEvent('download');
    await reader.getByRole('button', { name: '下载' }).click();
    expect((await downloaded).suggestedFilename()).toBe(`${title}.csv`);
  });

  await test.step('the buyer’s 下载情况 counts the download and names who has not downloaded', async () => {
    await buyer.goto(`/main/commonFileEdit?commonFileId=${String(entry.commonFileId)}`);
    const pane = activePane(buyer);
    await slow(pane.getByTestId('document-number')).toHaveText(String(entry.fileNumber));
    await pane.getByRole('button', { name: '下载情况' }).click();
    const panel = buyer.getByTestId('common-file-downloads');
    const total = panel.locator('.ant-card', { hasText: '下载次数' }).locator('.ant-statistic-content-value');
    await slow(total).toHaveText(String(Number(entry.downloadCount) + 1));
    await slow(panel.locator('tr', { hasText: '苏州恒达精密五金有限公司' })).toBeVisible();
    await keepScreenshot(buyer, 'common-file-downloads-zh');
    await panel.locator('.ant-segmented-item', { hasText: '未下载' }).click();
    await slow(panel.locator('tr', { hasText: '苏州恒达精密五金有限公司' })).toHaveCount(0);
  });
  expect(aErrors).toEqual([]);
});
