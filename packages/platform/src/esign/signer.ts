// PDF signing, the one place that writes with the PDF library (@libpdf/core, 0.x; the verifier
// only reads with it): empty signature fields placed when a contract is finalised, then one PAdES
// signature per field, each in an incremental update so that earlier signatures stay valid. The library's own sign() puts every
// signature in an invisible widget on page 1; here the field keeps its page and rectangle, and
// its appearance (seal, name, time) is written in the same revision as the signature.
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import * as asn1js from 'asn1js';
import {
  PDF,
  PdfArray,
  PdfDict,
  PdfName,
  PdfNumber,
  type PdfObject,
  PdfRef,
  PdfStream,
  PdfString,
} from '@libpdf/core';
import { DEFAULT_TIME_ZONE, formatDateTime } from '@srm/kernel';
import { type Picture, drawAppearance } from './appearance';
import {
  OID,
  addUnsignedAttribute,
  buildSignedData,
  digest,
  encodeSignedData,
  signatureValue,
  toArrayBuffer,
} from './cms';
import { EsignError } from './errors';
import { type CryptoKey, assertKeyPair } from './keys';
import type { RevocationSource } from './revocation';
import type { TimestampAuthority } from './tsa';
import { KeyUsageFlags, KeyUsagesExtension, X509Certificate } from './x509';

/**
 * One party's field. `page` counts from 1 (-1 is the last page); `rect` is [x, y, width, height]
 * in points from the page's bottom left. An empty rectangle makes an invisible signature.
 */
export interface SignatureFieldSpec {
  readonly name: string;
  readonly page: number;
  readonly rect: readonly [number, number, number, number];
}

export interface SignFieldOptions {
  readonly fieldName: string;
  readonly signerKey: CryptoKey;
  /** The signer's certificate first, then its issuers up to the root (PEM or parsed). */
  readonly certificateChain: readonly (X509Certificate | string)[];
  readonly tsa: TimestampAuthority;
  /** Asked before signing: a revoked, suspended or unknown certificate does not sign. */
  readonly revocation: RevocationSource;
  readonly signerName: string;
  readonly reason?: string;
  readonly location?: string;
  /** PNG of the seal, shown in the field with the name and the time. */
  readonly seal?: Uint8Array;
}

export interface SignedPdf {
  readonly bytes: Uint8Array;
  /** The time in the signature (CMS signing-time and /M alike), to the second. */
  readonly signingTime: Date;
  /** Who time-stamped the signature: `internal` or a TSA's URL. */
  readonly timestampAuthority: string;
  /** Why the preferred TSA was passed over, when it was. */
  readonly timestampFallbackReason?: string;
}

export interface PdfSignerOptions {
  /** The clock: tests move it. */
  readonly now?: () => Date;
  /** The zone of the time shown in the seal, the platform's by default (the time signed is UTC). */
  readonly timeZone?: string;
}

/** Room for the CMS beyond the certificates: attributes, signature, and a time-stamp token. */
const CONTENTS_ALLOWANCE = 8 * 1024;
/**
 * Written before the offsets are known, then overwritten in place by the real values padded
 * with spaces: ten digits, room for any offset. (The library keeps its raw-bytes object private.)
 */
const BYTE_RANGE_PLACEHOLDER = 9_999_999_999;
const PRINT_FLAG = 4;
/** SignaturesExist | AppendOnly: a viewer must append, never rewrite. */
const SIG_FLAGS = 3;

function fail(code: ConstructorParameters<typeof EsignError>[0], message: string): never {
  throw new EsignError(code, message);
}

async function load(bytes: Uint8Array): Promise<PDF> {
  try {
    return await PDF.load(bytes);
  } catch (cause) {
    throw new EsignError('PDF_INVALID', 'The file is not a readable PDF', { cause });
  }
}

function resolveDict(pdf: PDF, value: PdfObject | undefined): PdfDict | undefined {
  const object = value instanceof PdfRef ? pdf.getObject(value) : value;
  return object instanceof PdfDict ? object : undefined;
}

function resolveArray(pdf: PDF, value: PdfObject | undefined): PdfArray | undefined {
  const object = value instanceof PdfRef ? pdf.getObject(value) : value;
  return object instanceof PdfArray ? object : undefined;
}

/**
 * Appends to the array under `key` of `owner`, wherever it lives: an indirect array is changed
 * in place (and written as its own object), so the owner keeps pointing to it.
 */
function appendTo(pdf: PDF, owner: PdfDict, key: string, item: PdfObject): void {
  const array = resolveArray(pdf, owner.get(key));
  if (array) array.push(item);
  else owner.set(key, new PdfArray([item]));
}

function hasSignatures(pdf: PDF): boolean {
  const fields = pdf.getForm()?.getSignatureFields() ?? [];
  return fields.some((field) => field.isSigned());
}

/** D:YYYYMMDDHHmmssZ, the /M of the signature dictionary, in UTC like the CMS signing-time. */
function pdfDate(date: Date): string {
  return `D:${date.toISOString().slice(0, 19).replace(/[-T:]/g, '')}Z`;
}

function parseChain(chain: readonly (X509Certificate | string)[]): X509Certificate[] {
  return chain.map((entry) => (entry instanceof X509Certificate ? entry : new X509Certificate(entry)));
}

export class PdfSigner {
  readonly #now: () => Date;
  readonly #timeZone: string;

  constructor(options: PdfSignerOptions = {}) {
    this.#now = options.now ?? (() => new Date());
    this.#timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  }

  /** The names of the document's form fields (signature fields among them). */
  async fieldNames(pdfBytes: Uint8Array): Promise<string[]> {
    const pdf = await load(pdfBytes);
    return pdf.getForm()?.getFieldNames() ?? [];
  }

  /** Where a field's first widget is: [x1, y1, x2, y2] in points, or null without the field. */
  async fieldRect(pdfBytes: Uint8Array, name: string): Promise<[number, number, number, number] | null> {
    const pdf = await load(pdfBytes);
    const widget = pdf.getForm()?.getField(name)?.getWidgets()[0];
    return widget ? widget.rect : null;
  }

  /**
   * Adds one empty signature field per party, each a widget on its page, in an update of the
   * document. Done once, before anyone signs: a field added after a signature would break it.
   */
  async prepareSignatureFields(
    pdfBytes: Uint8Array,
    fields: readonly SignatureFieldSpec[],
  ): Promise<Uint8Array> {
    const pdf = await load(pdfBytes);
    if (hasSignatures(pdf)) {
      fail('DOCUMENT_SIGNED', 'The document is signed already: fields can no longer be added');
    }
    const form = pdf.getOrCreateForm();
    const taken = new Set(form.getFieldNames());
    const acroForm = resolveDict(pdf, pdf.getCatalog().get('AcroForm')) ?? fail('PDF_INVALID', 'No AcroForm');
    const pages = pdf.getPages();
    for (const spec of fields) {
      if (!spec.name || spec.name.includes('.')) fail('BAD_INPUT', `Not a field name: "${spec.name}"`);
      if (taken.has(spec.name)) fail('FIELD_EXISTS', `The document has a field "${spec.name}" already`);
      taken.add(spec.name);
      const page = pages[spec.page < 0 ? pages.length + spec.page : spec.page - 1];
      if (!page) fail('BAD_INPUT', `The document has no page ${spec.page}`);
      const [x, y, width, height] = spec.rect;
      if (![x, y, width, height].every(Number.isFinite) || width < 0 || height < 0) {
        fail('BAD_INPUT', `Not a rectangle: ${spec.rect.join(', ')}`);
      }
      // One dictionary is both the field and its widget, as for the library's own fields.
      const fieldRef = pdf.register(
        PdfDict.of({
          FT: PdfName.of('Sig'),
          T: PdfString.fromString(spec.name),
          Type: PdfName.of('Annot'),
          Subtype: PdfName.of('Widget'),
          F: PdfNumber.of(PRINT_FLAG),
          P: page.ref,
          Rect: new PdfArray([x, y, x + width, y + height].map((n) => PdfNumber.of(n))),
        }),
      );
      appendTo(pdf, acroForm, 'Fields', fieldRef);
      appendTo(pdf, page.dict, 'Annots', fieldRef);
    }
    return pdf.save({ incremental: true });
  }

  /**
   * Signs the empty field `fieldName` in a new revision: PAdES B-T (ETSI.CAdES.detached with
   * signing-certificate-v2, the whole chain, and a signature time-stamp), the field's appearance
   * written in the same revision. Refused for a certificate revoked, suspended or expired.
   */
  async signField(pdfBytes: Uint8Array, options: SignFieldOptions): Promise<SignedPdf> {
    const chain = parseChain(options.certificateChain);
    const [certificate, issuer] = chain;
    if (!certificate || !issuer) fail('BAD_INPUT', 'The chain needs the signer certificate and its issuer');
    const now = this.#now();
    // To the second: both the CMS signing-time and /M hold whole seconds, and must be equal.
    const signingTime = new Date(Math.floor(now.getTime() / 1000) * 1000);
    await checkCertificate(certificate, issuer, now, options.revocation);
    await assertKeyPair(options.signerKey, certificate);

    const pdf = await load(pdfBytes);
    const form = pdf.getForm();
    if (!form?.hasField(options.fieldName)) fail('FIELD_NOT_FOUND', `No field "${options.fieldName}"`);
    const field =
      form.getSignatureField(options.fieldName) ??
      fail('FIELD_NOT_SIGNATURE', `"${options.fieldName}" is not a signature field`);
    if (field.isSigned()) fail('FIELD_ALREADY_SIGNED', `"${options.fieldName}" is signed already`);
    // A document that cannot take an update (linearized, repaired) is rewritten whole: harmless
    // before the first signature, fatal to any signature already in it.
    const blocker = pdf.canSaveIncrementally();
    if (blocker !== null && hasSignatures(pdf)) {
      fail('INCREMENTAL_SAVE_BLOCKED', `The document cannot be appended to (${blocker})`);
    }

    const contentsBytes = contentsSize(chain);
    const signatureDict = PdfDict.of({
      Type: PdfName.of('Sig'),
      Filter: PdfName.of('Adobe.PPKLite'),
      SubFilter: PdfName.of('ETSI.CAdES.detached'),
      ByteRange: new PdfArray(
        [0, ...Array<number>(3).fill(BYTE_RANGE_PLACEHOLDER)].map((n) => PdfNumber.of(n)),
      ),
      // A hex string of zeros, to be overwritten with the CMS in hex.
      Contents: PdfString.fromBytes(new Uint8Array(contentsBytes)),
      M: PdfString.fromString(pdfDate(signingTime)),
      Name: PdfString.fromString(options.signerName),
    });
    if (options.reason) signatureDict.set('Reason', PdfString.fromString(options.reason));
    if (options.location) signatureDict.set('Location', PdfString.fromString(options.location));
    field.getDict().set('V', pdf.register(signatureDict));
    const acroForm = resolveDict(pdf, pdf.getCatalog().get('AcroForm'));
    acroForm?.set('SigFlags', PdfNumber.of(SIG_FLAGS));
    for (const widget of field.getWidgets()) {
      widget.dict.set(
        'AP',
        PdfDict.of({ N: await this.#appearance(pdf, widget.width, widget.height, options, signingTime) }),
      );
    }

    const bytes = await pdf.save({ incremental: true });
    const placeholder = locatePlaceholders(bytes, blocker === null ? pdfBytes.length : 0, contentsBytes);
    const byteRange = [
      0,
      placeholder.contentsStart,
      placeholder.contentsEnd,
      bytes.length - placeholder.contentsEnd,
    ];
    const byteRangeText = `[${byteRange.join(' ')}]`.padEnd(placeholder.byteRangeLength, ' ');
    bytes.set(new TextEncoder().encode(byteRangeText), placeholder.byteRangeStart);
    const documentDigest = createHash('sha256')
      .update(bytes.subarray(0, byteRange[1]))
      .update(bytes.subarray(byteRange[2]))
      .digest();

    const signedData = await buildSignedData({
      certificate,
      chain: chain.slice(1),
      privateKey: options.signerKey,
      contentType: OID.data,
      contentDigest: documentDigest,
      signingTime,
    });
    const timestamp = await options.tsa.timestamp(await digest('SHA-256', signatureValue(signedData)));
    addUnsignedAttribute(
      signedData,
      OID.timeStampToken,
      asn1js.fromBER(toArrayBuffer(timestamp.token)).result,
    );
    const cms = encodeSignedData(signedData);
    const room = (placeholder.contentsEnd - placeholder.contentsStart - 2) / 2;
    if (cms.length > room) {
      fail('TIMESTAMP_FAILED', `The signature (${cms.length} bytes) exceeds its room (${room})`);
    }
    bytes.set(new TextEncoder().encode(Buffer.from(cms).toString('hex')), placeholder.contentsStart + 1);
    return {
      bytes,
      signingTime,
      timestampAuthority: timestamp.authority,
      ...(timestamp.fallbackReason ? { timestampFallbackReason: timestamp.fallbackReason } : {}),
    };
  }

  /** The widget's normal appearance: a form XObject drawing the seal picture over its box. */
  async #appearance(
    pdf: PDF,
    width: number,
    height: number,
    options: SignFieldOptions,
    signingTime: Date,
  ): Promise<PdfRef> {
    const box = new PdfArray([0, 0, width, height].map((n) => PdfNumber.of(n)));
    // An invisible signature (an empty rectangle) still gets an appearance, empty, as PDF/A asks.
    if (width <= 0 || height <= 0) {
      return pdf.register(
        PdfStream.fromDict({ Type: PdfName.of('XObject'), Subtype: PdfName.of('Form'), BBox: box }),
      );
    }
    const picture = await drawAppearance({
      width,
      height,
      ...(options.seal ? { seal: options.seal } : {}),
      lines: [options.signerName, shownTime(signingTime, this.#timeZone)],
    });
    const image = imageXObject(pdf, picture);
    return pdf.register(
      PdfStream.fromDict(
        {
          Type: PdfName.of('XObject'),
          Subtype: PdfName.of('Form'),
          BBox: box,
          Resources: PdfDict.of({ XObject: PdfDict.of({ Seal: image }) }),
        },
        new TextEncoder().encode(`q ${width} 0 0 ${height} 0 0 cm /Seal Do Q`),
      ),
    );
  }
}

/** An RGB image with its alpha as a soft mask, each deflated by zlib. */
function imageXObject(pdf: PDF, picture: Picture): PdfRef {
  const image = (colorSpace: string, data: Uint8Array, extra: Record<string, PdfObject> = {}) =>
    pdf.register(
      PdfStream.fromDict(
        {
          Type: PdfName.of('XObject'),
          Subtype: PdfName.of('Image'),
          Width: PdfNumber.of(picture.width),
          Height: PdfNumber.of(picture.height),
          ColorSpace: PdfName.of(colorSpace),
          BitsPerComponent: PdfNumber.of(8),
          Filter: PdfName.of('FlateDecode'),
          ...extra,
        },
        deflateSync(data),
      ),
    );
  return image('DeviceRGB', picture.rgb, { SMask: image('DeviceGray', picture.alpha) });
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The signing time as the seal shows it: yyyy-MM-dd HH:mm:ss and the zone's offset (UTC+8). */
function shownTime(time: Date, timeZone: string): string {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'shortOffset' });
    offsetFormats.set(timeZone, format);
  }
  const offset = format.formatToParts(time).find((part) => part.type === 'timeZoneName')?.value;
  return `${formatDateTime(time.getTime(), timeZone)} ${(offset ?? 'GMT').replace('GMT', 'UTC')}`;
}

/** Refuses a certificate that may not sign at `at`: outside its validity, without the usage, or listed. */
async function checkCertificate(
  certificate: X509Certificate,
  issuer: X509Certificate,
  at: Date,
  revocation: RevocationSource,
): Promise<void> {
  if (at > certificate.notAfter) {
    fail('CERT_EXPIRED', `The certificate expired on ${certificate.notAfter.toISOString()}`);
  }
  if (at < certificate.notBefore) {
    fail('CERT_NOT_YET_VALID', `The certificate is valid from ${certificate.notBefore.toISOString()}`);
  }
  const usage = certificate.getExtension(KeyUsagesExtension);
  if (usage && !(usage.usages & (KeyUsageFlags.digitalSignature | KeyUsageFlags.nonRepudiation))) {
    fail('CERT_USAGE', 'The certificate may not sign documents');
  }
  const status = await revocation.statusOf(certificate, issuer, at);
  if (status.status === 'revoked') fail('CERT_REVOKED', `The certificate was revoked (${status.reason})`);
  if (status.status === 'suspended') fail('CERT_SUSPENDED', 'The certificate is suspended');
  if (status.status === 'unknown') {
    fail('CERT_STATUS_UNKNOWN', `The certificate's status is unknown: ${status.reason}`);
  }
}

/** Bytes reserved for the CMS: the certificates it embeds, twice over for the time-stamp's, and more. */
function contentsSize(chain: readonly X509Certificate[]): number {
  return chain.reduce((sum, certificate) => sum + certificate.rawData.byteLength, 0) * 2 + CONTENTS_ALLOWANCE;
}

/** Where the placeholders landed in the revision just written (after `from`). */
function locatePlaceholders(bytes: Uint8Array, from: number, contentsBytes: number) {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const byteRangeText = `[0 ${Array<number>(3).fill(BYTE_RANGE_PLACEHOLDER).join(' ')}]`;
  const contentsText = `<${'0'.repeat(2 * contentsBytes)}>`;
  const byteRangeStart = buffer.indexOf(byteRangeText, from, 'latin1');
  const contentsStart = buffer.indexOf(contentsText, from, 'latin1');
  if (byteRangeStart < 0 || contentsStart < 0) {
    throw new EsignError('PDF_INVALID', 'The signature placeholders were not written as expected');
  }
  return {
    byteRangeStart,
    byteRangeLength: byteRangeText.length,
    contentsStart,
    contentsEnd: contentsStart + contentsText.length,
  };
}
