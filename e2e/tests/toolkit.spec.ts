// The toolkit gallery (toolkitGallery) in Chromium: an upload with its progress bar, an image
// previewed, turned and cropped in the image viewer (the 180×180 JPEG downloaded), a PDF and a
// spreadsheet (converted by LibreOffice) previewed in the pdf.js overlay, an image cropped to the
// 180×180 JPEG in the crop modal, a file deleted after the spec's confirmation, an extension
// refused with the allowed list, the viewer's crop in English; and a list exported as the user
// sees it (the saved column settings and the sort of the grid), the file read back.
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { type Locator, type Page, expect } from '@playwright/test';
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
// Two journeys with uploads, viewers and a download: generous for a busy machine.
test.setTimeout(300_000);

/** Width and height of a baseline or progressive JPEG, from its start-of-frame segment. */
function jpegSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(0, 2).toString('hex')).toBe('ffd8');
  let at = 2;
  while (at < bytes.length) {
    const marker = bytes[at + 1]!;
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xc2) return [bytes.readUInt16BE(at + 7), bytes.readUInt16BE(at + 5)];
    at += 2 + length;
  }
  throw new Error('no start-of-frame segment');
}

/** A PNG drawn by the browser itself (a 320×200 picture with two colours). */
async function pngFile(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 200;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#1677ff';
    context.fillRect(0, 0, 320, 200);
    context.fillStyle = '#fadb14';
    context.fillRect(100, 40, 120, 120);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  return Buffer.from(base64, 'base64');
}

test('the toolkit gallery: upload with progress, preview, crop, delete and refuse', async ({ page }) => {
  const errors = watchConsole(page);
  const pane = activePane(page);
  await signIn(page, 'admin');
  // A developer page: in no menu, opened by its route.
  await page.goto('/main/toolkitGallery');
  await expect(page.getByRole('tab', { name: '组件示例', selected: true })).toBeVisible();
  const attachments = pane.getByTestId('gallery-attachments');
  const editable = attachments.getByTestId('attachment-field').first();
  const pdf = pdfFile('SRM toolkit E2E');

  await test.step('an upload shows its progress bar until the server answers, then the file is listed', async () => {
    // The server's answer is held back a moment, so that the bar can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/file/v2/file/upload', async (route) => {
      await held;
      await route.continue();
    });
    await editable.getByTestId('attachment-input').setInputFiles({
      name: '资质证书.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    const progress = editable.getByTestId('attachment-progress');
    await expect(progress).toBeVisible();
    await expect(progress).toContainText('资质证书.pdf');
    await expect(progress.locator('.ant-progress')).toBeVisible();
    await keepScreenshot(page, 'toolkit-upload-progress-zh');
    // Released: this and later uploads go through (the route stays; unrouting a held request drops it).
    release();
    await expect(progress).toHaveCount(0);
    const row = editable.locator('.ant-table-row', { hasText: '资质证书.pdf' });
    await expect(row).toBeVisible();
    await expect(row).toContainText(`${pdf.length} B`);
    await expect(pane.getByTestId('gallery-attachment-value')).toContainText(/字段值：\d+/);
  });

  await test.step('the PDF opens in the full-page pdf.js overlay and closes with its icon', async () => {
    await editable.getByRole('link', { name: '资质证书.pdf' }).click();
    const viewer = page.getByTestId('pdf-viewer');
    await expect(viewer).toBeVisible();
    await expect(viewer.getByTestId('pdf-page')).toHaveCount(1);
    await expect(viewer).toContainText('共 1 页');
    await viewer.getByRole('button', { name: '关闭' }).click();
    await expect(viewer).toBeHidden();
  });

  await test.step('a spreadsheet opens in the same overlay, converted to PDF by LibreOffice', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('报价');
    sheet.columns = [{ width: 30 }, { width: 12 }];
    sheet.addRow(['物料编码', '数量']);
    sheet.addRow(['MAT-7731 六角螺栓', 42]);
    await editable.getByTestId('attachment-input').setInputFiles({
      name: '报价单.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
    });
    await expect(editable.locator('.ant-table-row', { hasText: '报价单.xlsx' })).toBeVisible();
    const converted = page.waitForResponse('**/api/file/v2/pageoffice/doFilePdfView');
    await editable.getByRole('link', { name: '报价单.xlsx' }).click();
    const answer = await converted;
    expect(answer.headers()['content-type']).toBe('application/pdf');
    const viewer = page.getByTestId('pdf-viewer');
    await expect(viewer).toBeVisible();
    await expect(viewer.getByTestId('pdf-page')).toHaveCount(1, { timeout: 60_000 });
    await expect(viewer).toContainText('共 1 页');
    await keepScreenshot(page, 'toolkit-xlsx-preview-zh');
    await viewer.getByRole('button', { name: '关闭' }).click();
    await expect(viewer).toBeHidden();
    // Gone again, so the field holds the PDF alone for the steps below.
    await editable.getByRole('button', { name: '删除 报价单.xlsx' }).click();
    await page
      .locator('.ant-modal-confirm', { hasText: '请确认是否继续删除附件信息?' })
      .getByRole('button', { name: /确\s?定/ })
      .click();
    await expect(editable.locator('.ant-table-row', { hasText: '报价单.xlsx' })).toHaveCount(0);
    await toastsGone(page);
  });

  await test.step('an image uploaded to the images field opens in the image viewer, which turns and crops it', async () => {
    const images = attachments.getByTestId('gallery-images').getByTestId('attachment-field');
    await images.getByTestId('attachment-input').setInputFiles({
      name: '样品照片.png',
      mimeType: 'image/png',
      buffer: await pngFile(page),
    });
    await expect(images.locator('.ant-table-row', { hasText: '样品照片.png' })).toBeVisible();
    await images.getByRole('button', { name: '预览 样品照片.png' }).click();
    const modal = page.locator('.ant-modal', { hasText: '样品照片.png' });
    const image = modal.getByTestId('image-viewer-image');
    await expect(image).toBeVisible();
    await expect
      .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
      .toBe(320);
    await modal.getByRole('button', { name: '向右旋转' }).click();
    await expect(image).toHaveAttribute('data-rotation', '90');
    await modal.getByRole('button', { name: '放大' }).click();
    await expect(modal).toContainText('125%');
    await keepScreenshot(page, 'toolkit-image-viewer-zh');
    // Crop: the 180×180 box over the turned image; OK closes the viewer and downloads the JPEG.
    await modal.getByRole('button', { name: '裁剪图片' }).click();
    await expect(modal.locator('.reactEasyCrop_CropArea')).toBeVisible();
    await expect(modal).toContainText('确定后得到 180×180 的 JPEG 图片');
    await expect(modal.getByRole('button', { name: /确\s?定/ })).toBeEnabled();
    await keepScreenshot(page, 'toolkit-image-viewer-crop-zh');
    const downloading = page.waitForEvent('download');
    await modal.getByRole('button', { name: /确\s?定/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('样品照片_裁剪.jpg');
    expect(jpegSize(readFileSync(await download.path()))).toEqual([180, 180]);
    await expectToast(page, '已下载裁剪后的图片：样品照片_裁剪.jpg');
    await expect(modal).toBeHidden();
    await toastsGone(page);
  });

  await test.step('the crop modal gives a 180×180 JPEG', async () => {
    const viewers = pane.getByTestId('gallery-viewers');
    await viewers.getByRole('button', { name: '裁剪图片（180×180）' }).click();
    const modal = page.locator('.ant-modal', { hasText: '裁剪图片' });
    await expect(modal.locator('.reactEasyCrop_CropArea')).toBeVisible();
    await modal.getByRole('button', { name: /确\s?定/ }).click();
    await expect(modal).toBeHidden();
    const cropped = viewers.getByTestId('gallery-cropped');
    await expect(cropped).toContainText('image/jpeg');
    const size = await cropped.locator('img').evaluate(async (element) => {
      const image = element as HTMLImageElement;
      await image.decode();
      return [image.naturalWidth, image.naturalHeight];
    });
    expect(size).toEqual([180, 180]);
  });

  await test.step('a file is deleted only after the confirmation, with the reminder to save', async () => {
    await editable.getByRole('button', { name: '删除 资质证书.pdf' }).click();
    const confirm = page.locator('.ant-modal-confirm', { hasText: '请确认是否继续删除附件信息?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: /取\s?消/ }).click();
    await expect(confirm).toBeHidden();
    await expect(editable.locator('.ant-table-row', { hasText: '资质证书.pdf' })).toBeVisible();
    await editable.getByRole('button', { name: '删除 资质证书.pdf' }).click();
    await confirm.getByRole('button', { name: /确\s?定/ }).click();
    await expectToast(page, '附件删除成功，因附件ID更新，请及时保存业务单据');
    await expect(editable.locator('.ant-table-row', { hasText: '资质证书.pdf' })).toHaveCount(0);
    await expect(pane.getByTestId('gallery-attachment-value')).toContainText('字段值：—');
  });

  await test.step('an extension outside the allowed list is refused with the list', async () => {
    const limited = attachments.getByTestId('gallery-limited').getByTestId('attachment-field');
    await limited.getByTestId('attachment-input').setInputFiles({
      name: '说明.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('不在允许的格式中'),
    });
    await expect(page.getByText(/当前文件扩展名不能上传附件.*pdf.*docx/).first()).toBeVisible();
    await expect(limited.locator('.ant-table-row')).toHaveCount(0);
  });
  await toastsGone(page);
  await keepScreenshot(page, 'toolkit-gallery-zh');

  await test.step('in English, the viewer crops too and gives its JPEG to the page that opened it', async () => {
    await page.getByRole('button', { name: '切换语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    const viewers = pane.getByTestId('gallery-viewers');
    await viewers.getByRole('button', { name: 'Open the image viewer' }).click();
    const modal = page.locator('.ant-modal', { hasText: 'sample.png' });
    await modal.getByRole('button', { name: 'Crop image' }).click();
    await expect(modal).toContainText('OK gives a 180×180 JPEG');
    await expect(modal.locator('.reactEasyCrop_CropArea')).toBeVisible();
    await keepScreenshot(page, 'toolkit-image-viewer-crop-en');
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal.getByTestId('image-viewer-image')).toBeVisible();
    const cropped = viewers.getByTestId('gallery-cropped');
    const earlier = await cropped.locator('img').getAttribute('src');
    await modal.getByRole('button', { name: 'Crop image' }).click();
    await modal.getByRole('button', { name: 'OK' }).click();
    await expect(modal).toBeHidden();
    await expect(cropped.locator('img')).not.toHaveAttribute('src', earlier!);
    await expect(cropped).toContainText('Cropped: image/jpeg');
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: '中文' }).click();
    await expect(viewers.getByRole('button', { name: '打开图片查看器' })).toBeVisible();
  });
  expect(errors).toEqual([]);
});

async function workbookOf(path: string): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(path) as unknown as ArrayBuffer);
  return workbook;
}

function rowValues(sheet: ExcelJS.Worksheet, number: number): string[] {
  const values = sheet.getRow(number).values as unknown[];
  return values.slice(1).map((value) => (value === null || value === undefined ? '' : String(value)));
}

/** The visible header titles of a grid, without the index and operation columns. */
async function headersOf(grid: Locator): Promise<string[]> {
  return (await grid.locator('.ant-table-thead th:visible').allInnerTexts())
    .map((text) => text.trim())
    .filter((text) => text && text !== '序号' && text !== '操作');
}

test('an export follows the saved column settings and the sort of the list', async ({ page }) => {
  const errors = watchConsole(page);
  const pane = activePane(page);
  await signIn(page, 'admin');
  await openFromMenu(page, '计量单位');
  const rows = pane.locator('.ant-table-row:visible');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  const before = await headersOf(pane);
  expect(before.length).toBeGreaterThan(3);

  await test.step('hide the second column and move the last one up', async () => {
    await pane.getByRole('button', { name: '列设置' }).click();
    const settings = page.getByTestId('column-settings');
    await expect(settings).toBeVisible();
    const items = settings.locator('[data-column]');
    await items.nth(1).getByRole('checkbox').uncheck();
    await items
      .nth((await items.count()) - 1)
      .getByRole('button', { name: '上移' })
      .click();
    await settings.getByRole('button', { name: /保\s?存/ }).click();
    await expectToast(page, '列设置已保存');
  });
  const shown = await headersOf(pane);
  expect(shown).not.toEqual(before);
  expect(shown).not.toContain(before[1]);

  // The texts of the first exported column, row by row, as the grid shows them.
  const firstColumn = async () => {
    const titles = (await pane.locator('.ant-table-thead th').allInnerTexts()).map((text) => text.trim());
    const at = titles.indexOf(shown[0]!);
    expect(at).toBeGreaterThanOrEqual(0);
    return (await rows.evaluateAll(
      (elements, index) => elements.map((row) => (row.children[index] as HTMLElement).innerText.trim()),
      at,
    )) as string[];
  };
  const unsorted = await firstColumn();

  await test.step('sort by the first sortable column, in the direction that changes the order', async () => {
    const sortable = pane.locator('.ant-table-thead th.ant-table-column-has-sorters').first();
    // Each click asks the server again; the grid is read only once that answer came.
    const sortBy = async (direction: 'ascending' | 'descending') => {
      const answered = page.waitForResponse((response) => response.url().includes('/listByPage'));
      await sortable.click();
      await expect(sortable).toHaveAttribute('aria-sort', direction);
      await answered;
    };
    await sortBy('ascending');
    const changed = await expect
      .poll(firstColumn, { timeout: 3_000 })
      .not.toEqual(unsorted)
      .then(() => true)
      .catch(() => false);
    if (!changed) {
      await sortBy('descending');
      await expect.poll(firstColumn).not.toEqual(unsorted);
    }
  });
  const sorted = await firstColumn();
  expect(sorted).not.toEqual(unsorted);

  await test.step('the exported file has the shown columns in their order and the rows in the sort', async () => {
    const downloading = page.waitForEvent('download');
    await pane.getByRole('button', { name: '导出' }).click();
    await page.locator('.ant-dropdown:visible').getByText('导出当前查询结果', { exact: true }).click();
    const file = await downloading;
    const sheet = (await workbookOf(await file.path())).worksheets[0]!;
    expect(rowValues(sheet, 1)).toEqual(shown);
    const exported = sorted.map((_, index) => rowValues(sheet, index + 2)[0]);
    expect(exported).toEqual(sorted);
  });

  await test.step('the defaults again', async () => {
    await toastsGone(page);
    await pane.getByRole('button', { name: '列设置' }).click();
    await page.getByTestId('column-settings').getByRole('button', { name: '恢复默认' }).click();
    await expect.poll(() => headersOf(pane)).toEqual(before);
  });
  expect(errors).toEqual([]);
});
