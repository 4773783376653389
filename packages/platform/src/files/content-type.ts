// What a file is: its extension must agree with its first bytes (a ".pdf" that is really an
// executable is refused), and the content type the server answers comes from the extension,
// never from what the client said.
import { Transform } from 'node:stream';

interface Kind {
  contentType: string;
  /** Accepted leading bytes; an empty list accepts any content that is not binary-executable. */
  magic: readonly (readonly number[])[];
  /** Text formats: refused when they contain NUL bytes in their first block. */
  text?: boolean;
}

const ZIP = [
  [0x50, 0x4b, 0x03, 0x04],
  [0x50, 0x4b, 0x05, 0x06],
] as const;
const OLE = [[0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]] as const;

const KINDS: Record<string, Kind> = {
  pdf: { contentType: 'application/pdf', magic: [[0x25, 0x50, 0x44, 0x46]] },
  png: { contentType: 'image/png', magic: [[0x89, 0x50, 0x4e, 0x47]] },
  jpg: { contentType: 'image/jpeg', magic: [[0xff, 0xd8, 0xff]] },
  jpeg: { contentType: 'image/jpeg', magic: [[0xff, 0xd8, 0xff]] },
  gif: { contentType: 'image/gif', magic: [[0x47, 0x49, 0x46, 0x38]] },
  bmp: { contentType: 'image/bmp', magic: [[0x42, 0x4d]] },
  webp: { contentType: 'image/webp', magic: [[0x52, 0x49, 0x46, 0x46]] },
  docx: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    magic: ZIP,
  },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', magic: ZIP },
  pptx: {
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    magic: ZIP,
  },
  zip: { contentType: 'application/zip', magic: ZIP },
  doc: { contentType: 'application/msword', magic: OLE },
  xls: { contentType: 'application/vnd.ms-excel', magic: OLE },
  ppt: { contentType: 'application/vnd.ms-powerpoint', magic: OLE },
  rar: { contentType: 'application/vnd.rar', magic: [[0x52, 0x61, 0x72, 0x21]] },
  '7z': { contentType: 'application/x-7z-compressed', magic: [[0x37, 0x7a, 0xbc, 0xaf]] },
  txt: { contentType: 'text/plain; charset=utf-8', magic: [], text: true },
  csv: { contentType: 'text/csv; charset=utf-8', magic: [], text: true },
  json: { contentType: 'application/json', magic: [], text: true },
  xml: { contentType: 'application/xml', magic: [], text: true },
  dwg: { contentType: 'image/vnd.dwg', magic: [[0x41, 0x43, 0x31, 0x30]] },
  step: { contentType: 'application/step', magic: [], text: true },
  stp: { contentType: 'application/step', magic: [], text: true },
  mp4: { contentType: 'video/mp4', magic: [] },
  bin: { contentType: 'application/octet-stream', magic: [] },
};

/** Leading bytes of executables and scripts: refused whatever their extension says. */
const EXECUTABLE = [
  [0x4d, 0x5a],
  [0x7f, 0x45, 0x4c, 0x46],
  [0xca, 0xfe, 0xba, 0xbe],
  [0x23, 0x21],
];

export const IMAGE_TYPES = ['gif', 'jpg', 'jpeg', 'png', 'bmp'] as const;

export function extensionOf(fileName: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(fileName.trim());
  return match ? match[1]!.toLowerCase() : '';
}

/** The content type served for an extension (unknown ones download as octet-stream). */
export function contentTypeOf(extension: string): string {
  return KINDS[extension]?.contentType ?? 'application/octet-stream';
}

export function isKnownExtension(extension: string): boolean {
  return extension in KINDS;
}

export class ContentMismatchError extends Error {
  constructor(readonly extension: string) {
    super(`The content of the file is not .${extension}`);
  }
}

function startsWith(head: Buffer, bytes: readonly number[]): boolean {
  return bytes.every((byte, index) => head[index] === byte);
}

/** Checks the first bytes against the extension before letting the stream through. */
export function contentCheck(extension: string): Transform {
  const kind = KINDS[extension];
  let head = Buffer.alloc(0);
  let checked = false;
  const check = (): Error | null => {
    checked = true;
    if (EXECUTABLE.some((bytes) => startsWith(head, bytes)) && !kind?.text)
      return new ContentMismatchError(extension);
    if (!kind) return null;
    if (kind.text) return head.subarray(0, 512).includes(0) ? new ContentMismatchError(extension) : null;
    if (!kind.magic.length) return null;
    return kind.magic.some((bytes) => startsWith(head, bytes)) ? null : new ContentMismatchError(extension);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (checked) return callback(null, chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length < 512) return callback();
      const error = check();
      callback(error, error ? undefined : head);
    },
    flush(callback) {
      if (checked) return callback();
      const error = check();
      if (error) return callback(error);
      this.push(head);
      callback();
    },
  });
}
