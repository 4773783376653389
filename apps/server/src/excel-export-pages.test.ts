// Exports longer than a page: with pages of 2 keys (SRM_EXPORT_PAGE_ROWS) the file still holds
// every row once, in the list's order; the service's scan, which reads a page's keys and then
// their rows a batch at a time, answers the same rows in the same order as the list does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '@srm/platform';
import { postFile, readWorkbook, rowsOf } from './excel.testing';
import { api, startTestServer, type TestServer } from './testing';
import { withCreditCodeCheck } from '@srm/kernel';

type Row = Record<string, unknown>;
let server: TestServer;
const names = ['页甲', '页乙', '页丙', '页丁', '页戊', '页己', '页庚'];

beforeAll(async () => {
  const saved = process.env.SRM_EXPORT_PAGE_ROWS;
  process.env.SRM_EXPORT_PAGE_ROWS = '2';
  try {
    server = await startTestServer();
  } finally {
    if (saved === undefined) delete process.env.SRM_EXPORT_PAGE_ROWS;
    else process.env.SRM_EXPORT_PAGE_ROWS = saved;
  }
  for (const [index, supplierName] of names.entries()) {
    const answer = await server.post<Row>(api('srmSupplierInfo', 'saveOrUpdate'), {
      supplierName,
      creditCode: withCreditCodeCheck(`91310000MA1PG000${index}`),
      // Two types only: sorting by type leaves ties that the key must break.
      supplierType: index % 2 ? 'SERVICE' : 'PRODUCTION',
      contactName: '联系人',
      contactMobile: '13800000000',
      contactEmail: 'p@example.cn',
    });
    expect(answer.body.status, answer.body.msg).toBe('S');
  }
});
afterAll(async () => server?.close());

describe('an export of several pages', () => {
  it('writes every row once, in the list’s order', async () => {
    const answer = await postFile(`${server.url}/api/export/v1/exportExcelRestful/exportExcel`, {
      requestUrl: '/api/srm/v1/srmSupplierInfoRestful/listByPage',
      requestParams: { supplierName: '页', orderBy: 'supplierName desc' },
      columns: [{ key: 'supplierName', title: '名称' }],
    });
    expect(answer.status, answer.json?.msg).toBe(200);
    const [sheet] = (await readWorkbook(answer.body)).worksheets;
    const list = await server.post<Row[]>(api('srmSupplierInfo', 'listByPage'), {
      supplierName: '页',
      orderBy: 'supplierName desc',
      pageRows: 100,
    });
    const listed = list.body.data.map((row) => row.supplierName);
    expect(listed).toHaveLength(names.length);
    expect(rowsOf(sheet!).map((row) => row[0])).toEqual(['名称', ...listed]);
  });

  it('scans the same rows as the list, ties broken by the key, across pages and batches', async () => {
    const service = server.runtime.service('srmSupplierInfo');
    const filters = [{ field: 'supplierName', op: 'prefix' as const, value: '页' }];
    for (const sort of [
      [{ field: 'supplierType', order: 'asc' as const }],
      [{ field: 'supplierType', order: 'desc' as const }],
      [{ field: 'supplierName', order: 'asc' as const }],
    ]) {
      const { rows } = await service.list(SYSTEM_ACTOR, { filters, sort, pageRows: 100, pageIndex: 1 });
      const scanned: Row[] = [];
      const batches: number[] = [];
      for await (const batch of service.scan(SYSTEM_ACTOR, { filters, sort, pageRows: 3 }, 2)) {
        batches.push(batch.length);
        scanned.push(...batch);
      }
      expect(rows).toHaveLength(names.length);
      expect(scanned.map((row) => row.supplierId)).toEqual(rows.map((row) => row.supplierId));
      expect(scanned).toEqual(rows);
      // Pages of 3 keys read 2 rows at a time: 2+1, 2+1, 1.
      expect(batches).toEqual([2, 1, 2, 1, 1]);
    }
  });
});
