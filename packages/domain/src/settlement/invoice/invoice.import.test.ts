// A supplier enters its invoice from Excel (导入, the invoice with its lines): the template of its
// invoice list, one row per invoice line naming the statement line as people name it
// (AS…-1), rows grouped into invoices by 单据序号; the invoice is created as a draft through the
// save's checks, then submitted and matched like one typed on screen. A line of another
// supplier's statement is refused by row, and nothing is created.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { TEST_ACTOR_HEADER } from '@srm/platform/testing';
import { useProcurement } from '../../procurement.testing';
import { type Row, settlementHelpers } from '../settlement.testing';

const fixture = useProcurement();
const { ok, suppliers, server } = fixture;
const { confirmedStatement } = settlementHelpers(fixture);
const I = 'srmStlInvoiceHeader';
const IMPORT = '/api/export/v1/importExcelRestful';

async function post(path: string, body: BodyInit, actor: Row, json = false) {
  return fetch(`${server().url}${path}`, {
    method: 'POST',
    headers: {
      [TEST_ACTOR_HEADER]: JSON.stringify(actor),
      'SAAF-Language': 'CN',
      ...(json ? { 'content-type': 'application/json' } : {}),
    },
    body,
  });
}

/** The invoice template as supplier A downloads it, filled in by header (without its * mark). */
async function filled(rows: Record<string, unknown>[]): Promise<ArrayBuffer> {
  const answer = await post(
    `${IMPORT}/downloadImportTemplate`,
    JSON.stringify({ entity: I }),
    suppliers.a,
    true,
  );
  expect(answer.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await answer.arrayBuffer());
  const sheet = workbook.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map((h) => String(h).replace(/^\*/, ''));
  rows.forEach((row, index) => {
    const target = sheet.getRow(index + 2);
    for (const [header, value] of Object.entries(row)) {
      const column = headers.indexOf(header);
      if (column < 0) throw new Error(`no column ${header} in ${headers.join(', ')}`);
      target.getCell(column + 1).value = value as ExcelJS.CellValue;
    }
  });
  return new Uint8Array(await workbook.xlsx.writeBuffer()).slice().buffer;
}

async function importFile(content: ArrayBuffer, actor: Row) {
  const form = new FormData();
  form.append('entity', I);
  form.append('file', new Blob([content]), '发票导入.xlsx');
  const response = await post(`${IMPORT}/importExcel`, form, actor);
  return { status: response.status, body: (await response.json()) as { status: string; msg: string } };
}

describe('an invoice imported from Excel', () => {
  it('is created from rows naming statement lines, then matched; an unknown line refuses the file', async () => {
    const statement = await confirmedStatement('2026-12-16');
    const [screws, brackets] = statement.lines!;
    const header = {
      单据序号: '1',
      发票类型: '增值税专用发票',
      发票代码: '3200231130',
      发票号码: '00099001',
      开票日期: '2026-12-16',
      业务实体: statement.orgName,
      币种: 'CNY',
      不含税金额: 68.5,
      税额: 8.91,
    };
    const line = (row: Row, quantity: number, price: number, excl: number, tax: number) => ({
      对账行: row.lineRef,
      开票数量: quantity,
      不含税单价: price,
      '税率(%)': 13,
      发票明细不含税金额: excl,
      发票明细税额: tax,
    });
    // A statement line nobody has: the file is refused by row and nothing is created.
    const unknown = await importFile(
      await filled([{ ...header, 行号: 1, ...line({ lineRef: 'AS000000000000-9' }, 20, 0.3, 6, 0.78) }]),
      suppliers.a,
    );
    expect(unknown.body.status).toBe('E');
    expect(await ok<Row[]>(I, 'listByPage', { invoiceNumber: '00099001' }, suppliers.a)).toEqual([]);

    const answer = await importFile(
      await filled([
        { ...header, 行号: 1, ...line(screws!, 20, 0.3, 6, 0.78) },
        { 单据序号: '1', 行号: 2, ...line(brackets!, 10, 6.25, 62.5, 8.13) },
      ]),
      suppliers.a,
    );
    expect(answer.body.status, answer.body.msg).toBe('S');
    const [made] = await ok<Row[]>(I, 'listByPage', { invoiceNumber: '00099001' }, suppliers.a);
    const draft = await ok(I, 'findById', { invoiceId: made!.invoiceId }, suppliers.a);
    expect(draft).toMatchObject({ status: 'DRAFT', amountInclTax: 77.41 });
    expect(draft.lines!.map((row) => [row.accountLineRef, row.quantity])).toEqual([
      [screws!.lineRef, 20],
      [brackets!.lineRef, 10],
    ]);
    await ok(I, 'doSubmit', { invoiceId: draft.invoiceId }, suppliers.a);
    expect((await ok(I, 'findById', { invoiceId: draft.invoiceId })).status).toBe('MATCHED');
  });
});
