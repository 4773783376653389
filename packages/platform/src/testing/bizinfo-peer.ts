// A stand-in business-information service for tests: a third party's server over HTTP on loopback
// that answers the paths HttpBusinessInfoProvider calls — a company by its credit code, and a
// licence "recognised" from an image whose bytes name a known credit code (a test's licence photo
// is a text file saying which company it shows). Requests without the application key answer 401;
// it counts what it was asked, so a test sees that a lookup reached it.
import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CompanyRecord } from '../bizinfo/provider';

export interface BusinessInfoPeer {
  readonly url: string;
  readonly appKey: string;
  /** The register's companies, by credit code (add or change one in a test). */
  readonly companies: Map<string, CompanyRecord>;
  /** Requests answered, by path. */
  readonly asked: string[];
  /** From now on, answers every request with 503 (the service down). */
  down(on: boolean): void;
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startBusinessInfoPeer(
  companies: readonly CompanyRecord[] = [],
): Promise<BusinessInfoPeer> {
  const appKey = randomBytes(16).toString('hex');
  const register = new Map(companies.map((company) => [company.creditCode, company]));
  const asked: string[] = [];
  let unavailable = false;
  const answer = (response: ServerResponse, status: number, data: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ code: status === 200 ? 0 : status, data }));
  };
  const server = createServer((request, response) => {
    void (async () => {
      const path = (request.url ?? '').split('?')[0]!;
      asked.push(path);
      if (request.headers.authorization !== `Bearer ${appKey}`) return answer(response, 401, null);
      if (unavailable) return answer(response, 503, null);
      const byCode = /^\/v1\/companies\/([^/]+)$/.exec(path);
      if (request.method === 'GET' && byCode) {
        const found = register.get(decodeURIComponent(byCode[1]!));
        return found ? answer(response, 200, found) : answer(response, 404, null);
      }
      if (request.method === 'POST' && path === '/v1/licences/recognize') {
        const text = (await bodyOf(request)).toString('utf8');
        const found = [...register.values()].find((company) => text.includes(company.creditCode));
        return found ? answer(response, 200, found) : answer(response, 422, null);
      }
      return answer(response, 404, null);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    appKey,
    companies: register,
    asked,
    down: (on) => {
      unavailable = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
