// CMS SignedData, both ways, for PDF signatures (CAdES detached) and time-stamp tokens
// (RFC 3161, TSTInfo encapsulated): one builder and one signer check serve the two.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { EsignError } from './errors';
import type { CryptoKey } from './keys';
import { X509Certificate } from './x509';

export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificate: '1.2.840.113549.1.9.16.2.12',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  timeStampToken: '1.2.840.113549.1.9.16.2.14',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  sha1: '1.3.14.3.2.26',
  sha256: '2.16.840.1.101.3.4.2.1',
  timeStamping: '1.3.6.1.5.5.7.3.8',
} as const;

export type DigestName = 'SHA-1' | 'SHA-256' | 'SHA-384' | 'SHA-512';

const DIGESTS: Record<string, DigestName> = {
  [OID.sha1]: 'SHA-1',
  [OID.sha256]: 'SHA-256',
  '2.16.840.1.101.3.4.2.2': 'SHA-384',
  '2.16.840.1.101.3.4.2.3': 'SHA-512',
};

export function digestName(oid: string): DigestName | undefined {
  return DIGESTS[oid];
}

export async function digest(name: DigestName, data: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest(name, data));
}

export function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

export function toPkijs(certificate: X509Certificate): pkijs.Certificate {
  return pkijs.Certificate.fromBER(certificate.rawData);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/**
 * ESS signing-certificate-v2 (RFC 5035): the signer's certificate hash (SHA-256, the default
 * algorithm, so left out) and issuer and serial, binding the certificate into the signature.
 */
async function signingCertificateV2(
  issued: X509Certificate,
  certificate: pkijs.Certificate,
): Promise<pkijs.Attribute> {
  const hash = await digest('SHA-256', new Uint8Array(issued.rawData));
  const issuerSerial = new pkijs.IssuerSerial({
    issuer: new pkijs.GeneralNames({
      names: [new pkijs.GeneralName({ type: 4, value: certificate.issuer })],
    }),
    serialNumber: certificate.serialNumber,
  });
  const certId = new asn1js.Sequence({
    value: [new asn1js.OctetString({ valueHex: toArrayBuffer(hash) }), issuerSerial.toSchema()],
  });
  return new pkijs.Attribute({
    type: OID.signingCertificateV2,
    values: [new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [certId] })] })],
  });
}

export interface SignedDataInput {
  readonly certificate: X509Certificate;
  /** Issuers above the certificate, embedded so a verifier needs only the root. */
  readonly chain: readonly X509Certificate[];
  readonly privateKey: CryptoKey;
  readonly contentType: string;
  /** SHA-256 of the content: the signed bytes of the PDF, or the encapsulated TSTInfo. */
  readonly contentDigest: Uint8Array;
  /** Encapsulated content (a TSTInfo); a PDF signature is detached and has none. */
  readonly content?: Uint8Array;
  readonly signingTime?: Date;
}

/** A SignedData signed by `privateKey`; unsigned attributes may still be added before encoding. */
export async function buildSignedData(input: SignedDataInput): Promise<pkijs.SignedData> {
  const signer = toPkijs(input.certificate);
  const attributes = [
    new pkijs.Attribute({
      type: OID.contentType,
      values: [new asn1js.ObjectIdentifier({ value: input.contentType })],
    }),
    new pkijs.Attribute({
      type: OID.messageDigest,
      values: [new asn1js.OctetString({ valueHex: toArrayBuffer(input.contentDigest) })],
    }),
    await signingCertificateV2(input.certificate, signer),
    ...(input.signingTime
      ? [
          new pkijs.Attribute({
            type: OID.signingTime,
            values: [new asn1js.UTCTime({ valueDate: input.signingTime })],
          }),
        ]
      : []),
  ];
  // DER orders a SET OF by the encodings of its members.
  const sorted = attributes
    .map((attribute) => ({ attribute, encoded: new Uint8Array(attribute.toSchema().toBER()) }))
    .sort((a, b) => compareBytes(a.encoded, b.encoded))
    .map(({ attribute }) => attribute);
  const signedData = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({
      eContentType: input.contentType,
      ...(input.content
        ? { eContent: new asn1js.OctetString({ valueHex: toArrayBuffer(input.content) }) }
        : {}),
    }),
    certificates: [signer, ...input.chain.map(toPkijs)],
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: signer.issuer, serialNumber: signer.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes: sorted }),
      }),
    ],
  });
  await signedData.sign(input.privateKey, 0, 'SHA-256');
  return signedData;
}

export function addUnsignedAttribute(
  signedData: pkijs.SignedData,
  type: string,
  value: asn1js.AsnType,
): void {
  const signerInfo = signedData.signerInfos[0]!;
  signerInfo.unsignedAttrs ??= new pkijs.SignedAndUnsignedAttributes({ type: 1, attributes: [] });
  signerInfo.unsignedAttrs.attributes.push(new pkijs.Attribute({ type, values: [value] }));
}

/** The signature value of the (only) signer: what a signature time-stamp covers. */
export function signatureValue(signedData: pkijs.SignedData): Uint8Array {
  return new Uint8Array(signedData.signerInfos[0]!.signature.valueBlock.valueHexView);
}

export function encodeSignedData(signedData: pkijs.SignedData): Uint8Array {
  const contentInfo = new pkijs.ContentInfo({
    contentType: OID.signedData,
    content: signedData.toSchema(true),
  });
  return new Uint8Array(contentInfo.toSchema().toBER());
}

/** Reads a ContentInfo holding a SignedData; trailing zero padding (a PDF's /Contents) is allowed. */
export function parseSignedData(bytes: Uint8Array): pkijs.SignedData {
  try {
    const asn1 = asn1js.fromBER(toArrayBuffer(bytes));
    if (asn1.offset === -1) throw new Error(asn1.result.error);
    const contentInfo = new pkijs.ContentInfo({ schema: asn1.result });
    if (contentInfo.contentType !== OID.signedData) throw new Error('not a SignedData');
    return new pkijs.SignedData({ schema: contentInfo.content });
  } catch (cause) {
    throw new EsignError('PDF_INVALID', 'Not a CMS SignedData', { cause });
  }
}

function attribute(
  attributes: pkijs.SignedAndUnsignedAttributes | undefined,
  type: string,
): asn1js.AsnType | undefined {
  return attributes?.attributes.find((candidate) => candidate.type === type)?.values[0] as
    asn1js.AsnType | undefined;
}

/**
 * Parsed certificates by their DER, the last few hundred: the same chain comes back in every
 * signature and time-stamp, and parsing one takes a millisecond or more.
 */
const parsedCertificates = new Map<string, X509Certificate>();
const PARSED_CERTIFICATES = 256;

function certificateFromDer(der: ArrayBuffer): X509Certificate {
  const key = Buffer.from(der).toString('base64');
  let certificate = parsedCertificates.get(key);
  if (!certificate) {
    certificate = new X509Certificate(der);
    if (parsedCertificates.size >= PARSED_CERTIFICATES)
      parsedCertificates.delete(parsedCertificates.keys().next().value!);
    parsedCertificates.set(key, certificate);
  }
  return certificate;
}

function pkijsCertificates(signedData: pkijs.SignedData): pkijs.Certificate[] {
  return (signedData.certificates ?? []).filter(
    (entry): entry is pkijs.Certificate => entry instanceof pkijs.Certificate,
  );
}

/** The certificates a SignedData carries, as X509Certificate. */
export function embeddedCertificates(signedData: pkijs.SignedData): X509Certificate[] {
  return pkijsCertificates(signedData).map((entry) => certificateFromDer(entry.toSchema().toBER()));
}

export interface SignerCheck {
  /** The signer's certificate, found among the embedded ones by issuer and serial. */
  readonly signer: X509Certificate | null;
  /** The content's digest equals the signed messageDigest. */
  readonly digestMatches: boolean;
  /** The signature over the signed attributes verifies with the signer's public key. */
  readonly signatureValid: boolean;
  /** An ESS signing-certificate (v2, or v1 in older tokens) names the signer's certificate. */
  readonly certificateBound: boolean;
  readonly signingTime: Date | null;
  readonly contentType: string | null;
  /** Every certificate the SignedData carries (the signer's and its chain, as embedded). */
  readonly certificates: readonly X509Certificate[];
}

export const NO_SIGNER: SignerCheck = {
  signer: null,
  digestMatches: false,
  signatureValid: false,
  certificateBound: false,
  signingTime: null,
  contentType: null,
  certificates: [],
};

/**
 * Checks the (single) signer of `signedData` against the content it signs: given as bytes, or
 * as a function that digests it with the signer's algorithm (the detached PDF ranges).
 */
export async function checkSigner(
  signedData: pkijs.SignedData,
  content: (algorithm: DigestName) => Promise<Uint8Array>,
): Promise<SignerCheck> {
  const signerInfo = signedData.signerInfos[0];
  const embedded = pkijsCertificates(signedData);
  const none = { ...NO_SIGNER, certificates: embeddedCertificates(signedData) };
  if (!signerInfo || signedData.signerInfos.length !== 1 || !signerInfo.signedAttrs) return none;
  const algorithm = digestName(signerInfo.digestAlgorithm.algorithmId);
  if (!algorithm || algorithm === 'SHA-1') return none;
  const sid: unknown = signerInfo.sid;
  const found =
    sid instanceof pkijs.IssuerAndSerialNumber
      ? embedded.find(
          (entry) => entry.issuer.isEqual(sid.issuer) && entry.serialNumber.isEqual(sid.serialNumber),
        )
      : undefined;
  const signerCertificate = found ? none.certificates[embedded.indexOf(found)]! : null;
  const signedDigest = attribute(signerInfo.signedAttrs, OID.messageDigest);
  const digestMatches =
    signedDigest instanceof asn1js.OctetString &&
    sameBytes(new Uint8Array(signedDigest.valueBlock.valueHexView), await content(algorithm));
  const signatureValid =
    found !== undefined &&
    (await pkijs
      .getCrypto(true)
      .verifyWithPublicKey(
        signerInfo.signedAttrs.encodedValue,
        signerInfo.signature,
        found.subjectPublicKeyInfo,
        signerInfo.signatureAlgorithm,
        algorithm,
      )
      .catch(() => false));
  const time = attribute(signerInfo.signedAttrs, OID.signingTime);
  const type = attribute(signerInfo.signedAttrs, OID.contentType);
  return {
    signer: signerCertificate,
    digestMatches,
    signatureValid,
    certificateBound: signerCertificate !== null && (await boundCertificate(signerInfo, signerCertificate)),
    signingTime:
      time instanceof asn1js.UTCTime || time instanceof asn1js.GeneralizedTime ? time.toDate() : null,
    contentType: type instanceof asn1js.ObjectIdentifier ? type.valueBlock.toString() : null,
    certificates: none.certificates,
  };
}

/** The hash in the first ESS certificate identifier equals the signer certificate's hash. */
async function boundCertificate(
  signerInfo: pkijs.SignerInfo,
  certificate: X509Certificate,
): Promise<boolean> {
  const v2 = attribute(signerInfo.signedAttrs, OID.signingCertificateV2);
  const v1 = attribute(signerInfo.signedAttrs, OID.signingCertificate);
  const value = v2 ?? v1;
  if (!(value instanceof asn1js.Sequence)) return false;
  const certs = value.valueBlock.value[0];
  const first = certs instanceof asn1js.Sequence ? certs.valueBlock.value[0] : undefined;
  if (!(first instanceof asn1js.Sequence)) return false;
  const parts = first.valueBlock.value;
  let algorithm: DigestName | undefined = v2 ? 'SHA-256' : 'SHA-1';
  let hash = parts[0];
  // ESSCertIDv2 may open with the hash algorithm when it is not SHA-256.
  if (v2 && parts[0] instanceof asn1js.Sequence) {
    const oid = parts[0].valueBlock.value[0];
    algorithm = oid instanceof asn1js.ObjectIdentifier ? digestName(oid.valueBlock.toString()) : undefined;
    hash = parts[1];
  }
  if (!algorithm || !(hash instanceof asn1js.OctetString)) return false;
  return sameBytes(
    new Uint8Array(hash.valueBlock.valueHexView),
    await digest(algorithm, new Uint8Array(certificate.rawData)),
  );
}
