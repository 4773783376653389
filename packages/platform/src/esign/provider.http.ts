// The e-sign provider over HTTP: the client of a provider's open API, every request signed with
// the application's id and secret (provider.hmac.ts), answers in `{ code, message, data }`.
// The paths are those of the stand-in provider the tests start (testing/esign-peer.ts), shaped
// like the Chinese providers' (accounts, a flow created from a file, a sign URL per signer, the
// flow's detail and file, revocation, callbacks): an adapter to a real provider maps its own
// paths and fields onto these verbs, nothing more.
import {
  type CallbackRequest,
  type EsignEvent,
  type EsignProvider,
  EsignProviderError,
  type FlowStatus,
  type OrgAccountInput,
  type PersonAccountInput,
  type ProviderAccount,
  type ProviderErrorCode,
  type SignUrl,
  type StartFlowInput,
} from './provider';
import { isSigned, requestPayload, signedHeaders } from './provider.hmac';
import { parseEvent } from './provider.internal';

export interface HttpProviderOptions {
  /** The provider's base URL (`https://esign.example.cn`). */
  readonly url: string;
  readonly appId: string;
  readonly appSecret: string;
  /** Per request; 15 s by default. */
  readonly timeoutMs?: number;
  readonly now?: () => Date;
}

const CODES: readonly ProviderErrorCode[] = [
  'ACCOUNT_UNKNOWN',
  'FLOW_UNKNOWN',
  'FLOW_CLOSED',
  'SIGNER_UNKNOWN',
  'SIGNER_DONE',
  'NOT_YOUR_TURN',
  'POSITION_UNSUPPORTED',
  'BAD_INPUT',
  'SIGN_FAILED',
];

type StatusData = Omit<FlowStatus, 'signers'> & {
  signers: (Omit<FlowStatus['signers'][number], 'signedAt'> & { signedAt: string | null })[];
};

export class HttpEsignProvider implements EsignProvider {
  readonly name: string;
  readonly #options: HttpProviderOptions;

  constructor(options: HttpProviderOptions) {
    this.#options = { ...options, url: options.url.replace(/\/$/, '') };
    this.name = this.#options.url;
  }

  async #call<T>(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<T> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const { appId, appSecret, url, timeoutMs = 15_000 } = this.#options;
    const now = this.#options.now?.().getTime() ?? Date.now();
    let answer: Response;
    try {
      answer = await fetch(`${url}${path}`, {
        method,
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...signedHeaders(appId, appSecret, requestPayload(method, path, body), now),
        },
        ...(body ? { body } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new EsignProviderError('PROVIDER_FAILED', `The provider did not answer: ${String(error)}`, {
        cause: error,
      });
    }
    let parsed: { code?: unknown; message?: unknown; errorCode?: unknown; data?: unknown };
    try {
      parsed = (await answer.json()) as typeof parsed;
    } catch {
      throw new EsignProviderError('PROVIDER_FAILED', `The provider answered ${answer.status} without JSON`);
    }
    if (answer.ok && parsed.code === 0) return parsed.data as T;
    const code = CODES.find((known) => known === parsed.errorCode) ?? 'PROVIDER_FAILED';
    throw new EsignProviderError(code, `${answer.status}: ${String(parsed.message ?? 'refused')}`);
  }

  createPersonAccount(input: PersonAccountInput): Promise<ProviderAccount> {
    return this.#call('POST', '/v3/persons/create', input);
  }

  createOrgAccount(input: OrgAccountInput): Promise<ProviderAccount> {
    return this.#call('POST', '/v3/organizations/create', input);
  }

  startHandSignFlow(input: StartFlowInput): Promise<{ flowId: string }> {
    return this.#call('POST', '/v3/sign-flow/create-by-file', {
      flowKey: input.flowKey,
      title: input.title,
      fileName: input.fileName,
      fileBase64: Buffer.from(input.document).toString('base64'),
      signers: input.signers.map(({ seal, ...signer }) => ({
        ...signer,
        ...(seal ? { sealBase64: Buffer.from(seal).toString('base64') } : {}),
      })),
      ...(input.callbackUrl ? { callbackUrl: input.callbackUrl } : {}),
    });
  }

  async querySignUrl(flowId: string, accountId: string): Promise<SignUrl> {
    const data = await this.#call<{ url: string; expiresAt: string }>(
      'POST',
      `/v3/sign-flow/${encodeURIComponent(flowId)}/sign-url`,
      { accountId },
    );
    return { url: data.url, expiresAt: new Date(data.expiresAt) };
  }

  async getFlowStatus(flowId: string): Promise<FlowStatus> {
    const data = await this.#call<StatusData>('GET', `/v3/sign-flow/${encodeURIComponent(flowId)}/detail`);
    return {
      ...data,
      signers: data.signers.map((signer) => ({
        ...signer,
        signedAt: signer.signedAt ? new Date(signer.signedAt) : null,
      })),
    };
  }

  async downloadSignedDocument(flowId: string): Promise<Uint8Array> {
    const data = await this.#call<{ fileBase64: string }>(
      'GET',
      `/v3/sign-flow/${encodeURIComponent(flowId)}/file`,
    );
    return new Uint8Array(Buffer.from(data.fileBase64, 'base64'));
  }

  async cancelFlow(flowId: string, reason: string): Promise<void> {
    await this.#call('POST', `/v3/sign-flow/${encodeURIComponent(flowId)}/revoke`, { reason });
  }

  async handleCallback(request: CallbackRequest): Promise<EsignEvent> {
    const { appId, appSecret } = this.#options;
    const now = this.#options.now?.().getTime() ?? Date.now();
    if (!isSigned(request, appId, appSecret, request.body, now))
      throw new EsignProviderError('CALLBACK_REFUSED', 'The callback is not signed by this provider');
    return parseEvent(request.body);
  }

  async trustedRoots(): Promise<readonly string[]> {
    return (await this.#call<{ roots: string[] }>('GET', '/v3/ca/roots')).roots;
  }
}
