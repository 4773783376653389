// A small API client written from docs/api.md alone — WebCrypto and fetch, no server code — so
// that the document and the server cannot drift apart: the identity tests sign in with it.
export interface Envelope<T = unknown> {
  status: 'S' | 'E';
  msg: string;
  data: T;
  page?: { count: number; curIndex: number; estimated?: boolean };
}

export interface Answer<T = unknown> {
  httpStatus: number;
  body: Envelope<T>;
}

const encoder = new TextEncoder();

function toHex(buffer: ArrayBuffer): string {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function toBase64(buffer: ArrayBuffer): string {
  return Buffer.from(buffer).toString('base64');
}

async function sha256hex(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

export async function appSignOf(appId: string, timestamp: string): Promise<string> {
  return sha256hex(await sha256hex(`${appId}:${timestamp}`));
}

export async function signatureOf(
  signKey: string,
  method: string,
  path: string,
  timestamp: string,
  body: string,
): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(signKey),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return toBase64(
    await crypto.subtle.sign('HMAC', key, encoder.encode(`${method}\n${path}\n${timestamp}\n${body}`)),
  );
}

/** The last timestamp signed with each session (an object shared by the clients that use it). */
const lastSigned = new WeakMap<object, number>();

export class ApiClient {
  session: { authorizationCode: string; signKey: string } | null = null;
  language: 'CN' | 'EN' = 'CN';
  readonly appId = 'srm-web';
  /** Milliseconds added to the local clock when signing (to test stale timestamps). */
  clockSkew = 0;

  constructor(readonly baseUrl: string) {}

  /** RSA-OAEP (SHA-256) with the server's public key, as base64. */
  async encrypt(plain: string): Promise<string> {
    const { body } = await this.call<{ publicKey: string }>('/api/base/v1/auth/publicKey', {});
    const key = await crypto.subtle.importKey(
      'spki',
      Buffer.from(body.data.publicKey, 'base64'),
      { name: 'RSA-OAEP', hash: 'SHA-256' },
      false,
      ['encrypt'],
    );
    return toBase64(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, encoder.encode(plain)));
  }

  async login(
    userName: string,
    password: string,
    captcha?: { captchaId: string; captchaCode: string },
  ): Promise<Answer<Record<string, unknown>>> {
    const answer = await this.call<Record<string, unknown>>('/api/base/v1/auth/login', {
      userName,
      password: await this.encrypt(password),
      ...captcha,
    });
    if (answer.body.status === 'S') {
      this.session = {
        authorizationCode: answer.body.data.authorizationCode as string,
        signKey: answer.body.data.signKey as string,
      };
    }
    return answer;
  }

  private lastTimestamp = 0;
  private lastSkew = 0;

  /**
   * Strictly increasing, so that two identical requests never share a signature — across the
   * clients that share one session too (one per app node), as a browser's one sequence is.
   * Public for benchmarks that sign with the session themselves.
   */
  nextTimestamp(): string {
    const now = Date.now() + this.clockSkew;
    // A changed skew (tests set it to send stale requests) starts a new sequence.
    if (this.clockSkew !== this.lastSkew) this.lastTimestamp = 0;
    this.lastSkew = this.clockSkew;
    const shared = this.session && !this.clockSkew ? (lastSigned.get(this.session) ?? 0) : 0;
    this.lastTimestamp = Math.max(now, this.lastTimestamp + 1, shared + 1);
    if (this.session && !this.clockSkew) lastSigned.set(this.session, this.lastTimestamp);
    return String(this.lastTimestamp);
  }

  /** The headers of a signed request. */
  async signedHeaders(
    path: string,
    body: string,
    timestamp = this.nextTimestamp(),
    method: 'GET' | 'POST' = 'POST',
  ): Promise<Record<string, string>> {
    if (!this.session) return {};
    return {
      AuthorizationCode: this.session.authorizationCode,
      appId: this.appId,
      timestamp,
      appsign: await appSignOf(this.appId, timestamp),
      parameterSignature: await signatureOf(this.session.signKey, method, path, timestamp, body),
    };
  }

  /**
   * A signed request answering the response itself (downloads, multipart uploads, GET): a
   * multipart body and a GET sign an empty body, a GET its path with the query string.
   */
  async fetch(
    path: string,
    init: { method?: 'GET' | 'POST'; json?: unknown; form?: FormData; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const method = init.method ?? 'POST';
    const body = init.json === undefined ? '' : JSON.stringify(init.json);
    const headers: Record<string, string> = {
      'SAAF-Language': this.language,
      ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(await this.signedHeaders(path, body, this.nextTimestamp(), method)),
      ...init.headers,
    };
    return fetch(this.baseUrl + path, {
      method,
      headers,
      ...(method === 'GET' ? {} : { body: init.form ?? body }),
    });
  }

  /** POSTs JSON, signed when signed in. */
  async call<T = unknown>(
    path: string,
    payload: unknown = {},
    extraHeaders: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
    return this.send<T>(path, body, { ...(await this.signedHeaders(path, body)), ...extraHeaders });
  }

  /** Sends exactly these headers and body (to test replays and tampering). */
  async send<T = unknown>(path: string, body: string, headers: Record<string, string>): Promise<Answer<T>> {
    const response = await fetch(this.baseUrl + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'SAAF-Language': this.language, ...headers },
      body,
    });
    return { httpStatus: response.status, body: (await response.json()) as Envelope<T> };
  }
}
