// Excel from a list page: the current query exported and read back with exceljs (headers are
// the grid's, values the grid's), an import whose bad row is pointed at by its row number and
// which writes nothing, the same file corrected and imported, and a background export that
// appears in the background-export list and downloads; in Chinese and English. The browser runs
// in New York time: file names are stamped in the company's zone (the server's, Asia/Shanghai).
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { type Download, type Page, expect } from '@playwright/test';
import {
  activePane,
  expectToast,
  formField,
  keepScreenshot,
  openFromMenu,
  signIn,
  toastsGone,
  watchConsole,
  test,
} from './helpers';

test.use({ viewport: { width: 1440, height: 900 }, timezoneId: 'America/New_York' });
test.setTimeout(180_000);

/** yyyyMMddHHmmss of a moment in the company's time zone (the E2E server's default). */
function companyStamp(ms: number): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(ms);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}${part('month')}${part('day')}${part('hour')}${part('minute')}${part('second')}`;
}

async function workbookOf(download: Download): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer);
  return workbook;
}

function rowValues(sheet: ExcelJS.Worksheet, number: number): string[] {
  const values = sheet.getRow(number).values as unknown[];
  return values.slice(1).map((value) => (value === null || value === undefined ? '' : String(value)));
}

async function exportMenu(page: Page, item: string): Promise<void> {
  await activePane(page)
    .getByRole('button', { name: /导出|Export/ })
    .click();
  await page.locator('.ant-dropdown:visible').getByText(item, { exact: true }).click();
}

test('a buyer exports, imports and exports in the background from a list', async ({ page }) => {
  const errors = watchConsole(page);
  const pane = activePane(page);
  await signIn(page, 'admin');
  await openFromMenu(page, '计量单位');
  await expect(pane.locator('.ant-table-row:visible').first()).toBeVisible({ timeout: 30_000 });

  await test.step('export the current query and read the file back', async () => {
    const code = formField(pane, '单位编码');
    await code.fill('K');
    await code.press('Enter');
    await expect(pane.locator('.ant-table-row:visible').first()).toContainText('K');
    const headers = (await pane.locator('.ant-table-thead th:visible').allInnerTexts())
      .map((text) => text.trim())
      .filter((text) => text && text !== '序号' && text !== '操作');
    const firstRow = await pane
      .locator('.ant-table-row:visible')
      .first()
      .locator('.ant-table-cell')
      .allInnerTexts();
    const shown = await pane.locator('.ant-table-row:visible').count();
    const downloading = page.waitForEvent('download');
    const before = companyStamp(Date.now() - 1000);
    await exportMenu(page, '导出当前查询结果');
    const file = await downloading;
    const after = companyStamp(Date.now() + 1000);
    const stamp = /^计量单位_(\d{14})\.xlsx$/.exec(file.suggestedFilename())?.[1] ?? '';
    expect(stamp >= before && stamp <= after, `${stamp} between ${before} and ${after}`).toBe(true);
    const sheet = (await workbookOf(file)).worksheets[0]!;
    expect(rowValues(sheet, 1)).toEqual(headers);
    expect(sheet.actualRowCount).toBe(shown + 1);
    const code1 = rowValues(sheet, 2)[0]!;
    expect(code1.startsWith('K')).toBe(true);
    expect(firstRow.map((text) => text.trim())).toContain(code1);
    await expectToast(page, '导出完成');
  });

  let template: ExcelJS.Workbook;
  await test.step('import a file with a bad row: its row number and problem, nothing written', async () => {
    await pane.getByRole('button', { name: '导入' }).click();
    const dialog = page.getByTestId('import-dialog');
    await expect(dialog).toBeVisible();
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: '下载导入模板' }).click();
    template = await workbookOf(await downloading);
    const sheet = template.worksheets[0]!;
    const header = rowValues(sheet, 1).map((text) => text.replace(/^\*/, ''));
    const put = (row: number, label: string, value: string | number) => {
      const column = header.findIndex((text) => text === label);
      if (column < 0) throw new Error(`no column ${label} in ${header.join(',')}`);
      sheet.getRow(row).getCell(column + 1).value = value;
    };
    put(2, '单位编码', 'E2E-BOX');
    put(2, '单位名称', '箱');
    put(2, '单位类别', '数量');
    put(2, '精度（小数位）', 0);
    put(3, '单位编码', 'E2E-BAD');
    put(3, '单位类别', '数量');
    put(3, '精度（小数位）', 0);
    const buffer = Buffer.from(await template.xlsx.writeBuffer());
    await dialog.getByTestId('import-input').setInputFiles({
      name: '计量单位导入.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer,
    });
    await expect(dialog.getByTestId('import-file')).toHaveText('计量单位导入.xlsx');
    await page.getByRole('button', { name: '开始导入' }).click();
    await expect(dialog.getByText(/文件有 1 处问题，未导入任何数据/)).toBeVisible();
    const issue = dialog.locator('.ant-table-row').first();
    await expect(issue.locator('td').nth(0)).toHaveText('3');
    await expect(issue).toContainText('单位名称');
    await expect(issue).toContainText('必填');
    await expect(dialog.getByRole('button', { name: '下载错误报告' })).toBeVisible();
    await keepScreenshot(page, 'excel-import-issues-zh');

    put(3, '单位名称', '坏行已改');
    await dialog.getByTestId('import-input').setInputFiles({
      name: '计量单位导入.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await template.xlsx.writeBuffer()),
    });
    await page.getByRole('button', { name: '开始导入' }).click();
    await expect(dialog.getByText('导入成功，共导入 2 条')).toBeVisible();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s?定/ })
      .click();
    const code = formField(pane, '单位编码');
    await code.fill('E2E-');
    await code.press('Enter');
    await expect(pane.locator('.ant-table-row:visible')).toHaveCount(2);
    await expect(pane.locator('.ant-table-row:visible', { hasText: 'E2E-BAD' })).toContainText('坏行已改');
  });

  await test.step('a background export appears in its list, finishes and downloads', async () => {
    await toastsGone(page);
    await exportMenu(page, '后台导出');
    await expectToast(page, '已提交后台导出EXCEL');
    await expect(page.getByRole('tab', { name: '后台导出列表', selected: true })).toBeVisible();
    await expect(page).toHaveURL(/\/main\/reportBackExportList\?exportNum=EXP\d+/);
    const exportNum = new URL(page.url()).searchParams.get('exportNum')!;
    await expect(pane.getByText(`导出编号 ${exportNum} 已提交`)).toBeVisible();
    const row = pane.locator('.ant-table-row:visible', { hasText: exportNum });
    await expect(row).toContainText('已完成', { timeout: 30_000 });
    await expect(row).toContainText('计量单位');
    await toastsGone(page);
    await keepScreenshot(page, 'excel-back-export-list-zh');
    const downloading = page.waitForEvent('download');
    await row.getByRole('button', { name: '下载' }).click();
    const sheet = (await workbookOf(await downloading)).worksheets[0]!;
    expect(rowValues(sheet, 1)[0]).toBe('单位编码');
    expect(sheet.actualRowCount).toBe(3);
    expect(rowValues(sheet, 2)[0]).toBe('E2E-BAD');
  });

  await test.step('in English', async () => {
    await page.getByRole('button', { name: '切换语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(pane.getByText('Background exports')).toBeVisible();
    await expect(pane.getByRole('button', { name: 'Download' }).first()).toBeVisible();
    await keepScreenshot(page, 'excel-back-export-list-en');
    await page.getByRole('tab', { name: 'Units of measure', exact: true }).click();
    await expect(pane.getByRole('button', { name: /Export/ })).toBeVisible();
    await pane.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByTestId('import-dialog')).toContainText('Download the template');
    await keepScreenshot(page, 'excel-import-en');
    await page.getByRole('button', { name: 'Cancel' }).click();
  });
  // The refused import answers 400, which the browser logs; nothing else may fail.
  expect(errors.filter((error) => !/status of 400 \(Bad Request\)/.test(error))).toEqual([]);
  expect(errors.length).toBeLessThanOrEqual(1);
});
