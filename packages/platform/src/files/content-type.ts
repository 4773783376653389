// What a file is: only the types listed here are accepted (an allowlist: an extension not in it
// is refused, whatever it is), each binary type must start with its own signature, a text type
// must be text (no NUL or control bytes anywhere) and nothing may be a program or a script (an
// executable's header, or `#!` at the start) whatever its name. The content type the server
// answers comes from the extension, never from what the client said.
import { Transform } from 'node:stream';
import { UPLOAD_EXTENSIONS, type UploadExtension } from '@srm/kernel';

/** Leading bytes, at an offset. */
interface Signature {
  readonly at?: number;
  readonly bytes: readonly number[];
}

interface Kind {
  readonly contentType: string;
  /** Binary types: the content must start with one of these. */
  readonly magic?: readonly Signature[];
  /** Text types: checked as text throughout. */
  readonly text?: true;
}

const bytes = (...list: number[]): Signature => ({ bytes: list });
const ascii = (text: string, at = 0): Signature => ({ at, bytes: [...Buffer.from(text, 'latin1')] });
const ZIP = [bytes(0x50, 0x4b, 0x03, 0x04), bytes(0x50, 0x4b, 0x05, 0x06)];
const OLE = [bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)];
const JPEG = [bytes(0xff, 0xd8, 0xff)];
const TIFF = [bytes(0x49, 0x49, 0x2a, 0x00), bytes(0x4d, 0x4d, 0x00, 0x2a)];
const TEXT = (contentType: string): Kind => ({ contentType, text: true });

/** The accepted types: exactly the kernel's list, which the upload widget offers too. */
const KINDS: Record<UploadExtension, Kind> = {
  pdf: { contentType: 'application/pdf', magic: [ascii('%PDF')] },
  png: { contentType: 'image/png', magic: [bytes(0x89, 0x50, 0x4e, 0x47)] },
  jpg: { contentType: 'image/jpeg', magic: JPEG },
  jpeg: { contentType: 'image/jpeg', magic: JPEG },
  gif: { contentType: 'image/gif', magic: [ascii('GIF8')] },
  bmp: { contentType: 'image/bmp', magic: [ascii('BM')] },
  webp: { contentType: 'image/webp', magic: [ascii('WEBP', 8)] },
  tif: { contentType: 'image/tiff', magic: TIFF },
  tiff: { contentType: 'image/tiff', magic: TIFF },
  docx: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    magic: ZIP,
  },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', magic: ZIP },
  pptx: {
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    magic: ZIP,
  },
  ofd: { contentType: 'application/ofd', magic: ZIP },
  zip: { contentType: 'application/zip', magic: ZIP },
  doc: { contentType: 'application/msword', magic: OLE },
  xls: { contentType: 'application/vnd.ms-excel', magic: OLE },
  ppt: { contentType: 'application/vnd.ms-powerpoint', magic: OLE },
  rar: { contentType: 'application/vnd.rar', magic: [ascii('Rar!')] },
  '7z': { contentType: 'application/x-7z-compressed', magic: [bytes(0x37, 0x7a, 0xbc, 0xaf)] },
  dwg: { contentType: 'image/vnd.dwg', magic: [ascii('AC10')] },
  mp4: { contentType: 'video/mp4', magic: [ascii('ftyp', 4)] },
  txt: TEXT('text/plain; charset=utf-8'),
  csv: TEXT('text/csv; charset=utf-8'),
  json: TEXT('application/json'),
  xml: TEXT('application/xml'),
  dxf: TEXT('image/vnd.dxf'),
  step: TEXT('application/step'),
  stp: TEXT('application/step'),
};

/** The extensions accepted, for messages and the documentation. */
export const ACCEPTED_EXTENSIONS: readonly string[] = UPLOAD_EXTENSIONS;

function kindOf(extension: string): Kind | undefined {
  return Object.hasOwn(KINDS, extension) ? KINDS[extension as UploadExtension] : undefined;
}

/** Leading bytes of programs (PE, ELF, Mach-O, Java classes): refused whatever the name says. */
const PROGRAMS = [
  ascii('MZ'),
  bytes(0x7f, 0x45, 0x4c, 0x46),
  bytes(0xca, 0xfe, 0xba, 0xbe),
  bytes(0xfe, 0xed, 0xfa, 0xce),
  bytes(0xfe, 0xed, 0xfa, 0xcf),
  bytes(0xce, 0xfa, 0xed, 0xfe),
  bytes(0xcf, 0xfa, 0xed, 0xfe),
];
const UTF8_BOM = [0xef, 0xbb, 0xbf];
/** Bytes checked before the rest is let through. */
const HEAD = 512;

export const IMAGE_TYPES = ['gif', 'jpg', 'jpeg', 'png', 'bmp'] as const;

export function extensionOf(fileName: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(fileName.trim());
  return match ? match[1]!.toLowerCase() : '';
}

/** The content type served for an extension (one accepted earlier, or octet-stream). */
export function contentTypeOf(extension: string): string {
  return kindOf(extension)?.contentType ?? 'application/octet-stream';
}

/** Whether files with this extension are accepted at all. */
export function isAcceptedExtension(extension: string): boolean {
  return Object.hasOwn(KINDS, extension);
}

/** The content is not what its extension says. */
export class ContentMismatchError extends Error {
  override readonly name = 'ContentMismatchError';
  constructor(readonly extension: string) {
    super(`The content of the file is not .${extension}`);
  }
}

/** The content is a program or a script. */
export class ProgramRefusedError extends Error {
  override readonly name = 'ProgramRefusedError';
  constructor() {
    super('Programs and scripts are refused');
  }
}

function matches(head: Buffer, signature: Signature): boolean {
  const at = signature.at ?? 0;
  return signature.bytes.every((byte, index) => head[at + index] === byte);
}

/** Control bytes that text never holds (tab, line ends, form feed, ESC and SUB are fine). */
function hasControlBytes(chunk: Buffer): boolean {
  for (const byte of chunk) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0b && byte !== 0x0c && byte !== 0x0d) {
      if (byte !== 0x1a && byte !== 0x1b) return true;
    }
  }
  return false;
}

/** What is wrong with a file's first bytes, if anything. */
export function headProblem(extension: string, head: Buffer): Error | null {
  const kind = kindOf(extension);
  if (!kind) return new ContentMismatchError(extension);
  // A program in a text type has NUL bytes: it is refused below as not text.
  if (!kind.text && PROGRAMS.some((signature) => matches(head, signature))) return new ProgramRefusedError();
  const start = UTF8_BOM.every((byte, index) => head[index] === byte) ? 3 : 0;
  if (head[start] === 0x23 && head[start + 1] === 0x21) return new ProgramRefusedError();
  if (kind.text) return hasControlBytes(head) ? new ContentMismatchError(extension) : null;
  return kind.magic!.some((signature) => matches(head, signature))
    ? null
    : new ContentMismatchError(extension);
}

/**
 * Checks a file as it streams: its first bytes against its extension before letting anything
 * through, and, for a text type, every byte. `first: false` is a later chunk of a large upload
 * (only the text check applies).
 */
export function contentCheck(extension: string, options: { first?: boolean } = {}): Transform {
  const text = !!kindOf(extension)?.text;
  let head: Buffer | null = options.first === false ? null : Buffer.alloc(0);
  const later = (chunk: Buffer): Error | null =>
    text && hasControlBytes(chunk) ? new ContentMismatchError(extension) : null;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (head === null) {
        const error = later(chunk);
        return callback(error, error ? undefined : chunk);
      }
      head = Buffer.concat([head, chunk]);
      if (head.length < HEAD) return callback();
      const whole = head;
      head = null;
      const error = headProblem(extension, whole) ?? later(whole);
      callback(error, error ? undefined : whole);
    },
    flush(callback) {
      if (head === null) return callback();
      const error = headProblem(extension, head);
      if (error) return callback(error);
      this.push(head);
      callback();
    },
  });
}
