// Puts one outbound-interface call on the wire and judges what came back: retryable or not, how long to wait.
import type { ErrorClass, WireRequest, WireResult } from './types';

/** Statuses of a 4xx answer that ask the caller to come back later rather than refuse the call. */
const RETRYABLE_4XX: ReadonlySet<number> = new Set([408, 425, 429]);

/** undici's codes for its own timers (connect, headers, body): a timeout, like our AbortSignal's. */
const TIMEOUT_CODES: ReadonlySet<string> = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
]);

/** The longest Retry-After we honour: a partner asking for more still gets retried within the hour. */
const MAX_RETRY_AFTER_MS = 60 * 60 * 1000;

/**
 * Sends the call and reads the whole answer. Timeouts and broken connections come back as a
 * `failure` rather than an exception, so the outbox can record and retry them like any answer;
 * `timeoutMs` bounds the whole exchange, body included. Redirects are not followed: a 3xx is the
 * partner's answer (re-POSTing a document to wherever a redirect points is not ours to decide).
 */
export async function send(request: WireRequest): Promise<WireResult> {
  const started = performance.now();
  const elapsed = (): number => performance.now() - started;
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      // fetch refuses a body on GET; a rendered GET carries its values in the URL.
      body: request.method === 'GET' ? undefined : (request.body ?? undefined),
      redirect: 'manual',
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    const headers = headerRecord(response.headers);
    // Read inside the same try: a connection that breaks mid-body is a network failure, and the
    // timeout still runs while the body streams in.
    const text = await response.text();
    return { kind: 'answer', status: response.status, headers, text, durationMs: elapsed() };
  } catch (error) {
    return { kind: 'failure', ...describeFailure(error), durationMs: elapsed() };
  }
}

/**
 * The answer's headers with lower-cased names. Several Set-Cookie headers cannot be joined with
 * commas like other headers (their Expires dates hold commas), so they are joined with a newline,
 * which no header value can contain.
 */
function headerRecord(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  headers.forEach((value, name) => {
    record[name.toLowerCase()] = value;
  });
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) record['set-cookie'] = cookies.join('\n');
  return record;
}

/** Timeout or network, and a message naming the cause (codes only: no URL, header or body). */
function describeFailure(error: unknown): { errorClass: 'timeout' | 'network'; message: string } {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return { errorClass: 'timeout', message: 'no complete answer within the timeout' };
  }
  // fetch wraps the socket's error: TypeError('fetch failed' | 'terminated', { cause }), and the
  // cause may wrap another (a DNS failure inside a connect error).
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
  // Anything else a fetch can throw (a malformed URL, say) is reported as network too: the outbox
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
