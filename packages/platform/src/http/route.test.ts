// Every route under /api/ declares itself: a route without its input, scope or answers stops the
// server at start (naming the route), and a declared route's input is parsed before it runs.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, kernelMessages, number, refs, text } from '@srm/kernel';
import { success } from './envelope';
import { installHttpConventions } from './plugin';
import { declareRoute } from './route';
import { startEngine } from '../testing/engine';
import { testOrg } from '../testing/fixtures';

function conventions(knowsEntity?: (name: string) => boolean) {
  const app = Fastify({ logger: false });
  installHttpConventions(app, { messages: () => kernelMessages, ...(knowsEntity ? { knowsEntity } : {}) });
  return app;
}

/** Registers a route and readies the server: what a start does. */
async function start(
  register: (app: ReturnType<typeof conventions>) => void,
  knowsEntity?: (name: string) => boolean,
) {
  const app = conventions(knowsEntity);
  try {
    register(app);
    await app.ready();
  } finally {
    await app.close();
  }
}

describe('a route under /api/ that does not declare itself stops the server at start', () => {
  it('a rogue route with an access but nothing else', async () => {
    await expect(
      start((app) => app.post('/api/rogue/v1/thing', { config: { access: 'public' } }, async () => ({}))),
    ).rejects.toThrow('Route POST /api/rogue/v1/thing does not declare its summary, input, scope');
  });

  it('a route with a declaration that lacks its input, or names no known scope', async () => {
    const declared = { summary: 'x', scope: 'self', success: { kind: 'envelope' }, errors: [] };
    await expect(
      start((app) =>
        app.post(
          '/api/rogue/v1/noInput',
          { config: { access: 'authenticated', declared } },
          async () => ({}),
        ),
      ),
    ).rejects.toThrow('Route POST /api/rogue/v1/noInput does not declare its input');
    await expect(
      start(
        (app) =>
          declareRoute(app, {
            method: 'POST',
            path: '/api/rogue/v1/badScope',
            summary: 'rows of an entity that does not exist',
            input: {},
            access: 'authenticated',
            scope: 'noSuchEntity',
            handle: async () => success(null),
          }),
        (name) => name === 'testOrg',
      ),
    ).rejects.toThrow('Route POST /api/rogue/v1/badScope does not declare its scope');
  });

  it('routes outside /api/ (the web app) need no declaration', async () => {
    await expect(start((app) => app.get('/index.html', async () => 'page'))).resolves.toBeUndefined();
  });

  it('an entity endpoint without its input or scope stops the engine at start', async () => {
    await expect(
      startEngine({
        entities: [testOrg],
        actions: [
          {
            entity: testOrg,
            hooks: {
              endpoints: {
                rogue: {
                  summary: 'undeclared',
                  scope: '',
                  resource: 'read',
                  write: false,
                  handle: () => ({ data: null }),
                } as never,
              },
            },
          },
        ],
      }),
    ).rejects.toThrow('The endpoint /api/srm/v1/testOrgRestful/rogue does not declare its input, scope');
  });
});

describe('a declared route', () => {
  const app = conventions();
  let url = '';
  beforeAll(async () => {
    declareRoute(app, {
      method: 'POST',
      path: '/api/test/v1/echo',
      summary: 'Answers its input',
      input: {
        name: text({ required: true, max: 10 }),
        ids: refs('testOrg', { max: 3 }),
        count: number({ min: 1 }),
      },
      access: 'public',
      scope: 'none',
      handle: async ({ input }) => success(input),
    });
    declareRoute(app, {
      method: 'POST',
      path: '/api/test/v1/settings',
      summary: 'Answers a JSON value and what the handler read of the query itself',
      input: { value: json() },
      access: 'public',
      scope: 'none',
      handle: async ({ input, request }) => success({ value: input.value, query: request.query }),
    });
    declareRoute(app, {
      method: 'GET',
      path: '/api/test/v1/query',
      summary: 'Answers its query',
      input: { id: refs('testOrg', { required: true }) },
      access: 'public',
      scope: 'none',
      handle: async ({ input }) => success(input),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => app.close());

  const post = async (body: unknown, language?: 'EN') => {
    const response = await fetch(`${url}/api/test/v1/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(language ? { 'SAAF-Language': language } : {}) },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json()) as { status: string; msg: string; data: unknown },
    };
  };

  it('receives its input parsed: ids as a list or as "1,2", numbers from text', async () => {
    expect((await post({ name: ' Ann ', ids: '1, 2,2', count: '3' })).body).toEqual({
      status: 'S',
      msg: '',
      data: { name: 'Ann', ids: [1, 2], count: 3 },
    });
    expect((await post({ name: 'Bo', ids: [3] })).body.data).toEqual({ name: 'Bo', ids: [3] });
  });

  it('answers bad input with a 400 naming the field, in the caller language', async () => {
    expect(await post({ ids: [1] })).toMatchObject({ status: 400, body: { status: 'E', msg: 'name：必填' } });
    expect(await post({ name: 'x', count: 0 }, 'EN')).toMatchObject({
      status: 400,
      body: { msg: expect.stringMatching(/^count: /) },
    });
    expect(await post({ name: 'x', ids: [1, 2, 3, 4] }, 'EN')).toMatchObject({
      status: 400,
      body: { msg: 'ids: At most 3 items' },
    });
    expect(await post({ name: 'x', extra: 1 }, 'EN')).toMatchObject({
      status: 400,
      body: { msg: 'Unknown field: extra' },
    });
    expect(await post([1, 2], 'EN')).toMatchObject({
      status: 400,
      body: { msg: 'The request body must be an object' },
    });
  });

  it('refuses a NUL character anywhere, before any handler reads it, naming where it is', async () => {
    const nul = async (path: string, body: string, language?: 'EN') => {
      const response = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(language ? { 'SAAF-Language': language } : {}) },
        body,
      });
      return { status: response.status, body: (await response.json()) as { status: string; msg: string } };
    };
    // The query a handler reads itself, a name in a JSON value, the body itself.
    expect(await nul('/api/test/v1/settings?note=a%00b', '{}')).toMatchObject({
      status: 400,
      body: { status: 'E', msg: 'note：不能包含空字符（U+0000）' },
    });
    expect(
      await nul('/api/test/v1/settings', '{"value": {"list": [1, {"a\\u0000b": 1}]}}', 'EN'),
    ).toMatchObject({
      status: 400,
      body: { status: 'E', msg: 'value.list.1.ab: Must not contain a NUL character (U+0000)' },
    });
    expect(await nul('/api/test/v1/echo', '"x\\u0000"', 'EN')).toMatchObject({
      status: 400,
      body: { msg: 'Must not contain a NUL character (U+0000)' },
    });
  });

  it('refuses values nested deeper than any input nests', async () => {
    let deep: unknown = 1;
    for (let level = 0; level < 100; level += 1) deep = { a: deep };
    const response = await fetch(`${url}/api/test/v1/settings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ value: deep }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { msg: string }).msg).toMatch(/数据嵌套不能超过 64 层$/);
    const shallow = await fetch(`${url}/api/test/v1/settings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ value: { a: { b: [{ c: 1 }] } } }),
    });
    expect(shallow.status).toBe(200);
  });

  it('a GET reads its query', async () => {
    const ok = await fetch(`${url}/api/test/v1/query?id=4,5`);
    expect(await ok.json()).toMatchObject({ status: 'S', data: { id: [4, 5] } });
    const bad = await fetch(`${url}/api/test/v1/query?id=x`);
    expect(bad.status).toBe(400);
  });

  it('is listed with its declaration', () => {
    const entry = app.routeInventory.find((route) => route.url === '/api/test/v1/echo');
    expect(entry?.declared).toMatchObject({ summary: 'Answers its input', scope: 'none', inputFrom: 'body' });
  });
});
