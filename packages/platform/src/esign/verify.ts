// Verification of a PDF's signatures with pkijs, independent of any viewer: for each signature,
// who signed and when, whether the bytes it covers are intact, whether its certificate chains
// to a trusted root and was not revoked at the signing time, whether its time-stamp holds, and
// whether anything but further signatures was appended after it.
import { createHash } from 'node:crypto';
import type * as asn1js from 'asn1js';
import { PDF, PdfArray, type PdfDict, PdfName, PdfNumber, PdfString } from '@libpdf/core';
import {
  NO_SIGNER,
  OID,
  type SignerCheck,
  checkSigner,
  parseSignedData,
  signatureValue,
  toArrayBuffer,
} from './cms';
import { EsignError } from './errors';
import { CrlRevocationSource, type RevocationStatus } from './revocation';
import { type Revision, type UpdateReport, findRevisions, readUpdate, revisionEndingAt } from './revisions';
import { checkTimestampToken } from './tsa';
import { BasicConstraintsExtension, X509Certificate, type X509Crl } from './x509';

export interface VerifyOptions {
  /** The roots trusted: the platform CA's root, and any other accepted. */
  readonly trustedRoots: readonly (X509Certificate | string | Uint8Array)[];
  /** Current CRLs of the issuers (the CA's crls()); without one, revocation is unknown. */
  readonly crls?: readonly (X509Crl | string | Uint8Array)[];
  readonly now?: Date;
}

export type SignatureProblem =
  /** The ByteRange is malformed or does not leave out exactly this signature's /Contents. */
  | 'BYTE_RANGE_INVALID'
  /** The signed bytes do not end where a revision ends. */
  | 'NOT_AT_REVISION_END'
  | 'MODIFIED_AFTER_SIGNING'
  | 'FORMAT_UNSUPPORTED'
  | 'DIGEST_MISMATCH'
  | 'SIGNATURE_INVALID'
  /** No ESS signing-certificate attribute naming the signer's certificate (required by PAdES). */
  | 'SIGNING_CERTIFICATE_UNBOUND'
  | 'TIMESTAMP_INVALID'
  /** The time-stamp holds, but its TSA does not chain to a trusted root. */
  | 'TIMESTAMP_UNTRUSTED'
  | 'CHAIN_UNTRUSTED'
  | 'CERT_EXPIRED'
  | 'CERT_NOT_YET_VALID'
  | 'CERT_REVOKED'
  | 'CERT_SUSPENDED'
  | 'REVOCATION_UNKNOWN';

export interface TimestampReport {
  readonly time: Date;
  /** The TSA certificate's subject. */
  readonly authority: string | null;
  /** Imprint, signature, signing-certificate, timeStamping usage, validity, not revoked: all hold. */
  readonly intact: boolean;
  /** The TSA's certificate chains to a trusted root. */
  readonly trusted: boolean;
  /** Intact and trusted: the time is proven. */
  readonly valid: boolean;
  readonly revocation: RevocationStatus['status'];
}

export interface SignatureReport {
  readonly fieldName: string;
  /** 1-based page of the field's widget, and its rectangle [x1, y1, x2, y2]. */
  readonly page: number | null;
  readonly rect: readonly number[] | null;
  readonly kind: 'signature' | 'document-timestamp';
  readonly subFilter: string | null;
  readonly signer: {
    readonly subject: string;
    readonly commonName: string | null;
    readonly serialNumber: string;
  } | null;
  /** The CMS signing-time attribute (claimed by the signer). */
  readonly signingTime: Date | null;
  /** The signature dictionary's /M (claimed by the signer; equals signingTime when both exist). */
  readonly declaredTime: Date | null;
  readonly timestamp: TimestampReport | null;
  readonly digestMatches: boolean;
  readonly signatureValid: boolean;
  readonly chain: { readonly trusted: boolean; readonly subjects: readonly string[] };
  /** At the time proven by the time-stamp, else the claimed signing time. */
  readonly revocation: RevocationStatus['status'];
  readonly coverage: {
    readonly byteRange: readonly number[];
    /** 1-based revision the signature closes, of `revisions`. */
    readonly revision: number | null;
    readonly revisions: number;
    /** Signed up to its revision's end, leaving out only its own /Contents. */
    readonly coversRevision: boolean;
    /** The signed revision is the file's last. */
    readonly wholeDocument: boolean;
    readonly modifiedAfterSigning: boolean;
    /** What the later updates did. */
    readonly laterUpdates: readonly UpdateReport[];
  };
  /** valid: nothing wrong; invalid: something proves it wrong; indeterminate: trust or status unknown. */
  readonly status: 'valid' | 'invalid' | 'indeterminate';
  readonly problems: readonly SignatureProblem[];
}

export interface VerificationReport {
  readonly signatures: readonly SignatureReport[];
  readonly revisions: number;
}

const INDETERMINATE: readonly SignatureProblem[] = [
  'CHAIN_UNTRUSTED',
  'TIMESTAMP_UNTRUSTED',
  'REVOCATION_UNKNOWN',
];
const MAX_CHAIN = 8;
const latin1 = new TextDecoder('latin1');

function certificate(input: X509Certificate | string | Uint8Array): X509Certificate {
  return input instanceof X509Certificate
    ? input
    : new X509Certificate(input instanceof Uint8Array ? toArrayBuffer(input) : input);
}

function sameCertificate(a: X509Certificate, b: X509Certificate): boolean {
  return Buffer.from(a.rawData).equals(Buffer.from(b.rawData));
}

/** A PDF date (D:YYYYMMDDHHmmSS with Z or ±HH'mm'), as a Date. */
function pdfDateValue(value: PdfString | undefined): Date | null {
  const match = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(Z|[+-]\d{2}'?\d{2}'?)?/.exec(
    value?.asString() ?? '',
  );
  if (!match) return null;
  const [, year, month = '01', day = '01', hour = '00', minute = '00', second = '00', zone = 'Z'] = match;
  const offset = zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.replace(/'/g, '').slice(3, 5)}`;
  const date = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}${offset}`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Whether `issuer` signed `certificate`, checked once per pair in a verification. */
type SignedBy = (certificate: X509Certificate, issuer: X509Certificate) => Promise<boolean>;

function signedByOnce(): SignedBy {
  const checked = new Map<string, Promise<boolean>>();
  const der = (certificate: X509Certificate) => Buffer.from(certificate.rawData).toString('base64');
  return (certificate, issuer) => {
    const key = `${der(certificate)}|${der(issuer)}`;
    let signed = checked.get(key);
    if (!signed) {
      signed = certificate.verify({ publicKey: issuer, signatureOnly: true }).catch(() => false);
      checked.set(key, signed);
    }
    return signed;
  };
}

/** The certification path from `leaf` up to a trusted root, through the certificates given. */
async function buildChain(
  leaf: X509Certificate,
  pool: readonly X509Certificate[],
  roots: readonly X509Certificate[],
  signedBy: SignedBy,
): Promise<{ path: X509Certificate[]; trusted: boolean }> {
  const path = [leaf];
  let current = leaf;
  while (path.length <= MAX_CHAIN) {
    if (roots.some((root) => sameCertificate(root, current))) return { path, trusted: true };
    let issuer: X509Certificate | undefined;
    for (const candidate of [...roots, ...pool]) {
      if (candidate.subject !== current.issuer || sameCertificate(candidate, current)) continue;
      if (await signedBy(current, candidate)) {
        issuer = candidate;
        break;
      }
    }
    if (!issuer) return { path, trusted: false };
    // Every certificate above the signer's must be a CA.
    if (!issuer.getExtension(BasicConstraintsExtension)?.ca) return { path, trusted: false };
    path.push(issuer);
    current = issuer;
  }
  return { path, trusted: false };
}

/** Revocation of every certificate below the root, at `at`: the worst status found. */
async function chainRevocation(path: readonly X509Certificate[], crls: CrlRevocationSource, at: Date) {
  const order: RevocationStatus['status'][] = ['good', 'unknown', 'suspended', 'revoked'];
  let worst: RevocationStatus['status'] = 'good';
  for (let i = 0; i + 1 < path.length; i++) {
    const { status } = await crls.statusOf(path[i]!, path[i + 1]!, at);
    if (order.indexOf(status) > order.indexOf(worst)) worst = status;
  }
  return worst;
}

function validAt(path: readonly X509Certificate[], at: Date): SignatureProblem | null {
  if (path.some((entry) => at > entry.notAfter)) return 'CERT_EXPIRED';
  if (path.some((entry) => at < entry.notBefore)) return 'CERT_NOT_YET_VALID';
  return null;
}

interface Located {
  readonly byteRange: number[];
  readonly contents: Uint8Array;
  readonly problem: SignatureProblem | null;
}

/** The ByteRange must be [0, a, b, c] leaving out exactly the dictionary's /Contents hex string. */
function locate(bytes: Uint8Array, dict: PdfDict): Located {
  const range = dict.getArray('ByteRange');
  const values =
    range instanceof PdfArray
      ? range.toArray().map((item) => (item instanceof PdfNumber ? item.value : NaN))
      : [];
  const contents = dict.get('Contents');
  const bad = { byteRange: values, contents: new Uint8Array(), problem: 'BYTE_RANGE_INVALID' as const };
  if (values.length !== 4 || !values.every((n) => Number.isInteger(n) && n >= 0)) return bad;
  const [start, length1, offset2, length2] = values as [number, number, number, number];
  const inFile = offset2 > length1 && offset2 + length2 <= bytes.length;
  if (start !== 0 || !inFile || !(contents instanceof PdfString)) return bad;
  const gap = latin1.decode(bytes.subarray(length1, offset2));
  if (!/^<[0-9A-Fa-f\s]*>$/.test(gap)) return bad;
  const fromGap = Buffer.from(gap.slice(1, -1).replace(/\s/g, ''), 'hex');
  if (!fromGap.equals(Buffer.from(contents.bytes))) return bad;
  return { byteRange: values, contents: contents.bytes, problem: null };
}

function signedDigest(bytes: Uint8Array, byteRange: readonly number[]) {
  const [, length1, offset2, length2] = byteRange as [number, number, number, number];
  return async (algorithm: string) =>
    new Uint8Array(
      createHash(algorithm.replace('-', '').toLowerCase())
        .update(bytes.subarray(0, length1))
        .update(bytes.subarray(offset2, offset2 + length2))
        .digest(),
    );
}

function signedBytes(bytes: Uint8Array, byteRange: readonly number[]): Uint8Array {
  const [, length1, offset2, length2] = byteRange as [number, number, number, number];
  return Buffer.concat([bytes.subarray(0, length1), bytes.subarray(offset2, offset2 + length2)]);
}

/** Reads every signature and document time-stamp of `pdfBytes`. */
export async function verifyPdf(pdfBytes: Uint8Array, options: VerifyOptions): Promise<VerificationReport> {
  const pdf = await PDF.load(pdfBytes).catch((cause: unknown) => {
    throw new EsignError('PDF_INVALID', 'The file is not a readable PDF', { cause });
  });
  const revisions = findRevisions(pdfBytes);
  const now = options.now ?? new Date();
  const context: Context = {
    bytes: pdfBytes,
    pdf,
    revisions,
    roots: options.trustedRoots.map(certificate),
    crls: new CrlRevocationSource(options.crls ?? [], () => now),
    now,
    signedBy: signedByOnce(),
    signedEnds: signedRevisions(pdf, revisions),
    loaded: new Map(),
    updates: new Map(),
  };
  const pageIndex = new Map(
    pdf.getPages().map((page, index) => [`${page.ref.objectNumber} ${page.ref.generation}`, index + 1]),
  );
  const signatures: SignatureReport[] = [];
  for (const field of pdf.getForm()?.getSignatureFields() ?? []) {
    const dict = field.getSignatureDict();
    if (!dict) continue;
    const widget = field.getWidgets()[0];
    const pageRef = widget?.pageRef;
    signatures.push(
      await verifySignature(context, dict, {
        fieldName: field.name,
        page: pageRef ? (pageIndex.get(`${pageRef.objectNumber} ${pageRef.generation}`) ?? null) : null,
        rect: widget ? widget.rect : null,
      }),
    );
  }
  return { signatures, revisions: revisions.length };
}

interface Context {
  readonly bytes: Uint8Array;
  readonly pdf: PDF;
  readonly revisions: readonly Revision[];
  readonly roots: readonly X509Certificate[];
  readonly crls: CrlRevocationSource;
  readonly now: Date;
  readonly signedBy: SignedBy;
  /** Revisions closed by a signature or document time-stamp. */
  readonly signedEnds: ReadonlySet<number>;
  /** The document as of each revision, loaded once. */
  readonly loaded: Map<number, Promise<PDF>>;
  /** Each update read once, whatever the number of signatures before it. */
  readonly updates: Map<number, Promise<UpdateReport>>;
}

function revisionDocument(context: Context, index: number): Promise<PDF> {
  let loaded = context.loaded.get(index);
  if (!loaded) {
    const end = context.revisions[index]!.end;
    loaded =
      end === context.bytes.length ? Promise.resolve(context.pdf) : PDF.load(context.bytes.subarray(0, end));
    context.loaded.set(index, loaded);
  }
  return loaded;
}

function update(context: Context, index: number): Promise<UpdateReport> {
  let report = context.updates.get(index);
  if (!report) {
    report = (async () => {
      try {
        const [before, after] = await Promise.all([
          revisionDocument(context, index - 1),
          revisionDocument(context, index),
        ]);
        return readUpdate(
          context.bytes,
          context.revisions[index]!,
          index,
          before,
          after,
          context.signedEnds.has(index),
        );
      } catch {
        return { revision: index, kind: 'modification', changes: ['an update that cannot be read'] } as const;
      }
    })();
    context.updates.set(index, report);
  }
  return report;
}

/** Revisions closed by some signature or document time-stamp of the file. */
function signedRevisions(pdf: PDF, revisions: readonly Revision[]): Set<number> {
  const ends = new Set<number>();
  for (const field of pdf.getForm()?.getSignatureFields() ?? []) {
    const range = field.getSignatureDict()?.getArray('ByteRange')?.toArray();
    const values = range?.map((item) => (item instanceof PdfNumber ? item.value : NaN));
    if (values?.length === 4) ends.add(revisionEndingAt(revisions, values[2]! + values[3]!));
  }
  return ends;
}

/**
 * Where a signature's range ends, and what came after: each later update read, and anything
 * after the last %%EOF (an update a lenient reader might still apply) counted as a change.
 */
async function coverageOf(context: Context, byteRange: readonly number[]) {
  const end = byteRange.length === 4 ? byteRange[2]! + byteRange[3]! : -1;
  const revision = revisionEndingAt(context.revisions, end);
  const laterUpdates: UpdateReport[] = [];
  if (revision >= 0) {
    for (let index = revision + 1; index < context.revisions.length; index++) {
      laterUpdates.push(await update(context, index));
    }
    const lastEnd = context.revisions.at(-1)!.end;
    if (/\S/.test(latin1.decode(context.bytes.subarray(lastEnd)).replace(/\0/g, ''))) {
      laterUpdates.push({
        revision: context.revisions.length,
        kind: 'modification',
        changes: ['bytes after the last %%EOF'],
      });
    }
  }
  const modifiedAfterSigning = revision < 0 || laterUpdates.some((later) => later.kind === 'modification');
  return { end, revision, laterUpdates, modifiedAfterSigning };
}

async function verifySignature(
  context: Context,
  dict: PdfDict,
  place: Pick<SignatureReport, 'fieldName' | 'page' | 'rect'>,
): Promise<SignatureReport> {
  const problems = new Set<SignatureProblem>();
  const kind = dict.getName('Type')?.value === 'DocTimeStamp' ? 'document-timestamp' : 'signature';
  const subFilter =
    dict.get('SubFilter') instanceof PdfName ? (dict.get('SubFilter') as PdfName).value : null;
  const located = locate(context.bytes, dict);
  if (located.problem) problems.add(located.problem);

  // Coverage: the signed bytes end a revision, and later revisions only sign.
  const { end, revision, laterUpdates, modifiedAfterSigning } = await coverageOf(context, located.byteRange);
  if (revision < 0) problems.add('NOT_AT_REVISION_END');
  if (modifiedAfterSigning) problems.add('MODIFIED_AFTER_SIGNING');

  let check: SignerCheck = NO_SIGNER;
  let timestamp: TimestampReport | null = null;
  if (!located.problem) {
    if (kind === 'document-timestamp') {
      const stamp = await verifyTimestamp(context, located.contents, {
        data: signedBytes(context.bytes, located.byteRange),
      });
      check = stamp.check;
      timestamp = stamp.report;
    } else if (subFilter === 'ETSI.CAdES.detached' || subFilter === 'adbe.pkcs7.detached') {
      const signed = await checkSignature(context, located, subFilter);
      check = signed.check;
      timestamp = signed.timestamp;
      for (const problem of signed.problems) problems.add(problem);
    } else {
      problems.add('FORMAT_UNSUPPORTED');
    }
  }
  if (!located.problem && !problems.has('FORMAT_UNSUPPORTED')) {
    if (!check.digestMatches) problems.add('DIGEST_MISMATCH');
    if (!check.signatureValid) problems.add('SIGNATURE_INVALID');
  }
  if (timestamp && !timestamp.intact) problems.add('TIMESTAMP_INVALID');
  else if (timestamp && !timestamp.trusted) problems.add('TIMESTAMP_UNTRUSTED');

  // Trust and status at the time the time-stamp proves, else at the time claimed.
  const at = (timestamp?.valid ? timestamp.time : null) ?? check.signingTime ?? context.now;
  let chain: { path: X509Certificate[]; trusted: boolean } = { path: [], trusted: false };
  let revocation: RevocationStatus['status'] = 'unknown';
  if (check.signer) {
    chain = await buildChain(check.signer, check.certificates, context.roots, context.signedBy);
    if (!chain.trusted) problems.add('CHAIN_UNTRUSTED');
    const validity = validAt(chain.path, at);
    if (validity) problems.add(validity);
    revocation = await chainRevocation(chain.path, context.crls, at);
    if (revocation === 'revoked') problems.add('CERT_REVOKED');
    if (revocation === 'suspended') problems.add('CERT_SUSPENDED');
    if (revocation === 'unknown') problems.add('REVOCATION_UNKNOWN');
  }

  const list = [...problems];
  const status =
    list.length === 0
      ? 'valid'
      : list.every((problem) => INDETERMINATE.includes(problem))
        ? 'indeterminate'
        : 'invalid';
  const signer = check.signer;
  return {
    ...place,
    kind,
    subFilter,
    signer: signer
      ? {
          subject: signer.subject,
          commonName: signer.subjectName.getField('CN')[0] ?? null,
          serialNumber: signer.serialNumber,
        }
      : null,
    signingTime: check.signingTime,
    declaredTime: pdfDateValue(dict.getString('M')),
    timestamp,
    digestMatches: check.digestMatches,
    signatureValid: check.signatureValid,
    chain: { trusted: chain.trusted, subjects: chain.path.map((entry) => entry.subject) },
    revocation,
    coverage: {
      byteRange: located.byteRange,
      revision: revision >= 0 ? revision + 1 : null,
      revisions: context.revisions.length,
      coversRevision: !located.problem && revision >= 0,
      wholeDocument: end === context.bytes.length,
      modifiedAfterSigning,
      laterUpdates,
    },
    status,
    problems: list,
  };
}

/** The CMS of a signature, and its signature time-stamp when it has one. */
async function checkSignature(context: Context, located: Located, subFilter: string) {
  const problems: SignatureProblem[] = [];
  let signedData;
  try {
    signedData = parseSignedData(located.contents);
  } catch {
    return { check: NO_SIGNER, timestamp: null, problems };
  }
  const check = await checkSigner(signedData, signedDigest(context.bytes, located.byteRange));
  if (subFilter === 'ETSI.CAdES.detached' && !check.certificateBound)
    problems.push('SIGNING_CERTIFICATE_UNBOUND');
  const token = signedData.signerInfos[0]?.unsignedAttrs?.attributes.find(
    (entry) => entry.type === OID.timeStampToken,
  );
  if (!token) return { check, timestamp: null, problems };
  const tokenBytes = new Uint8Array((token.values[0] as asn1js.AsnType).toBER());
  const stamp = await verifyTimestamp(context, tokenBytes, { data: signatureValue(signedData) });
  if (!stamp.report) problems.push('TIMESTAMP_INVALID');
  return { check, timestamp: stamp.report, problems };
}

/** A time-stamp token over `stamped`, with its TSA's chain and status at the stamped time. */
async function verifyTimestamp(
  context: Context,
  token: Uint8Array,
  stamped: { readonly data: Uint8Array },
): Promise<{ report: TimestampReport | null; check: SignerCheck }> {
  let result;
  try {
    result = await checkTimestampToken(token, stamped);
  } catch {
    return { report: null, check: NO_SIGNER };
  }
  const time = result.info?.genTime ?? new Date(NaN);
  let trusted = false;
  let revocation: RevocationStatus['status'] = 'unknown';
  let validity: SignatureProblem | null = 'CERT_EXPIRED';
  if (result.signer) {
    const chain = await buildChain(result.signer, result.certificates, context.roots, context.signedBy);
    trusted = chain.trusted;
    validity = validAt(chain.path, time);
    revocation = await chainRevocation(chain.path, context.crls, time);
  }
  const intact =
    result.imprintMatches &&
    result.digestMatches &&
    result.signatureValid &&
    result.certificateBound &&
    result.timestampingCertificate &&
    validity === null &&
    revocation !== 'revoked' &&
    revocation !== 'suspended';
  return {
    report: {
      time,
      authority: result.signer?.subject ?? null,
      intact,
      trusted,
      valid: intact && trusted,
      revocation,
    },
    // For a document time-stamp the token is the signature: its imprint is the document digest.
    check: {
      ...result,
      digestMatches: result.digestMatches && result.imprintMatches,
      signingTime: result.info?.genTime ?? null,
    },
  };
}
