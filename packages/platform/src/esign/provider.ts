// The e-sign provider interface (ADR 0032): the verbs of spec §7.2 (person and organisation
// accounts, a hand-sign flow started on a document, the signer's URL, the signed document) with
// a flow's status, its cancellation and the provider's callbacks. Its shape follows the Chinese
// providers' open APIs (an account per signer, one call that starts a flow on a file with manual
// seal areas, a sign URL per signer, the flow's files downloaded, callbacks with a serial number),
// so that an adapter to one of them is a mapping. Two implementations: the internal provider
// (provider.internal.ts, the platform's CA) and an HTTP client (provider.http.ts).

/** How a signer seals its field: the organisation's seal, or a person's signature. */
export type SealKind = 'ORG_SEAL' | 'PERSONAL_SIGNATURE';

export interface PersonAccountInput {
  /** The caller's key of the account (a sign account's id): asking twice answers the same account. */
  readonly externalId: string;
  readonly name: string;
  readonly email?: string;
  readonly mobile?: string;
  /** Shown in part only; providers that check identities ask for it. */
  readonly idNumber?: string;
}

export interface OrgAccountInput {
  readonly externalId: string;
  readonly name: string;
  /** 统一社会信用代码. */
  readonly creditCode: string;
  readonly legalRepresentative?: string;
}

export interface ProviderAccount {
  /** The provider's id of the account, named in flows. */
  readonly accountId: string;
  readonly externalId: string;
}

/** Where a signer's field is: a rectangle on a page (from 1, -1 the last), or a keyword's place. */
export type SignPosition =
  | { readonly page: number; readonly rect: readonly [number, number, number, number] }
  | { readonly keyword: string; readonly pages?: string };

export interface FlowSigner {
  readonly accountId: string;
  readonly sealKind: SealKind;
  /** The signature field's name in the signed PDF. */
  readonly fieldName: string;
  readonly position: SignPosition;
  /** Signers sign in ascending order; equal numbers sign in any order among themselves. */
  readonly order: number;
  /** The seal picture (PNG) shown in the field; the provider's own when left out. */
  readonly seal?: Uint8Array;
}

export interface StartFlowInput {
  /** The caller's key of the flow: starting it again answers the flow already started. */
  readonly flowKey: string;
  readonly title: string;
  readonly fileName: string;
  readonly document: Uint8Array;
  readonly signers: readonly FlowSigner[];
  /** Where the provider posts its events; none: the caller asks the status. */
  readonly callbackUrl?: string;
}

export type FlowState = 'SIGNING' | 'FINISHED' | 'CANCELLED';

export interface FlowStatus {
  readonly flowId: string;
  readonly flowKey: string;
  readonly state: FlowState;
  readonly signers: readonly {
    readonly accountId: string;
    readonly fieldName: string;
    readonly order: number;
    readonly signedAt: Date | null;
  }[];
}

export interface SignUrl {
  readonly url: string;
  readonly expiresAt: Date;
}

export type EsignEventKind = 'SIGNER_FINISHED' | 'FLOW_FINISHED' | 'FLOW_CANCELLED' | 'FILE_EXPIRING';

/** An event of a flow, from a callback: its serial number makes handling it idempotent. */
export interface EsignEvent {
  readonly serialNumber: string;
  readonly kind: EsignEventKind;
  readonly flowId: string;
  readonly flowKey: string;
  /** The signer who finished (SIGNER_FINISHED). */
  readonly accountId?: string;
  readonly at: Date;
}

/** A callback as it arrived: the raw body (its signature covers the bytes) and the headers. */
export interface CallbackRequest {
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  readonly body: string;
}

export interface EsignProvider {
  /** `internal`, or the provider's base URL. */
  readonly name: string;
  createPersonAccount(input: PersonAccountInput): Promise<ProviderAccount>;
  createOrgAccount(input: OrgAccountInput): Promise<ProviderAccount>;
  startHandSignFlow(input: StartFlowInput): Promise<{ readonly flowId: string }>;
  /** The page where this signer signs, short-lived; refused once the signer has signed. */
  querySignUrl(flowId: string, accountId: string): Promise<SignUrl>;
  getFlowStatus(flowId: string): Promise<FlowStatus>;
  /** The document as it stands: signed by everyone once the flow is FINISHED. */
  downloadSignedDocument(flowId: string): Promise<Uint8Array>;
  cancelFlow(flowId: string, reason: string): Promise<void>;
  /** Checks a callback's signature and answers its event; refuses (CALLBACK_REFUSED) a forged one. */
  handleCallback(request: CallbackRequest): Promise<EsignEvent>;
  /** The roots its signatures chain to, to verify what it hands back (PEM). */
  trustedRoots(): Promise<readonly string[]>;
}

export type ProviderErrorCode =
  | 'ACCOUNT_UNKNOWN'
  | 'FLOW_UNKNOWN'
  /** Not SIGNING any more: finished or cancelled. */
  | 'FLOW_CLOSED'
  | 'SIGNER_UNKNOWN'
  | 'SIGNER_DONE'
  /** An earlier signer in the order has not signed yet. */
  | 'NOT_YOUR_TURN'
  | 'POSITION_UNSUPPORTED'
  | 'BAD_INPUT'
  | 'CALLBACK_REFUSED'
  /** The provider did not answer, or answered what the adapter does not understand. */
  | 'PROVIDER_FAILED'
  /** The signature itself failed (a certificate revoked, a field missing): see the cause. */
  | 'SIGN_FAILED';

export class EsignProviderError extends Error {
  constructor(
    readonly code: ProviderErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'EsignProviderError';
  }
}

/** A header's single value, whatever case the name arrived in. */
export function headerValue(request: CallbackRequest, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(request.headers))
    if (key.toLowerCase() === wanted) return typeof value === 'string' ? value : value?.[0];
  return undefined;
}
