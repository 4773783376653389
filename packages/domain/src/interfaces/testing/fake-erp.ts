// Test double of a customer's ERP: a real HTTP server whose answers tests script, counting the documents it creates.
// It deduplicates by the call's key unless started with `deduplicate: false` (a target that cannot,
// where only a status query before the resend keeps a lost answer from making a second document).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the ERP does with one call. `ok` creates the document (once per key, when it
 * deduplicates) and answers its number; `commit-then-close` creates it and hangs up before
 * answering (the answer is lost, the effect is not); `exists` creates nothing and answers whether
 * the key's document exists (`{"code":"0","data":{"exists":true,"erpNo":"ERP-1"}}`, or
 * `"exists":false`); `{ status }` answers that status, creating the document only when `commit`;
 * `{ delayMs, then }` waits first (a timeout on the caller's side does not stop the ERP).
 */
export type Step =
  | 'ok'
  | 'commit-then-close'
  | 'exists'
  | { status: number; body?: string; headers?: Record<string, string>; commit?: boolean }
  | { delayMs: number; then: Step };

export interface ReceivedCall {
  /** The path without its query: what `script` keys on. */
  readonly path: string;
  /** The request target as received, query included. */
  readonly url: string;
  readonly method: string;
  /** Lower-cased names; repeated headers joined with `, `. */
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly at: number;
  /** Idempotency-Key header, else biz_id of the body; null when the call carries neither. */
  readonly key: string | null;
}

export interface FakeErp {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  readonly url: string;
  close(): Promise<void>;
  /** Queues steps for calls to `path`; each call takes the next one, an empty queue answers `ok`. */
  script(path: string, steps: Step[]): void;
  /** Makes `path` the ERP's status query: its calls, once their script is used up, answer `exists`. */
  statusEndpoint(path: string): void;
  /** Documents created for the key: 1 at most when the ERP deduplicates (the default). */
  effects(key: string): number;
  /** ERP numbers of the key's documents, oldest first. */
  numbers(key: string): string[];
  /** Calls that arrived with the key, whatever became of them. */
  attempts(key: string): number;
  /** Keys of created documents in the order they were created (documents without a key are left out). */
  arrivals(): string[];
  readonly calls: ReceivedCall[];
  /** Forgets scripts, status endpoints, calls and documents (ERP numbers start again at 1). */
  reset(): void;
}

/**
 * Starts the fake ERP on 127.0.0.1, on `port` (0: any free port); `deduplicate: false` makes
 * every creating call a new document, whatever its key.
 */
export async function startFakeErp(
  port = 0,
  options: { readonly deduplicate?: boolean } = {},
): Promise<FakeErp> {
  const deduplicate = options.deduplicate ?? true;
  const scripts = new Map<string, Step[]>();
  const statusPaths = new Set<string>();
  const calls: ReceivedCall[] = [];
  /** ERP numbers of each key's documents (one at most when the ERP deduplicates). */
  const documents = new Map<string, string[]>();
  const arrivalOrder: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let lastNumber = 0;

  /** Creates the key's document unless it exists and the ERP deduplicates; its ERP number. */
  function commit(key: string | null): string {
    const existing = key === null ? undefined : documents.get(key);
    if (existing?.[0] !== undefined && deduplicate) return existing[0];
    const erpNo = `ERP-${++lastNumber}`;
    if (key !== null) {
      documents.set(key, [...(existing ?? []), erpNo]);
      arrivalOrder.push(key);
    }
    return erpNo;
  }

  function perform(step: Step, call: ReceivedCall, response: ServerResponse): void {
    if (typeof step === 'object' && 'delayMs' in step) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        perform(step.then, call, response);
      }, step.delayMs);
      timers.add(timer);
      return;
    }
    if (step === 'commit-then-close') {
      commit(call.key);
      response.socket?.destroy();
      return;
    }
    if (step === 'exists') {
      const erpNo = call.key === null ? undefined : documents.get(call.key)?.[0];
      const data = erpNo === undefined ? { exists: false } : { exists: true, erpNo };
      answer(response, 200, { 'Content-Type': 'application/json' }, JSON.stringify({ code: '0', data }));
      return;
    }
    if (step === 'ok') {
      const erpNo = commit(call.key);
      if (/xml/i.test(call.headers['content-type'] ?? '')) {
        answer(response, 200, { 'Content-Type': 'text/xml; charset=utf-8' }, soapEnvelope(erpNo));
      } else {
        answer(
          response,
          200,
          { 'Content-Type': 'application/json' },
          JSON.stringify({ code: '0', data: { erpNo } }),
        );
      }
      return;
    }
    if (step.commit) commit(call.key);
    const body =
      step.body ?? JSON.stringify({ code: 'E', message: `HTTP ${step.status} scripted by the fake ERP` });
    answer(response, step.status, { 'Content-Type': 'application/json', ...step.headers }, body);
  }

  const server = createServer((request, response) => {
    void receive(request).then((body) => {
      const target = request.url ?? '/';
      const headers = lowerCased(request);
      const call: ReceivedCall = {
        path: target.split('?')[0] ?? '/',
        url: target,
        method: request.method ?? 'GET',
        headers,
        body,
        at: Date.now(),
        key: keyOf(headers, body),
      };
      calls.push(call);
      const unscripted = statusPaths.has(call.path) ? 'exists' : 'ok';
      perform(scripts.get(call.path)?.shift() ?? unscripted, call, response);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${bound}`,
    calls,
    script(path, steps) {
      scripts.set(path, [...(scripts.get(path) ?? []), ...steps]);
    },
    statusEndpoint(path) {
      statusPaths.add(path);
    },
    effects: (key) => documents.get(key)?.length ?? 0,
    numbers: (key) => [...(documents.get(key) ?? [])],
    attempts: (key) => calls.filter((call) => call.key === key).length,
    arrivals: () => [...arrivalOrder],
    reset() {
      scripts.clear();
      statusPaths.clear();
      calls.length = 0;
      documents.clear();
      arrivalOrder.length = 0;
      lastNumber = 0;
    },
    async close() {
      // Delayed steps would otherwise fire after the test, and keep-alive sockets hold close() open.
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}

function receive(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    // A caller that gives up mid-body: what arrived is what the ERP saw.
    request.on('error', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

function lowerCased(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** The document's identity: Idempotency-Key, else biz_id of a JSON, XML or form body. */
function keyOf(headers: Record<string, string>, body: string): string | null {
  const header = headers['idempotency-key'];
  if (header !== undefined && header !== '') return header;
  const trimmed = body.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return findBizId(JSON.parse(trimmed) as unknown);
    } catch {
      return null;
    }
  }
  if (trimmed.startsWith('<')) {
    // Namespace prefixes allowed (<erp:biz_id>): SOAP bodies often carry them.
    const match = /<(?:[\w-]+:)?biz_id(?:\s[^>]*)?>\s*([^<]*?)\s*<\/(?:[\w-]+:)?biz_id>/.exec(trimmed);
    return match?.[1] ? match[1] : null;
  }
  const form = new URLSearchParams(trimmed).get('biz_id');
  return form === null || form === '' ? null : form;
}

/** The first biz_id field, at any depth (a body may wrap the document in `data` or a list). */
function findBizId(value: unknown, depth = 0): string | null {
  if (depth > 10 || typeof value !== 'object' || value === null) return null;
  if (!Array.isArray(value)) {
    const own = (value as Record<string, unknown>).biz_id;
    if (typeof own === 'string' || typeof own === 'number') return String(own);
  }
  for (const child of Object.values(value)) {
    const found = findBizId(child, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

function soapEnvelope(erpNo: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>' +
    `<Response><code>0</code><erpNo>${erpNo}</erpNo></Response>` +
    '</soap:Body></soap:Envelope>'
  );
}

function answer(
  response: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string,
): void {
  // The caller may have hung up meanwhile (its timeout): the ERP's work is done, the answer goes nowhere.
  if (response.destroyed || response.socket?.destroyed) return;
  response.writeHead(status, { ...headers, 'Content-Length': String(Buffer.byteLength(body)) });
  response.end(body);
}
