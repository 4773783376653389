// Named request interceptors (signing, tokens, partner quirks) an administrator picks for a definition instead of writing code.
import { createHmac } from 'node:crypto';
import type { WireRequest, WireResult } from './types';

type Label = { readonly 'zh-CN': string; readonly en: string };

/** One setting of an interceptor, as the definition screen shows it. */
export interface InterceptorOption {
  readonly name: string;
  readonly label: Label;
  readonly required: boolean;
  /** Stored encrypted and never shown back or written to the log. */
  readonly secret: boolean;
}

/** The call being prepared: interceptors may change its URL, headers and body. */
export interface MutableWireRequest extends Omit<WireRequest, 'url' | 'headers' | 'body'> {
  url: string;
  headers: Record<string, string>;
  body: string | null;
}

/** What an interceptor may use besides the request: clock, randomness, the wire, a cache. */
export interface InterceptorContext {
  readonly now: () => number;
  readonly nonce: () => string;
  readonly send: (request: WireRequest) => Promise<WireResult>;
  /** Shared by the calls of one definition: tokens fetched once serve the following calls. */
  readonly cache: Map<string, { value: string; until: number }>;
}

export interface Interceptor {
  readonly name: string;
  /** HEADER interceptors set headers, PARAMS interceptors add query parameters to the URL. */
  readonly kind: 'HEADER' | 'PARAMS';
  readonly label: Label;
  readonly options: readonly InterceptorOption[];
  /**
   * Prepares the call. Answers the values it put in that are secrets not among the options (an
   * access token it fetched), so that the log masks them too.
   */
  apply(
    request: MutableWireRequest,
    options: Readonly<Record<string, string>>,
    context: InterceptorContext,
  ): Promise<readonly string[] | void>;
  /**
   * Told the call's answer: a token the partner says is no longer good (revoked, expired early)
   * is forgotten here, so that the call's retry fetches another.
   */
  answered?(result: WireResult, options: Readonly<Record<string, string>>, context: InterceptorContext): void;
}

/**
 * A side call of an interceptor (a token, a trade id) that did not succeed. The message names the
 * call and its status only; `result` lets the caller classify it (a 503 from the token server is
 * worth a retry, a 401 is not).
 */
export class InterceptorCallError extends Error {
  constructor(
    message: string,
    readonly result: WireResult,
  ) {
    super(message);
    this.name = 'InterceptorCallError';
  }
}

// ---------------------------------------------------------------------------------------------
// Helpers

function option(
  name: string,
  zh: string,
  en: string,
  flags: { required?: boolean; secret?: boolean } = {},
): InterceptorOption {
  return {
    name,
    label: { 'zh-CN': zh, en },
    required: flags.required ?? true,
    secret: flags.secret ?? false,
  };
}

/** A required option's value; a definition saved without it fails here, naming the option (not its value). */
function required(interceptor: string, options: Readonly<Record<string, string>>, name: string): string {
  const value = options[name];
  if (value === undefined || value === '') {
    throw new Error(`Interceptor ${interceptor} needs the option "${name}"`);
  }
  return value;
}

function optional(options: Readonly<Record<string, string>>, name: string, fallback: string): string {
  const value = options[name];
  return value === undefined || value === '' ? fallback : value;
}

/** Header lookup ignoring case, as HTTP does. */
function headerOf(headers: Record<string, string>, name: string): string | undefined {
  const lower = name.toLowerCase();
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === lower);
  return key === undefined ? undefined : headers[key];
}

/** Sets a header, replacing any spelling of it: fetch would otherwise join both values with a comma. */
function setHeader(headers: Record<string, string>, name: string, value: string): void {
  const lower = name.toLowerCase();
  for (const key of Object.keys(headers)) if (key.toLowerCase() === lower) delete headers[key];
  headers[name] = value;
}

/**
 * Adds query parameters (replacing ones of the same name, so applying twice does not repeat them).
 * The rest of the URL is kept byte for byte: re-serialising it through URLSearchParams would
 * re-encode other parameters, and a partner that signs its query would then refuse it.
 */
export function withQuery(url: string, params: Readonly<Record<string, string>>): string {
  const hashAt = url.indexOf('#');
  const fragment = hashAt === -1 ? '' : url.slice(hashAt);
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const path = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = queryAt === -1 ? '' : beforeHash.slice(queryAt + 1);
  const names = new Set(Object.keys(params).map((name) => encodeURIComponent(name)));
  const kept = query.split('&').filter((part) => part !== '' && !names.has(part.split('=')[0] ?? ''));
  const added = Object.entries(params).map(
    ([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
  );
  return `${path}?${[...kept, ...added].join('&')}${fragment}`;
}

/** A cached value still valid at `now`. */
function cached(context: InterceptorContext, key: string): string | null {
  const entry = context.cache.get(key);
  if (entry === undefined) return null;
  if (entry.until > context.now()) return entry.value;
  context.cache.delete(key);
  return null;
}

/** Caches a value; an occasional sweep keeps per-row entries (U8 trade ids) from piling up. */
function remember(context: InterceptorContext, key: string, value: string, until: number): void {
  const now = context.now();
  if (until <= now) return;
  if (context.cache.size >= 256) {
    for (const [name, entry] of context.cache) if (entry.until <= now) context.cache.delete(name);
  }
  context.cache.set(key, { value, until });
}

/**
 * Concurrent calls of one definition that miss the cache together share one side call (one
 * token request, not one per outbox row). Keyed by the definition's cache, so it goes with it.
 */
const inFlight = new WeakMap<InterceptorContext['cache'], Map<string, Promise<string>>>();

async function cachedOrFetch(
  context: InterceptorContext,
  key: string,
  fetchValue: () => Promise<{ value: string; until: number }>,
): Promise<string> {
  const hit = cached(context, key);
  if (hit !== null) return hit;
  const pending = inFlight.get(context.cache) ?? new Map<string, Promise<string>>();
  inFlight.set(context.cache, pending);
  const running = pending.get(key);
  if (running !== undefined) return running;
  const promise = fetchValue()
    .then(({ value, until }) => {
      remember(context, key, value, until);
      return value;
    })
    .finally(() => pending.delete(key));
  pending.set(key, promise);
  return promise;
}

function hmacSha256(key: string, text: string): Buffer {
  return createHmac('sha256', key).update(text, 'utf8').digest();
}

/** Describes a side call's failure by status or wire error: never its body, which may echo credentials. */
function failedCall(what: string, result: WireResult): InterceptorCallError {
  const how = result.kind === 'answer' ? `HTTP ${result.status}` : `${result.errorClass} (${result.message})`;
  return new InterceptorCallError(`${what} failed with ${how}`, result);
}

function isOk(result: WireResult): result is Extract<WireResult, { kind: 'answer' }> {
  return result.kind === 'answer' && result.status >= 200 && result.status < 300;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

function text(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

// ---------------------------------------------------------------------------------------------
// The interceptors

const TIMESTAMP_NONCE_SIGN: Interceptor = {
  name: 'TIMESTAMP_NONCE_SIGN',
  kind: 'HEADER',
  label: { 'zh-CN': '时间戳 + 随机数 HMAC 签名', en: 'Timestamp + nonce HMAC signature' },
  options: [
    option('appKey', '应用标识 (AppKey)', 'App key'),
    option('secret', '签名密钥', 'Signing secret', { secret: true }),
    option('appKeyHeader', '应用标识请求头', 'App key header', { required: false }),
    option('timestampHeader', '时间戳请求头', 'Timestamp header', { required: false }),
    option('nonceHeader', '随机数请求头', 'Nonce header', { required: false }),
    option('signatureHeader', '签名请求头', 'Signature header', { required: false }),
  ],
  async apply(request, options, context) {
    const appKey = required('TIMESTAMP_NONCE_SIGN', options, 'appKey');
    const secret = required('TIMESTAMP_NONCE_SIGN', options, 'secret');
    const timestamp = String(Math.floor(context.now()));
    const nonce = context.nonce();
    // The body is signed as sent, so the receiver can verify it was not altered on the way.
    const signature = hmacSha256(secret, `${appKey}\n${timestamp}\n${nonce}\n${request.body ?? ''}`).toString(
      'hex',
    );
    setHeader(request.headers, optional(options, 'appKeyHeader', 'X-App-Key'), appKey);
    setHeader(request.headers, optional(options, 'timestampHeader', 'X-Timestamp'), timestamp);
    setHeader(request.headers, optional(options, 'nonceHeader', 'X-Nonce'), nonce);
    setHeader(request.headers, optional(options, 'signatureHeader', 'X-Signature'), signature);
  },
};

const DINGTALK_ROBOT_SIGN: Interceptor = {
  name: 'DINGTALK_ROBOT_SIGN',
  kind: 'PARAMS',
  label: { 'zh-CN': '钉钉自定义机器人加签', en: 'DingTalk custom robot signature' },
  options: [
    option('secret', '加签密钥 (SEC…)', 'Signing secret (SEC…)', { secret: true }),
    // The robot's webhook token, kept with the secrets rather than in the stored path.
    option('accessToken', '机器人 access_token', 'Robot access_token', { required: false, secret: true }),
  ],
  async apply(request, options, context) {
    const secret = required('DINGTALK_ROBOT_SIGN', options, 'secret');
    // DingTalk's rule: sign = urlEncode(base64(HmacSHA256(secret, timestamp + "\n" + secret))),
    // timestamp in ms and within an hour of DingTalk's clock. withQuery does the URL encoding.
    const timestamp = String(Math.floor(context.now()));
    const sign = hmacSha256(secret, `${timestamp}\n${secret}`).toString('base64');
    const accessToken = optional(options, 'accessToken', '');
    request.url = withQuery(request.url, {
      ...(accessToken ? { access_token: accessToken } : {}),
      timestamp,
      sign,
    });
  },
};

const WECOM_ROBOT_KEY: Interceptor = {
  name: 'WECOM_ROBOT_KEY',
  kind: 'PARAMS',
  label: { 'zh-CN': '企业微信群机器人 Key', en: 'WeCom group robot key' },
  options: [option('key', '机器人 Key', 'Robot key', { secret: true })],
  async apply(request, options) {
    // Kept out of the stored URL so that the key is encrypted with the other secrets.
    request.url = withQuery(request.url, { key: required('WECOM_ROBOT_KEY', options, 'key') });
  },
};

const FEISHU_ROBOT_SIGN: Interceptor = {
  name: 'FEISHU_ROBOT_SIGN',
  kind: 'PARAMS',
  label: { 'zh-CN': '飞书自定义机器人签名校验', en: 'Feishu custom robot signature' },
  options: [option('secret', '签名密钥', 'Signing secret', { secret: true })],
  async apply(request, options, context) {
    const secret = required('FEISHU_ROBOT_SIGN', options, 'secret');
    // Feishu's rule: timestamp in seconds; sign = base64(HmacSHA256(key: timestamp + "\n" +
    // secret, message: empty)); both go into the JSON body beside msg_type and content.
    const timestamp = String(Math.floor(context.now() / 1000));
    const sign = createHmac('sha256', `${timestamp}\n${secret}`).update('').digest('base64');
    let body: unknown;
    try {
      body = request.body ? JSON.parse(request.body) : {};
    } catch {
      throw new Error('FEISHU_ROBOT_SIGN needs a JSON body');
    }
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw new Error('FEISHU_ROBOT_SIGN needs a JSON object body');
    request.body = JSON.stringify({ ...body, timestamp, sign });
  },
};

/** The end of an access token's life left unused, so that it does not expire on the way. */
const TOKEN_MARGIN_MS = 60_000;

const OAUTH2_CLIENT_CREDENTIALS: Interceptor = {
  name: 'OAUTH2_CLIENT_CREDENTIALS',
  kind: 'HEADER',
  label: { 'zh-CN': 'OAuth2 客户端凭证令牌', en: 'OAuth2 client credentials token' },
  options: [
    option('tokenUrl', '令牌地址', 'Token URL'),
    option('clientId', '客户端 ID', 'Client ID'),
    option('clientSecret', '客户端密钥', 'Client secret', { secret: true }),
    option('scope', '范围 (scope)', 'Scope', { required: false }),
  ],
  async apply(request, options, context) {
    const tokenUrl = required('OAUTH2_CLIENT_CREDENTIALS', options, 'tokenUrl');
    const clientId = required('OAUTH2_CLIENT_CREDENTIALS', options, 'clientId');
    const clientSecret = required('OAUTH2_CLIENT_CREDENTIALS', options, 'clientSecret');
    const scope = optional(options, 'scope', '');
    const token = await cachedOrFetch(context, `oauth2:${tokenUrl}\n${clientId}`, async () => {
      const form = new URLSearchParams({ grant_type: 'client_credentials' });
      if (scope !== '') form.set('scope', scope);
      // RFC 6749 §2.3.1: id and secret are form-encoded before they are joined and base64-encoded.
      const basic = Buffer.from(`${formEncode(clientId)}:${formEncode(clientSecret)}`).toString('base64');
      const result = await context.send({
        url: tokenUrl,
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
          Authorization: `Basic ${basic}`,
        },
        body: form.toString(),
        timeoutMs: request.timeoutMs,
      });
      if (!isOk(result)) throw failedCall(`The OAuth2 token call to ${tokenUrl}`, result);
      const answer = parseJson(result.text);
      const accessToken = text(field(answer, 'access_token'));
      if (accessToken === null) {
        throw new InterceptorCallError(
          `The OAuth2 token call to ${tokenUrl} answered no access_token`,
          result,
        );
      }
      const expiresIn = Number(field(answer, 'expires_in'));
      // Without expires_in the token's life is unknown: it serves this call only.
      const until = Number.isFinite(expiresIn) ? context.now() + expiresIn * 1000 - TOKEN_MARGIN_MS : 0;
      return { value: accessToken, until };
    });
    setHeader(request.headers, 'Authorization', `Bearer ${token}`);
  },
};

/**
 * A chat tool's application token (钉钉 access_token, 企业微信 access_token, 飞书
 * tenant_access_token): fetched from the tool's token address with the application's id and
 * secret, kept for its life less a minute and shared by the definition's calls, and forgotten
 * when a call's answer carries one of the tool's "token not valid" codes (the definition names
 * those codes among its retry values, so that the retry fetches a new one). The tools answer
 * HTTP 200 with a code of their own, 0 for success.
 */
interface AppToken {
  readonly name: string;
  readonly kind: Interceptor['kind'];
  readonly label: Label;
  readonly defaultUrl: string;
  readonly idOption: InterceptorOption;
  readonly secretOption: InterceptorOption;
  /** The token call, from its address, the application's id and secret. */
  readonly request: (url: string, id: string, secret: string) => Omit<WireRequest, 'timeoutMs'>;
  /** The names of the answer's code, token and life (seconds). */
  readonly answer: { readonly code: string; readonly token: string; readonly life: string };
  /** How a call carries the token. */
  readonly place: (request: MutableWireRequest, token: string) => void;
  /** The answers' codes that say the token is not (or no longer) valid. */
  readonly staleCodes: readonly string[];
}

function appToken(spec: AppToken): Interceptor {
  const keyOf = (options: Readonly<Record<string, string>>) =>
    `${spec.name}:${optional(options, 'tokenUrl', spec.defaultUrl)}\n${options[spec.idOption.name] ?? ''}`;
  return {
    name: spec.name,
    kind: spec.kind,
    label: spec.label,
    options: [
      spec.idOption,
      spec.secretOption,
      option('tokenUrl', `令牌地址 (默认 ${spec.defaultUrl})`, `Token URL (default ${spec.defaultUrl})`, {
        required: false,
      }),
    ],
    async apply(request, options, context) {
      const id = required(spec.name, options, spec.idOption.name);
      const secret = required(spec.name, options, spec.secretOption.name);
      const url = optional(options, 'tokenUrl', spec.defaultUrl);
      const token = await cachedOrFetch(context, keyOf(options), async () => {
        const result = await context.send({ ...spec.request(url, id, secret), timeoutMs: request.timeoutMs });
        // The token call's URL may hold the secret (DingTalk and WeCom take it in the query).
        const where = url.split('?')[0] ?? url;
        if (!isOk(result)) throw failedCall(`The ${spec.name} token call to ${where}`, result);
        const answer = parseJson(result.text);
        const code = text(field(answer, spec.answer.code)) ?? '0';
        const value = text(field(answer, spec.answer.token));
        if (code !== '0' || value === null)
          throw new InterceptorCallError(
            `The ${spec.name} token call to ${where} answered code ${code} and no token`,
            result,
          );
        const life = Number(field(answer, spec.answer.life));
        const until = Number.isFinite(life) ? context.now() + life * 1000 - TOKEN_MARGIN_MS : 0;
        return { value, until };
      });
      spec.place(request, token);
      return [token];
    },
    answered(result, options, context) {
      if (result.kind !== 'answer') return;
      const code = text(field(parseJson(result.text), spec.answer.code));
      if (result.status === 401 || (code !== null && spec.staleCodes.includes(code)))
        context.cache.delete(keyOf(options));
    },
  };
}

/**
 * DingTalk's and WeCom's token alike: a GET with the application's id and secret in the query,
 * `access_token` answered beside `errcode`, sent in each call's query; 40014 (不合法的
 * access_token) and 42001 (access_token 超时) say it is no longer good.
 */
const queryToken = (idParam: string, secretParam: string) =>
  ({
    request: (url: string, id: string, secret: string) => ({
      url: withQuery(url, { [idParam]: id, [secretParam]: secret }),
      method: 'GET' as const,
      headers: { Accept: 'application/json' },
      body: null,
    }),
    answer: { code: 'errcode', token: 'access_token', life: 'expires_in' },
    place: (request: MutableWireRequest, token: string) => {
      request.url = withQuery(request.url, { access_token: token });
    },
    staleCodes: ['40014', '42001'],
  }) satisfies Partial<AppToken>;

const DINGTALK_ACCESS_TOKEN = appToken({
  name: 'DINGTALK_ACCESS_TOKEN',
  kind: 'PARAMS',
  label: { 'zh-CN': '钉钉应用 access_token', en: 'DingTalk app access_token' },
  defaultUrl: 'https://oapi.dingtalk.com/gettoken',
  idOption: option('appKey', '应用 AppKey', 'App key'),
  secretOption: option('appSecret', '应用 AppSecret', 'App secret', { secret: true }),
  ...queryToken('appkey', 'appsecret'),
});

const WECOM_ACCESS_TOKEN = appToken({
  name: 'WECOM_ACCESS_TOKEN',
  kind: 'PARAMS',
  label: { 'zh-CN': '企业微信应用 access_token', en: 'WeCom app access_token' },
  defaultUrl: 'https://qyapi.weixin.qq.com/cgi-bin/gettoken',
  idOption: option('corpId', '企业 ID (corpid)', 'Corp ID'),
  secretOption: option('corpSecret', '应用 Secret', 'App secret', { secret: true }),
  ...queryToken('corpid', 'corpsecret'),
});

const FEISHU_TENANT_TOKEN = appToken({
  name: 'FEISHU_TENANT_TOKEN',
  kind: 'HEADER',
  label: { 'zh-CN': '飞书 tenant_access_token', en: 'Feishu tenant_access_token' },
  defaultUrl: 'https://open.feishu.cn/open-apis/auth/v3/tenant_access_token/internal',
  idOption: option('appId', '应用 App ID', 'App ID'),
  secretOption: option('appSecret', '应用 App Secret', 'App secret', { secret: true }),
  request: (url, appId, appSecret) => ({
    url,
    method: 'POST',
    headers: { 'Content-Type': 'application/json; charset=utf-8', Accept: 'application/json' },
    body: JSON.stringify({ app_id: appId, app_secret: appSecret }),
  }),
  answer: { code: 'code', token: 'tenant_access_token', life: 'expire' },
  place: (request, token) => setHeader(request.headers, 'Authorization', `Bearer ${token}`),
  // 99991661: no token; 99991663: token not valid; 99991668: token expired.
  staleCodes: ['99991661', '99991663', '99991668'],
});

function formEncode(value: string): string {
  return new URLSearchParams({ v: value }).toString().slice(2);
}

/** SAP's session times out after 30 minutes by default; a token kept 25 is still good when used. */
const CSRF_LIFE_MS = 25 * 60_000;

const SAP_CSRF_TOKEN: Interceptor = {
  name: 'SAP_CSRF_TOKEN',
  kind: 'HEADER',
  label: { 'zh-CN': 'SAP CSRF 令牌', en: 'SAP CSRF token' },
  options: [
    option('fetchUrl', '令牌获取地址 (默认为接口地址)', 'Token fetch URL (default: the call URL)', {
      required: false,
    }),
  ],
  async apply(request, options, context) {
    const fetchUrl = optional(options, 'fetchUrl', request.url);
    const stored = await cachedOrFetch(context, `sap-csrf:${fetchUrl}`, async () => {
      const headers: Record<string, string> = { 'X-CSRF-Token': 'Fetch', Accept: 'application/json' };
      // SAP hands out a token only to an authenticated session: the fetch carries the call's credentials.
      const authorization = headerOf(request.headers, 'Authorization');
      if (authorization !== undefined) headers.Authorization = authorization;
      const result = await context.send({
        url: fetchUrl,
        method: 'GET',
        headers,
        body: null,
        timeoutMs: request.timeoutMs,
      });
      if (!isOk(result)) throw failedCall(`The SAP CSRF token fetch from ${fetchUrl}`, result);
      const token = result.headers['x-csrf-token'];
      if (token === undefined || token === '' || token.toLowerCase() === 'required') {
        throw new InterceptorCallError(`The SAP CSRF token fetch from ${fetchUrl} answered no token`, result);
      }
      const cookie = cookiePairs(result.headers['set-cookie'] ?? '');
      return { value: JSON.stringify({ token, cookie }), until: context.now() + CSRF_LIFE_MS };
    });
    const { token, cookie } = JSON.parse(stored) as { token: string; cookie: string };
    setHeader(request.headers, 'X-CSRF-Token', token);
    // The token is bound to the session the cookies name; sent without them, SAP refuses it.
    if (cookie !== '') {
      const existing = headerOf(request.headers, 'Cookie');
      if (existing === undefined || existing === '') setHeader(request.headers, 'Cookie', cookie);
      else if (!existing.includes(cookie)) setHeader(request.headers, 'Cookie', `${existing}; ${cookie}`);
    }
  },
};

/**
 * `name=value` pairs of Set-Cookie headers, joined for a Cookie header. send() joins several
 * Set-Cookie headers with newlines; a comma followed by `name=` separates them when another
 * client joined them with commas (a comma inside an Expires date is followed by a day number).
 */
function cookiePairs(setCookie: string): string {
  return setCookie
    .split(/\n|,\s*(?=[^;,=\s]+=)/)
    .map((cookie) => (cookie.split(';')[0] ?? '').trim())
    .filter((pair) => pair.includes('='))
    .join('; ');
}

/** A trade id stays reserved for its outbox row while that row may still be retried. */
const TRADE_ID_LIFE_MS = 24 * 60 * 60_000;

const U8_TRADE_ID: Interceptor = {
  name: 'U8_TRADE_ID',
  kind: 'PARAMS',
  label: { 'zh-CN': '用友 U8 OpenAPI 交易号 (tradeid)', en: 'Yonyou U8 OpenAPI trade id' },
  options: [option('tradeIdUrl', '交易号获取地址', 'Trade id URL')],
  async apply(request, options, context) {
    const tradeIdUrl = required('U8_TRADE_ID', options, 'tradeIdUrl');
    const fetchTradeId = async (): Promise<string> => {
      const result = await context.send({
        url: tradeIdUrl,
        method: 'GET',
        headers: { Accept: 'application/json' },
        body: null,
        timeoutMs: request.timeoutMs,
      });
      if (!isOk(result)) throw failedCall('The U8 trade id call', result);
      const answer = parseJson(result.text);
      const id = text(field(answer, 'tradeid')) ?? text(field(field(answer, 'trade'), 'id'));
      if (id === null) throw new InterceptorCallError('The U8 trade id call answered no trade id', result);
      return id;
    };
    // U8 refuses a trade id it has already seen. A retry of the same outbox row (same
    // Idempotency-Key) sends the same id again, so a call U8 processed before the answer was lost
    // is refused rather than creating the document twice.
    const idempotencyKey = headerOf(request.headers, 'Idempotency-Key');
    const tradeId =
      idempotencyKey === undefined || idempotencyKey === ''
        ? await fetchTradeId()
        : await cachedOrFetch(context, `u8-tradeid:${idempotencyKey}`, async () => ({
            value: await fetchTradeId(),
            until: context.now() + TRADE_ID_LIFE_MS,
          }));
    request.url = withQuery(request.url, { tradeid: tradeId });
  },
};

export const INTERCEPTORS: ReadonlyMap<string, Interceptor> = new Map(
  [
    TIMESTAMP_NONCE_SIGN,
    DINGTALK_ROBOT_SIGN,
    WECOM_ROBOT_KEY,
    FEISHU_ROBOT_SIGN,
    DINGTALK_ACCESS_TOKEN,
    WECOM_ACCESS_TOKEN,
    FEISHU_TENANT_TOKEN,
    OAUTH2_CLIENT_CREDENTIALS,
    SAP_CSRF_TOKEN,
    U8_TRADE_ID,
  ].map((interceptor) => [interceptor.name, interceptor]),
);

/** The interceptors a definition's HEADER or PARAMS slot offers. */
export function interceptorsOfKind(kind: Interceptor['kind']): readonly Interceptor[] {
  return [...INTERCEPTORS.values()].filter((interceptor) => interceptor.kind === kind);
}
