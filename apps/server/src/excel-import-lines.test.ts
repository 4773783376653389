// Importing documents with their lines (an entity with `importLines`: the requisition): one row
// per line, rows grouped by 单据序号, the header from each document's first row; documents created
// through the save's path (numbers, material details, amounts), all or none, issues by row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { domainSeeds } from '@srm/domain/server';
import { DEMO_SUPPLIERS } from '@srm/domain/demo';
import { denyingPolicy, postFile, readWorkbook, rowsOf, until, upload } from './excel.testing';
import { api, seedsNamed, startTestServer, type TestServer } from './testing';

type Row = Record<string, unknown>;
let server: TestServer;
const IMPORT = '/api/export/v1/importExcelRestful';
const ENTITY = 'srmPurRequisitionHeader';
const ORG = '苏州精密机械业务实体';
const PR_TYPE = '标准采购申请';
const SCREW = '02030001';
const BRACKET = '02010001';

const ZH_HEADERS = [
  '*单据序号',
  '*申请标题',
  '*单据类型',
  '*申请组织',
  '*申请人',
  '申请部门',
  '*申请日期',
  '备注',
  '行号',
  '*物料编码',
  '*申请数量',
  '预估单价',
  '*需求日期',
  '建议供应商',
  '申请行备注',
];
const EN_HEADERS = [
  '*Document no.',
  '*Title',
  '*Document type',
  '*Organisation',
  '*Requester',
  'Department',
  '*Requisition date',
  'Remarks',
  'Line',
  '*Material code',
  '*Quantity',
  'Estimated price',
  '*Need-by date',
  'Suggested supplier',
  'Lines: Remarks',
];

beforeAll(async () => {
  server = await startTestServer({
    policy: denyingPolicy,
    seeds: seedsNamed(
      domainSeeds,
      'lookups',
      'currencies',
      'units',
      'organisations',
      'categories',
      'items',
      'bill-types',
    ),
  });
});
afterAll(async () => server?.close());

async function template(language: 'CN' | 'EN' = 'CN', actor?: Row) {
  return postFile(`${server.url}${IMPORT}/downloadImportTemplate`, { entity: ENTITY }, actor, language);
}

/** The zh-CN template with rows filled in by header (without its * mark). */
async function filled(rows: Record<string, unknown>[]): Promise<Buffer> {
  const answer = await template();
  expect(answer.status, answer.json?.msg).toBe(200);
  const workbook = await readWorkbook(answer.body);
  const sheet = workbook.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map((h) => String(h).replace(/^\*/, ''));
  rows.forEach((row, index) => {
    const target = sheet.getRow(index + 2);
    for (const [header, value] of Object.entries(row)) {
      const column = headers.indexOf(header);
      if (column < 0) throw new Error(`no column ${header}`);
      target.getCell(column + 1).value = value as ExcelJS.CellValue;
    }
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const importFile = (content: Buffer, actor?: Row, language?: 'CN' | 'EN') =>
  upload(
    `${server.url}${IMPORT}/importExcel`,
    { entity: ENTITY },
    { name: '采购申请导入.xlsx', content },
    actor,
    language,
  );

const requisitionCount = () => server.count('srm_pur_requisition_header');
const lineCount = () => server.count('srm_pur_requisition_line');

/** A document's header cells (its first row). */
const header = (no: string, title: string): Row => ({
  单据序号: no,
  申请标题: title,
  单据类型: PR_TYPE,
  申请组织: ORG,
  申请人: '张伟',
  申请日期: '2026-11-20',
});

async function errorLines(data: Row | null): Promise<unknown[][]> {
  const file = await postFile(`${server.url}/api/file/v2/file/download?id=${String(data!.errorFileId)}`, {});
  expect(file.status).toBe(200);
  return rowsOf((await readWorkbook(file.body)).worksheets[0]!).slice(1);
}

describe('the requisition import template', () => {
  it('has one sheet of lines: 单据序号, the header’s columns, then the line’s, in the reader’s language', async () => {
    for (const [language, expected] of [
      ['CN', ZH_HEADERS],
      ['EN', EN_HEADERS],
    ] as const) {
      const answer = await template(language);
      expect(answer.status, answer.json?.msg).toBe(200);
      const workbook = await readWorkbook(answer.body);
      expect(workbook.worksheets.filter((sheet) => sheet.state === 'visible')).toHaveLength(2);
      const data = workbook.worksheets[0]!;
      expect((data.getRow(1).values as unknown[]).slice(1)).toEqual(expected);
      const fields = (workbook.getWorksheet('_fields')!.getRow(1).values as unknown[]).slice(1);
      expect(fields.slice(0, 3)).toEqual(['_document', 'title', 'billTypeId']);
      expect(fields).toContain('lines.itemId');
      const instructions = rowsOf(workbook.worksheets[1]!)
        .map((row) => row.join(' '))
        .join('\n');
      expect(instructions).toContain(language === 'CN' ? '“单据序号”相同的连续行' : '"Document no."');
    }
  });

  it('is refused to a supplier user, whose side does not write requisitions', async () => {
    const supplier = { userId: 9001, userName: 'sup1', side: 'supplier', supplierId: 1 };
    expect((await template('CN', supplier)).status).toBe(403);
    const content = await filled([{ ...header('1', '供应商不能导入'), 物料编码: SCREW, 申请数量: 1 }]);
    const before = await requisitionCount();
    const answer = await importFile(content, supplier);
    expect(answer.status).toBe(403);
    expect(await requisitionCount()).toBe(before);
  });
});

describe('importing requisitions with their lines', () => {
  it('creates each document with its lines, numbered in order, amounts computed as a save computes them', async () => {
    const content = await filled([
      {
        ...header('A', '导入申请一'),
        申请部门: '装配车间',
        物料编码: SCREW,
        申请数量: 0.12,
        预估单价: 6.3,
        需求日期: '2026-12-10',
      },
      // Later rows of a document may leave its header empty.
      {
        单据序号: 'A',
        物料编码: BRACKET,
        申请数量: 3,
        预估单价: 0.12,
        需求日期: '2026-12-15',
        申请行备注: '加急',
      },
      // …or repeat it.
      {
        ...header('B', '导入申请二'),
        物料编码: SCREW,
        申请数量: 10,
        预估单价: '6.30',
        需求日期: '2026-12-01',
      },
      {
        ...header('B', '导入申请二'),
        行号: 20,
        物料编码: BRACKET,
        申请数量: 0.5,
        预估单价: 12.34,
        需求日期: '2026-12-02',
      },
      { 单据序号: 'B', 物料编码: SCREW, 申请数量: 2, 需求日期: '2026-12-03' },
    ]);
    const before = await requisitionCount();
    const answer = await importFile(content);
    expect(answer.body, JSON.stringify(answer.body.data)).toMatchObject({
      status: 'S',
      msg: '已导入 2 张单据，共 5 行',
      data: { count: 5, documents: 2 },
    });
    expect(await requisitionCount()).toBe(before + 2);

    const list = await server.post<Row[]>(api(ENTITY, 'listByPage'), { title: '导入申请', pageRows: 10 });
    const found = Object.fromEntries(list.body.data.map((row) => [row.title, row]));
    const read = async (title: string) =>
      (
        await server.post<Row & { lines: Row[] }>(api(ENTITY, 'findById'), {
          requisitionHeaderId: found[title]!.requisitionHeaderId,
        })
      ).body.data;
    const first = await read('导入申请一');
    expect(first).toMatchObject({
      status: 'DRAFT',
      billTypeName: PR_TYPE,
      orgName: ORG,
      requesterName: '张伟',
      departmentName: '装配车间',
      requisitionDate: '2026-11-20',
      totalAmount: 1.12,
    });
    expect(first.requisitionNumber).toMatch(/^PR\d{12}$/);
    expect(
      first.lines.map((line) => [
        line.lineNum,
        line.itemCode,
        line.quantity,
        line.unitPrice,
        line.lineAmount,
        line.needByDate,
        line.remark ?? null,
      ]),
    ).toEqual([
      [1, SCREW, 0.12, 6.3, 0.76, '2026-12-10', null],
      [2, BRACKET, 3, 0.12, 0.36, '2026-12-15', '加急'],
    ]);
    // The material's details come with the line, as on a save.
    expect(first.lines[0]).toMatchObject({ itemName: '内六角圆柱头螺钉 M6×20', demandStatus: 'PENDING' });

    const second = await read('导入申请二');
    expect(second.totalAmount).toBe(69.17);
    expect(second.requisitionNumber).not.toBe(first.requisitionNumber);
    expect(
      second.lines.map((line) => [
        line.lineNum,
        line.quantity,
        line.unitPrice ?? null,
        line.lineAmount ?? null,
      ]),
    ).toEqual([
      [1, 10, 6.3, 63],
      [20, 0.5, 12.34, 6.17],
      [21, 2, null, null],
    ]);
  });

  it('creates nothing when one line is bad, and names its row and column', async () => {
    const before = [await requisitionCount(), await lineCount()];
    const answer = await importFile(
      await filled([
        { ...header('1', '坏行申请一'), 物料编码: SCREW, 申请数量: 1, 需求日期: '2026-12-10' },
        { 单据序号: '1', 物料编码: BRACKET, 申请数量: 2, 需求日期: '2026-12-10' },
        { ...header('2', '坏行申请二'), 物料编码: SCREW, 申请数量: 1, 需求日期: '2026-12-10' },
        { 单据序号: '2', 物料编码: '不存在的物料', 申请数量: 'abc', 需求日期: '2026-12-10' },
        { 单据序号: '2', 物料编码: BRACKET, 申请数量: 4 },
      ]),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe('导入失败：共 3 个问题，未导入任何数据，详见错误文件');
    expect([await requisitionCount(), await lineCount()]).toEqual(before);
    expect(answer.body.data!.issues).toEqual([
      { row: 5, column: '申请数量', message: '必须是数字：abc' },
      { row: 5, column: '物料编码', message: '找不到“不存在的物料”' },
      { row: 6, column: '需求日期', message: '必填' },
    ]);
    expect(await errorLines(answer.body.data)).toEqual([
      [5, '申请数量', '必须是数字：abc'],
      [5, '物料编码', '找不到“不存在的物料”'],
      [6, '需求日期', '必填'],
    ]);
  });

  it('reports a header value that differs from the document’s first row, and a document whose rows are apart', async () => {
    const before = await requisitionCount();
    const answer = await importFile(
      await filled([
        { ...header('1', '表头一致'), 物料编码: SCREW, 申请数量: 1, 需求日期: '2026-12-10' },
        { 单据序号: '1', 申请标题: '另一个标题', 物料编码: BRACKET, 申请数量: 2, 需求日期: '2026-12-10' },
        { ...header('2', '第二张'), 物料编码: SCREW, 申请数量: 1, 需求日期: '2026-12-10' },
        { 单据序号: '1', 物料编码: SCREW, 申请数量: 3, 需求日期: '2026-12-10' },
      ]),
    );
    expect(answer.status).toBe(400);
    expect(await requisitionCount()).toBe(before);
    expect(await errorLines(answer.body.data)).toEqual([
      [3, '申请标题', '与本单据第 2 行的值不同：“另一个标题”；同一单据的表头取第一行的值，后续行可留空'],
      [5, '单据序号', '单据序号“1”的行须连续填写，该单据已在第 2 行开始并被其他单据隔开'],
    ]);
  });

  it('reads a file made without the template by its English headers, and answers in English', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Requisitions');
    sheet.addRow(EN_HEADERS.map((text) => text.replace(/^\*/, '')));
    const head = ['R1', 'English requisition', PR_TYPE, ORG, 'Wei Zhang', null, '2026-11-21', 'header note'];
    sheet.addRow([...head, null, SCREW, 2, 1.5, '2026-12-10', null, 'line note']);
    sheet.addRow([
      'R1',
      'Another title',
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      BRACKET,
      1,
      null,
      '2026-12-10',
    ]);
    const before = await requisitionCount();
    const refused = await importFile(Buffer.from(await workbook.xlsx.writeBuffer()), undefined, 'EN');
    expect(refused.status).toBe(400);
    expect(refused.body.data!.issues).toEqual([
      {
        row: 3,
        column: 'Title',
        message:
          'Differs from row 2 of this document: "Another title"; a document\'s header is taken from its first row, later rows may leave it empty',
      },
    ]);
    sheet.getCell('B3').value = null;
    const answer = await importFile(Buffer.from(await workbook.xlsx.writeBuffer()), undefined, 'EN');
    expect(answer.body).toMatchObject({ status: 'S', msg: '1 documents imported (2 rows)' });
    expect(await requisitionCount()).toBe(before + 1);
    const saved = await server.first<Row>(ENTITY, { title: 'English requisition' });
    const found = await server.post<Row & { lines: Row[] }>(api(ENTITY, 'findById'), {
      requisitionHeaderId: saved.requisitionHeaderId,
    });
    expect(found.body.data.remark).toBe('header note');
    expect(found.body.data.lines.map((line) => [line.lineNum, line.remark ?? null])).toEqual([
      [1, 'line note'],
      [2, null],
    ]);
  });

  /** 1,667 documents of 3 lines (5,001 rows), titled with `prefix`. */
  const bigFile = (prefix: string) => {
    const rows: Row[] = [];
    for (let document = 0; document < 1667; document++) {
      for (let line = 0; line < 3; line++)
        rows.push({
          ...(line === 0 ? header(`D${document}`, `${prefix}${document}`) : { 单据序号: `D${document}` }),
          物料编码: line === 1 ? BRACKET : SCREW,
          申请数量: line + 1,
          预估单价: 0.5,
          需求日期: '2026-12-10',
        });
    }
    return rows;
  };
  const finished = async (answer: Awaited<ReturnType<typeof importFile>>) => {
    expect(answer.body.status, answer.body.msg).toBe('S');
    expect(answer.body.msg).toBe('文件共 5001 行，已转入后台导入');
    const importId = answer.body.data!.importId as number;
    return until(async () => {
      const status = await server.post<Row>(`${IMPORT}/importStatus`, { importId });
      return ['DONE', 'FAILED'].includes(status.body.data.status as string) ? status.body.data : null;
    }, 170_000);
  };

  it('creates nothing from a big file whose last document is bad: committed batches are undone, lines too', async () => {
    const rows = bigFile('撤销申请');
    rows[5000]!.申请数量 = -1;
    const before = [await requisitionCount(), await lineCount()];
    const done = await finished(await importFile(await filled(rows)));
    expect(done).toMatchObject({ status: 'FAILED', total: 5001, issueCount: 1 });
    expect([await requisitionCount(), await lineCount()]).toEqual(before);
    expect(await server.count('base_excel_import_batch')).toBe(0);
    const [issue] = await errorLines(done);
    expect(issue!.slice(0, 2)).toEqual([5002, '申请数量']);
  }, 180_000);

  it('imports a big file in a job, never cutting a document between batches', async () => {
    // Batches of about 2,000 rows end where a document ends.
    const before = [await requisitionCount(), await lineCount()];
    const done = await finished(await importFile(await filled(bigFile('批量申请'))));
    expect(done).toMatchObject({ status: 'DONE', total: 5001, created: 5001 });
    expect([await requisitionCount(), await lineCount()]).toEqual([before[0]! + 1667, before[1]! + 5001]);
    // Around the first batch's end (row 2,001): whole documents, numbered 1–3.
    for (const document of [665, 666, 667]) {
      const saved = await server.first<Row>(ENTITY, { title: `批量申请${document}` });
      const found = await server.post<Row & { lines: Row[] }>(api(ENTITY, 'findById'), {
        requisitionHeaderId: saved.requisitionHeaderId,
      });
      expect(found.body.data.lines.map((line) => line.lineNum)).toEqual([1, 2, 3]);
      expect(found.body.data.totalAmount).toBe(3);
    }
  }, 180_000);
});

describe('a suggested supplier in an import', () => {
  it('is asked of eligibility as on a save: a supplier not in the library for the material imports nothing', async () => {
    const supplier = await server.post<Row>(
      api('srmSupplierInfo', 'saveOrUpdate'),
      DEMO_SUPPLIERS[0]!.supplier,
    );
    expect(supplier.body.status, supplier.body.msg).toBe('S');
    const name = String(supplier.body.data.supplierName);
    const before = [await requisitionCount(), await lineCount()];
    const answer = await importFile(
      await filled([
        { ...header('1', '建议供应商申请'), 物料编码: SCREW, 申请数量: 1, 需求日期: '2026-12-10' },
        { 单据序号: '1', 物料编码: BRACKET, 申请数量: 2, 需求日期: '2026-12-10', 建议供应商: name },
      ]),
    );
    expect(answer.status).toBe(400);
    expect([await requisitionCount(), await lineCount()]).toEqual(before);
    const [issue] = await errorLines(answer.body.data);
    expect(String(issue![2])).toBe(
      `供应商 ${name} 未在品类组织库中获准向 ${ORG} 供应物料 ${BRACKET} 电机安装支架（品类 钣金件）`,
    );
  });
});
