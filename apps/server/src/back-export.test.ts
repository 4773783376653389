// Background export: doBackExport answers the export number, a job writes the file (progress on
// the way) as the row's attachment and marks it DONE; a failure is recorded with its message;
// each user sees only their own exports; a job submitted before a restart runs after it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_EXPORT_QUEUE, SYSTEM_ACTOR } from '@srm/platform';
import { openTestDatabase, testActorPolicy } from '@srm/platform/testing';
import { buildApp } from './app';
import { postFile, readWorkbook, rowsOf, until } from './excel.testing';
import { startTestServer, type TestServer } from './testing';

type Row = Record<string, unknown>;
let server: TestServer;
const BACK = '/api/report/v1/baseReportBackExportRestful';
const LIST_URL = '/api/srm/v1/srmSupplierInfoRestful/listByPage';
const ROWS = 12_000;
const buyer = { userId: 501, userName: 'buyer', orgIds: [1] };
const otherBuyer = { userId: 502, userName: 'other', orgIds: [1] };

beforeAll(async () => {
  server = await startTestServer();
  // Many suppliers at once, straight into the table (the export reads them through the API).
  await server.database.db.execute(sql`
    insert into srm_supplier_info (supplier_code, supplier_name, credit_code, supplier_type, status,
      contact_name, contact_mobile, contact_email, enabled_flag, version_num, creation_date, last_update_date)
    select 'BX' || lpad(i::text, 6, '0'), '后台导出供应商' || lpad(i::text, 6, '0'), 'X' || lpad(i::text, 17, '0'),
      'PRODUCTION', 'QUALIFIED', '联系人', '13800000000', 'x@example.cn', 'Y', 1, now(), now()
    from generate_series(1, ${ROWS}::int) i`);
  // Every progress value the job writes, as the database saw it.
  for (const statement of [
    'create table test_export_progress (id bigint, progress bigint)',
    `create function test_log_progress() returns trigger language plpgsql as $$
       begin insert into test_export_progress values (new.report_back_export_id, new.progress); return new; end $$`,
    `create trigger test_export_progress after update of progress on base_report_back_export
       for each row execute function test_log_progress()`,
  ])
    await server.database.db.execute(sql.raw(statement));
});
afterAll(async () => server?.close());

const paramsValue = (extra: Row = {}) =>
  JSON.stringify({
    requestUrl: LIST_URL,
    requestParams: { supplierName: '后台导出供应商', orderBy: 'supplierCode asc' },
    columns: [
      { key: 'supplierCode', title: '编码' },
      { key: 'supplierName', title: '名称' },
      { key: 'supplierType' },
    ],
    ...extra,
  });

async function exportRow(id: number, actor: Row = {}): Promise<Row> {
  return (await server.post<Row>(`${BACK}/findById`, { reportBackExportId: id }, { actor })).body.data;
}

describe('doBackExport', () => {
  it('answers the export number, writes the file with progress on the way, and marks it done', async () => {
    const answer = await server.post<Row>(
      `${BACK}/doBackExport`,
      { paramsValue: paramsValue(), fileName: '供应商后台导出' },
      { actor: buyer },
    );
    expect(answer.body.status, answer.body.msg).toBe('S');
    expect(answer.body.msg).toMatch(/^EXP\d{8}\d{5}$/);
    expect(answer.body.data).toMatchObject({ exportNumber: answer.body.msg, exportStatus: 'WAITING' });
    const id = answer.body.data.reportBackExportId as number;
    const done = await until(async () => {
      const row = await exportRow(id, buyer);
      return row.exportStatus === 'DONE' || row.exportStatus === 'FAILED' ? row : null;
    }, 60_000);
    const seen = (
      (await server.database.db.execute(
        sql`select progress from test_export_progress where id = ${id} order by progress`,
      )) as unknown as { rows: { progress: string | number }[] }
    ).rows.map((row) => Number(row.progress));
    expect(done.errorMessage ?? null).toBeNull();
    expect(done).toMatchObject({ exportStatus: 'DONE', progress: ROWS, total: ROWS });
    expect(seen).toEqual(expect.arrayContaining([5000, 10000, ROWS]));
    const file = await postFile(
      `${server.url}/api/file/v2/file/download?id=${String(done.attachmentId)}`,
      {},
      buyer,
    );
    expect(file.status, file.json?.msg).toBe(200);
    expect(file.headers.get('content-disposition')).toContain(encodeURIComponent('供应商后台导出.xlsx'));
    const workbook = await readWorkbook(file.body);
    const rows = rowsOf(workbook.worksheets[0]!);
    expect(rows.length).toBe(ROWS + 1);
    expect(rows[0]).toEqual(['编码', '名称', '供应商类型']);
    expect(rows[1]).toEqual(['BX000001', '后台导出供应商000001', '生产性供应商']);
    expect(rows[ROWS]![0]).toBe(`BX${String(ROWS).padStart(6, '0')}`);
  });

  it('shows each user only their own exports; administrators see them all', async () => {
    const mine = await server.post<Row>(
      `${BACK}/doBackExport`,
      {
        paramsValue: paramsValue({ requestParams: { supplierName: '后台导出供应商000001' } }),
        fileName: 'x',
      },
      { actor: buyer },
    );
    const id = mine.body.data.reportBackExportId as number;
    const list = async (actor: Row) =>
      (await server.post<Row[]>(`${BACK}/listByPage`, { pageRows: 500 }, { actor })).body.data.map(
        (row) => row.reportBackExportId,
      );
    expect(await list(buyer)).toContain(id);
    expect(await list(otherBuyer)).not.toContain(id);
    expect(await list({})).toContain(id);
    // Not even by naming its id or its creator.
    const other = await server.post(`${BACK}/findById`, { reportBackExportId: id }, { actor: otherBuyer });
    expect(other.httpStatus).toBe(404);
    const filtered = await server.post<Row[]>(
      `${BACK}/listByPage`,
      { createdBy: buyer.userId },
      { actor: otherBuyer },
    );
    expect(filtered.body.data).toEqual([]);
  });

  it('records a failure with its message', async () => {
    const service = server.runtime.service('baseReportBackExport');
    const created = await service.createMany({ ...SYSTEM_ACTOR, userId: buyer.userId }, [
      {
        entityName: 'srmSupplierInfo',
        requestUrl: LIST_URL,
        requestParams: {},
        columns: [{ key: 'noSuchField', title: null, width: null }],
        fileName: 'broken.xlsx',
        exportStatus: 'WAITING',
      },
    ]);
    if (!('ids' in created)) throw new Error('not created');
    const id = created.ids[0]!;
    await server.jobs.send(BACK_EXPORT_QUEUE, {
      reportBackExportId: id,
      actor: { ...buyer, side: 'internal', supplierId: null, categoryIds: 'all', locale: 'zh-CN' },
    });
    const failed = await until(async () => {
      const row = await exportRow(id);
      return row.exportStatus === 'FAILED' ? row : null;
    });
    expect(failed.errorMessage).toBe('不能导出字段 noSuchField');
    expect(failed.attachmentId).toBeNull();
  });

  it('refuses an empty request with the spec’s texts and needs the export resource', async () => {
    const none = await server.post(`${BACK}/doBackExport`, { fileName: 'x' });
    expect(none.httpStatus).toBe(400);
    const noUrl = await server.post(`${BACK}/doBackExport`, {
      paramsValue: JSON.stringify({ columns: [{ key: 'supplierName' }] }),
    });
    expect(noUrl.body.msg).toBe('请求数据链接不可为空');
    const noColumns = await server.post(`${BACK}/doBackExport`, {
      paramsValue: JSON.stringify({ requestUrl: LIST_URL, columns: [] }),
    });
    expect(noColumns.body.msg).toBe('导出字段列表不可为空');
  });
});

describe('a background export submitted before a restart', () => {
  it('is written by the next server to start', async () => {
    const database = await openTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'srm-restart-'));
    try {
      // A node that takes requests but runs no jobs stops right after the request.
      const first = await buildApp({
        database,
        dataDir,
        webDir: '/nonexistent',
        policy: testActorPolicy,
        jobWorkers: false,
      });
      await first.app.listen({ port: 0, host: '127.0.0.1' });
      const address = first.app.server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const response = await fetch(`${url}${BACK}/doBackExport`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          paramsValue: JSON.stringify({
            requestUrl: '/api/base/v1/baseLookupTypeRestful/listByPage',
            columns: [{ key: 'lookupType' }],
          }),
          fileName: 'restart',
        }),
      });
      const answer = (await response.json()) as { status: string; msg: string; data: Row };
      expect(answer.status, answer.msg).toBe('S');
      const id = answer.data.reportBackExportId as number;
      await first.app.close();

      const second = await buildApp({ database, dataDir, webDir: '/nonexistent', policy: testActorPolicy });
      await second.app.listen({ port: 0, host: '127.0.0.1' });
      try {
        const service = second.runtime.service('baseReportBackExport');
        const row = await until(async () => {
          const found = await service.find(SYSTEM_ACTOR, id);
          return found.exportStatus === 'DONE' ? found : null;
        });
        expect(row.attachmentId).toEqual(expect.any(String));
      } finally {
        await second.app.close();
      }
    } finally {
      await database.close();
    }
  });
});
