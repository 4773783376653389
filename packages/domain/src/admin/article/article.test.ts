// Help and news articles over real HTTP on a real database: cleaned at every save, published and
// unpublished by their actions, and read where they are placed — the login page by anyone without
// a session, each home by the signed-in users of its side. A draft, an unpublished article or one
// placed elsewhere does not exist for a reader (404), and a supplier never sees an article meant
// for the internal home. Every opening counts a view without making the article a new version.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@srm/platform';
import { TEST_ACTOR_HEADER, api, startTestServer, type TestServer } from '@srm/platform/testing';
import { serverAreas } from '../../areas.server';
import { articleSeed } from './article.seed';

type Row = Record<string, unknown>;
let server: TestServer;

const supplier: Partial<Actor> = { userId: 9001, userName: 'sup', side: 'supplier', supplierId: 1 };
const colleague: Partial<Actor> = { userId: 9002, userName: 'staff', side: 'internal' };
/** No session at all: the login page's caller. */
const NOBODY = { headers: { [TEST_ACTOR_HEADER]: 'none' } };

async function call<T = Row>(action: string, body: unknown, options: Parameters<TestServer['post']>[2] = {}) {
  return server.post<T>(api('srmArticle', action), body, options);
}
async function ok<T = Row>(action: string, body: unknown, options: Parameters<TestServer['post']>[2] = {}) {
  const answer = await call<T>(action, body, options);
  expect(answer.body.status, answer.body.msg).toBe('S');
  return answer.body.data;
}

/** A saved article (a draft), as the administrator. */
async function draft(extra: Row = {}): Promise<Row> {
  return ok('saveOrUpdate', {
    title: '如何确认采购订单',
    category: 'HELP',
    placements: ['LOGIN'],
    content: '<p>在“我的订单”中打开订单，逐行确认交期。</p>',
    ...extra,
  });
}
async function published(extra: Row = {}, withFile = false): Promise<Row> {
  let saved = await draft(extra);
  if (withFile) {
    const fileId = await upload(saved.articleId);
    saved = await ok('saveOrUpdate', {
      articleId: saved.articleId,
      versionNum: saved.versionNum,
      attachmentIds: String(fileId),
    });
  }
  const [row] = await ok<Row[]>('doPublish', { articleId: saved.articleId });
  return row!;
}
const idsOf = (rows: Row[]) => rows.map((row) => row.articleId);

/** A file uploaded by the administrator to a (draft) article. */
async function upload(articleId: unknown): Promise<number> {
  const form = new FormData();
  form.append('functionId', 'srmArticle');
  form.append('businessId', String(articleId));
  form.append('files', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')]), '操作手册.pdf');
  const response = await fetch(`${server.url}/api/file/v2/file/upload`, { method: 'POST', body: form });
  const body = (await response.json()) as { status: string; msg: string; data: Row[] };
  expect(body.status, body.msg).toBe('S');
  return body.data[0]!.id as number;
}
async function download(fileId: number, actor: Partial<Actor>): Promise<number> {
  const response = await fetch(`${server.url}/api/file/v2/file/download?id=${fileId}`, {
    method: 'POST',
    headers: { [TEST_ACTOR_HEADER]: JSON.stringify(actor) },
  });
  await response.arrayBuffer();
  return response.status;
}

beforeAll(async () => {
  server = await startTestServer({ areas: serverAreas });
}, 120_000);
afterAll(async () => server?.close());

describe('saving an article', () => {
  it('keeps only allowed formatting: no script, no event handler, no javascript: link, in either language', async () => {
    const saved = await draft({
      titleEn: 'Confirming an order',
      content:
        '<p onclick="steal()">逐行确认<script>alert(1)</script><a href="javascript:alert(2)">交期</a>' +
        '<img src="x" onerror="steal()"></p>',
      contentEn:
        '<h3>Orders</h3><p onmouseover="steal()">Confirm each line<script>alert(3)</script></p><ul><li>Dates</li></ul>',
    });
    expect(saved.content).toBe('<p>逐行确认<a>交期</a><img src="x" /></p>');
    expect(saved.contentEn).toBe('<h3>Orders</h3><p>Confirm each line</p><ul><li>Dates</li></ul>');
    expect(saved).toMatchObject({
      summary: '逐行确认交期',
      // Headings, paragraphs and list items kept apart.
      summaryEn: 'Orders Confirm each line Dates',
      status: 'DRAFT',
      viewCount: 0,
    });
    expect(String(saved.articleNumber)).toMatch(/^AR\d{8}\d{3}$/);
  });

  it('refuses a content that is only a script or empty formatting, and an English text without an English title', async () => {
    const empty = await call('saveOrUpdate', {
      title: '空文章',
      category: 'NEWS',
      placements: ['LOGIN'],
      content: '<p><script>alert(1)</script></p>',
    });
    expect([empty.httpStatus, empty.body.msg]).toEqual([400, expect.stringContaining('正文不能为空')]);
    const untitled = await call('saveOrUpdate', {
      title: '无英文标题',
      category: 'NEWS',
      placements: ['LOGIN'],
      content: '<p>正文</p>',
      contentEn: '<p>Text</p>',
    });
    expect(untitled.httpStatus).toBe(400);
    expect(untitled.body.msg).toContain('英文标题');
  });
});

describe('publishing', () => {
  it('publishes, unpublishes for a correction and publishes again under its first date', async () => {
    const saved = await draft({ title: '送货单打印说明' });
    const articleId = saved.articleId;
    const [first] = await ok<Row[]>('doPublish', { articleId });
    expect(first).toMatchObject({ status: 'PUBLISHED', unpublishedAt: null });
    expect(typeof first!.publishedAt).toBe('number');
    // Published: not editable, and publishing again is a wrong state.
    const edit = await call('saveOrUpdate', { articleId, versionNum: first!.versionNum, title: '改' });
    expect(edit.body.status).toBe('E');
    expect((await call('doPublish', { articleId })).httpStatus).toBe(409);
    const [off] = await ok<Row[]>('doUnpublish', { articleId });
    expect(off).toMatchObject({ status: 'UNPUBLISHED' });
    expect(typeof off!.unpublishedAt).toBe('number');
    const corrected = await ok('saveOrUpdate', {
      articleId,
      versionNum: off!.versionNum,
      title: '送货单打印说明（修订）',
    });
    expect(corrected.title).toBe('送货单打印说明（修订）');
    const [again] = await ok<Row[]>('doPublish', { articleId });
    expect(again).toMatchObject({
      status: 'PUBLISHED',
      publishedAt: first!.publishedAt,
      unpublishedAt: null,
    });
    // Only a draft may be deleted.
    expect((await call('delete', { articleId })).body.status).toBe('E');
  });
});

describe('the readers', () => {
  const ids = { login: 0, loginEn: 0, draft: 0, unpublished: 0, homes: 0, inside: 0, outside: 0 };
  const files = { inside: 0, outside: 0 };

  beforeAll(async () => {
    ids.login = (await published({ title: '登录页帮助', category: 'HELP' })).articleId as number;
    ids.loginEn = (
      await published({
        title: '登录页新闻',
        titleEn: 'Login page news',
        category: 'NEWS',
        content: '<p>中文正文</p>',
        contentEn: '<p>English text</p>',
        pinnedFlag: 'Y',
      })
    ).articleId as number;
    ids.draft = (await draft({ title: '登录页草稿' })).articleId as number;
    const unpublished = await published({ title: '已下架的登录页文章' });
    await ok('doUnpublish', { articleId: unpublished.articleId });
    ids.unpublished = unpublished.articleId as number;
    ids.homes = (
      await published({
        title: '两个首页的新闻',
        category: 'NEWS',
        placements: ['INTERNAL_HOME', 'SUPPLIER_HOME'],
      })
    ).articleId as number;
    const inside = await published(
      { title: '内部付款政策', category: 'POLICY', placements: ['INTERNAL_HOME'] },
      true,
    );
    ids.inside = inside.articleId as number;
    files.inside = Number(inside.attachmentIds);
    const outside = await published({ title: '供应商操作手册', placements: ['SUPPLIER_HOME'] }, true);
    ids.outside = outside.articleId as number;
    files.outside = Number(outside.attachmentIds);
  });

  it('the login page lists only published articles placed there, pinned first, without their content', async () => {
    const answer = await call<Row[]>('loginList', { pageRows: 50 }, NOBODY);
    expect(answer.body.status, answer.body.msg).toBe('S');
    const listed = idsOf(answer.body.data);
    expect(listed[0]).toBe(ids.loginEn);
    expect(listed).toContain(ids.login);
    for (const hidden of [ids.draft, ids.unpublished, ids.homes, ids.inside, ids.outside])
      expect(listed).not.toContain(hidden);
    const row = answer.body.data.find((item) => item.articleId === ids.login)!;
    expect(Object.keys(row).sort()).toEqual(
      [
        'articleId',
        'category',
        'categoryName',
        'hasFiles',
        'pinnedFlag',
        'publishedAt',
        'summary',
        'title',
      ].sort(),
    );
    expect(row).toMatchObject({
      title: '登录页帮助',
      categoryName: '帮助',
      summary: '在“我的订单”中打开订单，逐行确认交期。',
    });
    // A category narrows it.
    expect(idsOf(await ok<Row[]>('loginList', { category: 'NEWS' }, NOBODY))).toEqual([ids.loginEn]);
  });

  it('in English, the English title, text and category where there are some, the Chinese ones where not', async () => {
    const rows = await ok<Row[]>('loginList', { pageRows: 50 }, { ...NOBODY, language: 'EN' });
    expect(rows.find((row) => row.articleId === ids.loginEn)).toMatchObject({
      title: 'Login page news',
      summary: 'English text',
      categoryName: 'News',
    });
    expect(rows.find((row) => row.articleId === ids.login)).toMatchObject({
      title: '登录页帮助',
      categoryName: 'Help',
    });
    const one = await ok('loginRead', { articleId: ids.loginEn }, { ...NOBODY, language: 'EN' });
    expect(one).toMatchObject({ title: 'Login page news', content: '<p>English text</p>' });
  });

  it('reads one login-page article to anyone; a draft, an unpublished one, one only on homes or none at all is the same 404', async () => {
    const one = await ok('loginRead', { articleId: ids.login }, NOBODY);
    expect(one).toMatchObject({
      title: '登录页帮助',
      content: '<p>在“我的订单”中打开订单，逐行确认交期。</p>',
    });
    expect(one).not.toHaveProperty('attachmentIds');
    const refusals = await Promise.all(
      [ids.draft, ids.unpublished, ids.homes, ids.inside, ids.outside, 987_654].map((articleId) =>
        call('loginRead', { articleId }, NOBODY),
      ),
    );
    for (const refused of refusals)
      expect([refused.httpStatus, refused.body.msg]).toEqual([404, '文章不存在或未发布']);
  });

  it('a supplier home never shows an article meant for the internal home; the internal home none meant for suppliers', async () => {
    const supplierRows = idsOf(await ok<Row[]>('homeList', { pageRows: 50 }, { actor: supplier }));
    expect(supplierRows).toEqual(expect.arrayContaining([ids.homes, ids.outside]));
    for (const hidden of [ids.inside, ids.login, ids.draft, ids.unpublished])
      expect(supplierRows).not.toContain(hidden);
    expect((await call('homeRead', { articleId: ids.inside }, { actor: supplier })).httpStatus).toBe(404);
    expect(await ok('homeRead', { articleId: ids.outside }, { actor: supplier })).toMatchObject({
      title: '供应商操作手册',
      fileCount: 1,
      attachmentIds: String(files.outside),
    });

    const insideRows = idsOf(await ok<Row[]>('homeList', { pageRows: 50 }, { actor: colleague }));
    expect(insideRows).toEqual(expect.arrayContaining([ids.homes, ids.inside]));
    expect(insideRows).not.toContain(ids.outside);
    expect((await call('homeRead', { articleId: ids.outside }, { actor: colleague })).httpStatus).toBe(404);
    // The homes need a session; the management list stays the administrators'.
    expect((await call('homeList', {}, NOBODY)).httpStatus).toBe(401);
    expect((await call('homeRead', { articleId: ids.homes }, NOBODY)).httpStatus).toBe(401);
    expect((await call('listByPage', {}, { actor: supplier })).httpStatus).toBe(403);
  });

  it('finds a home article by a word of its title or summary', async () => {
    expect(idsOf(await ok<Row[]>('homeList', { keyword: '付款' }, { actor: colleague }))).toEqual([
      ids.inside,
    ]);
    expect(await ok<Row[]>('homeList', { keyword: '100%_' }, { actor: colleague })).toEqual([]);
  });

  it('counts every opening without making the article a new version', async () => {
    const before = await ok('findById', { articleId: ids.homes });
    await ok('homeRead', { articleId: ids.homes }, { actor: supplier });
    const opens = await Promise.all(
      Array.from({ length: 5 }, () => call<Row>('homeRead', { articleId: ids.homes }, { actor: colleague })),
    );
    for (const open of opens) expect(open.body.status, open.body.msg).toBe('S');
    expect(Math.max(...opens.map((open) => Number(open.body.data.viewCount)))).toBe(6);
    const after = await ok('findById', { articleId: ids.homes });
    expect(after).toMatchObject({ viewCount: 6, versionNum: before.versionNum });
    // The login page counts too; a refused reading counts nothing.
    await ok('loginRead', { articleId: ids.login }, NOBODY);
    await call('loginRead', { articleId: ids.inside }, NOBODY);
    expect(await ok('findById', { articleId: ids.inside })).toMatchObject({ viewCount: 0 });
  });

  it('lets a supplier download the files of an article on its home only while it is there', async () => {
    const manual = files.outside;
    const policy = files.inside;
    expect(await download(manual, supplier)).toBe(200);
    expect(await download(policy, supplier)).toBe(404);
    // Taken away from the home, its files go with it.
    await ok('doUnpublish', { articleId: ids.outside });
    expect(await download(manual, supplier)).toBe(404);
  });
});

describe('the demo articles', () => {
  it('put a help article and a FAQ on the login page, news on both homes and a policy in draft, once', async () => {
    await server.seed([articleSeed]);
    await server.seed([articleSeed]);
    const login = (await ok<Row[]>('loginList', { pageRows: 50 }, NOBODY)).map((row) => row.title);
    expect(login).toEqual(expect.arrayContaining(['供应商注册与登录指南', '忘记密码或账号被锁定怎么办？']));
    expect(login.filter((title) => title === '供应商注册与登录指南')).toHaveLength(1);
    const homes = (await ok<Row[]>('homeList', { pageRows: 50 }, { actor: supplier })).map(
      (row) => row.title,
    );
    expect(homes).toEqual(expect.arrayContaining(['2027年度供应商大会将于3月18日在苏州召开']));
    const drafts = await ok<Row[]>('listByPage', { title: '2027年付款政策调整说明' });
    expect(drafts.map((row) => row.status)).toEqual(['DRAFT']);
  });
});
