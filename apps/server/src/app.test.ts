import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('POST /api/base/health', () => {
  it('answers the envelope with the database kind, version and migrations', async () => {
    const { httpStatus, body } = await server.post('/api/base/health');
    expect(httpStatus).toBe(200);
    expect(body).toMatchObject({
      status: 'S',
      data: {
        db: process.env.DATABASE_URL ? 'postgres' : 'pglite',
        version: expect.stringMatching(/^\d+\.\d+\.\d+/),
        migrations: { applied: expect.any(Number) },
      },
    });
  });
});

describe('errors are envelopes in the caller language, never a stack trace', () => {
  it('an unknown endpoint is a 404 with status E in Chinese by default', async () => {
    const { httpStatus, body } = await server.post('/api/srm/v1/noSuchRestful/listByPage');
    expect(httpStatus).toBe(404);
    expect(body).toEqual({
      status: 'E',
      msg: '请求的接口不存在：/api/srm/v1/noSuchRestful/listByPage',
      data: null,
    });
  });

  it('answers in English when SAAF-Language is EN', async () => {
    const { body } = await server.post('/api/nothing', {}, { language: 'EN' });
    expect(body).toMatchObject({ status: 'E', msg: 'No such endpoint: /api/nothing' });
  });

  it('a body that is not JSON is a 400', async () => {
    const { httpStatus, body } = await server.post('/api/base/health', '{not json');
    expect(httpStatus).toBe(400);
    expect(body).toMatchObject({ status: 'E', msg: '请求内容不是有效的 JSON' });
  });

  it('a response carries a request id', async () => {
    const response = await fetch(`${server.url}/api/base/health`, { method: 'POST' });
    expect(response.headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/);
  });
});
