// Bad input over the whole API gets a clear error, never a 5xx: every declared route of the
// application (the route inventory: entity routes, their endpoints and actions, and every
// platform route) is sent hostile values generated from its declared input (NUL characters,
// objects with non-callable toString/valueOf, __proto__, numbers beyond a double, arrays for
// scalars, deep nesting), by an internal user limited to one organisation. CI sends a fixed
// sample that still gives every route every shape (about a minute); SRM_FUZZ=full sends all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostileRequests, sampleHostile } from '@srm/platform/testing';
import { startTestServer, type TestServer } from './testing';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const buyer = JSON.stringify({ userId: 501, userName: 'buyer', orgIds: [1] });

async function send(method: 'GET' | 'POST', url: string, body?: string, language?: 'EN') {
  const response = await server.app.inject({
    method,
    url,
    headers: {
      'x-test-actor': buyer,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(language ? { 'saaf-language': language } : {}),
    },
    ...(body === undefined ? {} : { payload: body }),
  });
  return response;
}

describe('the defects reported (issue 14)', () => {
  const cases: [string, unknown, string][] = [
    ['/api/base/v1/auth/captchaRequired', { userName: 'a\u0000b' }, 'userName：不能包含空字符（U+0000）'],
    ['/api/base/v1/auth/forget/sendCode', { userName: 'a\u0000b' }, 'userName：不能包含空字符（U+0000）'],
    ['/api/file/v1/largeFile/uploadStatus', { uploadId: 'a\u0000b' }, 'uploadId：不能包含空字符（U+0000）'],
    [
      '/api/base/v1/auth/forget/sendCode',
      { userName: 'admin', channel: { toString: 1 } },
      '请选择通过邮箱或手机接收验证码',
    ],
    [
      '/api/srm/v1/srmBaseDistrictRestful/listByPage',
      { countryCode: { toString: 1 } },
      '查询条件 countryCode 有误',
    ],
    [
      '/api/file/v2/images/generateBlankImageWatermark',
      { text: { toString: 1 }, width: { valueOf: 1 } },
      expect.stringMatching(/^text：必须是文本/) as unknown as string,
    ],
    [
      '/api/report/v1/baseReportBackExportRestful/findById',
      { reportBackExportId: { toString: 1, valueOf: 1 } },
      '请选择要操作的记录',
    ],
  ];
  it.each(cases)('%s %j answers 400 with its message', async (url, body, msg) => {
    const response = await send('POST', url, JSON.stringify(body));
    expect({ status: response.statusCode, body: response.json() as unknown }).toMatchObject({
      status: 400,
      body: { status: 'E', msg },
    });
  });

  it('a lookup given an object with its own toString is refused on save with the field named', async () => {
    const response = await send(
      'POST',
      '/api/srm/v1/srmBaseDistrictRestful/saveOrUpdate',
      JSON.stringify({ districtCode: 'X1', districtName: 'x', levelNum: 1, countryCode: { toString: 1 } }),
      'EN',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 'E', msg: expect.stringContaining('{"toString":1}') });
  });
});

describe('every declared route', () => {
  it('answers hostile input with an E envelope and never a 5xx', { timeout: 1_800_000 }, async () => {
    const all = hostileRequests(server.app.routeInventory, server.runtime.registry);
    const requests =
      process.env.SRM_FUZZ === 'full' ? all : sampleHostile(all, { bodies: 2, singleStride: 40 });
    const routes = new Set(requests.map((request) => request.route));
    const declared = server.app.routeInventory.filter(
      (route) => route.url.startsWith('/api/') && (route.method === 'GET' || route.method === 'POST'),
    );
    // Every declared route is sent hostile input.
    expect(routes.size).toBeGreaterThanOrEqual(
      new Set(declared.map((route) => `${route.method} ${route.url}`)).size,
    );
    const failures: string[] = [];
    let fiveHundreds = 0;
    for (const request of requests) {
      const response = await send(request.method, request.url, request.body);
      const type = String(response.headers['content-type'] ?? '');
      const answer = type.includes('json') ? (response.json() as { status?: string; msg?: string }) : null;
      const bad =
        response.statusCode >= 500 || (response.statusCode >= 400 && (answer?.status !== 'E' || !answer.msg));
      if (response.statusCode >= 500) fiveHundreds += 1;
      if (bad && failures.length < 30)
        failures.push(
          `${response.statusCode} ${request.method} ${request.url.slice(0, 120)} (${request.label}): ${response.body.slice(0, 160)}`,
        );
    }
    console.info(
      `bad input: ${requests.length} requests of ${all.length} over ${routes.size} routes, ${fiveHundreds} 5xx`,
    );
    expect(failures).toEqual([]);
  });
});
