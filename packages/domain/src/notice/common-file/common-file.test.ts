// Shared files over real HTTP on a real database: published to the suppliers of a category (a
// snapshot), each reader's copy lists them and opens their files, every download by a reader is
// counted on their copy and in the entry's total, and withdrawing takes them back from everyone;
// past its expiry date a copy and its files are refused.
// Supplier B never learns of a file meant for A: not through the list, a copy's id, the entry's
// id, its receipts or the file itself.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '@srm/kernel';
import type { Actor } from '@srm/platform';
import { TEST_ACTOR_HEADER, api, seedsNamed, startTestServer, type TestServer } from '@srm/platform/testing';
import { serverAreas } from '../../areas.server';
import { baseDataSeeds } from '../../base-data/server';
import { qualifyLines } from '../../domain.testing';
import { audienceWorld } from '../notice.testing';

type Row = Record<string, unknown>;
let server: TestServer;
const ids = { orgA: 0, catX: 0, catY: 0, supA: 0, supB: 0, supC: 0 };
const actors: Record<string, Partial<Actor>> = {};
let libraryB = 0;

const call = <T = Row>(entity: string, action: string, body: unknown, who?: string) =>
  server.post<T>(api(entity, action), body, who ? { actor: actors[who]! } : {});
async function ok<T = Row>(entity: string, action: string, body: unknown, who?: string): Promise<T> {
  const answer = await call<T>(entity, action, body, who);
  expect(answer.body.status, answer.body.msg).toBe('S');
  return answer.body.data;
}
const mine = (who: string) =>
  ok<Row[]>('srmCommonFileCopy', 'listByPage', { pageIndex: 1, pageRows: 50 }, who);

async function upload(commonFileId: number, name: string): Promise<number> {
  const form = new FormData();
  form.append('functionId', 'srmCommonFile');
  form.append('businessId', String(commonFileId));
  const content = name.endsWith('.pdf') ? '%PDF-1.4\n%%EOF\n' : '物料编码,数量\n1001,10\n';
  form.append('files', new Blob([Buffer.from(content)]), name);
  const response = await fetch(`${server.url}/api/file/v2/file/upload`, {
    method: 'POST',
    headers: { [TEST_ACTOR_HEADER]: JSON.stringify(actors.buyer) },
    body: form,
  });
  const body = (await response.json()) as { status: string; msg: string; data: Row[] };
  expect(body.status, body.msg).toBe('S');
  return body.data[0]!.id as number;
}
async function download(fileId: number, who: string): Promise<number> {
  const response = await fetch(`${server.url}/api/file/v2/file/download?id=${fileId}`, {
    method: 'POST',
    headers: { [TEST_ACTOR_HEADER]: JSON.stringify(actors[who]) },
  });
  await response.arrayBuffer();
  return response.status;
}

/** A download through the large-file route, from a byte on (a resumed download when past 0). */
async function downloadFrom(fileId: number, who: string, start: number): Promise<number> {
  const response = await fetch(`${server.url}/api/largeFile/v1/largeFile/downloadBody`, {
    method: 'POST',
    headers: {
      [TEST_ACTOR_HEADER]: JSON.stringify(actors[who]),
      'content-type': 'application/json',
      range: `bytes=${start}-`,
    },
    body: JSON.stringify({ id: fileId }),
  });
  await response.arrayBuffer();
  return response.status;
}

beforeAll(async () => {
  server = await startTestServer({
    areas: serverAreas,
    seeds: seedsNamed(baseDataSeeds, 'lookups', 'currencies', 'organisations', 'categories'),
  });
  const world = await audienceWorld(server, 'filer');
  Object.assign(ids, world.ids);
  Object.assign(actors, world.actors, { buyer: world.actors.publisher });
  libraryB = world.libraryB;
}, 120_000);
afterAll(async () => server?.close());

describe('shared files', () => {
  let commonFileId = 0;
  let fileId = 0;
  const copyOf = async (who: string) => (await mine(who)).find((row) => row.commonFileId === commonFileId);
  const entry = () => ok<Row>('srmCommonFile', 'findById', { commonFileId }, 'buyer');

  it('needs a file to be published, and then reaches the users of the suppliers qualified for the category', async () => {
    const saved = await ok(
      'srmCommonFile',
      'saveOrUpdate',
      {
        title: '品类X送货单模板',
        fileType: 'TEMPLATE',
        versionLabel: 'V2027',
        description: '2027年起送货请使用此模板',
        targets: [{ targetType: 'SUPPLIER_CATEGORY', categoryId: ids.catX }],
      },
      'buyer',
    );
    commonFileId = saved.commonFileId as number;
    expect(saved).toMatchObject({ status: 'DRAFT', fileNumber: expect.stringMatching(/^CF\d{12}$/) });
    const empty = await call('srmCommonFile', 'doPublish', { commonFileId }, 'buyer');
    expect(empty.body.status).toBe('E');
    expect(empty.httpStatus).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(empty.body)).toContain('请先上传至少一个文件再发布');
    fileId = await upload(commonFileId, '送货单模板.csv');
    const second = await upload(commonFileId, '填写说明.pdf');
    const { versionNum } = await entry();
    await ok(
      'srmCommonFile',
      'saveOrUpdate',
      { commonFileId, versionNum, attachmentIds: `${fileId},${second}` },
      'buyer',
    );
    // A draft reaches nobody.
    expect(await copyOf('a1')).toBeUndefined();
    const [published] = await ok<Row[]>('srmCommonFile', 'doPublish', { commonFileId }, 'buyer');
    expect(published).toMatchObject({ status: 'PUBLISHED', receiverCount: 3, downloadCount: 0 });
    for (const who of ['a1', 'a2', 'c1'])
      expect(await copyOf(who), who).toMatchObject({
        title: '品类X送货单模板',
        versionLabel: 'V2027',
        fileCount: 2,
        downloadCount: 0,
        status: 'ACTIVE',
      });
    const opened = await ok<{ copy: Row; attachmentIds: string }>(
      'srmCommonFileCopy',
      'open',
      { copyId: (await copyOf('a1'))!.copyId },
      'a1',
    );
    expect(opened.attachmentIds).toBe(`${fileId},${second}`);
    const told = await server.database.db.execute(
      sql`select count(*)::int as n from base_site_message where source = 'COMMON_FILE_PUBLISHED' and link_route = 'commonFile/fileDesc'`,
    );
    expect((told as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(3);
  });

  it('supplier B learns nothing of it: list, copy, entry, receipts and file', async () => {
    expect(await mine('b1')).toEqual([]);
    const a1Copy = await copyOf('a1');
    for (const action of ['open', 'findById'])
      expect(
        (await call('srmCommonFileCopy', action, { copyId: a1Copy!.copyId }, 'b1')).httpStatus,
        action,
      ).toBe(404);
    for (const action of ['findById', 'downloads'])
      expect([403, 404]).toContain((await call('srmCommonFile', action, { commonFileId }, 'b1')).httpStatus);
    expect(await download(fileId, 'b1')).not.toBe(200);
    // Refused, and not counted.
    expect((await entry()).downloadCount).toBe(0);
  });

  it('counts every download by a reader, on their copy and in the total; the publisher’s own are not counted', async () => {
    const statuses = await Promise.all([
      download(fileId, 'a1'),
      download(fileId, 'a1'),
      download(fileId, 'a1'),
      download(fileId, 'a2'),
      download(fileId, 'buyer'),
    ]);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    // A big download in parts counts once, at its first byte.
    expect(await downloadFrom(fileId, 'a2', 0)).toBe(206);
    expect(await downloadFrom(fileId, 'a2', 5)).toBe(206);
    expect(await copyOf('a1')).toMatchObject({
      downloadCount: 3,
      firstDownloadAt: expect.any(Number),
      lastDownloadAt: expect.any(Number),
    });
    expect(await copyOf('a2')).toMatchObject({ downloadCount: 2 });
    expect(await copyOf('c1')).toMatchObject({ downloadCount: 0, firstDownloadAt: null });
    expect((await entry()).downloadCount).toBe(5);
    const receipts = await ok<{ totals: Row; rows: Row[] }>(
      'srmCommonFile',
      'downloads',
      { commonFileId },
      'buyer',
    );
    expect(receipts.totals).toEqual({ readers: 3, downloaded: 2, downloads: 5 });
    const waiting = await ok<{ rows: Row[] }>(
      'srmCommonFile',
      'downloads',
      { commonFileId, filter: 'NOT_DOWNLOADED' },
      'buyer',
    );
    expect(waiting.rows.map((row) => row.receiverName)).toEqual(['c1']);
    expect(waiting.rows[0]!.supplierName).toBe('常州永信包装材料有限公司');
  });

  it('withdrawing takes it from every reader at once; republished, it reaches the audience of that moment', async () => {
    const a1Copy = await copyOf('a1');
    await ok('srmCommonFile', 'doWithdraw', { commonFileId }, 'buyer');
    expect(await copyOf('a1')).toBeUndefined();
    expect((await call('srmCommonFileCopy', 'open', { copyId: a1Copy!.copyId }, 'a1')).httpStatus).toBe(404);
    expect(await download(fileId, 'a1')).not.toBe(200);
    // B is qualified for X since: the earlier publishing was a snapshot without it.
    await qualifyLines(server, [libraryB]);
    expect(await mine('b1')).toEqual([]);
    const [again] = await ok<Row[]>('srmCommonFile', 'doPublish', { commonFileId }, 'buyer');
    expect(again).toMatchObject({ commonFileId, status: 'PUBLISHED', receiverCount: 4 });
    // A reader coming back keeps their downloads.
    expect(await copyOf('a1')).toMatchObject({ copyId: a1Copy!.copyId, downloadCount: 3 });
    expect(await copyOf('b1')).toMatchObject({ downloadCount: 0 });
    expect(await download(fileId, 'b1')).toBe(200);
  });

  it('opens only until its expiry date: past it, the copy and its files are refused, saying since when', async () => {
    await ok('srmCommonFile', 'doWithdraw', { commonFileId }, 'buyer');
    const day = 86_400_000;
    const now = server.clock.now().getTime();
    const yesterday = formatDate(now - day, server.runtime.timeZone);
    const stored = await entry();
    await ok(
      'srmCommonFile',
      'saveOrUpdate',
      {
        commonFileId,
        versionNum: stored.versionNum,
        effectiveDate: formatDate(now - 10 * day, server.runtime.timeZone),
        expiryDate: yesterday,
      },
      'buyer',
    );
    await ok('srmCommonFile', 'doPublish', { commonFileId }, 'buyer');
    const copy = await copyOf('a1');
    expect(copy).toMatchObject({ expiryDate: yesterday });
    const opened = await call('srmCommonFileCopy', 'open', { copyId: copy!.copyId }, 'a1');
    expect([opened.httpStatus, opened.body.msg]).toEqual([404, `该资料已于 ${yesterday} 过期`]);
    expect(await download(fileId, 'a1')).toBe(404);
  });
});
