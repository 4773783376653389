// The users' column configurations of tables over real HTTP: saved per user and table, updated
// in place, read back, deleted; another user never sees or changes them; bad input is a 400 with
// a message in the caller's language and nothing written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_CONFIG_PATHS } from '@srm/kernel';
import { startTestServer, type TestServer } from './testing';

let server: TestServer;
const alice = { userId: 701, userName: 'alice' };
const bob = { userId: 702, userName: 'bob' };
const supplierUser = { userId: 703, userName: 'supplier-user', side: 'supplier' as const, supplierId: 1 };

interface Config {
  tableName: string;
  columns: { key: string; visible: boolean; width?: number; fixed?: string }[];
  lastUpdateDate: number;
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const columns = [
  { key: 'districtCode', visible: true, width: 150 },
  { key: 'districtName', visible: false },
  { key: 'countryCode', visible: true, fixed: 'left' },
];

describe('table configuration', () => {
  it('is saved, read back and updated in place for its user', async () => {
    const empty = await server.post<Config | null>(
      TABLE_CONFIG_PATHS.get,
      { tableName: 'entity:srmBaseDistrict' },
      { actor: alice },
    );
    expect(empty.httpStatus).toBe(200);
    expect(empty.body).toMatchObject({ status: 'S', data: null });

    const saved = await server.post<Config>(
      TABLE_CONFIG_PATHS.saveOrUpdate,
      { tableName: 'entity:srmBaseDistrict', columns },
      { actor: alice },
    );
    expect(saved.body.status).toBe('S');
    expect(saved.body.data.columns).toEqual(columns);

    const read = await server.post<Config>(
      TABLE_CONFIG_PATHS.get,
      { tableName: 'entity:srmBaseDistrict' },
      { actor: alice },
    );
    expect(read.body.data.columns).toEqual(columns);

    const changed = [
      { key: 'districtName', visible: true },
      { key: 'districtCode', visible: false },
    ];
    await server.post(
      TABLE_CONFIG_PATHS.saveOrUpdate,
      { tableName: 'entity:srmBaseDistrict', columns: changed },
      { actor: alice },
    );
    const again = await server.post<Config>(
      TABLE_CONFIG_PATHS.get,
      { tableName: 'entity:srmBaseDistrict' },
      { actor: alice },
    );
    expect(again.body.data.columns).toEqual(changed);
    expect(await server.count('base_user_table_config')).toBe(1);
  });

  it('belongs to its user: another user reads nothing and deletes nothing of it', async () => {
    await server.post(TABLE_CONFIG_PATHS.saveOrUpdate, { tableName: 'lines:x', columns }, { actor: alice });
    const other = await server.post<Config | null>(
      TABLE_CONFIG_PATHS.get,
      { tableName: 'lines:x' },
      { actor: bob },
    );
    expect(other.body.data).toBeNull();
    const supplier = await server.post<Config | null>(
      TABLE_CONFIG_PATHS.get,
      { tableName: 'lines:x' },
      { actor: supplierUser },
    );
    expect(supplier.body.data).toBeNull();

    const bobs = [{ key: 'districtCode', visible: false }];
    await server.post(
      TABLE_CONFIG_PATHS.saveOrUpdate,
      { tableName: 'lines:x', columns: bobs },
      { actor: bob },
    );
    const removed = await server.post<{ deleted: number }>(
      TABLE_CONFIG_PATHS.delete,
      { tableName: 'lines:x' },
      { actor: bob },
    );
    expect(removed.body.data.deleted).toBe(1);

    const alices = await server.post<Config>(
      TABLE_CONFIG_PATHS.get,
      { tableName: 'lines:x' },
      { actor: alice },
    );
    expect(alices.body.data.columns).toEqual(columns);
    const bobsNow = await server.post<Config | null>(
      TABLE_CONFIG_PATHS.get,
      { tableName: 'lines:x' },
      { actor: bob },
    );
    expect(bobsNow.body.data).toBeNull();
  });

  it('is deleted by its user: the defaults apply again', async () => {
    await server.post(TABLE_CONFIG_PATHS.saveOrUpdate, { tableName: 'gone', columns }, { actor: alice });
    const removed = await server.post<{ deleted: number }>(
      TABLE_CONFIG_PATHS.delete,
      { tableName: 'gone' },
      { actor: alice },
    );
    expect(removed.body).toMatchObject({ status: 'S', data: { deleted: 1 } });
    const read = await server.post<Config | null>(
      TABLE_CONFIG_PATHS.get,
      { tableName: 'gone' },
      { actor: alice },
    );
    expect(read.body.data).toBeNull();
  });

  it('refuses bad input with status E in the caller’s language, writing nothing', async () => {
    const before = await server.count('base_user_table_config');
    const cases: [unknown, string, string][] = [
      [{ columns }, '表格名称不能为空', 'The table name cannot be empty'],
      [
        { tableName: 'a b', columns },
        '表格名称只能包含字母、数字和 _ . : / -，且不超过 200 个字符',
        'The table name may only hold letters, digits and _ . : / -, at most 200 characters',
      ],
      [
        { tableName: 'x'.repeat(201), columns },
        '表格名称只能包含字母、数字和 _ . : / -，且不超过 200 个字符',
        'The table name may only hold letters, digits and _ . : / -, at most 200 characters',
      ],
      [{ tableName: 't' }, '列配置不能为空', 'The column configuration cannot be empty'],
      [{ tableName: 't', columns: [] }, '列配置不能为空', 'The column configuration cannot be empty'],
      [
        { tableName: 't', columns: 'districtCode' },
        '列配置不能为空',
        'The column configuration cannot be empty',
      ],
      [
        { tableName: 't', columns: [{ key: 'a' }] },
        '第 1 列的配置有误：须为 {key, visible, width?, fixed?}',
        'Column 1 is not valid: it must be {key, visible, width?, fixed?}',
      ],
      [
        { tableName: 't', columns: [{ key: 'a', visible: true, extra: 1 }] },
        '第 1 列的配置有误：须为 {key, visible, width?, fixed?}',
        'Column 1 is not valid: it must be {key, visible, width?, fixed?}',
      ],
      [
        { tableName: 't', columns: [{ key: 'a', visible: true, fixed: 'middle' }] },
        '第 1 列的配置有误：须为 {key, visible, width?, fixed?}',
        'Column 1 is not valid: it must be {key, visible, width?, fixed?}',
      ],
      [
        {
          tableName: 't',
          columns: [
            { key: 'a', visible: true },
            { key: 'b', visible: true, width: 5 },
          ],
        },
        '第 2 列的宽度须为 40 到 2000 之间的整数',
        'The width of column 2 must be a whole number from 40 to 2000',
      ],
      [
        {
          tableName: 't',
          columns: [
            { key: 'a', visible: true },
            { key: 'a', visible: false },
          ],
        },
        '列 a 重复配置',
        'Column a is configured twice',
      ],
      [
        { tableName: 't', columns: Array.from({ length: 301 }, (_, i) => ({ key: `c${i}`, visible: true })) },
        '列配置最多 300 列',
        'At most 300 columns can be configured',
      ],
    ];
    for (const [body, zh, en] of cases) {
      const cn = await server.post(TABLE_CONFIG_PATHS.saveOrUpdate, body, { actor: alice });
      expect(cn.httpStatus, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(cn.body).toMatchObject({ status: 'E', msg: zh });
      const english = await server.post(TABLE_CONFIG_PATHS.saveOrUpdate, body, {
        actor: alice,
        language: 'EN',
      });
      expect(english.body).toMatchObject({ status: 'E', msg: en });
    }
    const noName = await server.post(TABLE_CONFIG_PATHS.get, {}, { actor: alice });
    expect(noName).toMatchObject({ httpStatus: 400, body: { status: 'E', msg: '表格名称不能为空' } });
    const notObject = await server.post(TABLE_CONFIG_PATHS.delete, [1, 2], { actor: alice });
    expect(notObject.httpStatus).toBe(400);
    expect(notObject.body.status).toBe('E');
    expect(await server.count('base_user_table_config')).toBe(before);
  });

  it('needs a user: a caller that is no user gets 401', async () => {
    const answer = await server.post(TABLE_CONFIG_PATHS.get, { tableName: 't' }, { actor: { userId: null } });
    expect(answer.httpStatus).toBe(401);
    expect(answer.body.status).toBe('E');
  });
});
