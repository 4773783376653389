// Office previews for real: spreadsheets and Word documents uploaded through the files API come
// back from doFilePdfView as PDFs that hold their text, converted by LibreOffice once and then
// served from the cache; broken documents and a server without LibreOffice get clear messages.
// The conversion tests need LibreOffice (`bash scripts/ensure-system-deps.sh` installs it).
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { findOffice } from '@srm/platform';
import { readPdf } from '@srm/platform/testing';
import { startTestServer, type TestServer } from './testing';
import { xlsxParts, zipOf } from './xlsx.testing';

let server: TestServer;
const buyer = { userId: 501, userName: 'buyer' };
const officeInstalled = findOffice() !== null;
const configuredOffice = process.env.SRM_SOFFICE;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());
afterEach(() => {
  if (configuredOffice === undefined) delete process.env.SRM_SOFFICE;
  else process.env.SRM_SOFFICE = configuredOffice;
});

async function upload(name: string, content: Buffer): Promise<number> {
  const form = new FormData();
  form.append('files', new Blob([content]), name);
  const response = await fetch(`${server.url}/api/file/v2/file/upload`, {
    method: 'POST',
    headers: { 'x-test-actor': JSON.stringify(buyer) },
    body: form,
  });
  const body = (await response.json()) as { status: string; msg: string; data: { id: number }[] };
  expect(body.status, body.msg).toBe('S');
  return body.data[0]!.id;
}

function preview(id: number, language: 'CN' | 'EN' = 'CN') {
  return fetch(`${server.url}/api/file/v2/pageoffice/doFilePdfView`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-test-actor': JSON.stringify(buyer),
      'SAAF-Language': language,
    },
    body: JSON.stringify({ id }),
  });
}

async function pdfText(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
  return (await readPdf(bytes)).map((page) => page.text).join('\n');
}

async function spreadsheet(cellText: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('报价');
  // Wide enough for the whole text: a printed cell shows only what fits its column.
  sheet.columns = [{ width: 40 }, { width: 10 }];
  sheet.addRow(['物料编码', '数量']);
  sheet.addRow([cellText, 42]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The smallest Word document: content types, the package relation and one paragraph. */
function wordDocument(paragraph: string): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
        '</Types>',
    ),
    '[Content_Types].xml',
  );
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
        '</Relationships>',
    ),
    '_rels/.rels',
  );
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
        `<w:p><w:r><w:t>${paragraph}</w:t></w:r></w:p>` +
        '</w:body></w:document>',
    ),
    'word/document.xml',
  );
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

describe('office preview without LibreOffice', () => {
  it('answers 503 with a message in both languages that says to download the file', async () => {
    // A unique sheet, so no earlier conversion can have cached it.
    const id = await upload('无转换.xlsx', await spreadsheet(`ABSENT-${randomBytes(4).toString('hex')}`));
    process.env.SRM_SOFFICE = '/nonexistent/libreoffice/soffice';
    for (const [language, message] of [
      ['CN', '服务器未安装 LibreOffice，无法在线预览 Office 文档，请下载后查看'],
      [
        'EN',
        'LibreOffice is not installed on the server, so Office documents cannot be previewed; download the file instead',
      ],
    ] as const) {
      const response = await preview(id, language);
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ status: 'E', msg: message });
    }
  });
});

/**
 * A converter that never finishes: a script (and a child of it) that record their pids and sleep,
 * to see that a conversion is stopped, with its children, after its time.
 */
async function hangingConverter(): Promise<{
  path: string;
  pids: () => number[];
  remove: () => Promise<void>;
}> {
  const dir = await mkdtemp(join(tmpdir(), 'srm-fake-office-'));
  const path = join(dir, 'soffice');
  const pidFile = join(dir, 'pids');
  await writeFile(path, `#!/bin/sh\necho $$ >> '${pidFile}'\nsleep 300 &\necho $! >> '${pidFile}'\nwait\n`);
  await chmod(path, 0o755);
  return {
    path,
    pids: () =>
      existsSync(pidFile) ? readFileSync(pidFile, 'utf8').split('\n').filter(Boolean).map(Number) : [],
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** Whether a process still runs (a zombie waiting for its parent to reap it does not). */
const alive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
};

describe('office preview of hostile documents', () => {
  const configuredTimeout = process.env.SRM_OFFICE_TIMEOUT_MS;
  afterEach(() => {
    if (configuredTimeout === undefined) delete process.env.SRM_OFFICE_TIMEOUT_MS;
    else process.env.SRM_OFFICE_TIMEOUT_MS = configuredTimeout;
  });

  it('refuses a zip bomb as .docx or .xlsx before the converter starts, quickly', async () => {
    const converter = await hangingConverter();
    process.env.SRM_SOFFICE = converter.path;
    try {
      const padding = Buffer.alloc(256 * 1024 * 1024, 0x20);
      const docx = zipOf([
        { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
        {
          name: 'word/document.xml',
          data: Buffer.concat([Buffer.from('<w:document>'), padding, Buffer.from('</w:document>')]),
        },
      ]);
      const sheet = xlsxParts({ rows: '<row r="1"/>' });
      const xlsx = zipOf([...sheet.slice(0, -1), { ...sheet.at(-1)!, data: padding, declaredSize: 1000 }]);
      for (const [name, content, status] of [
        ['炸弹.docx', docx, 413],
        ['炸弹.xlsx', xlsx, 422],
      ] as const) {
        const id = await upload(name, content);
        const started = Date.now();
        const response = await preview(id);
        expect(response.status, name).toBe(status);
        const body = (await response.json()) as { status: string; msg: string };
        expect(body.status).toBe('E');
        if (status === 413) expect(body.msg).toBe('该文档解压后过大，无法在线预览，请下载后查看');
        expect(Date.now() - started).toBeLessThan(10_000);
      }
      expect(converter.pids()).toEqual([]);
    } finally {
      await converter.remove();
    }
  }, 60_000);

  it('stops a conversion that hangs after its time, with its children, without holding the others', async () => {
    const converter = await hangingConverter();
    process.env.SRM_SOFFICE = converter.path;
    process.env.SRM_OFFICE_TIMEOUT_MS = '2000';
    try {
      const ids = await Promise.all(
        [0, 1, 2].map(async (index) =>
          upload(`挂起${index}.xlsx`, await spreadsheet(`HANG-${index}-${randomBytes(3).toString('hex')}`)),
        ),
      );
      const started = Date.now();
      // Three conversions, two slots: the third waits for one slot, no longer than its limit.
      const answers = await Promise.all(ids.map(async (id) => preview(id, 'EN')));
      const seconds = (Date.now() - started) / 1000;
      for (const answer of answers) {
        expect(answer.status).toBe(422);
        expect(await answer.json()).toMatchObject({
          status: 'E',
          msg: 'Converting the document took more than 2 seconds and was stopped; download it instead',
        });
      }
      expect(seconds).toBeLessThan(20);
      const pids = converter.pids();
      expect(pids.length).toBe(6);
      // A killed process may take a moment to go.
      const deadline = Date.now() + 3000;
      while (pids.some(alive) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(pids.filter(alive)).toEqual([]);
    } finally {
      await converter.remove();
    }
  }, 60_000);
});

// LibreOffice's conversions do not depend on the database: run on the embedded one only (CI's
// PostgreSQL stage repeats the server suites and is bounded in time).
describe.skipIf(!officeInstalled || !!process.env.DATABASE_URL)('office preview with LibreOffice', () => {
  it('converts a spreadsheet to a PDF holding its cells, once, then serves it from the cache', async () => {
    const cell = `MAT-${randomBytes(3).toString('hex').toUpperCase()} 六角螺栓`;
    const id = await upload('报价单.xlsx', await spreadsheet(cell));
    const started = performance.now();
    const first = await preview(id);
    const text = await pdfText(first);
    console.info(`xlsx → PDF conversion took ${Math.round(performance.now() - started)} ms`);
    expect(text).toContain(cell);
    expect(text).toContain('物料编码');
    expect(first.headers.get('content-disposition')).toContain('.pdf');
    // With LibreOffice "gone", the second request can only be answered from the cache.
    process.env.SRM_SOFFICE = '/nonexistent/libreoffice/soffice';
    expect(await pdfText(await preview(id))).toContain(cell);
  });

  it('converts a Word document', async () => {
    const paragraph = `Quotation QX-${randomBytes(3).toString('hex')} 交货期三十天`;
    const id = await upload('报价函.docx', await wordDocument(paragraph));
    expect(await pdfText(await preview(id))).toContain(paragraph);
  });

  it('says clearly, in both languages, that a broken document could not be converted', async () => {
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(600)]);
    const id = await upload('损坏.docx', broken);
    for (const [language, message] of [
      ['CN', '文档转换失败，请下载后查看'],
      ['EN', 'The document could not be converted; download it instead'],
    ] as const) {
      const response = await preview(id, language);
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ status: 'E', msg: message });
    }
  });

  it('serves concurrent previews of one new document and of different documents', async () => {
    const cells = [0, 1, 2].map((index) => `PARALLEL-${index}-${randomBytes(3).toString('hex')}`);
    const ids = await Promise.all(
      cells.map(async (cell, index) => upload(`并发${index}.xlsx`, await spreadsheet(cell))),
    );
    // Four requests for the first file and one for each other: five soffice users at once if
    // nothing shared or queued them.
    const requests = [ids[0]!, ids[0]!, ids[0]!, ids[0]!, ids[1]!, ids[2]!];
    const texts = await Promise.all(requests.map(async (id) => pdfText(await preview(id))));
    texts.forEach((text, index) => expect(text).toContain(cells[ids.indexOf(requests[index]!)]!));
  });
});
