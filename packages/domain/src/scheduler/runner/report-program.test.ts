// RUN_REPORT over real HTTP on a real database: a report endpoint run in the background to an
// xlsx output headed by the report's own texts, downloadable by the submitter only; an unknown
// report or filters that are not a JSON object complete Error with a message saying so.
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { schedulerFixture } from '../scheduler.testing';

const { buyer, otherBuyer, ok, program, submit, until, server } = schedulerFixture();

async function reportProgram(code: string): Promise<number> {
  return program(code, 'RUN_REPORT', {
    outputType: 'XLSX',
    parallelFlag: 'Y',
    params: [
      { lineNum: 1, paramName: 'reportEndpoint', paramLabel: '报表', paramKind: 'TEXT', requiredFlag: 'Y' },
      { lineNum: 2, paramName: 'reportFilters', paramLabel: '条件', paramKind: 'TEXT' },
    ],
  });
}

const download = (attachmentId: number, actor: Record<string, unknown>) =>
  fetch(`${server().url}/api/file/v2/file/download?id=${attachmentId}`, {
    method: 'POST',
    headers: { 'x-test-actor': JSON.stringify(actor) },
  });

describe('RUN_REPORT', () => {
  it('writes the report as an xlsx output headed by its texts, for its submitter alone', async () => {
    const programId = await reportProgram('RR_PAYABLE');
    const submitted = await submit(programId, {
      reportEndpoint: 'srmStlLedger/orderPayableReport',
      reportFilters: '{"openOnly":"Y"}',
    });
    const done = await until(submitted.requestId, ['COMPLETED']);
    expect(done).toMatchObject({
      statusCode: 'NORMAL',
      completionText: '报表 srmStlLedger/orderPayableReport 已导出为 Excel，请在“查看输出”下载',
    });
    const output = await ok<{ attachmentId: number }>(
      'baseConcurrentRequest',
      'downloadOutput',
      { requestId: done.requestId },
      buyer(),
    );
    const file = await download(output.attachmentId, buyer());
    expect(file.status).toBe(200);
    expect(decodeURIComponent(file.headers.get('content-disposition') ?? '')).toMatch(
      /订单应付报表_\d{14}\.xlsx/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    const header = workbook.worksheets[0]!.getRow(1).values as unknown[];
    expect(header.slice(1, 4)).toEqual(['订单号', '供应商', '采购组织']);
    expect(header).toContain('已开票未付');
    expect((await download(output.attachmentId, otherBuyer())).status).toBe(404);
  });

  it('an unknown report or filters that are not a JSON object complete Error, saying why', async () => {
    const programId = await reportProgram('RR_BAD');
    const unknown = await submit(programId, { reportEndpoint: 'srmStlLedger/nothingHere' });
    expect(await until(unknown.requestId, ['COMPLETED'])).toMatchObject({
      statusCode: 'ERROR',
      completionText: '没有报表“srmStlLedger/nothingHere”，或它不能导出',
    });
    const badJson = await submit(programId, {
      reportEndpoint: 'srmStlLedger/orderPayableReport',
      reportFilters: '[1,2]',
    });
    expect(await until(badJson.requestId, ['COMPLETED'])).toMatchObject({
      statusCode: 'ERROR',
      completionText: '报表条件不是有效的 JSON 对象，例如 {"openOnly":"Y"}',
    });
  });

  it('a PDF program hands its whole file: stored with the request as a .pdf', async () => {
    const programId = await program('RR_PDF', 'T_PDF', {
      outputType: 'PDF',
      params: [{ lineNum: 1, paramName: 'name', paramLabel: '名称', paramKind: 'TEXT' }],
    });
    const submitted = await submit(programId, { name: 'PO-1' });
    const done = await until(submitted.requestId, ['COMPLETED']);
    expect(done).toMatchObject({ statusCode: 'NORMAL', completionText: 'printed' });
    const output = await ok<{ attachmentId: number }>(
      'baseConcurrentRequest',
      'downloadOutput',
      { requestId: done.requestId },
      buyer(),
    );
    const file = await download(output.attachmentId, buyer());
    expect(decodeURIComponent(file.headers.get('content-disposition') ?? '')).toContain(
      `${String(done.requestNumber)}.pdf`,
    );
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1000);
  });
});
