// Hostile import files: none ends the process, each gets a clear E in the caller's language,
// quickly, and leaves no temporary file behind — a part inflating past what its header declares,
// zip bombs, sheets declaring huge dimensions, rows or columns, formulas without a result — and
// Chinese text comes back byte for byte whatever the read chunks cut.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldLabel } from '@srm/kernel';
import { orderXlsx } from '@srm/platform';
import { domainSeeds } from '@srm/domain/server';
import { messages } from './schema';
import { denyingPolicy, upload } from './excel.testing';
import { seedsNamed, startTestServer, type TestServer } from './testing';
import { type ZipPart, cellRef, escapeXml, inlineRow, xlsxParts, zipOf } from './xlsx.testing';

let server: TestServer;
let dataDir = '';
const IMPORT = '/api/export/v1/importExcelRestful';
const label = (field: string) => fieldLabel(messages, 'zh-CN', 'srmBaseItem', field);
const HEADER = ['itemCode', 'itemName', 'itemType', 'uomId'];

/** The test server's data directory: where a file just uploaded was stored. */
async function findDataDir(): Promise<string> {
  const content = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(64)]);
  const form = new FormData();
  form.append('files', new Blob([content]), 'marker.pdf');
  await fetch(`${server.url}/api/file/v2/file/upload`, {
    method: 'POST',
    headers: { 'x-test-actor': JSON.stringify({ userId: 1 }) },
    body: form,
  });
  const sha = createHash('sha256').update(content).digest('hex');
  const found = readdirSync(tmpdir())
    .filter((name) => name.startsWith('srm-test-data-'))
    .map((name) => join(tmpdir(), name))
    .find((dir) => existsSync(join(dir, 'files', sha.slice(0, 2), sha.slice(2, 4), sha)));
  if (!found) throw new Error('data directory not found');
  return found;
}

beforeAll(async () => {
  server = await startTestServer({
    policy: denyingPolicy,
    seeds: seedsNamed(domainSeeds, 'lookups', 'currencies', 'units', 'organisations', 'categories'),
  });
  dataDir = await findDataDir();
});
afterAll(async () => server?.close());

const importFile = (content: Buffer, language?: 'CN' | 'EN') =>
  upload(
    `${server.url}${IMPORT}/importExcel`,
    { entity: 'srmBaseItem' },
    { name: '物料导入.xlsx', content },
    undefined,
    language,
  );

const headerRow = () => inlineRow(1, HEADER.map(label));
const itemRow = (number: number, code: string, name: string) =>
  inlineRow(number, [code, name, '原材料', '个']);

async function stillServing(): Promise<void> {
  const health = await server.post('/api/base/health');
  expect(health.httpStatus).toBe(200);
}

/** Every file in the import and storage work directories (there should be none after a request). */
async function workFiles(): Promise<string[]> {
  const found: string[] = [];
  for (const dir of [join(dataDir, 'files', 'tmp')]) {
    if (!existsSync(dir)) continue;
    for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }))
      if (entry.isFile()) found.push(join(entry.parentPath, entry.name));
  }
  return found;
}

async function itemNamed(code: string): Promise<string | null> {
  const result = (await server.database.db.execute(
    sql`select item_name from srm_base_item where item_code = ${code}`,
  )) as unknown as { rows: { item_name: string }[] };
  return result.rows[0]?.item_name ?? null;
}

describe('a hostile import file', () => {
  it('a part inflating past the size its header declares does not end the process', async () => {
    // A valid 1.8 KB xlsx, plus a part declaring 100 bytes that inflates to 64 KiB.
    const valid = xlsxParts({ rows: headerRow() + itemRow(2, 'HOST-001', '宿主物料') });
    const extra: ZipPart = {
      name: 'xl/media/extra.bin',
      data: Buffer.alloc(64 * 1024, 0x41),
      declaredSize: 100,
    };
    const file = zipOf([...valid, extra]);
    expect(file.length).toBeLessThan(2500);
    const answer = await importFile(file);
    // The part is never read: the file imports; what matters is that the server still answers.
    expect(answer.status).toBeLessThan(500);
    await stillServing();

    // The same lie in the sheet itself is refused as unreadable.
    const lying = xlsxParts({ rows: headerRow() + itemRow(2, 'HOST-002', '宿主物料') });
    const sheet = lying.at(-1)!;
    const padded = { ...sheet, data: Buffer.concat([sheet.data, Buffer.alloc(64 * 1024, 0x20)]) };
    const refused = await importFile(zipOf([...lying.slice(0, -1), { ...padded, declaredSize: 100 }]));
    expect(refused).toMatchObject({
      status: 400,
      body: { status: 'E', msg: '无法读取该 Excel 文件，请使用下载的模板' },
    });
    expect(await itemNamed('HOST-002')).toBeNull();
    await stillServing();
    expect(await workFiles()).toEqual([]);

    // The reordering copy (the export benchmark's) refuses it too, without an unhandled error.
    const work = await mkdtemp(join(tmpdir(), 'srm-order-'));
    try {
      await writeFile(join(work, 'in.xlsx'), zipOf([...valid, extra]));
      await expect(orderXlsx(join(work, 'in.xlsx'), join(work, 'out.xlsx'))).rejects.toMatchObject({
        httpStatus: 400,
      });
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });

  it('a zip bomb is refused at once, whatever its headers declare, and leaves no temporary file', async () => {
    const bomb = Buffer.alloc(256 * 1024 * 1024, 0x20);
    const parts = xlsxParts({ rows: headerRow() + itemRow(2, 'BOMB-001', '炸弹') });
    const sheet = parts.at(-1)!;
    const text = sheet.data.toString('utf8');
    const inflated = Buffer.concat([
      Buffer.from(text.slice(0, text.indexOf('<sheetData>')), 'utf8'),
      bomb,
      Buffer.from(text.slice(text.indexOf('<sheetData>')), 'utf8'),
    ]);
    const honest = zipOf([...parts.slice(0, -1), { ...sheet, data: inflated }]);
    const lying = zipOf([...parts.slice(0, -1), { ...sheet, data: inflated, declaredSize: 1024 * 1024 }]);
    for (const file of [honest, lying]) {
      expect(file.length).toBeLessThan(1024 * 1024);
      const started = Date.now();
      const answer = await importFile(file);
      const seconds = (Date.now() - started) / 1000;
      expect(answer.body.status).toBe('E');
      if (file === lying) expect(answer.status).toBe(400);
      else expect(answer).toMatchObject({ status: 413, body: { msg: '该文件解压后超过 32 MB，不能导入' } });
      expect(seconds).toBeLessThan(5);
      expect(await workFiles()).toEqual([]);
    }
    const english = await importFile(honest, 'EN');
    expect(english.body.msg).toBe('The file unpacks to more than 32 MB and cannot be imported');
    expect(await itemNamed('BOMB-001')).toBeNull();
    await stillServing();
  }, 60_000);

  it('a sheet of many empty rows under a huge dimension is refused while it streams', async () => {
    const empty = Array.from({ length: 200_000 }, (_, i) => `<row r="${i + 3}"/>`).join('');
    const file = zipOf(
      xlsxParts({
        before: '<dimension ref="A1:XFD1048576"/>',
        rows: headerRow() + itemRow(2, 'EMPTY-001', '空行') + empty,
      }),
    );
    const started = Date.now();
    const answer = await importFile(file);
    expect(answer).toMatchObject({ status: 413, body: { status: 'E', msg: '一次最多导入 100000 行' } });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await itemNamed('EMPTY-001')).toBeNull();
    expect(await workFiles()).toEqual([]);
  }, 60_000);

  it('a row numbered past the limit or a cell past the columns is refused', async () => {
    const far = zipOf(
      xlsxParts({
        rows: headerRow() + itemRow(2, 'FAR-001', '远行') + itemRow(150_000_000, 'FAR-002', '远行'),
      }),
    );
    expect(await importFile(far)).toMatchObject({ status: 413, body: { msg: '一次最多导入 100000 行' } });
    const wide = zipOf(
      xlsxParts({
        rows:
          headerRow() +
          `<row r="2"><c r="A2" t="inlineStr"><is><t>WIDE-001</t></is></c><c r="${cellRef(16384, 2)}"><v>1</v></c></row>`,
      }),
    );
    expect(await importFile(wide)).toMatchObject({ status: 413, body: { msg: '导入文件每行最多 1000 列' } });
    expect(await itemNamed('FAR-001')).toBeNull();
    expect(await itemNamed('WIDE-001')).toBeNull();
  });

  it('a formula without a calculated result is refused by its sheet and cell; one with a result is read', async () => {
    const row = (number: number, code: string, nameCell: string) =>
      `<row r="${number}"><c r="A${number}" t="inlineStr"><is><t>${code}</t></is></c>${nameCell}` +
      `<c r="C${number}" t="inlineStr"><is><t>原材料</t></is></c><c r="D${number}" t="inlineStr"><is><t>个</t></is></c></row>`;
    const without = zipOf(
      xlsxParts({
        sheetName: '物料',
        rows: headerRow() + row(2, 'FORM-001', `<c r="B2"><f>"物料"&amp;A2</f></c>`),
      }),
    );
    const refused = await importFile(without);
    expect(refused).toMatchObject({ status: 400, body: { status: 'E' } });
    expect(refused.body.msg).toContain('“物料”');
    expect(refused.body.msg).toContain('B2');
    expect(await itemNamed('FORM-001')).toBeNull();

    const withResult = zipOf(
      xlsxParts({
        rows:
          headerRow() +
          row(2, 'FORM-002', `<c r="B2" t="str"><f>"公式"&amp;"物料"</f><v>${escapeXml('公式物料')}</v></c>`),
      }),
    );
    const read = await importFile(withResult);
    expect(read.body.status, read.body.msg).toBe('S');
    expect(await itemNamed('FORM-002')).toBe('公式物料');
  });
});

describe('a client that goes away', () => {
  it('stops the reading of its file, which leaves no temporary file and queues nothing', async () => {
    const rows = [headerRow()];
    for (let i = 2; i <= 100_001; i++) rows.push(itemRow(i, `GONE-${i}`, `离开的物料${i}号`));
    const file = zipOf(xlsxParts({ rows: rows.join('') }));
    const imports = await server.count('base_excel_import');
    const form = new FormData();
    form.append('entity', 'srmBaseItem');
    form.append('file', new Blob([file]), '离开.xlsx');
    const controller = new AbortController();
    const sent = fetch(`${server.url}${IMPORT}/importExcel`, {
      method: 'POST',
      headers: { 'x-test-actor': JSON.stringify({ userId: 1 }) },
      body: form,
      signal: controller.signal,
    }).catch(() => null);
    // Once the whole file is in the work directory (the reading starts), the client goes.
    const received = async () => {
      for (const path of await workFiles())
        if ((await stat(path).catch(() => null))?.size === file.length) return true;
      return false;
    };
    const deadline = Date.now() + 20_000;
    while (!(await received()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    controller.abort();
    await sent;
    const gone = Date.now() + 3000;
    while ((await workFiles()).length && Date.now() < gone) await new Promise((r) => setTimeout(r, 50));
    expect(await workFiles()).toEqual([]);
    await new Promise((r) => setTimeout(r, 2000));
    expect(await server.count('base_excel_import')).toBe(imports);
    await stillServing();
  }, 60_000);
});

describe('Chinese text in an import', () => {
  it('comes back byte for byte from a file of thousands of names, however the chunks cut it', async () => {
    const count = 4000;
    const names = Array.from({ length: count }, (_, i) => `物料名称测试中文字符${i}号规格说明个😀é`);
    const codes = names.map((_, i) => `CJK-${String(i).padStart(5, '0')}`);
    const strings = [...HEADER.map(label), '原材料', '个', ...names, ...codes];
    const s = (index: number, column: number, row: number) =>
      `<c r="${cellRef(column, row)}" t="s"><v>${index}</v></c>`;
    const rows = [
      `<row r="1">${HEADER.map((_, i) => s(i, i + 1, 1)).join('')}</row>`,
      ...names.map(
        (_, i) =>
          `<row r="${i + 2}">${s(6 + count + i, 1, i + 2)}${s(6 + i, 2, i + 2)}${s(4, 3, i + 2)}${s(5, 4, i + 2)}</row>`,
      ),
    ].join('');
    const answer = await importFile(zipOf(xlsxParts({ rows, strings })));
    expect(answer.body, answer.body.msg).toMatchObject({ status: 'S', data: { count } });
    const result = (await server.database.db.execute(
      sql`select item_code, item_name from srm_base_item where item_code like 'CJK-%' order by item_code`,
    )) as unknown as { rows: { item_code: string; item_name: string }[] };
    const back = result.rows.map((row) => row.item_name);
    expect(back.length).toBe(count);
    const damaged = back.filter((name, i) => Buffer.compare(Buffer.from(name), Buffer.from(names[i]!)) !== 0);
    expect(damaged).toEqual([]);
  }, 120_000);
});
