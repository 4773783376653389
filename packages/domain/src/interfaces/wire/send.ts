// Puts one outbound-interface call on the wire and judges what came back: retryable or not, how long to wait.
import { Agent as HttpAgent, type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { ErrorClass, WireRequest, WireResult } from './types';

/** Statuses of a 4xx answer that ask the caller to come back later rather than refuse the call. */
const RETRYABLE_4XX: ReadonlySet<number> = new Set([408, 425, 429]);

/** Codes of a timer that ran out (the system's connect timeout; undici's, for a fetch): a timeout, like our AbortSignal's. */
const TIMEOUT_CODES: ReadonlySet<string> = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
]);

/** The longest Retry-After we honour: a partner asking for more still gets retried within the hour. */
const MAX_RETRY_AFTER_MS = 60 * 60 * 1000;

/**
 * Connections kept open between calls, per partner (as fetch's did). An idle connection is
 * closed after 4 s, before the 5 s after which Node's own servers and many others close theirs,
 * so that a call rarely goes out on a connection the partner is closing (a call that does fails
 * as a network failure and is retried like one).
 */
const AGENTS = {
  'http:': new HttpAgent({ keepAlive: true, timeout: 4_000 }),
  'https:': new HttpsAgent({ keepAlive: true, timeout: 4_000 }),
};

/** Decoders of the content codings an answer may come in (fetch decoded them too). */
const DECODERS: Record<string, () => Transform> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/**
 * Sends the call and reads the whole answer. Timeouts and broken connections come back as a
 * `failure` rather than an exception, so the outbox can record and retry them like any answer;
 * `timeoutMs` bounds the whole exchange, body included. Redirects are not followed: a 3xx is the
 * partner's answer (re-POSTing a document to wherever a redirect points is not ours to decide).
 * Node's own HTTP client rather than fetch, which was 15 % of a node's CPU in the outbox
 * benchmark (docs/benchmarks.md), with fetch's defaults kept where a partner may rely on them (a
 * text body's content type, any accepted type, decoded answers).
 */
export async function send(request: WireRequest): Promise<WireResult> {
  const started = performance.now();
  const elapsed = (): number => performance.now() - started;
  const signal = AbortSignal.timeout(request.timeoutMs);
  try {
    const { status, headers, text } = await exchange(request, signal);
    return { kind: 'answer', status, headers, text, durationMs: elapsed() };
  } catch (error) {
    // However the abort surfaced (before the answer, or as a body that broke off), it was the timeout.
    const failure = signal.aborted ? (signal.reason as unknown) : error;
    return { kind: 'failure', ...describeFailure(failure), durationMs: elapsed() };
  }
}

function exchange(
  request: WireRequest,
  signal: AbortSignal,
): Promise<{ status: number; headers: Record<string, string>; text: string }> {
  const url = new URL(request.url);
  const agent =
    url.protocol === 'https:' ? AGENTS['https:'] : url.protocol === 'http:' ? AGENTS['http:'] : null;
  if (!agent) return Promise.reject(new TypeError(`unsupported protocol ${url.protocol}`));
  const body = request.method === 'GET' ? null : request.body;
  const headers: Record<string, string> = { accept: '*/*', ...request.headers };
  const names = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  if (body !== null) {
    if (!names.has('content-type')) headers['content-type'] = 'text/plain;charset=UTF-8';
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  const open = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = open(url, { method: request.method, headers, agent, signal }, (response) => {
      const coding = String(response.headers['content-encoding'] ?? '')
        .trim()
        .toLowerCase();
      const decoder = DECODERS[coding]?.();
      const stream = decoder ? response.pipe(decoder) : response;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      // The decoder's errors (a corrupt body) and the answer's own (a socket that broke).
      stream.on('error', reject);
      if (decoder) response.on('error', reject);
      // The answer ended before its end (the partner closed the connection mid-body).
      response.on('close', () => {
        if (!response.complete) reject(Object.assign(new Error('terminated'), { code: 'ECONNRESET' }));
      });
      stream.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: headerRecord(response.headers),
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(body ?? undefined);
  });
}

/**
 * The answer's headers with lower-cased names. Several Set-Cookie headers cannot be joined with
 * commas like other headers (their Expires dates hold commas), so they are joined with a newline,
 * which no header value can contain.
 */
function headerRecord(headers: IncomingHttpHeaders): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    record[name] = Array.isArray(value) ? value.join(name === 'set-cookie' ? '\n' : ', ') : value;
  }
  return record;
}

/** Timeout or network, and a message naming the cause (codes only: no URL, header or body). */
function describeFailure(error: unknown): { errorClass: 'timeout' | 'network'; message: string } {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return { errorClass: 'timeout', message: 'no complete answer within the timeout' };
  }
  // A socket's error carries its code; a wrapped error (a DNS failure inside a connect error) its cause.
  const parts: string[] = [];
  let code: string | null = null;
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const own = (current as Error & { code?: unknown }).code;
    if (code === null && typeof own === 'string') code = own;
    if (current.name === 'TimeoutError') code ??= 'ETIMEDOUT';
    parts.push(current.message);
    current = current.cause;
  }
  if (parts.length === 0) parts.push(String(error));
  const message = code ? `${code}: ${parts.join(': ')}` : parts.join(': ');
  // Anything else a request can throw (a malformed URL, say) is reported as network too: the outbox
  // must never lose a call to an exception, and its attempt limit bounds the retries.
  return { errorClass: code !== null && TIMEOUT_CODES.has(code) ? 'timeout' : 'network', message };
}

/**
 * Whether a result is an error and whether sending again may help. 2xx and 3xx are not errors
 * here (the definition's success rule judges the answer's content); 408, 425, 429 and 5xx say
 * "not now"; any other 4xx refuses the call itself, and sending it again gets the same refusal.
 */
export function classify(result: WireResult): { retryable: boolean; errorClass: ErrorClass | null } {
  if (result.kind === 'failure') return { retryable: true, errorClass: result.errorClass };
  const { status } = result;
  if (status < 400) return { retryable: false, errorClass: null };
  if (status >= 500) return { retryable: true, errorClass: 'http5xx' };
  return { retryable: RETRYABLE_4XX.has(status), errorClass: 'http4xx' };
}

/** IMF-fixdate, RFC 850 or asctime (RFC 9110 §5.6.7): a day name first, unlike what else Date.parse accepts. */
const HTTP_DATE = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,?\s+\S/i;

/**
 * The wait a Retry-After header asks for, in milliseconds from `nowMs`: delta seconds or an HTTP
 * date (a date already past asks for no wait). Capped at one hour; absent or malformed → null.
 */
export function retryAfterMs(headers: Record<string, string>, nowMs: number): number | null {
  const name = Object.keys(headers).find((key) => key.toLowerCase() === 'retry-after');
  const value = name === undefined ? '' : (headers[name] ?? '').trim();
  if (value === '') return null;
  if (/^\d+$/.test(value)) return Math.min(Number(value) * 1000, MAX_RETRY_AFTER_MS);
  if (!HTTP_DATE.test(value)) return null;
  // asctime carries no zone but means GMT; Date.parse would read it as local time.
  const at = Date.parse(/\b(?:GMT|UTC)\b/i.test(value) ? value : `${value} GMT`);
  if (Number.isNaN(at)) return null;
  return Math.min(Math.max(0, at - nowMs), MAX_RETRY_AFTER_MS);
}

/**
 * The wait before attempt `attempt + 1` (attempt 1 → the wait before the second send).
 * Exponential (`delayMs · 2^(attempt-1)`, capped at `maxDelayMs`) when `backoff`, else `delayMs`;
 * then "equal jitter": half of it fixed, half random, so the result lies in [d/2, d]. The fixed
 * half keeps a floor under the wait; the random half keeps many rows failing together (the
 * partner was down) from coming back at the same instant.
 */
export function backoffMs(
  attempt: number,
  policy: { delayMs: number; maxDelayMs: number; backoff: boolean },
  random: () => number = Math.random,
): number {
  const base = Math.max(0, policy.delayMs);
  // The exponent is bounded so that a huge attempt number gives Infinity (then the cap), never NaN.
  const exponent = Math.min(Math.max(1, Math.floor(attempt)) - 1, 1000);
  const delay = policy.backoff ? Math.min(Math.max(0, policy.maxDelayMs), base * 2 ** exponent) : base;
  const jittered = delay / 2 + (random() * delay) / 2;
  // Whole milliseconds, never past the unjittered delay.
  return Math.min(delay, Math.ceil(jittered));
}
