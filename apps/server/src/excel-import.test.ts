// Excel import over HTTP: the template derived from the definition (drop-downs, required marks,
// hidden field map, instructions), a good file creating every row, a bad file creating nothing
// and answering an error file (row, column, message), big files imported by a job.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type ExcelJS from 'exceljs';
import { fieldLabel } from '@srm/kernel';
import { domainSeeds } from '@srm/domain/server';
import { messages } from './schema';
import { denyingPolicy, postFile, readWorkbook, rowsOf, until, upload } from './excel.testing';
import { api, seedsNamed, startTestServer, type TestServer } from './testing';

type Row = Record<string, unknown>;
let server: TestServer;
const IMPORT = '/api/export/v1/importExcelRestful';
const label = (field: string) => fieldLabel(messages, 'zh-CN', 'srmBaseItem', field);

beforeAll(async () => {
  server = await startTestServer({
    policy: denyingPolicy,
    seeds: seedsNamed(domainSeeds, 'lookups', 'currencies', 'units', 'organisations', 'categories'),
  });
});
afterAll(async () => server?.close());

async function template(actor?: Row): Promise<ExcelJS.Workbook> {
  const answer = await postFile(
    `${server.url}${IMPORT}/downloadImportTemplate`,
    { entity: 'srmBaseItem' },
    actor,
  );
  expect(answer.status, answer.json?.msg).toBe(200);
  return readWorkbook(answer.body);
}

/** The template with rows filled in by header label. */
async function filled(rows: Record<string, unknown>[]): Promise<Buffer> {
  const workbook = await template();
  const sheet = workbook.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map((h) => String(h).replace(/^\*/, ''));
  rows.forEach((row, index) => {
    const target = sheet.getRow(index + 2);
    for (const [field, value] of Object.entries(row)) {
      const column = headers.indexOf(label(field));
      if (column < 0) throw new Error(`no column ${field}`);
      target.getCell(column + 1).value = value as ExcelJS.CellValue;
    }
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const importFile = (content: Buffer, actor?: Row, entity = 'srmBaseItem', language?: 'CN' | 'EN') =>
  upload(
    `${server.url}${IMPORT}/importExcel`,
    { entity },
    { name: '物料导入.xlsx', content },
    actor,
    language,
  );

async function itemCount(): Promise<number> {
  return server.count('srm_base_item');
}

describe('downloadImportTemplate', () => {
  it('has one column per writable field, required marks, drop-downs and instructions', async () => {
    const workbook = await template();
    expect(workbook.worksheets.map((sheet) => [sheet.name, sheet.state])).toEqual([
      ['物料', 'visible'],
      ['说明', 'visible'],
      ['_fields', 'veryHidden'],
      ['_lists', 'veryHidden'],
    ]);
    const data = workbook.worksheets[0]!;
    const headers = (data.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual(
      expect.arrayContaining([
        `*${label('itemCode')}`,
        `*${label('itemType')}`,
        `*${label('uomId')}`,
        label('specification'),
      ]),
    );
    expect(headers).not.toContain(label('orgs'));
    const fields = (workbook.getWorksheet('_fields')!.getRow(1).values as unknown[]).slice(1);
    expect(fields).toEqual(expect.arrayContaining(['itemCode', 'itemType', 'uomId', 'enabledFlag']));
    const typeColumn = data.getColumn(fields.indexOf('itemType') + 1).letter;
    const validation = data.getCell(`${typeColumn}2`).dataValidation;
    expect(validation).toMatchObject({ type: 'list', allowBlank: true });
    const [, listColumn, count] = /^_lists!\$([A-Z]+)\$1:\$[A-Z]+\$(\d+)$/.exec(
      validation.formulae[0] as string,
    )!;
    const lists = workbook.getWorksheet('_lists')!;
    const choices = Array.from(
      { length: Number(count) },
      (_, i) => lists.getCell(`${listColumn}${i + 1}`).value,
    );
    expect(choices).toEqual(expect.arrayContaining(['原材料', '零部件']));
    const flagColumn = data.getColumn(fields.indexOf('enabledFlag') + 1).letter;
    expect(data.getCell(`${flagColumn}3`).dataValidation?.type).toBe('list');
    const instructions = rowsOf(workbook.getWorksheet('说明')!).map((row) => row.join(' '));
    expect(instructions.join('\n')).toContain('yyyy-MM-dd');
    expect(instructions.join('\n')).toContain('原材料');
  });

  it('needs the import resource and an importable entity', async () => {
    const denied = await postFile(
      `${server.url}${IMPORT}/downloadImportTemplate`,
      { entity: 'srmBaseItem' },
      { userId: 1, denied: ['srmBaseItem.import'] },
    );
    expect(denied.status).toBe(403);
    for (const entity of [undefined, 'noSuchEntity', 'srmBaseItemOrg', 'baseLoginLog']) {
      const answer = await postFile(`${server.url}${IMPORT}/downloadImportTemplate`, { entity });
      expect(answer.status, String(entity)).toBe(400);
    }
  });
});

describe('importExcel', () => {
  it('creates every row of a good file, with meanings, names and flags converted', async () => {
    const before = await itemCount();
    const content = await filled([
      {
        itemCode: 'IMP-001',
        itemName: '导入物料一',
        itemType: '原材料',
        uomId: '个',
        leadTimeDays: 7,
        enabledFlag: '是',
      },
      {
        itemCode: 'IMP-002',
        itemName: '导入物料二',
        itemType: '零部件',
        uomId: '套',
        minOrderQty: 12.5,
        enabledFlag: '否',
      },
      { itemCode: 'IMP-003', itemName: '=1+1', itemType: 'Raw material', uomId: '个' },
    ]);
    const answer = await importFile(content);
    expect(answer.body.status, answer.body.msg).toBe('S');
    expect(answer.body).toMatchObject({ msg: '已导入 3 行', data: { count: 3 } });
    expect(await itemCount()).toBe(before + 3);
    const found = await server.post<Row[]>(api('srmBaseItem', 'listByPage'), {
      itemCode: 'IMP-',
      orderBy: 'itemCode asc',
    });
    expect(
      found.body.data.map((row) => [row.itemCode, row.itemName, row.itemType, row.uomName, row.enabledFlag]),
    ).toEqual([
      ['IMP-001', '导入物料一', 'RAW', '个', 'Y'],
      ['IMP-002', '导入物料二', 'PART', '套', 'N'],
      ['IMP-003', '=1+1', 'RAW', '个', 'Y'],
    ]);
    expect(found.body.data[1]!.minOrderQty).toBe(12.5);
  });

  it('creates nothing from a file with problems and lists each in an error file', async () => {
    const before = await itemCount();
    const content = await filled([
      { itemCode: 'BAD-001', itemName: '好的一行', itemType: '原材料', uomId: '个' },
      { itemCode: 'BAD-002', itemType: '不存在的类型', uomId: '个' },
      { itemCode: 'BAD-003', itemName: '单位不存在', itemType: '原材料', uomId: '光年' },
      { itemCode: 'BAD-001', itemName: '编码重复', itemType: '原材料', uomId: '个', leadTimeDays: 'abc' },
      { itemCode: 'IMP-001', itemName: '编码已存在', itemType: '原材料', uomId: '个' },
    ]);
    const answer = await importFile(content);
    expect(answer.status).toBe(400);
    expect(answer.body.status).toBe('E');
    expect(answer.body.msg).toMatch(/^导入失败：共 \d+ 个问题/);
    expect(await itemCount()).toBe(before);
    const errorFileId = answer.body.data!.errorFileId as number;
    const file = await postFile(`${server.url}/api/file/v2/file/download?id=${errorFileId}`, {});
    expect(file.status).toBe(200);
    const lines = rowsOf((await readWorkbook(file.body)).worksheets[0]!);
    expect(lines[0]).toEqual(['行号', '列', '错误信息']);
    expect(lines.slice(1)).toEqual(
      expect.arrayContaining([
        [3, label('itemType'), '“不存在的类型”不是可选的值'],
        [3, label('itemName'), '必填'],
        [4, label('uomId'), '找不到“光年”'],
        [5, label('itemCode'), '“BAD-001”与第 2 行重复'],
        [5, label('leadTimeDays'), '必须是数字：abc'],
        [6, label('itemCode'), '“IMP-001”已存在'],
      ]),
    );
    expect(lines.slice(1).some((line) => line[0] === 2)).toBe(false);
    // The error file is the caller's.
    const other = await postFile(
      `${server.url}/api/file/v2/file/download?id=${errorFileId}`,
      {},
      { userId: 77 },
    );
    expect(other.status).toBe(404);
  });

  it('reads a file without the template’s hidden sheet by its English headers', async () => {
    const { default: ExcelJSModule } = await import('exceljs');
    const workbook = new ExcelJSModule.Workbook();
    const sheet = workbook.addWorksheet('Items');
    const en = (field: string) => fieldLabel(messages, 'en', 'srmBaseItem', field);
    sheet.addRow([en('itemCode'), en('itemName'), en('itemType'), en('uomId'), en('enabledFlag')]);
    sheet.addRow(['EN-001', 'English item', 'Raw material', '个', 'Yes']);
    const answer = await importFile(
      Buffer.from(await workbook.xlsx.writeBuffer()),
      undefined,
      'srmBaseItem',
      'EN',
    );
    expect(answer.body, JSON.stringify(answer.body.data)).toMatchObject({
      status: 'S',
      msg: '1 rows imported',
    });
  });

  it('refuses what is not an xlsx, a missing entity and callers without the import resource', async () => {
    const text = await upload(
      `${server.url}${IMPORT}/importExcel`,
      { entity: 'srmBaseItem' },
      { name: 'a.xlsx', content: Buffer.from('hello') },
    );
    expect(text.status).toBe(415);
    const csv = await upload(
      `${server.url}${IMPORT}/importExcel`,
      { entity: 'srmBaseItem' },
      { name: 'a.csv', content: Buffer.from('a,b') },
    );
    expect(csv.status).toBe(415);
    const content = await filled([{ itemCode: 'X-1', itemName: 'x', itemType: '原材料', uomId: '个' }]);
    const noEntity = await upload(`${server.url}${IMPORT}/importExcel`, {}, { name: 'a.xlsx', content });
    expect(noEntity).toMatchObject({ status: 400, body: { msg: '请指定要导入的对象' } });
    const noFile = await upload(`${server.url}${IMPORT}/importExcel`, { entity: 'srmBaseItem' }, null);
    expect(noFile.status).toBe(400);
    const denied = await importFile(content, { userId: 1, denied: ['srmBaseItem.import'] });
    expect(denied.status).toBe(403);
    const json = await server.post(`${IMPORT}/importExcel`, { entity: 'srmBaseItem' });
    expect(json.httpStatus).toBe(415);
  });

  it('imports a big file in a job with a status endpoint', async () => {
    const rows = Array.from({ length: 5001 }, (_, i) => ({
      itemCode: `BIG-${String(i).padStart(5, '0')}`,
      itemName: `批量物料${i}`,
      itemType: '原材料',
      uomId: '个',
    }));
    const before = await itemCount();
    const answer = await importFile(await filled(rows));
    expect(answer.body.status, answer.body.msg).toBe('S');
    expect(answer.body.msg).toBe('文件共 5001 行，已转入后台导入');
    const importId = answer.body.data!.importId as number;
    // Other requests are answered while it runs: each batch of 2000 rows commits alone, so the
    // status is read between batches (in one transaction it could only be read before or after)
    // and a list asked then is answered before the last batch, seeing the batches committed.
    await until(async () => {
      const status = (await server.post<Row>(`${IMPORT}/importStatus`, { importId })).body.data;
      expect(status.status).not.toBe('DONE');
      return status.status === 'RUNNING' && (status.progress as number) >= 2000 ? true : null;
    }, 120_000);
    const list = await server.post<unknown[]>(api('srmBaseItem', 'listByPage'), { itemCode: 'BIG-' });
    expect(list.body.status, list.body.msg).toBe('S');
    const page = (list.body as unknown as { page: { count: number } }).page;
    expect(page.count).toBeGreaterThanOrEqual(2000);
    expect(page.count).toBeLessThan(5001);
    const done = await until(async () => {
      const status = await server.post<Row>(`${IMPORT}/importStatus`, { importId });
      return status.body.data.status === 'DONE' || status.body.data.status === 'FAILED'
        ? status.body.data
        : null;
    }, 120_000);
    expect(done).toMatchObject({ status: 'DONE', total: 5001, created: 5001 });
    // The undo list of a finished import is gone.
    expect(await server.count('base_excel_import_batch')).toBe(0);
    expect(await itemCount()).toBe(before + 5001);
    const other = await server.post(`${IMPORT}/importStatus`, { importId }, { actor: { userId: 77 } });
    expect(other.httpStatus).toBe(404);
  }, 180_000);

  it('creates nothing from a big file whose problems are in its later batches, and lists them', async () => {
    // Rows are read and created 2000 at a time, each batch committed alone: the first batches are
    // good and committed before the problems come; they are undone.
    const rows = Array.from({ length: 5003 }, (_, i) => ({
      itemCode: `LATE-${String(i).padStart(5, '0')}`,
      itemName: `后批物料${i}`,
      itemType: '原材料',
      uomId: '个',
    }));
    rows[4500]!.itemCode = 'LATE-00001';
    rows[5001]!.itemCode = 'IMP-001';
    rows[5002]!.uomId = '光年';
    const before = await itemCount();
    const answer = await importFile(await filled(rows));
    expect(answer.body.status, answer.body.msg).toBe('S');
    const importId = answer.body.data!.importId as number;
    const done = await until(async () => {
      const status = await server.post<Row>(`${IMPORT}/importStatus`, { importId });
      return status.body.data.status === 'DONE' || status.body.data.status === 'FAILED'
        ? status.body.data
        : null;
    }, 120_000);
    expect(done).toMatchObject({ status: 'FAILED', total: 5003, issueCount: 3 });
    expect(await itemCount()).toBe(before);
    const file = await postFile(
      `${server.url}/api/file/v2/file/download?id=${String(done!.errorFileId)}`,
      {},
    );
    expect(rowsOf((await readWorkbook(file.body)).worksheets[0]!).slice(1)).toEqual([
      [4502, label('itemCode'), '“LATE-00001”与第 3 行重复'],
      [5003, label('itemCode'), '“IMP-001”已存在'],
      [5004, label('uomId'), '找不到“光年”'],
    ]);
  }, 180_000);
});
