// Issue 22's proof that app nodes are interchangeable: two server processes (`node
// apps/server/src/main.ts`, as server-process.testing.ts starts them) on one PostgreSQL database,
// started at the same moment on a NEW database, each with its own data directory (keys, caches,
// work files) and both with the same seal key and file store, as docs/configuration.md tells an
// operator to run them. Requests of one user go to either node; what one node does, the other
// must see (ADR 0033 lists what was node-local and where it went).
//
// Covered elsewhere on two nodes of one database: live events and in-app messages raised on one
// reaching a socket on the other (realtime.test.ts), schedules and requests (scheduler-sigkill,
// scheduler/runner/two-nodes), the interface and message outboxes (their two-nodes tests), large
// uploads whose chunks alternate between nodes (files.test.ts). PostgreSQL only: the embedded
// database belongs to one process.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readJournal } from '@srm/db';
import {
  ApiClient,
  type Answer,
  databaseUrlWithName,
  quoteIdent,
  startS3Peer,
  waitFor,
} from '@srm/platform/testing';
import { CAPTCHA_ALPHABET } from '@srm/platform';
import { DEMO_PASSWORD } from '@srm/domain/demo';
import { migrationsDir } from './paths';
import { type ServerProcess, killServer, startServer } from './server-process.testing';

type Row = Record<string, unknown>;

const onPostgres = !!process.env.DATABASE_URL;
if (!onPostgres)
  console.info('two-node suite: skipped on PGlite (two server processes cannot share the embedded database)');

const AUTH = '/api/base/v1/auth';
const BACK = '/api/report/v1/baseReportBackExportRestful';
const ORDERS = '/api/srm/v1/srmPoHeaderRestful/listByPage';

/** What the running pair needs undone, in the order it was made. */
let cleanup: (() => Promise<unknown> | unknown)[] = [];

let a: ServerProcess;
let b: ServerProcess;
let db: pg.Client;

const query = async <T = Row>(text: string, values: unknown[] = []): Promise<T[]> =>
  (await db.query(text, values)).rows as T[];

/** A client of `user` signed in on `node`. */
async function signedIn(node: ServerProcess, user: string, password = DEMO_PASSWORD): Promise<ApiClient> {
  const client = new ApiClient(node.url);
  const answer = await client.login(user, password);
  expect(answer.body.status, `${user}: ${answer.body.msg}`).toBe('S');
  return client;
}

/** The same session, its requests sent to another node. */
function on(node: ServerProcess, client: ApiClient): ApiClient {
  const other = new ApiClient(node.url);
  other.session = client.session;
  return other;
}

/** The answer of a captcha, found from the hash its node stored (4 letters of a small alphabet). */
async function captchaAnswerOf(captchaId: string): Promise<string> {
  const [row] = await query<{ code_hash: string }>(
    'select code_hash from base_captcha where captcha_id = $1',
    [captchaId],
  );
  const letters = [...CAPTCHA_ALPHABET];
  for (const p of letters)
    for (const q of letters)
      for (const r of letters)
        for (const s of letters) {
          const text = p + q + r + s;
          if (createHash('sha256').update(text).digest('hex') === row!.code_hash) return text;
        }
  throw new Error(`no answer for captcha ${captchaId}`);
}

/** The two ways nodes share files: a directory (NFS in production) or an S3-compatible store. */
const STORES = ['a shared directory', 'an S3-compatible store'] as const;
type Store = (typeof STORES)[number];

/** What a node is told of the file store, beside its own data directory. */
async function storeEnv(store: Store, shared: string): Promise<Record<string, string>> {
  if (store === 'a shared directory') return { SRM_FILES_DIR: join(shared, 'files') };
  const peer = await startS3Peer(shared, 'srm-two-nodes');
  cleanup.push(() => peer.close());
  return {
    SRM_STORAGE: 's3',
    SRM_S3_ENDPOINT: peer.endpoint,
    SRM_S3_BUCKET: 'srm-two-nodes',
    SRM_S3_ACCESS_KEY_ID: 'S3RVER',
    SRM_S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
}

describe.runIf(onPostgres).each(STORES)('two app nodes on one PostgreSQL database, files in %s', (store) => {
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
    cleanup = [];
  }, 120_000);

  beforeAll(async () => {
    const template = inject('srmTemplate');
    if (template.kind !== 'postgres') throw new Error('the two-node suite needs PostgreSQL');
    const admin = new pg.Client({ connectionString: template.adminUrl });
    await admin.connect();
    const name = `${template.templateName.replace(/_tpl_\d+$/, '')}_two_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database ${quoteIdent(name)}`);
    cleanup.push(async () => {
      await admin.query(`drop database if exists ${quoteIdent(name)} with (force)`);
      await admin.end();
    });
    const url = databaseUrlWithName(template.adminUrl, name);
    const shared = mkdtempSync(join(tmpdir(), 'srm-two-nodes-'));
    cleanup.push(() => rmSync(shared, { recursive: true, force: true }));
    const sealKey = randomBytes(32).toString('base64');
    const files = await storeEnv(store, shared);
    const env = (node: string) => ({
      DATABASE_URL: url,
      SRM_DATA_DIR: join(shared, node),
      // What the nodes share besides the database: the seal key and the file store.
      SRM_SEAL_KEY: sealKey,
      ...files,
      SRM_JOB_POLL_SECONDS: '0.5',
    });
    // Both at the same moment on a database that has no table yet.
    [a, b] = await Promise.all([startServer(env('a'), 480_000), startServer(env('b'), 480_000)]);
    cleanup.push(
      () => killServer(a),
      () => killServer(b),
    );
    db = new pg.Client({ connectionString: url });
    await db.connect();
    cleanup.push(() => db.end());
  }, 600_000);

  it('applies the migrations and loads the demo data once when both start together on a new database', async () => {
    const journal = readJournal(migrationsDir);
    const [migrations] = await query<{ rows: number; hashes: number }>(
      'select count(*)::int as rows, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations',
    );
    expect(migrations).toEqual({ rows: journal.length, hashes: journal.length });
    // Seeds that ran twice side by side would have made every demo supplier twice.
    const [suppliers] = await query<{ rows: number; names: number }>(
      'select count(*)::int as rows, count(distinct supplier_name)::int as names from srm_supplier_info',
    );
    expect(suppliers!.rows).toBeGreaterThan(1);
    expect(suppliers!.rows).toBe(suppliers!.names);
    const [orders] = await query<{ rows: number; numbers: number }>(
      'select count(*)::int as rows, count(distinct po_number)::int as numbers from srm_po_header',
    );
    expect(orders!.rows).toBe(orders!.numbers);
  });

  it('signs in on B with a password encrypted by A’s public key; a session made on A works on B; logout on A ends it on B', async () => {
    const viaA = new ApiClient(a.url);
    const password = await viaA.encrypt(DEMO_PASSWORD);
    const login = await new ApiClient(b.url).call<Row>(`${AUTH}/login`, { userName: 'buyer', password });
    expect(login.body.status, login.body.msg).toBe('S');

    const buyer = await signedIn(a, 'buyer');
    const onB = on(b, buyer);
    expect((await onB.call(ORDERS, { pageRows: 5 })).body.status).toBe('S');
    expect((await buyer.call(`${AUTH}/logout`)).body.status).toBe('S');
    const after = await onB.call(ORDERS, { pageRows: 5 });
    expect(after.httpStatus).toBe(401);
  });

  it('ends on B the sessions of a password changed on A and of an account disabled on A', async () => {
    const finance = await signedIn(a, 'finance');
    const financeOnB = on(b, await signedIn(b, 'finance'));
    expect((await financeOnB.call(`${AUTH}/current`)).body.status).toBe('S');
    const changed = await finance.call(`${AUTH}/changePassword`, {
      oldPassword: await finance.encrypt(DEMO_PASSWORD),
      newPassword: await finance.encrypt('Changed#2026x'),
    });
    expect(changed.body.status, changed.body.msg).toBe('S');
    expect((await financeOnB.call(`${AUTH}/current`)).httpStatus).toBe(401);

    const supplier = await signedIn(b, 'sup_b');
    expect((await supplier.call(`${AUTH}/current`)).body.status).toBe('S');
    const admin = await signedIn(a, 'admin');
    const [user] = await query<{ user_id: string }>(
      "select user_id from base_user where user_name = 'sup_b'",
    );
    const disabled = await admin.call('/api/base/v1/baseUserRestful/doDisable', {
      userId: Number(user!.user_id),
    });
    expect(disabled.body.status, disabled.body.msg).toBe('S');
    expect((await supplier.call(`${AUTH}/current`)).httpStatus).toBe(401);
    const again = await new ApiClient(b.url).login('sup_b', DEMO_PASSWORD);
    expect(again.httpStatus).toBe(403);
  });

  it('refuses on B a signed request first seen on A (the replay guard is shared)', async () => {
    const buyer = await signedIn(a, 'buyer');
    const body = JSON.stringify({ pageRows: 5 });
    const headers = await buyer.signedHeaders(ORDERS, body);
    expect((await buyer.send(ORDERS, body, headers)).body.status).toBe('S');
    const replayed: Answer = await on(b, buyer).send(ORDERS, body, headers);
    expect(replayed.httpStatus).toBe(401);
    expect(replayed.body.status).toBe('E');
  });

  it('checks on B a captcha A issued, and counts failures on both nodes toward one lock', async () => {
    const nodes = [a, b];
    const user = 'approver';
    const fail = async (index: number, captcha?: { captchaId: string; captchaCode: string }) =>
      new ApiClient(nodes[index % 2]!.url).login(user, 'wrong-password-1', captcha);
    // Three failures, alternating: then either node asks for a captcha.
    for (let i = 0; i < 3; i++) expect((await fail(i)).httpStatus).toBe(401);
    for (const node of nodes) {
      const required = await new ApiClient(node.url).call(`${AUTH}/captchaRequired`, { userName: user });
      expect(required.body.data).toEqual({ required: true });
    }
    expect((await fail(3)).body.data).toMatchObject({ captchaRequired: true });
    // A captcha from one node, answered on the other, until the tenth failure locks the account.
    let last: Answer | undefined;
    for (let i = 3; i < 10; i++) {
      const issued = await new ApiClient(nodes[(i + 1) % 2]!.url).call<{ captchaId: string }>(
        `${AUTH}/generateRandomValidate`,
      );
      const { captchaId } = issued.body.data;
      last = await fail(i, { captchaId, captchaCode: await captchaAnswerOf(captchaId) });
      if (i < 9) expect(last.httpStatus, last.body.msg).toBe(401);
    }
    expect(last!.httpStatus).toBe(403);
    // Locked on both: the right password is refused wherever it is tried.
    for (const node of nodes) {
      const locked = await new ApiClient(node.url).login(user, DEMO_PASSWORD);
      expect(locked.httpStatus).toBe(403);
    }
  });

  it('numbers background exports started on both nodes at once without a duplicate, runs each once, and downloads them from either node', async () => {
    const buyerA = await signedIn(a, 'buyer');
    const buyerB = on(b, buyerA);
    // Each file its own content (its column's title): the store keeps files by their SHA-256, so
    // equal files made on both nodes would be found on both without a shared store.
    const paramsValue = (i: number) =>
      JSON.stringify({
        requestUrl: ORDERS,
        requestParams: { orderBy: 'poNumber asc' },
        columns: [{ key: 'poNumber', title: `订单号 ${i}` }],
      });
    const started = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? buyerB : buyerA).call<Row>(`${BACK}/doBackExport`, {
          paramsValue: paramsValue(i),
          fileName: `两节点导出${i}`,
        }),
      ),
    );
    for (const answer of started) expect(answer.body.status, answer.body.msg).toBe('S');
    const numbers = started.map((answer) => answer.body.data.exportNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
    const ids = started.map((answer) => Number(answer.body.data.reportBackExportId));
    const done = await waitFor(
      () =>
        query<{ status: string; attachment_id: string | null }>(
          'select export_status as status, attachment_id from base_report_back_export where report_back_export_id = any($1)',
          [ids],
        ),
      (rows) =>
        rows.length === ids.length && rows.every((row) => row.status === 'DONE' || row.status === 'FAILED'),
      120_000,
    );
    expect(done.map((row) => row.status)).toEqual(ids.map(() => 'DONE'));
    // Each export made one file: a job that ran twice would have stored a second.
    const attachments = new Set(done.map((row) => row.attachment_id));
    expect(attachments.size).toBe(ids.length);
    const [orders] = await query<{ rows: number }>('select count(*)::int as rows from srm_po_header');
    for (const [index, id] of [...attachments].entries()) {
      const client = index % 2 ? buyerB : buyerA;
      const file = await client.fetch(`/api/file/v2/file/download?id=${id}`);
      expect(file.status).toBe(200);
      const bytes = Buffer.from(await file.arrayBuffer());
      expect(bytes.subarray(0, 2).toString()).toBe('PK');
    }
    expect(orders!.rows).toBeGreaterThan(0);
  });

  it('takes the chunks of a large upload alternately on A and B, the last two at once, and stores the file once', async () => {
    const buyerA = await signedIn(a, 'buyer');
    const buyerB = on(b, buyerA);
    const chunkSize = 1024 * 1024;
    const file = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(4 * chunkSize)]);
    const sha256 = createHash('sha256').update(file).digest('hex');
    const uploadId = `two-nodes-${randomBytes(8).toString('hex')}`;
    const send = async (client: ApiClient, index: number) => {
      const form = new FormData();
      form.append('uploadId', uploadId);
      form.append('fileName', '两节点图纸.pdf');
      form.append('totalSize', String(file.length));
      form.append('chunkSize', String(chunkSize));
      form.append('chunkIndex', String(index));
      form.append('sha256', sha256);
      form.append(
        'chunk',
        new Blob([file.subarray(index * chunkSize, (index + 1) * chunkSize)]),
        '两节点图纸.pdf',
      );
      const response = await client.fetch('/api/largeFile/v1/largeFile/upload', { form });
      return (await response.json()) as { status: string; msg: string; data: Row };
    };
    for (const [index, client] of [buyerA, buyerB, buyerA].entries()) {
      const answer = await send(client, index);
      expect(answer.status, answer.msg).toBe('S');
      expect(answer.data.done).toBe(false);
    }
    // The last two chunks at the same moment, one on each node: one of them finishes.
    const last = await Promise.all([send(buyerB, 3), send(buyerA, 4)]);
    for (const answer of last) expect(answer.status, answer.msg).toBe('S');
    const finished = last.filter((answer) => answer.data.done);
    expect(finished).toHaveLength(1);
    expect(finished[0]!.data.sha256).toBe(sha256);
    const id = (finished[0]!.data.attachment as Row).id as number;
    const [files] = await query<{ n: number }>(
      "select count(*)::int as n from base_attachment where original_file_name = '两节点图纸.pdf'",
    );
    expect(files!.n).toBe(1);
    for (const client of [buyerA, buyerB]) {
      const download = await client.fetch(`/api/largeFile/v1/largeFile/download?id=${id}`, { method: 'GET' });
      expect(download.status).toBe(200);
      expect(
        createHash('sha256')
          .update(Buffer.from(await download.arrayBuffer()))
          .digest('hex'),
      ).toBe(sha256);
    }
  });

  it('refuses on B within 1 s a permission taken away on A, and allows it again within 1 s once given back', async () => {
    const buyer = await signedIn(b, 'buyer');
    const admin = await signedIn(a, 'admin');
    // B has the buyer's grants cached now.
    expect((await buyer.call(ORDERS, { pageRows: 1 })).body.status).toBe('S');
    const roles = await query<{ role_id: string }>(
      `select distinct rr.role_id from base_user u
         join base_user_responsibility ur on ur.user_id = u.user_id
         join base_responsibility_role rr on rr.responsibility_id = ur.responsibility_id
        where u.user_name = 'buyer'`,
    );
    const setRoles = async (enabledFlag: 'Y' | 'N') => {
      for (const { role_id } of roles) {
        const found = await admin.call<Row>('/api/base/v1/baseRoleRestful/findById', {
          roleId: Number(role_id),
        });
        expect(found.body.status, found.body.msg).toBe('S');
        const saved = await admin.call('/api/base/v1/baseRoleRestful/saveOrUpdate', {
          roleId: Number(role_id),
          versionNum: found.body.data.versionNum,
          enabledFlag,
        });
        expect(saved.body.status, saved.body.msg).toBe('S');
      }
    };
    // The bound: a node caching grants for seconds (as before the notices) fails here.
    const within1s = (expected: number) =>
      waitFor(
        async () => (await buyer.call(ORDERS, { pageRows: 1 })).httpStatus,
        (status) => status === expected,
        1_000,
      );
    await setRoles('N');
    await within1s(403);
    await setRoles('Y');
    await within1s(200);
  });
});
