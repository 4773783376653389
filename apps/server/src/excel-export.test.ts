// Excel export over HTTP: the caller's own rows of a list, its filters, labels and formats in
// the caller's language, formula-looking text neutralised, new sheets at the sheet limit, the
// spec's two error texts, and the export resource required.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeLabel, formatDateTime, withCreditCodeCheck } from '@srm/kernel';
import { messages } from './schema';
import { denyingPolicy, postFile, readWorkbook, rowsOf } from './excel.testing';
import { api, startTestServer, type TestServer } from './testing';

type Row = Record<string, unknown>;
let server: TestServer;
const EXPORT = '/api/export/v1/exportExcelRestful';
const LIST_URL = '/api/srm/v1/srmSupplierInfoRestful/listByPage';
let supplierA: Row;
let supplierB: Row;

const base = {
  supplierType: 'PRODUCTION',
  contactName: '联系人',
  contactMobile: '13800000000',
  contactEmail: 'a@example.cn',
};

beforeAll(async () => {
  server = await startTestServer({ policy: denyingPolicy });
  const save = async (body: Row) => {
    const answer = await server.post<Row>(api('srmSupplierInfo', 'saveOrUpdate'), body);
    expect(answer.body.status, answer.body.msg).toBe('S');
    return answer.body.data;
  };
  supplierA = await save({
    ...base,
    supplierName: '导出测试甲',
    creditCode: '91320505MA1NH7QX3R',
    supplierShortName: '=HYPERLINK("http://evil.example","点我")',
    legalPerson: '+SUM(1,2)',
    address: '@cmd',
    website: '-2+3',
    registeredCapital: 1234567.5,
    establishDate: '2015-03-09',
    internalRemark: '内部备注',
    businessScope: '\tTabbed',
  });
  supplierB = await save({
    ...base,
    supplierName: '导出测试乙',
    creditCode: '91330212MA2GQ3RT8L',
    supplierType: 'SERVICE',
  });
  for (let i = 1; i <= 5; i++)
    await save({
      ...base,
      supplierName: `导出分页${i}`,
      creditCode: withCreditCodeCheck(`91310000MA1FL000${i}`),
    });
});
afterAll(async () => server?.close());

const columns = [
  { key: 'supplierName', title: '供应商名称', width: 200 },
  { key: 'supplierType' },
  { key: 'registeredCapital' },
  { key: 'establishDate' },
  { key: 'supplierShortName' },
  { key: 'legalPerson' },
  { key: 'address' },
  { key: 'website' },
  { key: 'businessScope' },
  { key: 'internalRemark' },
  { key: 'creationDate' },
];

describe('exportExcel', () => {
  it('streams the list as an xlsx with labels, meanings and formats in the caller’s language', async () => {
    const answer = await postFile(`${server.url}${EXPORT}/exportExcel`, {
      requestUrl: LIST_URL,
      requestParams: JSON.stringify({ supplierName: '导出测试', orderBy: 'supplierCode asc' }),
      columns: JSON.stringify(columns),
      fileName: '供应商清单',
    });
    expect(answer.status, answer.json?.msg).toBe(200);
    expect(answer.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(answer.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('供应商清单.xlsx')}`,
    );
    const workbook = await readWorkbook(answer.body);
    const sheet = workbook.worksheets[0]!;
    const [header, first, second] = rowsOf(sheet);
    expect(header).toEqual([
      '供应商名称',
      '供应商类型',
      '注册资本',
      '成立日期',
      expect.any(String),
      expect.any(String),
      expect.any(String),
      expect.any(String),
      expect.any(String),
      expect.any(String),
      expect.any(String),
    ]);
    expect(first![0]).toBe('导出测试甲');
    expect(first![1]).toBe(codeLabel(messages, 'zh-CN', 'SRM_SUPPLIER_TYPE', 'PRODUCTION'));
    expect(first![2]).toBe(1234567.5);
    expect(first![3]).toBe('2015-03-09');
    expect(first![10]).toBe(formatDateTime(supplierA.creationDate as number, 'Asia/Shanghai'));
    expect(first![10]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(second![1]).toBe(codeLabel(messages, 'zh-CN', 'SRM_SUPPLIER_TYPE', 'SERVICE'));
  });

  it('writes text that looks like a formula as plain text with a leading apostrophe', async () => {
    const answer = await postFile(`${server.url}${EXPORT}/exportExcel`, {
      requestUrl: LIST_URL,
      requestParams: { supplierName: '导出测试甲' },
      columns,
    });
    const sheet = (await readWorkbook(answer.body)).worksheets[0]!;
    const row = sheet.getRow(2);
    const texts = [5, 6, 7, 8, 9].map((column) => row.getCell(column));
    expect(texts.map((cell) => cell.value)).toEqual([
      `'=HYPERLINK("http://evil.example","点我")`,
      "'+SUM(1,2)",
      "'@cmd",
      "'-2+3",
      "'\tTabbed",
    ]);
    for (const cell of texts) {
      expect(cell.formula).toBeUndefined();
      expect(cell.type).not.toBe(6); // ValueType.Formula
    }
  });

  it('gives a supplier only its own rows, never internal-only columns', async () => {
    const supplier = { userId: 901, side: 'supplier', supplierId: supplierB.supplierId };
    const answer = await postFile(
      `${server.url}${EXPORT}/exportExcel`,
      { requestUrl: LIST_URL, requestParams: {}, columns },
      supplier,
    );
    expect(answer.status, answer.json?.msg).toBe(200);
    const rows = rowsOf((await readWorkbook(answer.body)).worksheets[0]!);
    expect(rows.length).toBe(2);
    expect(rows[1]![0]).toBe('导出测试乙');
    expect(rows[0]).not.toContain(expect.stringMatching(/内部/));
    expect(rows[0]!.length).toBe(columns.length - 1);
    expect(JSON.stringify(rows)).not.toContain('导出测试甲');
    expect(JSON.stringify(rows)).not.toContain('内部备注');
  });

  it('starts a new sheet at sheetMaxRow, repeating the header', async () => {
    const answer = await postFile(`${server.url}${EXPORT}/exportExcel`, {
      requestUrl: LIST_URL,
      requestParams: { supplierName: '导出分页', orderBy: 'supplierName asc' },
      columns: [{ key: 'supplierName', title: '名称' }],
      sheetMaxRow: 2,
    });
    const workbook = await readWorkbook(answer.body);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Sheet1', 'Sheet2', 'Sheet3']);
    expect(workbook.worksheets.map((sheet) => rowsOf(sheet).map((row) => row[0]))).toEqual([
      ['名称', '导出分页1', '导出分页2'],
      ['名称', '导出分页3', '导出分页4'],
      ['名称', '导出分页5'],
    ]);
  });

  it('customExportExcel puts a title line above the header and names the sheet', async () => {
    const answer = await postFile(`${server.url}${EXPORT}/customExportExcel`, {
      requestUrl: LIST_URL,
      requestParams: { supplierName: '导出分页' },
      columns: [{ key: 'supplierName', title: '名称' }, { key: 'supplierType' }],
      customParams: JSON.stringify({ title: '供应商名录', sheetName: '名录' }),
    });
    const sheet = (await readWorkbook(answer.body)).worksheets[0]!;
    expect(sheet.name).toBe('名录');
    expect(rowsOf(sheet)[0]![0]).toBe('供应商名录');
    expect(rowsOf(sheet)[1]).toEqual(['名称', '供应商类型']);
    expect(rowsOf(sheet).length).toBe(7);
  });

  it('refuses a missing request link and an empty field list with the spec’s texts', async () => {
    const noUrl = await postFile(`${server.url}${EXPORT}/exportExcel`, { columns });
    expect(noUrl.status).toBe(400);
    expect(noUrl.json).toEqual({ status: 'E', msg: '请求数据链接不可为空', data: null });
    const noColumns = await postFile(`${server.url}${EXPORT}/exportExcel`, {
      requestUrl: LIST_URL,
      columns: '[]',
    });
    expect(noColumns.status).toBe(400);
    expect(noColumns.json?.msg).toBe('导出字段列表不可为空');
    const missing = await postFile(`${server.url}${EXPORT}/exportExcel`, { requestUrl: LIST_URL });
    expect(missing.json?.msg).toBe('导出字段列表不可为空');
    const english = await postFile(`${server.url}${EXPORT}/exportExcel`, { columns }, undefined, 'EN');
    expect(english.json?.msg).toBe('The request data link cannot be empty');
    const englishColumns = await postFile(
      `${server.url}${EXPORT}/exportExcel`,
      { requestUrl: LIST_URL },
      undefined,
      'EN',
    );
    expect(englishColumns.json?.msg).toBe('The export field list cannot be empty');
  });

  it("follows the grid's columns (order and widths) and sort; a sort off the allowlist is refused", async () => {
    const exported = async (orderBy: string) => {
      const answer = await postFile(`${server.url}${EXPORT}/exportExcel`, {
        requestUrl: LIST_URL,
        requestParams: { supplierName: '导出分页', orderBy },
        columns: [
          { key: 'supplierType', title: '类型', width: 70 },
          { key: 'supplierName', title: '名称', width: 280 },
        ],
      });
      expect(answer.status, answer.json?.msg).toBe(200);
      const sheet = (await readWorkbook(answer.body)).worksheets[0]!;
      return { rows: rowsOf(sheet), widths: [sheet.getColumn(1).width, sheet.getColumn(2).width] };
    };
    const down = await exported('supplierName desc');
    expect(down.rows[0]).toEqual(['类型', '名称']);
    expect(down.rows.slice(1).map((row) => row[1])).toEqual([5, 4, 3, 2, 1].map((i) => `导出分页${i}`));
    expect(down.widths[1]!).toBeGreaterThan(down.widths[0]!);
    const up = await exported('supplierName asc');
    expect(up.rows.slice(1).map((row) => row[1])).toEqual([1, 2, 3, 4, 5].map((i) => `导出分页${i}`));
    for (const orderBy of ['noSuchField desc', 'supplierName sideways', 'supplierName desc; select 1']) {
      const refused = await postFile(`${server.url}${EXPORT}/exportExcel`, {
        requestUrl: LIST_URL,
        requestParams: { orderBy },
        columns,
      });
      expect(refused.status, orderBy).toBe(400);
      expect(refused.json?.status).toBe('E');
      expect(refused.headers.get('content-type')).toContain('application/json');
    }
  });

  it('refuses what is not an entity list, unknown columns and bad parameters with a 400', async () => {
    for (const body of [
      { requestUrl: '/api/file/v2/file/download', columns },
      { requestUrl: '/api/srm/v1/noSuchRestful/listByPage', columns },
      { requestUrl: '/api/base/v1/srmSupplierInfoRestful/listByPage', columns },
      { requestUrl: LIST_URL, columns: [{ key: 'noSuchField' }] },
      { requestUrl: LIST_URL, columns: '{not json' },
      { requestUrl: LIST_URL, columns, requestParams: '[1]' },
      { requestUrl: LIST_URL, columns, requestParams: { noSuchFilter: 1 } },
      { requestUrl: LIST_URL, columns, sheetMaxRow: -1 },
    ]) {
      const answer = await postFile(`${server.url}${EXPORT}/exportExcel`, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json?.status).toBe('E');
    }
  });

  it('needs the export resource of the entity and a signed-in caller', async () => {
    const denied = await postFile(
      `${server.url}${EXPORT}/exportExcel`,
      { requestUrl: LIST_URL, columns },
      { userId: 1, denied: ['srmSupplierInfo.export'] },
    );
    expect(denied.status).toBe(403);
    expect(denied.json?.msg).toContain('srmSupplierInfo.export');
    const response = await fetch(`${server.url}${EXPORT}/exportExcel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-test-actor': 'none' },
      body: JSON.stringify({ requestUrl: LIST_URL, columns }),
    });
    expect(response.status).toBe(401);
  });
});
