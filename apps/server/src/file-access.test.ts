// Files follow their owner, signed in as the demo users: a background export's file is its
// requester's alone on every read path, an attachment is read by whoever reads its record, and
// only a holder of the record's save right who may still change the field adds or deletes one.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_SUPPLIERS } from '@srm/domain/demo';
import { domainSeeds } from '@srm/domain/server';
import { ApiClient } from '@srm/platform/testing';
import { until } from './excel.testing';
import { startTestServer, type TestServer } from './testing';

type Row = Record<string, unknown>;
let server: TestServer;
const users: Record<string, ApiClient> = {};
let supplierAId = 0;

const BACK = '/api/report/v1/baseReportBackExportRestful';
const FILE = '/api/file/v2';
const LARGE = '/api/largeFile/v1/largeFile';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const MISSING = 987_654_321;

beforeAll(async () => {
  server = await startTestServer({ policy: 'signIn', seeds: domainSeeds });
  for (const name of ['admin', 'buyer', 'approver', 'finance', 'sup_a']) {
    const client = new ApiClient(server.url);
    const answer = await client.login(name, DEMO_PASSWORD);
    expect(answer.body.status, `${name}: ${answer.body.msg}`).toBe('S');
    users[name] = client;
  }
  const found = await users.admin!.call<Row[]>('/api/srm/v1/srmSupplierInfoRestful/listByPage', {
    supplierName: DEMO_SUPPLIERS[0]!.supplier.supplierName,
  });
  supplierAId = found.body.data[0]!.supplierId as number;
});
afterAll(async () => server?.close());

/** A background export of `requester`, written by its job; answers the file's id. */
async function backExport(
  requester: string,
  requestUrl: string,
  column: string,
  requestParams: Row = {},
): Promise<number> {
  const client = users[requester]!;
  const submitted = await client.call<Row>(`${BACK}/doBackExport`, {
    paramsValue: JSON.stringify({ requestUrl, requestParams, columns: [{ key: column }] }),
    fileName: `${requester}-export`,
  });
  expect(submitted.body.status, submitted.body.msg).toBe('S');
  const id = submitted.body.data.reportBackExportId as number;
  const done = await until(async () => {
    const row = (await client.call<Row>(`${BACK}/findById`, { reportBackExportId: id })).body.data;
    return row.exportStatus === 'DONE' || row.exportStatus === 'FAILED' ? row : null;
  }, 60_000);
  expect(done.exportStatus, String(done.errorMessage)).toBe('DONE');
  return Number(done.attachmentId);
}

interface Attempt {
  path: string;
  status: number;
  body: unknown;
}

/**
 * The file through every read path: download, downloadBody, the image download, getFileUrl and
 * the URL it gives (view), batchDownload, listBaseFile, the PDF view and both large-file
 * downloads. A refused path answers JSON (listBaseFile: an empty list).
 */
async function readEverywhere(client: ApiClient, id: number): Promise<Attempt[]> {
  const attempts: Attempt[] = [];
  const answer = async (path: string, response: Response) => {
    const type = response.headers.get('content-type') ?? '';
    const body: unknown = type.includes('application/json') ? await response.json() : `<${type}>`;
    if (!type.includes('application/json')) await response.arrayBuffer().catch(() => undefined);
    attempts.push({ path, status: response.status, body });
    return body;
  };
  await answer('download', await client.fetch(`${FILE}/file/download?id=${id}`));
  await answer('downloadBody', await client.fetch(`${FILE}/file/downloadBody`, { json: { id } }));
  await answer('images/download', await client.fetch(`${FILE}/images/download?id=${id}`));
  const url = (await answer(
    'getFileUrl',
    await client.fetch(`${FILE}/file/getFileUrl`, { json: { id } }),
  )) as {
    data?: { url?: string };
  };
  // The view URL exists only when getFileUrl gave one; without it the path is closed too.
  if (url?.data?.url) await answer('view', await fetch(server.url + url.data.url));
  await answer(
    'batchDownload',
    await client.fetch(`${FILE}/file/batchDownload`, { json: { ids: String(id) } }),
  );
  await answer(
    'listBaseFile',
    await client.fetch(`${FILE}/file/listBaseFile`, { json: { ids: String(id) } }),
  );
  await answer('pdfView', await client.fetch(`${FILE}/pageoffice/doFilePdfView`, { json: { id } }));
  await answer('largeFile/download', await client.fetch(`${LARGE}/download?id=${id}`, { method: 'GET' }));
  await answer('largeFile/downloadBody', await client.fetch(`${LARGE}/downloadBody`, { json: { id } }));
  return attempts;
}

/** Every path answers as for a file that does not exist (listBaseFile: nothing). */
async function expectUnreadable(client: ApiClient, id: number) {
  const refused = await readEverywhere(client, id);
  const missing = await readEverywhere(client, MISSING);
  expect(refused.map((attempt) => attempt.path)).toEqual(missing.map((attempt) => attempt.path));
  for (const [index, attempt] of refused.entries()) {
    expect({ path: attempt.path, status: attempt.status, body: attempt.body }).toEqual({
      path: attempt.path,
      status: missing[index]!.status,
      body: missing[index]!.body,
    });
  }
  const text =
    client.language === 'EN' ? 'The file does not exist or you may not access it' : '文件不存在或无权访问';
  for (const attempt of refused) {
    if (attempt.path === 'listBaseFile') expect(attempt.body).toMatchObject({ status: 'S', data: [] });
    else
      expect(attempt, attempt.path).toEqual({
        path: attempt.path,
        status: 404,
        body: { status: 'E', msg: text, data: null },
      });
  }
}

describe('a background export belongs to its requester', () => {
  it("nobody else reads the administrator's user-list export, on any path, in either language", async () => {
    const id = await backExport('admin', '/api/base/v1/baseUserRestful/listByPage', 'userName');
    // The requester reads it.
    const own = await users.admin!.fetch(`${FILE}/file/download?id=${id}`);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-disposition')).toContain('admin-export');
    await own.arrayBuffer();
    for (const name of ['buyer', 'approver', 'finance', 'sup_a']) {
      // Their own user list is refused to most of them; the export of it must be too.
      await expectUnreadable(users[name]!, id);
    }
    users.finance!.language = 'EN';
    try {
      await expectUnreadable(users.finance!, id);
    } finally {
      users.finance!.language = 'CN';
    }
  });

  it("an organisation-limited buyer does not read another organisation's order export by its id", async () => {
    const orgs = await users.admin!.call<Row[]>('/api/srm/v1/srmBaseOrgRestful/listByPage', {
      orgCode: 'OU200',
    });
    const ou200 = orgs.body.data.find((row) => row.orgCode === 'OU200')!.orgId as number;
    const id = await backExport('approver', '/api/srm/v1/srmPoHeaderRestful/listByPage', 'poNumber', {
      orgId: ou200,
    });
    const own = await users.approver!.fetch(`${LARGE}/download?id=${id}`, { method: 'GET' });
    expect(own.status).toBe(200);
    await own.arrayBuffer();
    await expectUnreadable(users.buyer!, id);
  });
});

describe('an attachment changes only with the right to change its field', () => {
  const recordFiles = async () =>
    (await users.admin!.call<Row>('/api/srm/v1/srmSupplierInfoRestful/findById', { supplierId: supplierAId }))
      .body.data;
  const linkedCount = async () =>
    Number(
      (
        (await server.database.db.execute(
          sql`select count(*)::int as n from base_attachment
              where function_id = 'srmSupplierInfo' and business_id = ${supplierAId}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n,
    );
  const upload = async (client: ApiClient, fields: Record<string, string> = {}) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('files', new Blob([PDF]), '资质证书.pdf');
    const response = await client.fetch(`${FILE}/file/upload`, { form });
    return {
      status: response.status,
      body: (await response.json()) as { status: string; msg: string; data: Row[] },
    };
  };
  const batchDelete = async (client: ApiClient, ids: number[]) =>
    client.call(`${FILE}/file/batchDelete`, { ids: await users.admin!.encrypt(ids.join(',')) });

  let fileId = 0;
  beforeAll(async () => {
    // The buyer (who holds srmSupplierInfo.save) attaches a certificate to supplier A.
    const uploaded = await upload(users.buyer!);
    expect(uploaded.body.status, uploaded.body.msg).toBe('S');
    fileId = uploaded.body.data[0]!.id as number;
    const record = await recordFiles();
    const saved = await users.buyer!.call<Row>('/api/srm/v1/srmSupplierInfoRestful/saveOrUpdate', {
      supplierId: supplierAId,
      versionNum: record.versionNum,
      attachmentIds: [record.attachmentIds, fileId].filter(Boolean).join(','),
    });
    expect(saved.body.status, saved.body.msg).toBe('S');
  });

  it('finance and the approver read it but cannot delete it', async () => {
    for (const name of ['finance', 'approver']) {
      const read = await users[name]!.fetch(`${FILE}/file/download?id=${fileId}`);
      expect(read.status, name).toBe(200);
      await read.arrayBuffer();
      const refused = await batchDelete(users[name]!, [fileId]);
      expect(refused.httpStatus, name).toBe(403);
      expect(refused.body).toEqual({ status: 'E', msg: '无权删除该附件', data: null });
    }
    users.finance!.language = 'EN';
    try {
      expect((await batchDelete(users.finance!, [fileId])).body.msg).toBe(
        'You may not delete this attachment',
      );
    } finally {
      users.finance!.language = 'CN';
    }
    const still = await users.admin!.fetch(`${FILE}/file/download?id=${fileId}`);
    expect(still.status).toBe(200);
    await still.arrayBuffer();
    expect(String((await recordFiles()).attachmentIds).split(',')).toContain(String(fileId));
  });

  it('finance and the approver cannot add a file to the record by naming it in an upload', async () => {
    const before = await linkedCount();
    const attachmentsBefore = await server.count('base_attachment');
    for (const name of ['finance', 'approver']) {
      const refused = await upload(users[name]!, {
        functionId: 'srmSupplierInfo',
        businessId: String(supplierAId),
      });
      expect(refused.status, name).toBe(403);
      expect(refused.body).toEqual({ status: 'E', msg: '无权修改该单据的附件', data: null });
    }
    users.approver!.language = 'EN';
    try {
      const english = await upload(users.approver!, {
        functionId: 'srmSupplierInfo',
        businessId: String(supplierAId),
      });
      expect(english.body.msg).toBe('You may not change the attachments of this record');
    } finally {
      users.approver!.language = 'CN';
    }
    expect(await linkedCount()).toBe(before);
    expect(await server.count('base_attachment')).toBe(attachmentsBefore);
  });

  it('the buyer, who may change the field, adds and deletes; the supplier, its record read-only, may not', async () => {
    // The supplier's company record changes through change info only (its portal reads it).
    const refused = await upload(users.sup_a!, {
      functionId: 'srmSupplierInfo',
      businessId: String(supplierAId),
    });
    expect([refused.status, refused.body.msg]).toEqual([403, '无权修改该单据的附件']);
    const own = await upload(users.buyer!, {
      functionId: 'srmSupplierInfo',
      businessId: String(supplierAId),
    });
    expect(own.body.status, own.body.msg).toBe('S');
    expect(own.body.data[0]).toMatchObject({ functionId: 'srmSupplierInfo', businessId: supplierAId });
    const removed = await batchDelete(users.buyer!, [fileId]);
    expect(removed.body.status, removed.body.msg).toBe('S');
    const gone = await users.buyer!.fetch(`${FILE}/file/download?id=${fileId}`);
    expect(gone.status).toBe(404);
    await gone.arrayBuffer();
  });
});
