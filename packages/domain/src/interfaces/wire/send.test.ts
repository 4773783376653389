// Rules of the wire layer against a real HTTP server (the fake ERP): what is retried, how long to wait, how interceptors sign and fetch tokens.
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { startFakeErp, type FakeErp } from '../testing/fake-erp';
import {
  INTERCEPTORS,
  interceptorsOfKind,
  withQuery,
  type Interceptor,
  type InterceptorContext,
  type MutableWireRequest,
} from './interceptors';
import { backoffMs, classify, retryAfterMs, send } from './send';
import type { WireRequest } from './types';

let erp: FakeErp;

beforeAll(async () => {
  erp = await startFakeErp();
});
afterAll(async () => {
  await erp.close();
});
beforeEach(() => erp.reset());

function post(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  timeoutMs = 5000,
): WireRequest {
  return {
    url: `${erp.url}${path}`,
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
    timeoutMs,
  };
}

function context(overrides: Partial<InterceptorContext> = {}): InterceptorContext {
  let nonce = 0;
  return { now: () => Date.now(), nonce: () => `n${++nonce}`, send, cache: new Map(), ...overrides };
}

function interceptor(name: string): Interceptor {
  const found = INTERCEPTORS.get(name);
  if (!found) throw new Error(`no interceptor ${name}`);
  return found;
}

function mutable(request: WireRequest): MutableWireRequest {
  return { ...request, headers: { ...request.headers } };
}

describe('send and classify', () => {
  it('a 200 answer is not an error, and its JSON body and lower-cased headers come back', async () => {
    const result = await send(post('/orders', { biz_id: 'PO-1' }));
    expect(result).toMatchObject({
      kind: 'answer',
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
    if (result.kind !== 'answer') throw new Error('expected an answer');
    expect(JSON.parse(result.text)).toEqual({ code: '0', data: { erpNo: 'ERP-1' } });
    expect(result.durationMs).toBeGreaterThan(0);
    expect(classify(result)).toEqual({ retryable: false, errorClass: null });
    expect(erp.effects('PO-1')).toBe(1);
  });

  it('a 500 is retried as http5xx', async () => {
    erp.script('/orders', [{ status: 500 }]);
    const result = await send(post('/orders', { biz_id: 'PO-1' }));
    expect(result).toMatchObject({ kind: 'answer', status: 500 });
    expect(classify(result)).toEqual({ retryable: true, errorClass: 'http5xx' });
    expect(erp.effects('PO-1')).toBe(0);
  });

  it('a 400 is not retried', async () => {
    erp.script('/orders', [{ status: 400, body: '{"code":"E","message":"bad supplier"}' }]);
    const result = await send(post('/orders', { biz_id: 'PO-1' }));
    expect(classify(result)).toEqual({ retryable: false, errorClass: 'http4xx' });
  });

  it('408, 425 and 429 are 4xx that are retried', () => {
    for (const status of [408, 425, 429]) {
      const result = { kind: 'answer', status, headers: {}, text: '', durationMs: 1 } as const;
      expect(classify(result)).toEqual({ retryable: true, errorClass: 'http4xx' });
    }
  });

  it('a redirect is not followed and is not an error', async () => {
    erp.script('/orders', [{ status: 302, body: '', headers: { Location: '/elsewhere' } }]);
    const result = await send(post('/orders', { biz_id: 'PO-1' }));
    expect(result).toMatchObject({ kind: 'answer', status: 302, headers: { location: '/elsewhere' } });
    expect(classify(result)).toEqual({ retryable: false, errorClass: null });
    expect(erp.calls.map((call) => call.path)).toEqual(['/orders']);
  });

  it('a 429 with Retry-After: 3 waits 3000 ms', async () => {
    erp.script('/orders', [{ status: 429, headers: { 'Retry-After': '3' } }]);
    const result = await send(post('/orders', { biz_id: 'PO-1' }));
    if (result.kind !== 'answer') throw new Error('expected an answer');
    expect(classify(result).retryable).toBe(true);
    expect(retryAfterMs(result.headers, Date.now())).toBe(3000);
  });

  it('an answer lost after the ERP committed is a retryable network failure, and one document exists', async () => {
    erp.script('/orders', ['commit-then-close']);
    const result = await send(post('/orders', { biz_id: 'PO-1' }, { 'Idempotency-Key': 'row-1' }));
    expect(result).toMatchObject({ kind: 'failure', errorClass: 'network' });
    if (result.kind === 'failure') expect(result.message).toContain('ECONNRESET');
    expect(classify(result)).toEqual({ retryable: true, errorClass: 'network' });
    expect(erp.effects('row-1')).toBe(1);
    expect(erp.attempts('row-1')).toBe(1);

    // The retry with the same key finds the document instead of creating a second one.
    const retry = await send(post('/orders', { biz_id: 'PO-1' }, { 'Idempotency-Key': 'row-1' }));
    expect(retry).toMatchObject({ kind: 'answer', status: 200 });
    expect(erp.effects('row-1')).toBe(1);
    expect(erp.attempts('row-1')).toBe(2);
    expect(erp.arrivals()).toEqual(['row-1']);
  });

  it('a refused connection is a network failure, not an exception', async () => {
    const closed = await startFakeErp();
    const url = closed.url;
    await closed.close();
    const result = await send({
      url: `${url}/orders`,
      method: 'POST',
      headers: {},
      body: '{}',
      timeoutMs: 2000,
    });
    expect(result).toMatchObject({ kind: 'failure', errorClass: 'network' });
    if (result.kind === 'failure') expect(result.message).toContain('ECONNREFUSED');
  });

  it('an answer whose body breaks off is a network failure', async () => {
    // The fake ERP answers whole or not at all; this server promises 100 bytes and sends 5.
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Length': '100' });
      response.write('{"cod', () => response.socket?.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const result = await send({
        url: `http://127.0.0.1:${port}/orders`,
        method: 'POST',
        headers: {},
        body: '{}',
        timeoutMs: 2000,
      });
      expect(result).toMatchObject({ kind: 'failure', errorClass: 'network' });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('an answer whose body stalls past the timeout is a timeout; a gzip answer is read decoded', async () => {
    const heard: { type?: string; length?: string }[] = [];
    const server = createServer((request, response) => {
      heard.push({ type: request.headers['content-type'], length: request.headers['content-length'] });
      if (request.url === '/stall') {
        response.writeHead(200, { 'Content-Length': '100' });
        response.write('{"cod');
        return;
      }
      response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
      response.end(gzipSync(JSON.stringify({ code: '0', note: '已接收' })));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const call = (path: string, timeoutMs: number) =>
      send({ url: `http://127.0.0.1:${port}${path}`, method: 'POST', headers: {}, body: '单据', timeoutMs });
    try {
      expect(await call('/stall', 200)).toMatchObject({ kind: 'failure', errorClass: 'timeout' });
      const answer = await call('/zipped', 2000);
      expect(answer).toMatchObject({ kind: 'answer', status: 200 });
      if (answer.kind === 'answer') expect(JSON.parse(answer.text)).toEqual({ code: '0', note: '已接收' });
      // A text body without a type goes out as fetch sent it, with its length in bytes.
      expect(heard[1]).toEqual({ type: 'text/plain;charset=UTF-8', length: '6' });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('an answer slower than the timeout is a timeout', async () => {
    erp.script('/orders', [{ delayMs: 500, then: 'ok' }]);
    const result = await send(post('/orders', { biz_id: 'PO-1' }, {}, 100));
    expect(result).toMatchObject({ kind: 'failure', errorClass: 'timeout' });
    expect(classify(result)).toEqual({ retryable: true, errorClass: 'timeout' });
    expect(result.durationMs).toBeLessThan(450);
  });

  it('an XML call is answered with a SOAP envelope and keyed by its <biz_id>', async () => {
    const result = await send({
      url: `${erp.url}/soap`,
      method: 'POST',
      headers: { 'Content-Type': 'text/xml; charset=utf-8' },
      body: '<Envelope><Body><Order><biz_id>PO-9</biz_id></Order></Body></Envelope>',
      timeoutMs: 5000,
    });
    if (result.kind !== 'answer') throw new Error('expected an answer');
    expect(result.text).toContain('<Response><code>0</code><erpNo>ERP-1</erpNo></Response>');
    expect(erp.effects('PO-9')).toBe(1);
  });
});

describe('retryAfterMs', () => {
  const now = Date.parse('2024-05-01T08:00:00Z');

  it('reads delta seconds and HTTP dates, never waits longer than an hour, and ignores nonsense', () => {
    expect(retryAfterMs({ 'retry-after': '0' }, now)).toBe(0);
    expect(retryAfterMs({ 'retry-after': 'Wed, 01 May 2024 08:00:30 GMT' }, now)).toBe(30_000);
    expect(retryAfterMs({ 'retry-after': 'Wed May  1 08:00:30 2024' }, now)).toBe(30_000);
    expect(retryAfterMs({ 'retry-after': 'Tue, 30 Apr 2024 08:00:00 GMT' }, now)).toBe(0);
    expect(retryAfterMs({ 'retry-after': '86400' }, now)).toBe(3_600_000);
    expect(retryAfterMs({ 'retry-after': '3.5' }, now)).toBeNull();
    expect(retryAfterMs({ 'retry-after': 'soon' }, now)).toBeNull();
    expect(retryAfterMs({}, now)).toBeNull();
  });
});

describe('backoffMs', () => {
  it('stays within [d/2, d] of the capped exponential delay (equal jitter)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 600_000 }),
        fc.integer({ min: 0, max: 3_600_000 }),
        fc.boolean(),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (attempt, delayMs, maxDelayMs, backoff, r) => {
          const d = backoff ? Math.min(maxDelayMs, delayMs * 2 ** (attempt - 1)) : delayMs;
          const wait = backoffMs(attempt, { delayMs, maxDelayMs, backoff }, () => r);
          expect(wait).toBeGreaterThanOrEqual(d / 2);
          expect(wait).toBeLessThanOrEqual(d);
          if (backoff) expect(wait).toBeLessThanOrEqual(maxDelayMs);
        },
      ),
    );
  });

  it('doubles per attempt until the cap', () => {
    const policy = { delayMs: 1000, maxDelayMs: 10_000, backoff: true };
    const top = (attempt: number) => backoffMs(attempt, policy, () => 1 - Number.EPSILON);
    expect([1, 2, 3, 4, 5, 1000].map(top)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(backoffMs(3, policy, () => 0)).toBe(2000);
    expect(backoffMs(7, { ...policy, backoff: false }, () => 0)).toBe(500);
  });
});

describe('interceptors', () => {
  it('are offered by kind', () => {
    expect(interceptorsOfKind('PARAMS').map((i) => i.name)).toEqual([
      'DINGTALK_ROBOT_SIGN',
      'WECOM_ROBOT_KEY',
      'FEISHU_ROBOT_SIGN',
      'DINGTALK_ACCESS_TOKEN',
      'WECOM_ACCESS_TOKEN',
      'U8_TRADE_ID',
    ]);
    expect(interceptorsOfKind('HEADER').map((i) => i.name)).toEqual([
      'TIMESTAMP_NONCE_SIGN',
      'FEISHU_TENANT_TOKEN',
      'OAUTH2_CLIENT_CREDENTIALS',
      'SAP_CSRF_TOKEN',
    ]);
  });

  it('TIMESTAMP_NONCE_SIGN signs key, timestamp, nonce and body so that the receiver can verify it', async () => {
    const request = mutable(post('/orders', { biz_id: 'PO-1', qty: 3 }));
    await interceptor('TIMESTAMP_NONCE_SIGN').apply(
      request,
      { appKey: 'srm', secret: 's3cret' },
      context({ now: () => 1_714_550_400_123, nonce: () => 'abc' }),
    );
    await send(request);
    const [call] = erp.calls;
    if (!call) throw new Error('no call arrived');
    expect(call.headers).toMatchObject({
      'x-app-key': 'srm',
      'x-timestamp': '1714550400123',
      'x-nonce': 'abc',
    });
    const expected = createHmac('sha256', 's3cret')
      .update(`srm\n${call.headers['x-timestamp']}\n${call.headers['x-nonce']}\n${call.body}`)
      .digest('hex');
    expect(call.headers['x-signature']).toBe(expected);
  });

  it('DINGTALK_ROBOT_SIGN adds timestamp and the url-encoded base64 sign', async () => {
    const request = mutable(post('/robot/send?access_token=abc', { msgtype: 'text' }));
    await interceptor('DINGTALK_ROBOT_SIGN').apply(
      request,
      { secret: 'SECxyz' },
      context({ now: () => 1000 }),
    );
    const sign = createHmac('sha256', 'SECxyz').update('1000\nSECxyz').digest('base64');
    expect(request.url).toBe(
      `${erp.url}/robot/send?access_token=abc&timestamp=1000&sign=${encodeURIComponent(sign)}`,
    );
    await send(request);
    expect(new URL(`${erp.url}${erp.calls[0]?.url}`).searchParams.get('sign')).toBe(sign);
  });

  it('WECOM_ROBOT_KEY adds the key, once however often it is applied', async () => {
    const request = mutable(post('/cgi-bin/webhook/send', { msgtype: 'text' }));
    const wecom = interceptor('WECOM_ROBOT_KEY');
    await wecom.apply(request, { key: 'k-1' }, context());
    await wecom.apply(request, { key: 'k-1' }, context());
    expect(request.url).toBe(`${erp.url}/cgi-bin/webhook/send?key=k-1`);
    expect(withQuery('/a?x=%7E&key=old#top', { key: 'n w' })).toBe('/a?x=%7E&key=n%20w#top');
  });

  it('FEISHU_ROBOT_SIGN puts the timestamp in seconds and the sign into the JSON body', async () => {
    const request = mutable(
      post('/open-apis/bot/v2/hook/abc', { msg_type: 'text', content: { text: '到货' } }),
    );
    await interceptor('FEISHU_ROBOT_SIGN').apply(
      request,
      { secret: 'fs-secret' },
      context({ now: () => 1_700_000_000_999 }),
    );
    await send(request);
    const body = JSON.parse(erp.calls[0]!.body) as Record<string, unknown>;
    // Feishu checks the HMAC whose key is "timestamp\nsecret" over an empty message.
    const sign = createHmac('sha256', '1700000000\nfs-secret').update('').digest('base64');
    expect(body).toEqual({ msg_type: 'text', content: { text: '到货' }, timestamp: '1700000000', sign });
    const broken = mutable(post('/open-apis/bot/v2/hook/abc', { a: 1 }));
    broken.body = 'not json';
    await expect(interceptor('FEISHU_ROBOT_SIGN').apply(broken, { secret: 's' }, context())).rejects.toThrow(
      /JSON/,
    );
  });

  it('OAUTH2_CLIENT_CREDENTIALS fetches the token once for two calls', async () => {
    erp.script('/token', [{ status: 200, body: '{"access_token":"t1","expires_in":3600}' }]);
    const oauth = interceptor('OAUTH2_CLIENT_CREDENTIALS');
    const options = { tokenUrl: `${erp.url}/token`, clientId: 'srm', clientSecret: 'p@ss' };
    const shared = context();
    for (const id of ['PO-1', 'PO-2']) {
      const request = mutable(post('/orders', { biz_id: id }));
      await oauth.apply(request, options, shared);
      expect(request.headers.Authorization).toBe('Bearer t1');
      await send(request);
    }
    const tokenCalls = erp.calls.filter((call) => call.path === '/token');
    expect(tokenCalls).toHaveLength(1);
    expect(tokenCalls[0]?.body).toBe('grant_type=client_credentials');
    expect(tokenCalls[0]?.headers.authorization).toBe(
      `Basic ${Buffer.from('srm:p%40ss').toString('base64')}`,
    );
    expect(erp.calls.filter((call) => call.path === '/orders').map((c) => c.headers.authorization)).toEqual([
      'Bearer t1',
      'Bearer t1',
    ]);
  });

  it('OAUTH2_CLIENT_CREDENTIALS: a refused token call throws with its status and without the secret', async () => {
    erp.script('/token', [{ status: 401 }]);
    const request = mutable(post('/orders', { biz_id: 'PO-1' }));
    const options = { tokenUrl: `${erp.url}/token`, clientId: 'srm', clientSecret: 'p@ss' };
    const failure = interceptor('OAUTH2_CLIENT_CREDENTIALS').apply(request, options, context());
    await expect(failure).rejects.toThrow(/token call .* failed with HTTP 401/);
    await expect(failure).rejects.not.toThrow(/p@ss/);
  });

  it('SAP_CSRF_TOKEN fetches token and session cookies once and sends both', async () => {
    erp.script('/sap/opu/odata/sap/API_PO', [
      {
        status: 200,
        body: '{}',
        headers: { 'x-csrf-token': 'tok-1', 'Set-Cookie': 'SAP_SESSIONID=abc; path=/; HttpOnly' },
      },
    ]);
    const sap = interceptor('SAP_CSRF_TOKEN');
    const shared = context();
    const options = { fetchUrl: `${erp.url}/sap/opu/odata/sap/API_PO` };
    for (const id of ['PO-1', 'PO-2']) {
      const request = mutable(post('/sap/opu/odata/sap/API_PO/A_PurchaseOrder', { biz_id: id }));
      request.headers.Authorization = 'Basic dTpw';
      await sap.apply(request, options, shared);
      expect(request.headers).toMatchObject({ 'X-CSRF-Token': 'tok-1', Cookie: 'SAP_SESSIONID=abc' });
    }
    const fetches = erp.calls.filter((call) => call.headers['x-csrf-token'] === 'Fetch');
    expect(fetches).toHaveLength(1);
    expect(fetches[0]).toMatchObject({ method: 'GET', headers: { authorization: 'Basic dTpw' } });
  });

  it('U8_TRADE_ID reuses the trade id for a retry of the same Idempotency-Key', async () => {
    erp.script('/api/tradeid', [
      { status: 200, body: '{"errcode":"0","trade":{"id":"T-1"}}' },
      { status: 200, body: '{"tradeid":"T-2"}' },
    ]);
    const u8 = interceptor('U8_TRADE_ID');
    const options = { tradeIdUrl: `${erp.url}/api/tradeid?from_account=srm` };
    const shared = context();
    const urls: string[] = [];
    for (const key of ['row-1', 'row-1', 'row-2']) {
      const request = mutable(post('/api/purchaseorder/add', { biz_id: 'PO-1' }, { 'Idempotency-Key': key }));
      await u8.apply(request, options, shared);
      urls.push(request.url);
    }
    expect(urls.map((url) => new URL(url).searchParams.get('tradeid'))).toEqual(['T-1', 'T-1', 'T-2']);
    expect(erp.calls.filter((call) => call.path === '/api/tradeid')).toHaveLength(2);
  });
});

describe('the interceptors a definition may pick', () => {
  it('are the registered ones, each listed under its kind', async () => {
    const { HEADER_INTERCEPTORS, PARAMS_INTERCEPTORS } = await import('./types');
    const { interceptorsOfKind } = await import('./interceptors');
    expect(
      interceptorsOfKind('HEADER')
        .map((i) => i.name)
        .sort(),
    ).toEqual([...HEADER_INTERCEPTORS].sort());
    expect(
      interceptorsOfKind('PARAMS')
        .map((i) => i.name)
        .sort(),
    ).toEqual([...PARAMS_INTERCEPTORS].sort());
  });
});
