// The internal e-sign provider: the EsignProvider verbs on the platform's own CA and PdfSigner.
// An account is a certificate issued by the CA (its key sealed in the store); a flow is a
// document with one prepared signature field per signer, signed in the signers' order, each
// signature an incremental update (PAdES B-T). It has no page of its own: the host says where a
// signer signs (`signUrl`) and calls `sign` once it has made sure the signer is there (a one-time
// code). Events go to the flow's callback URL, signed like any provider's (provider.hmac.ts).
import { randomUUID } from 'node:crypto';
import type { CertificateAuthority } from './ca';
import type { EncryptedKey } from './keys';
import { EsignError } from './errors';
import {
  type CallbackRequest,
  type EsignEvent,
  type EsignEventKind,
  type EsignProvider,
  EsignProviderError,
  type FlowState,
  type FlowStatus,
  type OrgAccountInput,
  type PersonAccountInput,
  type ProviderAccount,
  type SealKind,
  type SignUrl,
  type StartFlowInput,
} from './provider';
import { isSigned, signedHeaders } from './provider.hmac';
import { PdfSigner } from './signer';
import { keywordRect } from './anchor';

/** The size of a field placed by keyword (a seal's, in points). */
const KEYWORD_FIELD = { width: 160, height: 80 };

export interface ProviderAccountRecord {
  readonly accountId: string;
  readonly externalId: string;
  readonly kind: 'PERSON' | 'ORG';
  readonly name: string;
  readonly certificatePem: string;
  readonly encryptedKey: EncryptedKey;
}

export interface ProviderFlowRecord {
  readonly flowId: string;
  readonly flowKey: string;
  readonly title: string;
  readonly fileName: string;
  readonly state: FlowState;
  /** The document as it stands, base64. */
  readonly document: string;
  readonly signers: readonly {
    readonly accountId: string;
    readonly sealKind: SealKind;
    readonly fieldName: string;
    readonly order: number;
    /** base64 PNG */
    readonly seal?: string;
    readonly signedAt: string | null;
  }[];
  readonly callbackUrl?: string;
  readonly cancelReason?: string;
}

/** Where the provider keeps its accounts and flows. Writes of one flow are the caller's to serialise. */
export interface ProviderStore {
  account(accountId: string): Promise<ProviderAccountRecord | undefined>;
  accountByExternalId(externalId: string): Promise<ProviderAccountRecord | undefined>;
  putAccount(record: ProviderAccountRecord): Promise<void>;
  flow(flowId: string): Promise<ProviderFlowRecord | undefined>;
  flowByKey(flowKey: string): Promise<ProviderFlowRecord | undefined>;
  putFlow(record: ProviderFlowRecord): Promise<void>;
}

export class MemoryProviderStore implements ProviderStore {
  readonly #accounts = new Map<string, ProviderAccountRecord>();
  readonly #flows = new Map<string, ProviderFlowRecord>();

  async account(accountId: string) {
    return this.#accounts.get(accountId);
  }
  async accountByExternalId(externalId: string) {
    return [...this.#accounts.values()].find((record) => record.externalId === externalId);
  }
  async putAccount(record: ProviderAccountRecord) {
    this.#accounts.set(record.accountId, record);
  }
  async flow(flowId: string) {
    return this.#flows.get(flowId);
  }
  async flowByKey(flowKey: string) {
    return [...this.#flows.values()].find((record) => record.flowKey === flowKey);
  }
  async putFlow(record: ProviderFlowRecord) {
    this.#flows.set(record.flowId, record);
  }
}

export interface InternalProviderOptions {
  readonly ca: CertificateAuthority;
  readonly store: ProviderStore;
  /** Signs callbacks (HMAC-SHA256); the receiver checks them with the same pair. */
  readonly callbackAppId: string;
  readonly callbackSecret: string;
  /** The host's page where this signer signs this flow. */
  readonly signUrl: (flowId: string, accountId: string) => SignUrl | Promise<SignUrl>;
  readonly now?: () => Date;
  /** A callback that could not be delivered (the receiver can still ask the flow's status). */
  readonly onDeliveryFailure?: (event: EsignEvent, error: unknown) => void;
}

const fail = (code: ConstructorParameters<typeof EsignProviderError>[0], message: string): never => {
  throw new EsignProviderError(code, message);
};

export class InternalEsignProvider implements EsignProvider {
  readonly name = 'internal';
  readonly #options: InternalProviderOptions;
  readonly #now: () => Date;
  readonly #signer: PdfSigner;

  constructor(options: InternalProviderOptions) {
    this.#options = options;
    this.#now = options.now ?? (() => new Date());
    this.#signer = new PdfSigner({ now: this.#now });
  }

  createPersonAccount(input: PersonAccountInput): Promise<ProviderAccount> {
    return this.#account('PERSON', input.externalId, input.name, null);
  }

  createOrgAccount(input: OrgAccountInput): Promise<ProviderAccount> {
    return this.#account('ORG', input.externalId, input.name, input.creditCode);
  }

  async #account(
    kind: 'PERSON' | 'ORG',
    externalId: string,
    name: string,
    creditCode: string | null,
  ): Promise<ProviderAccount> {
    if (!externalId || !name.trim()) fail('BAD_INPUT', 'An account needs its external id and a name');
    const known = await this.#options.store.accountByExternalId(externalId);
    if (known) return { accountId: known.accountId, externalId };
    const accountId = `acc-${randomUUID()}`;
    let issued;
    try {
      issued = await this.#options.ca.issueAccountCertificate(
        kind === 'ORG'
          ? { kind: 'organisation', name, accountId, creditCode: creditCode ?? '' }
          : { kind: 'person', name, accountId },
        this.#now(),
      );
    } catch (error) {
      if (error instanceof EsignError)
        throw new EsignProviderError('BAD_INPUT', error.message, { cause: error });
      throw error;
    }
    await this.#options.store.putAccount({
      accountId,
      externalId,
      kind,
      name,
      certificatePem: issued.certificatePem,
      encryptedKey: issued.encryptedKey,
    });
    return { accountId, externalId };
  }

  async startHandSignFlow(input: StartFlowInput): Promise<{ flowId: string }> {
    const { store } = this.#options;
    const known = await store.flowByKey(input.flowKey);
    if (known) return { flowId: known.flowId };
    if (!input.signers.length) fail('BAD_INPUT', 'A flow needs a signer');
    if (new Set(input.signers.map((signer) => signer.fieldName)).size !== input.signers.length)
      fail('BAD_INPUT', 'Each signer needs a field of its own');
    for (const signer of input.signers)
      if (!(await store.account(signer.accountId))) fail('ACCOUNT_UNKNOWN', `No account ${signer.accountId}`);
    let document: Uint8Array;
    try {
      // Fields the document has already (a finalized contract's) are signed where they are.
      const present = new Set(await this.#signer.fieldNames(input.document));
      const fields = [];
      for (const signer of input.signers.filter((candidate) => !present.has(candidate.fieldName))) {
        const { position } = signer;
        if ('rect' in position) {
          fields.push({ name: signer.fieldName, page: position.page, rect: position.rect });
          continue;
        }
        // By keyword: a seal's size centred on its last place (in the first page listed, if any).
        const page = Number(/^-?\d+/.exec(position.pages ?? '')?.[0] ?? 0);
        const placed = await keywordRect(input.document, {
          keyword: position.keyword,
          page,
          width: KEYWORD_FIELD.width,
          height: KEYWORD_FIELD.height,
        });
        if (!placed) return fail('BAD_INPUT', `The keyword ${position.keyword} is not in the document`);
        fields.push({ name: signer.fieldName, ...placed });
      }
      document = fields.length
        ? await this.#signer.prepareSignatureFields(input.document, fields)
        : input.document;
    } catch (error) {
      if (error instanceof EsignError)
        throw new EsignProviderError('BAD_INPUT', error.message, { cause: error });
      throw error;
    }
    const flowId = `flow-${randomUUID()}`;
    await store.putFlow({
      flowId,
      flowKey: input.flowKey,
      title: input.title,
      fileName: input.fileName,
      state: 'SIGNING',
      document: Buffer.from(document).toString('base64'),
      signers: input.signers.map((signer) => ({
        accountId: signer.accountId,
        sealKind: signer.sealKind,
        fieldName: signer.fieldName,
        order: signer.order,
        ...(signer.seal ? { seal: Buffer.from(signer.seal).toString('base64') } : {}),
        signedAt: null,
      })),
      ...(input.callbackUrl ? { callbackUrl: input.callbackUrl } : {}),
    });
    return { flowId };
  }

  async #flow(flowId: string): Promise<ProviderFlowRecord> {
    return (await this.#options.store.flow(flowId)) ?? fail('FLOW_UNKNOWN', `No flow ${flowId}`);
  }

  /** The flow open, the signer in it, not done, and every signer before it in the order done. */
  #signerOf(flow: ProviderFlowRecord, accountId: string) {
    if (flow.state !== 'SIGNING') fail('FLOW_CLOSED', `The flow is ${flow.state}`);
    const signer = flow.signers.find((one) => one.accountId === accountId);
    if (!signer) return fail('SIGNER_UNKNOWN', `Account ${accountId} does not sign this flow`);
    if (signer.signedAt) fail('SIGNER_DONE', 'This signer has signed');
    if (flow.signers.some((one) => one.order < signer.order && !one.signedAt))
      fail('NOT_YOUR_TURN', 'An earlier signer has not signed yet');
    return signer;
  }

  async querySignUrl(flowId: string, accountId: string): Promise<SignUrl> {
    this.#signerOf(await this.#flow(flowId), accountId);
    return this.#options.signUrl(flowId, accountId);
  }

  async getFlowStatus(flowId: string): Promise<FlowStatus> {
    const flow = await this.#flow(flowId);
    return {
      flowId,
      flowKey: flow.flowKey,
      state: flow.state,
      signers: flow.signers.map((signer) => ({
        accountId: signer.accountId,
        fieldName: signer.fieldName,
        order: signer.order,
        signedAt: signer.signedAt ? new Date(signer.signedAt) : null,
      })),
    };
  }

  async downloadSignedDocument(flowId: string): Promise<Uint8Array> {
    return new Uint8Array(Buffer.from((await this.#flow(flowId)).document, 'base64'));
  }

  /**
   * Signs the signer's field, once the host has made sure the signer is there. The caller
   * serialises signatures of one flow (a row lock, one process): each reads the document as the
   * last one left it.
   */
  async sign(flowId: string, accountId: string): Promise<FlowStatus> {
    const flow = await this.#flow(flowId);
    const signer = this.#signerOf(flow, accountId);
    const account = (await this.#options.store.account(accountId)) ?? fail('ACCOUNT_UNKNOWN', accountId);
    const { ca } = this.#options;
    let signed;
    try {
      signed = await this.#signer.signField(Buffer.from(flow.document, 'base64'), {
        fieldName: signer.fieldName,
        signerKey: await ca.openSigningKey(account),
        certificateChain: [account.certificatePem, ...ca.chain],
        tsa: await ca.timestampAuthority(),
        revocation: ca,
        signerName: account.name,
        reason: flow.title,
        ...(signer.seal ? { seal: new Uint8Array(Buffer.from(signer.seal, 'base64')) } : {}),
      });
    } catch (error) {
      if (error instanceof EsignError)
        throw new EsignProviderError('SIGN_FAILED', `${error.code}: ${error.message}`, { cause: error });
      throw error;
    }
    const signers = flow.signers.map((one) =>
      one === signer ? { ...one, signedAt: signed.signingTime.toISOString() } : one,
    );
    const finished = signers.every((one) => one.signedAt);
    await this.#options.store.putFlow({
      ...flow,
      document: Buffer.from(signed.bytes).toString('base64'),
      signers,
      state: finished ? 'FINISHED' : 'SIGNING',
    });
    await this.#tell(flow, 'SIGNER_FINISHED', accountId);
    if (finished) await this.#tell(flow, 'FLOW_FINISHED');
    return this.getFlowStatus(flowId);
  }

  async cancelFlow(flowId: string, reason: string): Promise<void> {
    const flow = await this.#flow(flowId);
    if (flow.state === 'CANCELLED') return;
    if (flow.state !== 'SIGNING') fail('FLOW_CLOSED', `The flow is ${flow.state}`);
    await this.#options.store.putFlow({ ...flow, state: 'CANCELLED', cancelReason: reason });
    await this.#tell(flow, 'FLOW_CANCELLED');
  }

  async handleCallback(request: CallbackRequest): Promise<EsignEvent> {
    const { callbackAppId, callbackSecret } = this.#options;
    if (!isSigned(request, callbackAppId, callbackSecret, request.body, this.#now().getTime()))
      fail('CALLBACK_REFUSED', 'The callback is not signed by this provider');
    return parseEvent(request.body);
  }

  async trustedRoots(): Promise<readonly string[]> {
    return [this.#options.ca.root.toString('pem')];
  }

  async #tell(flow: ProviderFlowRecord, kind: EsignEventKind, accountId?: string): Promise<void> {
    const event: EsignEvent = {
      serialNumber: randomUUID(),
      kind,
      flowId: flow.flowId,
      flowKey: flow.flowKey,
      ...(accountId ? { accountId } : {}),
      at: this.#now(),
    };
    if (flow.callbackUrl) await deliverEvent(flow.callbackUrl, event, this.#options);
  }
}

/** Posts an event to a callback URL, signed; a failure is reported, not thrown. */
export async function deliverEvent(
  url: string,
  event: EsignEvent,
  options: Pick<InternalProviderOptions, 'callbackAppId' | 'callbackSecret' | 'onDeliveryFailure' | 'now'>,
): Promise<void> {
  const body = JSON.stringify({ ...event, at: event.at.toISOString() });
  const now = options.now?.().getTime() ?? Date.now();
  try {
    const answer = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...signedHeaders(options.callbackAppId, options.callbackSecret, body, now),
      },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    if (!answer.ok) throw new Error(`The callback answered ${answer.status}`);
  } catch (error) {
    options.onDeliveryFailure?.(event, error);
  }
}

const EVENT_KINDS: readonly EsignEventKind[] = [
  'SIGNER_FINISHED',
  'FLOW_FINISHED',
  'FLOW_CANCELLED',
  'FILE_EXPIRING',
];

/** A callback's body as an event; anything else is refused. */
export function parseEvent(body: string): EsignEvent {
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(body) as Record<string, unknown>;
  } catch {
    return fail('CALLBACK_REFUSED', 'The callback body is not JSON');
  }
  const text = (key: string) => (typeof value[key] === 'string' ? (value[key] as string) : '');
  const at = new Date(text('at'));
  if (
    !text('serialNumber') ||
    !text('flowId') ||
    !EVENT_KINDS.includes(text('kind') as EsignEventKind) ||
    Number.isNaN(at.getTime())
  )
    fail('CALLBACK_REFUSED', 'The callback is not an event');
  return {
    serialNumber: text('serialNumber'),
    kind: text('kind') as EsignEventKind,
    flowId: text('flowId'),
    flowKey: text('flowKey'),
    ...(text('accountId') ? { accountId: text('accountId') } : {}),
    at,
  };
}
