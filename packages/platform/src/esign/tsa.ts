// Time-stamps (RFC 3161): the internal TSA signs TimeStampTokens with the TSA certificate; an
// external TSA reached over HTTP can stand in front of it, the internal one answering when the
// external one fails. Every answer says which authority gave it.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { randomBytes } from 'node:crypto';
import {
  OID,
  type SignerCheck,
  buildSignedData,
  checkSigner,
  digest,
  digestName,
  encodeSignedData,
  parseSignedData,
  toArrayBuffer,
} from './cms';
import { EsignError } from './errors';
import type { CryptoKey } from './keys';
import type { RevocationSource } from './revocation';
import { ExtendedKeyUsageExtension, type X509Certificate } from './x509';

/**
 * The policy named in internal tokens when the operator sets none: under 2.999, the arc kept for
 * examples. An operator with an enterprise number sets its own (CaOptions.tsaPolicy).
 */
export const EXAMPLE_TSA_POLICY = '2.999.3161.1';

export interface TimestampToken {
  /** DER ContentInfo (SignedData over a TSTInfo). */
  readonly token: Uint8Array;
  /** Who issued it: `internal`, or the external TSA's URL. */
  readonly authority: string;
  /** Set when the first authority failed and a fallback answered: why it failed. */
  readonly fallbackReason?: string;
}

export interface TimestampAuthority {
  readonly name: string;
  /** A token over `imprint`, the SHA-256 of the data to time-stamp. */
  timestamp(imprint: Uint8Array): Promise<TimestampToken>;
}

export interface InternalTsaOptions {
  readonly certificate: X509Certificate;
  readonly privateKey: CryptoKey;
  /** The TSA certificate's issuers, embedded in each token. */
  readonly chain: readonly X509Certificate[];
  readonly policy?: string;
  /** When given, a revoked or suspended TSA certificate refuses to stamp. */
  readonly revocation?: RevocationSource;
  readonly now?: () => Date;
}

export class InternalTimestampAuthority implements TimestampAuthority {
  readonly name = 'internal';
  readonly #options: InternalTsaOptions;

  constructor(options: InternalTsaOptions) {
    this.#options = options;
  }

  async timestamp(imprint: Uint8Array): Promise<TimestampToken> {
    const signedData = await this.#sign(imprint, OID.sha256);
    return { token: encodeSignedData(signedData), authority: this.name };
  }

  /** Answers a DER TimeStampReq with a DER TimeStampResp: the internal TSA served over HTTP. */
  async respond(request: Uint8Array): Promise<Uint8Array> {
    let parsed: pkijs.TimeStampReq;
    try {
      parsed = pkijs.TimeStampReq.fromBER(toArrayBuffer(request));
    } catch {
      return rejection('badDataFormat');
    }
    const algorithm = parsed.messageImprint.hashAlgorithm.algorithmId;
    const name = digestName(algorithm);
    const imprint = new Uint8Array(parsed.messageImprint.hashedMessage.valueBlock.valueHexView);
    if (!name || name === 'SHA-1' || imprint.length !== (await digest(name, new Uint8Array())).length) {
      return rejection('badAlg');
    }
    if (parsed.reqPolicy && parsed.reqPolicy !== this.#policy) return rejection('unacceptedPolicy');
    try {
      const signedData = await this.#sign(imprint, algorithm, parsed.nonce);
      // RFC 3161 2.4.1: without certReq the token carries no certificates.
      if (!parsed.certReq) delete signedData.certificates;
      const response = new pkijs.TimeStampResp({
        status: new pkijs.PKIStatusInfo({ status: pkijs.PKIStatus.granted }),
        timeStampToken: new pkijs.ContentInfo({
          contentType: OID.signedData,
          content: signedData.toSchema(true),
        }),
      });
      return new Uint8Array(response.toSchema().toBER());
    } catch {
      return rejection('systemFailure');
    }
  }

  get #policy(): string {
    return this.#options.policy ?? EXAMPLE_TSA_POLICY;
  }

  async #sign(imprint: Uint8Array, algorithm: string, nonce?: asn1js.Integer): Promise<pkijs.SignedData> {
    const { certificate, chain, privateKey, revocation } = this.#options;
    const now = this.#options.now?.() ?? new Date();
    if (now < certificate.notBefore || now > certificate.notAfter) {
      throw new EsignError('TIMESTAMP_FAILED', 'The TSA certificate is not valid now');
    }
    const issuer = chain[0];
    if (revocation && issuer) {
      const status = await revocation.statusOf(certificate, issuer, now);
      if (status.status === 'revoked' || status.status === 'suspended') {
        throw new EsignError('TIMESTAMP_FAILED', `The TSA certificate is ${status.status}`);
      }
    }
    const serial = randomBytes(16);
    // Positive and minimal in DER: the first byte neither zero nor above 0x7f.
    serial[0] = (serial[0]! & 0x7f) | 0x40;
    const info = new pkijs.TSTInfo({
      version: 1,
      policy: this.#policy,
      messageImprint: new pkijs.MessageImprint({
        hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: algorithm }),
        hashedMessage: new asn1js.OctetString({ valueHex: toArrayBuffer(imprint) }),
      }),
      serialNumber: new asn1js.Integer({ valueHex: toArrayBuffer(serial) }),
      genTime: now,
      accuracy: new pkijs.Accuracy({ seconds: 1 }),
      ...(nonce ? { nonce } : {}),
    });
    const content = new Uint8Array(info.toSchema().toBER());
    return buildSignedData({
      certificate,
      chain,
      privateKey,
      contentType: OID.tstInfo,
      content,
      contentDigest: await digest('SHA-256', content),
    });
  }
}

const FAILURE_BITS = { badAlg: 0, badDataFormat: 5, unacceptedPolicy: 15, systemFailure: 25 } as const;

function rejection(failure: keyof typeof FAILURE_BITS): Uint8Array {
  const bit = FAILURE_BITS[failure];
  const bytes = new Uint8Array(Math.floor(bit / 8) + 1);
  bytes[Math.floor(bit / 8)] = 0x80 >> (bit % 8);
  const response = new pkijs.TimeStampResp({
    status: new pkijs.PKIStatusInfo({
      status: pkijs.PKIStatus.rejection,
      statusStrings: [new asn1js.Utf8String({ value: failure })],
      failInfo: new asn1js.BitString({ valueHex: toArrayBuffer(bytes), unusedBits: 7 - (bit % 8) }),
    }),
  });
  return new Uint8Array(response.toSchema().toBER());
}

/** An RFC 3161 TSA over HTTP (application/timestamp-query). */
export class HttpTimestampAuthority implements TimestampAuthority {
  constructor(
    readonly name: string,
    private readonly timeoutMs = 10_000,
  ) {}

  async timestamp(imprint: Uint8Array): Promise<TimestampToken> {
    const nonce = randomBytes(8);
    nonce[0] = (nonce[0]! & 0x7f) | 0x40;
    const request = new pkijs.TimeStampReq({
      version: 1,
      messageImprint: new pkijs.MessageImprint({
        hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
        hashedMessage: new asn1js.OctetString({ valueHex: toArrayBuffer(imprint) }),
      }),
      nonce: new asn1js.Integer({ valueHex: toArrayBuffer(nonce) }),
      certReq: true,
    });
    let body: ArrayBuffer;
    try {
      const response = await fetch(this.name, {
        method: 'POST',
        headers: { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' },
        body: new Uint8Array(request.toSchema().toBER()),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      body = await response.arrayBuffer();
    } catch (cause) {
      throw new EsignError('TIMESTAMP_FAILED', `${this.name}: ${(cause as Error).message}`, { cause });
    }
    const token = await acceptResponse(new Uint8Array(body), imprint, request.nonce!);
    return { token, authority: this.name };
  }
}

/** The token of a granted response whose imprint and nonce are ours and whose signature holds. */
async function acceptResponse(
  body: Uint8Array,
  imprint: Uint8Array,
  nonce: asn1js.Integer,
): Promise<Uint8Array> {
  let response: pkijs.TimeStampResp;
  try {
    response = pkijs.TimeStampResp.fromBER(toArrayBuffer(body));
  } catch (cause) {
    throw new EsignError('TIMESTAMP_FAILED', 'The TSA answered something else than a TimeStampResp', {
      cause,
    });
  }
  const status = response.status.status;
  if (
    (status !== pkijs.PKIStatus.granted && status !== pkijs.PKIStatus.grantedWithMods) ||
    !response.timeStampToken
  ) {
    throw new EsignError('TIMESTAMP_FAILED', `The TSA refused (status ${status})`);
  }
  const token = new Uint8Array(response.timeStampToken.toSchema().toBER());
  const check = await checkTimestampToken(token, { imprint });
  if (!check.imprintMatches || !check.signatureValid || !check.info?.nonce?.isEqual(nonce)) {
    throw new EsignError('TIMESTAMP_FAILED', 'The TSA token does not match the request');
  }
  return token;
}

/** Asks `primary`; when it fails, `fallback` answers and the token says why. */
export class FallbackTimestampAuthority implements TimestampAuthority {
  constructor(
    private readonly primary: TimestampAuthority,
    private readonly fallback: TimestampAuthority,
  ) {}

  get name(): string {
    return `${this.primary.name}, else ${this.fallback.name}`;
  }

  async timestamp(imprint: Uint8Array): Promise<TimestampToken> {
    try {
      return await this.primary.timestamp(imprint);
    } catch (error) {
      const token = await this.fallback.timestamp(imprint);
      return { ...token, fallbackReason: error instanceof Error ? error.message : String(error) };
    }
  }
}

export interface TimestampCheck extends SignerCheck {
  readonly info: pkijs.TSTInfo | null;
  /** The token's imprint is the hash of the data it is said to stamp. */
  readonly imprintMatches: boolean;
  /** The signer certificate is for time-stamping only (critical EKU timeStamping). */
  readonly timestampingCertificate: boolean;
}

/**
 * Checks a TimeStampToken against what it stamps: the data, or the SHA-256 imprint sent to the
 * TSA. Whether its TSA is trusted is the caller's question.
 */
export async function checkTimestampToken(
  token: Uint8Array,
  stamped: { readonly data: Uint8Array } | { readonly imprint: Uint8Array },
): Promise<TimestampCheck> {
  const signedData = parseSignedData(token);
  const eContent = signedData.encapContentInfo.eContent;
  let info: pkijs.TSTInfo | null = null;
  let content = new Uint8Array();
  if (signedData.encapContentInfo.eContentType === OID.tstInfo && eContent) {
    content = new Uint8Array(eContent.getValue());
    try {
      info = pkijs.TSTInfo.fromBER(toArrayBuffer(content));
    } catch {
      info = null;
    }
  }
  const signer = await checkSigner(signedData, (algorithm) => digest(algorithm, content));
  const imprintAlgorithm = info ? digestName(info.messageImprint.hashAlgorithm.algorithmId) : undefined;
  let expected: Uint8Array | null = null;
  if (imprintAlgorithm && imprintAlgorithm !== 'SHA-1') {
    if ('data' in stamped) expected = await digest(imprintAlgorithm, stamped.data);
    else if (imprintAlgorithm === 'SHA-256') expected = stamped.imprint;
  }
  const imprintMatches =
    info !== null &&
    expected !== null &&
    Buffer.from(info.messageImprint.hashedMessage.valueBlock.valueHexView).equals(expected);
  const usage = signer.signer?.getExtension(ExtendedKeyUsageExtension);
  return {
    ...signer,
    info,
    imprintMatches,
    timestampingCertificate: usage?.critical === true && usage.usages.includes(OID.timeStamping),
  };
}
