// The attachment widget in a form: a buyer attaches a real PDF to a supplier, sees it listed
// with size, uploader and time, previews it in the PDF overlay (drawn by pdf.js), downloads it
// and both files as a zip, then deletes one after the spec's confirmation; in Chinese and English.
import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import {
  activePane,
  expectToast,
  keepScreenshot,
  openFromMenu,
  pdfFile,
  signIn,
  toastsGone,
  watchConsole,
  test,
} from './helpers';

test.use({ viewport: { width: 1440, height: 900 } });
test.setTimeout(150_000);

test('a buyer attaches, previews, downloads and deletes files on a supplier', async ({ page }) => {
  const errors = watchConsole(page);
  const pane = activePane(page);
  const pdf = pdfFile('SRM attachment preview');
  // The header's field (附件); the credential lines below have scans of their own.
  const field = pane.getByTestId('attachment-field').first();

  await test.step('open a supplier for editing', async () => {
    await signIn(page, 'admin');
    await openFromMenu(page, '供应商信息');
    await pane.locator('.ant-table-row').first().getByText('编辑').click();
    await expect(field.getByRole('button', { name: '上传附件' })).toBeVisible();
  });

  await test.step('upload a PDF: a progress bar, then the list with size, uploader and time', async () => {
    await field.getByTestId('attachment-input').setInputFiles({
      name: '营业执照.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    const row = field.locator('.ant-table-row', { hasText: '营业执照.pdf' });
    await expect(row).toBeVisible();
    expect(pdf.length).toBeLessThan(1024);
    await expect(row).toContainText(`${pdf.length} B`);
    await expect(row).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    await expect(row).toContainText('系统管理员');
    await field.getByTestId('attachment-input').setInputFiles({
      name: '说明.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('供应商资质说明\nquality certificate\n'),
    });
    await expect(field.locator('.ant-table-row')).toHaveCount(2);
    await pane.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '保存成功');
    await toastsGone(page);
    await keepScreenshot(page, 'attachments-form-zh');
  });

  await test.step('preview the PDF in the overlay and close it with its icon', async () => {
    await field.getByRole('link', { name: '营业执照.pdf' }).click();
    const viewer = page.getByTestId('pdf-viewer');
    await expect(viewer).toBeVisible();
    await expect(viewer.getByTestId('pdf-page')).toHaveCount(1);
    await expect(viewer).toContainText('共 1 页');
    expect(await viewer.evaluate((element) => getComputedStyle(element).zIndex)).toBe('1100');
    await page.waitForTimeout(300);
    await keepScreenshot(page, 'attachments-pdf-preview-zh');
    await viewer.getByRole('button', { name: '关闭' }).click();
    await expect(viewer).toBeHidden();
  });

  await test.step('download one file, then both as a zip', async () => {
    const single = page.waitForEvent('download');
    await field.getByRole('button', { name: '下载 营业执照.pdf' }).click();
    const file = await single;
    expect(file.suggestedFilename()).toBe('营业执照.pdf');
    expect(readFileSync(await file.path()).equals(pdf)).toBe(true);
    const zipped = page.waitForEvent('download');
    await field.getByRole('button', { name: '打包下载' }).click();
    const zip = await zipped;
    expect(zip.suggestedFilename()).toMatch(/\.zip$/);
    expect(
      readFileSync(await zip.path())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });

  await test.step('delete after the confirmation, with the reminder to save', async () => {
    await field.getByRole('button', { name: '删除 说明.txt' }).click();
    const confirm = page.locator('.ant-modal-confirm', { hasText: '请确认是否继续删除附件信息?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: /确\s?定/ }).click();
    await expectToast(page, '附件删除成功，因附件ID更新，请及时保存业务单据');
    await expect(field.locator('.ant-table-row')).toHaveCount(1);
    await pane.getByRole('button', { name: '保存' }).click();
    await expectToast(page, '保存成功');
  });

  await test.step('a format that cannot be viewed online says so', async () => {
    await field.getByTestId('attachment-input').setInputFiles({
      name: 'data.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from('504b0506000000000000000000000000000000000000', 'hex'),
    });
    const row = field.locator('.ant-table-row', { hasText: 'data.zip' });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: '预览 data.zip' }).click();
    await expect(
      page.locator('.ant-message-notice', {
        hasText: '不支持在线浏览的文件格式，请直接下载文件使用本地工具浏览！',
      }),
    ).toBeVisible();
  });

  await test.step('in English', async () => {
    await page.getByRole('button', { name: '切换语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(field.getByRole('button', { name: 'Upload' })).toBeVisible();
    await expect(field.getByText('Uploaded by')).toBeVisible();
    await toastsGone(page);
    await keepScreenshot(page, 'attachments-form-en');
  });
  expect(errors).toEqual([]);
});
