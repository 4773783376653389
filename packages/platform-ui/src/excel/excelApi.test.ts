import { describe, expect, it } from 'vitest';
import { defineEntity, kernelMessages, lookup, mergeCatalogues, ref, text, translate } from '@srm/kernel';
import type { ApiClient } from '../context/api';
import { makeLabels } from '../context/labels';
import { platformUiMessages } from '../messages';
import {
  checkExportBody,
  exportColumnsOf,
  exportFileName,
  exportParams,
  exportsInBackground,
  importExcel,
  importedSummary,
  percentOf,
  viewedExport,
} from './excelApi';

const catalogue = mergeCatalogues(kernelMessages, platformUiMessages, {
  'zh-CN': { 'entity.demoThing': '示例', 'demoThing.code': '编码', 'demoThing.orgId': '组织' },
  en: { 'entity.demoThing': 'Thing', 'demoThing.code': 'Code', 'demoThing.orgId': 'Organisation' },
});
const thing = defineEntity('demoThing', {
  area: 'test',
  key: 'thingId',
  fields: {
    code: text({ required: true }),
    orgId: ref('demoOrg', { display: 'orgName' }),
    kind: lookup('DEMO_KIND'),
  },
  list: { columns: ['code', 'orgName', 'kind'] },
});

describe('export', () => {
  it('needs a request link and a field list, with the spec texts', () => {
    const zh = (key: string) => translate(catalogue, 'zh-CN', key);
    expect(zh(checkExportBody({ columns: [{ key: 'a' }] })!.key)).toBe('请求数据链接不可为空');
    expect(zh(checkExportBody({ requestUrl: ' ', columns: [{ key: 'a' }] })!.key)).toBe(
      '请求数据链接不可为空',
    );
    expect(zh(checkExportBody({ requestUrl: '/api/x/listByPage', columns: [] })!.key)).toBe(
      '导出字段列表不可为空',
    );
    expect(checkExportBody({ requestUrl: '/api/x/listByPage', columns: [{ key: 'a' }] })).toBeNull();
  });

  it('runs in the background above the sheet limit of 50000 rows, or when asked', () => {
    expect(exportsInBackground('query', 50000)).toBe(false);
    expect(exportsInBackground('query', 50001)).toBe(true);
    expect(exportsInBackground('all', 50001)).toBe(true);
    expect(exportsInBackground('selected', 60000)).toBe(false);
    expect(exportsInBackground('background', 1)).toBe(true);
  });

  it('exports the list columns titled as the screen shows them, references by their label', () => {
    const labels = makeLabels({ catalogue, locale: 'zh-CN' });
    expect(exportColumnsOf(thing, labels)).toEqual([
      { key: 'code', title: '编码' },
      { key: 'orgName', title: '组织' },
      { key: 'kind', title: 'kind' },
    ]);
    expect(exportColumnsOf(thing, makeLabels({ catalogue, locale: 'en' }), ['code'])).toEqual([
      { key: 'code', title: 'Code' },
    ]);
  });

  it("follows the user's view of the grid: shown columns in their order, widths and sort", () => {
    const view = {
      columns: [
        { key: 'kind', width: 150 },
        { key: 'code', width: 90 },
        { key: '__operate', width: 120 },
      ],
      orderBy: 'code desc',
    };
    expect(viewedExport(view, thing.list.columns, 'kind asc')).toEqual({
      columns: ['kind', 'code'],
      widths: { kind: 150, code: 90 },
      orderBy: 'code desc',
    });
    const labels = makeLabels({ catalogue, locale: 'zh-CN' });
    const seen = viewedExport(view, thing.list.columns);
    expect(exportColumnsOf(thing, labels, seen.columns, seen.widths)).toEqual([
      { key: 'kind', title: 'kind', width: 150 },
      { key: 'code', title: '编码', width: 90 },
    ]);
    // Without a sort of the user's the screen's own order applies; without a view, the list's columns.
    expect(viewedExport({ columns: view.columns }, thing.list.columns, 'kind asc').orderBy).toBe('kind asc');
    expect(viewedExport(undefined, thing.list.columns)).toEqual({ columns: thing.list.columns, widths: {} });
  });

  it('sends the query without paging, and names the file after the list and the moment', () => {
    expect(exportParams({ code: 'A' }, 'code desc')).toEqual({ code: 'A', orderBy: 'code desc' });
    expect(exportParams({})).toEqual({});
    expect(exportFileName('a/b:c', Date.UTC(2025, 11, 31, 16, 0, 0), 'Asia/Shanghai')).toBe(
      'a_b_c_20260101000000.xlsx',
    );
  });

  it('stamps the file name in the company time zone, whatever the browser’s', () => {
    // 01:05:07 UTC is 09:05:07 in Shanghai and the evening before in New York.
    const moment = Date.UTC(2026, 10, 21, 1, 5, 7);
    expect(exportFileName('计量单位', moment, 'Asia/Shanghai')).toBe('计量单位_20261121090507.xlsx');
    expect(exportFileName('计量单位', moment, 'America/New_York')).toBe('计量单位_20261120200507.xlsx');
  });

  it('shows progress that reaches 100 only when the work is done', () => {
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(5000, 10000)).toBe(50);
    expect(percentOf(10000, 10000)).toBe(99);
    expect(percentOf(10000, 10000, true)).toBe(100);
    expect(percentOf(12000, 10000)).toBe(99);
  });

  it('has the spec text of a submitted background export', () => {
    expect(translate(catalogue, 'zh-CN', 'ui.excel.backSubmitted')).toBe('已提交后台导出EXCEL');
  });
});

describe('a finished import', () => {
  const zh = makeLabels({ catalogue, locale: 'zh-CN' });
  const en = makeLabels({ catalogue, locale: 'en' });
  const documents = { importLines: 'lines' };
  /** A client whose upload answers this envelope. */
  const answering = (data: unknown, msg: string) =>
    ({ upload: async () => ({ status: 'S', msg, data }) }) as unknown as ApiClient;
  const file = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'a.xlsx');

  it('of documents with their lines keeps the documents the server counted', async () => {
    const message = '已导入 2 张单据，共 5 行';
    expect(await importExcel(answering({ count: 5, documents: 2 }, message), 'demoDoc', file)).toEqual({
      kind: 'done',
      count: 5,
      documents: 2,
      message,
    });
    expect(await importExcel(answering({ count: 2 }, '已导入 2 行'), 'demoThing', file)).toEqual({
      kind: 'done',
      count: 2,
      message: '已导入 2 行',
    });
  });

  it('says the documents and their rows for a document import, the rows as before otherwise', () => {
    const done = { count: 5, documents: 2, message: '已导入 2 张单据，共 5 行' };
    expect(importedSummary(done, documents, zh)).toEqual({ title: '导入成功，共导入 2 张单据，5 行' });
    expect(importedSummary({ ...done, message: '2 documents imported (5 rows)' }, documents, en)).toEqual({
      title: 'Imported 2 documents, 5 rows',
    });
    // An entity's rows: unchanged, the server's message beneath.
    expect(importedSummary({ count: 2, message: '已导入 2 行' }, thing, zh)).toEqual({
      title: '导入成功，共导入 2 条',
      subTitle: '已导入 2 行',
    });
    expect(importedSummary({ count: 2, message: '2 rows imported' }, thing, en)).toEqual({
      title: 'Imported 2 rows',
      subTitle: '2 rows imported',
    });
  });

  it('of documents run as a job says its rows (a job records no documents), never 条', () => {
    expect(importedSummary({ count: 5001, message: '' }, documents, zh)).toEqual({
      title: '导入成功，共导入 5001 行',
    });
    expect(importedSummary({ count: 5001, message: '' }, thing, zh)).toEqual({
      title: '导入成功，共导入 5001 条',
    });
  });
});
