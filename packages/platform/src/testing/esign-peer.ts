// A stand-in e-sign provider for tests: a third party's server over HTTP on loopback, with its
// own certification authority, that speaks the open API HttpEsignProvider calls (accounts, a flow
// created from a file, sign URLs, detail, file, revocation, its roots) and posts signed callbacks.
// Its signer's page is its own: GET shows the flow, POST signs, as a person pressing 签署 on a
// provider's H5 page. Requests without the application's signature answer 401.
import { randomBytes, randomUUID } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CertificateAuthority } from '../esign/ca';
import { MemoryCaStore } from '../esign/ca.store';
import { MasterKey } from '../esign/keys';
import { EsignProviderError, type FlowSigner, type SealKind } from '../esign/provider';
import { isSigned, requestPayload } from '../esign/provider.hmac';
import { InternalEsignProvider, MemoryProviderStore } from '../esign/provider.internal';

export interface EsignPeer {
  readonly url: string;
  readonly appId: string;
  readonly appSecret: string;
  /** The signer's page for a sign URL: what a person's browser would post to sign. */
  signAt(signUrl: string): Promise<Response>;
  /** Callbacks that could not be delivered. */
  readonly undelivered: number;
  /** From now on, hands back signed files with one byte changed (a provider gone wrong). */
  corruptDownloads(on: boolean): void;
  close(): Promise<void>;
}

const SIGN_URL_TTL_MS = 30 * 60_000;

const STATUS: Record<string, number> = {
  ACCOUNT_UNKNOWN: 404,
  FLOW_UNKNOWN: 404,
  SIGNER_UNKNOWN: 404,
  FLOW_CLOSED: 409,
  SIGNER_DONE: 409,
  NOT_YOUR_TURN: 409,
  POSITION_UNSUPPORTED: 422,
  BAD_INPUT: 422,
  SIGN_FAILED: 422,
};

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(value));
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!);

/** Starts the stand-in provider with a CA of its own and one application (id and secret). */
export async function startEsignPeer(): Promise<EsignPeer> {
  const appId = `app-${randomBytes(4).toString('hex')}`;
  const appSecret = randomBytes(24).toString('hex');
  const ca = await CertificateAuthority.create(
    new MemoryCaStore(),
    MasterKey.fromBytes(new Uint8Array(randomBytes(32))),
    { organisation: 'Stand-in E-Sign Provider', country: 'CN' },
  );
  const tokens = new Map<string, { flowId: string; accountId: string; expiresAt: number }>();
  let baseUrl = '';
  let undelivered = 0;
  let corrupt = false;
  const provider = new InternalEsignProvider({
    ca,
    store: new MemoryProviderStore(),
    callbackAppId: appId,
    callbackSecret: appSecret,
    signUrl: (flowId, accountId) => {
      const token = randomBytes(18).toString('base64url');
      const expiresAt = Date.now() + SIGN_URL_TTL_MS;
      tokens.set(token, { flowId, accountId, expiresAt });
      return { url: `${baseUrl}/sign/${token}`, expiresAt: new Date(expiresAt) };
    },
    onDeliveryFailure: () => {
      undelivered++;
    },
  });

  const api = async (method: string, path: string, body: Record<string, unknown>): Promise<unknown> => {
    const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : '');
    if (method === 'POST' && path === '/v3/persons/create')
      return provider.createPersonAccount({ externalId: text('externalId'), name: text('name') });
    if (method === 'POST' && path === '/v3/organizations/create')
      return provider.createOrgAccount({
        externalId: text('externalId'),
        name: text('name'),
        creditCode: text('creditCode'),
      });
    if (method === 'POST' && path === '/v3/sign-flow/create-by-file') {
      const signers = (Array.isArray(body.signers) ? body.signers : []) as Record<string, unknown>[];
      return provider.startHandSignFlow({
        flowKey: text('flowKey'),
        title: text('title'),
        fileName: text('fileName'),
        document: new Uint8Array(Buffer.from(text('fileBase64'), 'base64')),
        signers: signers.map((signer): FlowSigner => ({
          accountId: String(signer.accountId ?? ''),
          sealKind: (signer.sealKind as SealKind) ?? 'ORG_SEAL',
          fieldName: String(signer.fieldName ?? ''),
          order: Number(signer.order ?? 1),
          position: signer.position as FlowSigner['position'],
          ...(typeof signer.sealBase64 === 'string'
            ? { seal: new Uint8Array(Buffer.from(signer.sealBase64, 'base64')) }
            : {}),
        })),
        ...(text('callbackUrl') ? { callbackUrl: text('callbackUrl') } : {}),
      });
    }
    if (method === 'GET' && path === '/v3/ca/roots') return { roots: await provider.trustedRoots() };
    const flow = /^\/v3\/sign-flow\/([^/]+)\/(sign-url|detail|file|revoke)$/.exec(path);
    if (flow) {
      const flowId = decodeURIComponent(flow[1]!);
      switch (`${method} ${flow[2]}`) {
        case 'POST sign-url': {
          const url = await provider.querySignUrl(flowId, text('accountId'));
          return { url: url.url, expiresAt: url.expiresAt.toISOString() };
        }
        case 'GET detail': {
          const status = await provider.getFlowStatus(flowId);
          return {
            ...status,
            signers: status.signers.map((signer) => ({
              ...signer,
              signedAt: signer.signedAt?.toISOString() ?? null,
            })),
          };
        }
        case 'GET file': {
          const file = Buffer.from(await provider.downloadSignedDocument(flowId));
          // A byte of the first revision's text, changed: every signature's digest breaks.
          if (corrupt) file[Math.floor(file.length / 4)]! ^= 0x01;
          return { fileBase64: file.toString('base64') };
        }
        case 'POST revoke':
          await provider.cancelFlow(flowId, text('reason'));
          return {};
      }
    }
    return undefined;
  };

  const signerPage = async (method: string, token: string, response: ServerResponse) => {
    const link = tokens.get(token);
    if (!link || link.expiresAt < Date.now()) {
      response.writeHead(410, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('This signing link has expired.');
      return;
    }
    if (method === 'POST') {
      await provider.sign(link.flowId, link.accountId);
      tokens.delete(token);
      send(response, 200, { code: 0, message: 'signed', data: { flowId: link.flowId } });
      return;
    }
    const status = await provider.getFlowStatus(link.flowId);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><title>Sign</title><h1>${escapeHtml(status.flowKey)}</h1>` +
        `<form method="post"><button type="submit">签署 / Sign</button></form>`,
    );
  };

  const server = createServer((request, response) => {
    void (async () => {
      const method = request.method ?? 'GET';
      const path = request.url ?? '/';
      const body = await readBody(request);
      try {
        const page = /^\/sign\/([\w-]+)$/.exec(path);
        if (page) return await signerPage(method, page[1]!, response);
        if (!isSigned(request, appId, appSecret, requestPayload(method, path, body)))
          return send(response, 401, { code: 401, message: 'request not signed by the application' });
        const data = await api(method, path, body ? (JSON.parse(body) as Record<string, unknown>) : {});
        if (data === undefined) return send(response, 404, { code: 404, message: 'no such path' });
        send(response, 200, { code: 0, message: 'ok', data });
      } catch (error) {
        if (error instanceof EsignProviderError)
          return send(response, STATUS[error.code] ?? 400, {
            code: 1,
            errorCode: error.code,
            message: error.message,
          });
        send(response, 500, { code: 500, message: String(error) });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: baseUrl,
    appId,
    appSecret,
    signAt: (signUrl) => fetch(signUrl, { method: 'POST' }),
    get undelivered() {
      return undelivered;
    },
    corruptDownloads(on) {
      corrupt = on;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A flow id the peer has never made, for refusals. */
export const unknownFlowId = () => `flow-${randomUUID()}`;
