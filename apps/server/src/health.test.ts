// Health answers OK only while the database answers a real query: a database whose tables
// cannot be read is reported (503, an E envelope in the caller's language), not "OK".
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const health = (language?: 'EN') =>
  server.post<{ db: string }>('/api/base/health', {}, language ? { language } : {});

describe('POST /api/base/health', () => {
  it('answers OK with the database kind when the database answers', async () => {
    expect(await health()).toMatchObject({
      httpStatus: 200,
      body: { status: 'S', data: { db: expect.any(String) } },
    });
  });

  it('answers 503 when the tables every signed request reads cannot be read', async () => {
    await server.database.db.execute(sql`alter table base_session rename to base_session_away`);
    try {
      expect(await health()).toEqual({
        httpStatus: 503,
        body: { status: 'E', msg: '数据库无法应答查询，服务暂不可用', data: null },
      });
      expect((await health('EN')).body.msg).toBe(
        'The database does not answer queries: the service is unavailable',
      );
    } finally {
      await server.database.db.execute(sql`alter table base_session_away rename to base_session`);
    }
    expect((await health()).httpStatus).toBe(200);
  });
});
