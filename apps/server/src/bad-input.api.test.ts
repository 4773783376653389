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

/** Hostile multipart bodies: broken framing, odd part headers, hostile field names and values. */
function hostileForms(
  fileField: string,
  fields: readonly string[],
): { label: string; type: string; body: Buffer }[] {
  const b = 'fuzzBoundary7MA4YWxkTrZu0gW';
  const type = `multipart/form-data; boundary=${b}`;
  const part = (headers: string, content: string | Buffer) =>
    Buffer.concat([Buffer.from(`--${b}\r\n${headers}\r\n\r\n`), Buffer.from(content), Buffer.from('\r\n')]);
  const end = Buffer.from(`--${b}--\r\n`);
  const field = (name: string, value: string) =>
    part(`Content-Disposition: form-data; name="${name}"`, value);
  const file = (name: string, content: string | Buffer, extra = '') =>
    part(
      `Content-Disposition: form-data; name="${fileField}"; filename="${name}"${extra}\r\nContent-Type: application/pdf`,
      content,
    );
  const pdf = '%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n';
  const named = (value: string) => fields.map((name) => field(name, value));
  return [
    { label: 'no boundary', type: 'multipart/form-data', body: Buffer.from(pdf) },
    {
      label: 'a boundary of 300 characters',
      type: `multipart/form-data; boundary=${'x'.repeat(300)}`,
      body: Buffer.from(pdf),
    },
    { label: 'empty body', type, body: Buffer.alloc(0) },
    { label: 'no parts, only the end', type, body: end },
    { label: 'garbage', type, body: Buffer.from('\u0000\u00ff'.repeat(500), 'latin1') },
    { label: 'truncated file part', type, body: Buffer.concat([...named('1'), file('a.pdf', pdf)]) },
    {
      label: 'file part without a file name',
      type,
      body: Buffer.concat([
        ...named('1'),
        part(`Content-Disposition: form-data; name="${fileField}"`, pdf),
        end,
      ]),
    },
    { label: 'no disposition', type, body: Buffer.concat([part('Content-Type: text/plain', 'x'), end]) },
    {
      label: 'path in the file name',
      type,
      body: Buffer.concat([...named('1'), file('../../../etc/passwd.pdf', pdf), end]),
    },
    {
      label: 'NUL in the file name',
      type,
      body: Buffer.concat([...named('1'), file('a\u0000.pdf', pdf), end]),
    },
    {
      label: 'NUL in the fields',
      type,
      body: Buffer.concat([...named('a\u0000b'), file('a.pdf', pdf), end]),
    },
    {
      label: 'object-like fields',
      type,
      body: Buffer.concat([
        ...named('{"toString":1}'),
        field('__proto__', '{"x":1}'),
        field('constructor', 'x'),
        file('a.pdf', pdf),
        end,
      ]),
    },
    {
      label: 'a field of 2 MB',
      type,
      body: Buffer.concat([
        ...fields.map((name) => field(name, 'x'.repeat(2 * 1024 * 1024))),
        file('a.pdf', pdf),
        end,
      ]),
    },
    {
      label: 'a part header of 200 KB',
      type,
      body: Buffer.concat([
        part(`Content-Disposition: form-data; name="${'n'.repeat(200 * 1024)}"`, 'x'),
        file('a.pdf', pdf),
        end,
      ]),
    },
    {
      label: '2000 fields',
      type,
      body: Buffer.concat([
        ...Array.from({ length: 2000 }, (_, i) => field(`f${i}`, 'x')),
        file('a.pdf', pdf),
        end,
      ]),
    },
    {
      label: 'two files',
      type,
      body: Buffer.concat([...named('1'), file('a.pdf', pdf), file('b.pdf', pdf), end]),
    },
    {
      label: 'the file before the fields',
      type,
      body: Buffer.concat([file('a.pdf', pdf), ...named('1'), end]),
    },
    {
      label: 'a program named .pdf',
      type,
      body: Buffer.concat([
        ...named('1'),
        file('a.pdf', Buffer.from('MZ\u0090\u0000'.repeat(64), 'latin1')),
        end,
      ]),
    },
    { label: 'an empty file', type, body: Buffer.concat([...named('1'), file('a.pdf', ''), end]) },
    {
      label: 'filename* in RFC 5987 form',
      type,
      body: Buffer.concat([
        ...named('1'),
        part(
          `Content-Disposition: form-data; name="${fileField}"; filename*=UTF-8''%E6%8A%A5%E4%BB%B7%00.pdf`,
          pdf,
        ),
        end,
      ]),
    },
  ];
}

describe('every upload route', () => {
  it(
    'answers hostile multipart bodies with an E envelope and never a 5xx',
    { timeout: 600_000 },
    async () => {
      const uploads = server.app.routeInventory.filter(
        (route) =>
          route.url.startsWith('/api/') && route.method === 'POST' && route.declared?.inputFrom === 'form',
      );
      expect(uploads.length).toBeGreaterThanOrEqual(4);
      const failures: string[] = [];
      let sent = 0;
      for (const route of uploads) {
        const fileField = route.declared?.files?.[0] ?? 'file';
        const fields = Object.keys(route.declared?.input ?? {});
        for (const form of hostileForms(fileField, fields)) {
          const response = await server.app.inject({
            method: 'POST',
            url: route.url,
            headers: { 'x-test-actor': buyer, 'content-type': form.type },
            payload: form.body,
          });
          sent += 1;
          const type = String(response.headers['content-type'] ?? '');
          const answer = type.includes('json')
            ? (response.json() as { status?: string; msg?: string })
            : null;
          if (
            response.statusCode >= 500 ||
            (response.statusCode >= 400 && (answer?.status !== 'E' || !answer.msg))
          )
            failures.push(
              `${response.statusCode} ${route.url} (${form.label}): ${response.body.slice(0, 160)}`,
            );
        }
      }
      console.info(`multipart: ${sent} hostile bodies over ${uploads.length} upload routes`);
      expect(failures).toEqual([]);
      // A form that breaks off inside its file leaves no file and no record behind.
      const before = await server.count('base_attachment');
      const [truncated] = hostileForms('file', []).filter((form) => form.label === 'truncated file part');
      const broken = await server.app.inject({
        method: 'POST',
        url: '/api/file/v2/file/upload',
        headers: { 'x-test-actor': buyer, 'content-type': truncated!.type },
        payload: truncated!.body,
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toEqual({
        status: 'E',
        msg: '上传内容不是有效的表单（multipart/form-data），请重新上传',
        data: null,
      });
      expect(await server.count('base_attachment')).toBe(before);
      const health = await server.app.inject({ method: 'POST', url: '/api/base/health', payload: {} });
      expect(health.statusCode).toBe(200);
    },
  );
});
