// Work killed with the server: an import running in its job when the server gets SIGKILL is,
// after the restart, FAILED with a reason the user reads in both languages, the rows of the
// batches it had committed are removed (nothing of it stays), and the work file it was reading
// is gone.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient } from '@srm/platform/testing';
import { DEMO_PASSWORD } from '@srm/domain/demo';
import { readWorkbook } from './excel.testing';
import { preparedDataDir } from './prepared-data.testing';
import { killServer, startServer, stopServer } from './server-process.testing';

type Row = Record<string, unknown>;
const IMPORT = '/api/export/v1/importExcelRestful';
const ITEM = '/api/srm/v1/srmBaseItemRestful';

const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

async function signedIn(url: string): Promise<ApiClient> {
  const client = new ApiClient(url);
  const login = await client.login('admin', DEMO_PASSWORD);
  expect(login.body.status, login.body.msg).toBe('S');
  return client;
}

/** The import template of materials with `count` rows filled in. */
async function bigItemFile(client: ApiClient, count: number): Promise<Buffer> {
  const response = await client.fetch(`${IMPORT}/downloadImportTemplate`, {
    json: { entity: 'srmBaseItem' },
  });
  expect(response.status).toBe(200);
  const workbook: ExcelJS.Workbook = await readWorkbook(Buffer.from(await response.arrayBuffer()));
  const sheet = workbook.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map((h) => String(h).replace(/^\*/, ''));
  const column = (label: string) => headers.indexOf(label) + 1;
  const [code, name, type, uom] = ['物料编码', '物料名称', '物料类型', '计量单位'].map(column);
  expect(
    [code, name, type, uom].every((c) => c! > 0),
    headers.join(','),
  ).toBe(true);
  for (let i = 0; i < count; i++) {
    const row = sheet.getRow(i + 2);
    row.getCell(code!).value = `KILLED-${String(i).padStart(6, '0')}`;
    row.getCell(name!).value = `中断导入物料${i}`;
    row.getCell(type!).value = '原材料';
    row.getCell(uom!).value = '个';
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function until<T>(probe: () => Promise<T | null>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== null) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('timed out');
}

describe.runIf(!process.env.DATABASE_URL)('work killed with the server', () => {
  it('an import RUNNING at kill -9 is FAILED after the restart, with its reason and without its files', async () => {
    const dataDir = await preparedDataDir('srm-interrupted-');
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = { SRM_DATA_DIR: dataDir, DATABASE_URL: '', SRM_JOB_POLL_SECONDS: '1' };
    const first = await startServer(env);
    cleanup.push(() => killServer(first));
    const client = await signedIn(first.url);
    const form = new FormData();
    form.append('entity', 'srmBaseItem');
    form.append('file', new Blob([await bigItemFile(client, 20_000)]), '中断导入.xlsx');
    const answer = (await (await client.fetch(`${IMPORT}/importExcel`, { form })).json()) as {
      status: string;
      msg: string;
      data: Row;
    };
    expect(answer.status, answer.msg).toBe('S');
    const importId = answer.data.importId as number;
    const workDir = join(dataDir, 'files', 'tmp', 'imports');
    // Killed while the job runs, after its first batches were committed: its status says so, it
    // reads its copy of the file, and the rows of those batches are there.
    await until(async () => {
      const status = (await client.call<Row>(`${IMPORT}/importStatus`, { importId })).body.data;
      expect(status.status).not.toMatch(/DONE|FAILED/);
      return status.status === 'RUNNING' &&
        (status.progress as number) >= 2000 &&
        existsSync(workDir) &&
        readdirSync(workDir).length
        ? true
        : null;
    }, 120_000);
    const committed = await client.call<Row[]>(`${ITEM}/listByPage`, { itemCode: 'KILLED-' });
    expect((committed.body as unknown as { page: { count: number } }).page.count).toBeGreaterThanOrEqual(
      2000,
    );
    await killServer(first);
    expect(readdirSync(workDir).length).toBeGreaterThan(0);

    const second = await startServer(env);
    cleanup.push(() => killServer(second));
    const after = await signedIn(second.url);
    const status = (await after.call<Row>(`${IMPORT}/importStatus`, { importId })).body.data;
    expect(status.status).toBe('FAILED');
    expect(status.message).toContain('服务器在导入进行中停止，未导入任何数据，请重新导入');
    expect(status.message).toContain('The server stopped while this import ran; nothing was imported');
    expect(readdirSync(workDir)).toEqual([]);
    // The committed batches were undone by the start: no row of the import is left.
    const items = await after.call<Row[]>(`${ITEM}/listByPage`, { itemCode: 'KILLED-' });
    expect(items.body.status, items.body.msg).toBe('S');
    expect(items.body.data).toEqual([]);
    expect(await stopServer(second)).toBe(0);
  }, 1_500_000);
});
