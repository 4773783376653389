// What the e-signing tests share: fixture PDFs (a contract drawn by PDFKit, a form with a text
// field and an indirect /Annots array), a seal picture, one authority per test file, and the
// third-party checkers (pdfsig with an NSS database trusting our root, openssl cms and ts).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDF, PdfNumber, PdfRef, PdfString } from '@libpdf/core';
import PDFDocument from 'pdfkit';
import { type AccountSubject, CertificateAuthority, type IssuedCertificate } from './ca';
import { MemoryCaStore } from './ca.store';
import { MasterKey } from './keys';
import type { InternalTimestampAuthority } from './tsa';

const run = promisify(execFile);

/**
 * A PDFKit document of `pages` pages, each with a heading and `sentences` sentences of text
 * (classic cross-reference table).
 */
export function contractPdf(pages = 3, sentences = 20): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', info: { Producer: 'PDFKit', Title: 'Contract' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
    for (let page = 1; page <= pages; page++) {
      if (page > 1) doc.addPage();
      doc.fontSize(14).text(`Purchase contract, page ${page} of ${pages}`, 72, 72);
      doc
        .fontSize(10)
        .text('The supplier delivers the goods listed in the annex. '.repeat(sentences), 72, 110, {
          width: 450,
        });
    }
    doc.end();
  });
}

/**
 * A form as another tool leaves it: a filled text field whose widget sits in the page's
 * /Annots, that array an indirect object of its own (what signing once lost in other tools).
 */
export async function formPdf(options: { xrefStream?: boolean } = {}): Promise<Uint8Array> {
  const pdf = await PDF.load(await contractPdf(1));
  const form = pdf.getOrCreateForm();
  const field = form.createTextField('company');
  const page = pdf.getPage(0)!;
  page.drawField(field, { x: 72, y: 600, width: 200, height: 20 });
  field.setValue('ACME Trading Co.');
  const annots = page.dict.get('Annots');
  if (!annots || annots instanceof PdfRef) throw new Error('expected a direct /Annots array to move');
  page.dict.set('Annots', pdf.register(annots));
  // A full rewrite: the fixture starts as one revision, as a document from elsewhere would.
  return pdf.save({ incremental: false, ...(options.xrefStream ? { useXRefStream: true } : {}) });
}

/** A red round seal with a star, as a PNG with a transparent background. */
export async function sealPng(): Promise<Uint8Array> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const canvas = createCanvas(240, 240);
  const context = canvas.getContext('2d');
  context.strokeStyle = '#d40000';
  context.fillStyle = '#d40000';
  context.lineWidth = 14;
  context.beginPath();
  context.arc(120, 120, 105, 0, Math.PI * 2);
  context.stroke();
  context.beginPath();
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? 50 : 20;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    context.lineTo(120 + radius * Math.cos(angle), 120 + radius * Math.sin(angle));
  }
  context.fill();
  return new Uint8Array(await canvas.encode('png'));
}

export const MASTER_KEY = MasterKey.fromBytes(new Uint8Array(32).map((_, i) => i * 7 + 1));

export interface TestAuthority {
  readonly ca: CertificateAuthority;
  readonly store: MemoryCaStore;
  readonly tsa: InternalTimestampAuthority;
  readonly rootPem: string;
  readonly issuingPem: string;
  /** The accounts asked for, in their order. */
  readonly accounts: IssuedCertificate[];
}

/** A new authority and a certificate for each account: a file's keys, made once. */
export async function testAuthority(...accounts: AccountSubject[]): Promise<TestAuthority> {
  const store = new MemoryCaStore();
  const ca = await CertificateAuthority.create(store, MASTER_KEY, {
    organisation: 'SRM Test Platform',
    country: 'CN',
  });
  return {
    ca,
    store,
    tsa: await ca.timestampAuthority(),
    rootPem: ca.root.toString('pem'),
    issuingPem: ca.issuing.toString('pem'),
    accounts: await Promise.all(accounts.map((account) => ca.issueAccountCertificate(account))),
  };
}

/** A person's account, named and numbered after `name`. */
export function person(name: string): AccountSubject {
  return { kind: 'person', name, accountId: `user-${name.toLowerCase().replace(/\W+/g, '-')}` };
}

/** A directory removed by `cleanup`, for the files the command-line tools read. */
export function scratch(): {
  dir: string;
  file: (name: string, content?: Uint8Array | string) => string;
  cleanup: () => void;
} {
  const dir = mkdtempSync(join(tmpdir(), 'srm-esign-'));
  return {
    dir,
    file: (name, content) => {
      const path = join(dir, name);
      if (content !== undefined) writeFileSync(path, content);
      return path;
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** An NSS database trusting `rootPem` for signing, as pdfsig reads it. */
export async function nssDatabase(dir: string, rootPem: string): Promise<string> {
  const database = `sql:${dir}`;
  writeFileSync(join(dir, 'root.pem'), rootPem);
  await run('certutil', ['-N', '--empty-password', '-d', database]);
  await run('certutil', ['-A', '-n', 'root', '-t', 'CT,C,C', '-i', join(dir, 'root.pem'), '-d', database]);
  return database;
}

/** pdfsig's report on a file, one entry per signature in the file's order. */
export async function pdfsig(
  database: string,
  path: string,
): Promise<{ field: string; validation: string; certificate: string }[]> {
  // pdfsig exits non-zero when a signature fails: the report is what matters.
  const { stdout } = await run('pdfsig', ['-nssdir', database, path]).catch((error: { stdout?: string }) => ({
    stdout: error.stdout ?? '',
  }));
  return stdout
    .split(/Signature #\d+:/)
    .slice(1)
    .map((block) => ({
      field: /Signature Field Name: (.*)/.exec(block)?.[1]?.trim() ?? '',
      validation: /Signature Validation: (.*)/.exec(block)?.[1]?.trim() ?? '',
      certificate: /Certificate Validation: (.*?)(NSS_Shutdown.*)?$/m.exec(block)?.[1]?.trim() ?? '',
    }));
}

/** The n-th signature's CMS (from /Contents) and the bytes its ByteRange covers, read from the raw file. */
/**
 * The length of the DER element at the start of `bytes` (tag, length, content): the CMS in a
 * /Contents is followed by zero padding, and its own last byte may be zero too, so the padding
 * is cut by the element's length, never by stripping zeros.
 */
function derLength(bytes: Uint8Array): number {
  const first = bytes[1] ?? 0;
  if (first < 0x80) return 2 + first;
  const count = first & 0x7f;
  let length = 0;
  for (let i = 0; i < count; i++) length = length * 256 + (bytes[2 + i] ?? 0);
  return 2 + count + length;
}

export function extractSignature(
  bytes: Uint8Array,
  n: number,
): { cms: Uint8Array; signed: Uint8Array; byteRange: number[] } {
  const text = Buffer.from(bytes).toString('latin1');
  const ranges = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  const match = ranges[n];
  if (!match) throw new Error(`no signature ${n}`);
  const byteRange = match.slice(1, 5).map(Number);
  const [, length1, offset2, length2] = byteRange as [number, number, number, number];
  const contents = Buffer.from(text.slice(length1 + 1, offset2 - 1), 'hex');
  return {
    cms: new Uint8Array(contents.subarray(0, derLength(contents))),
    signed: new Uint8Array(
      Buffer.concat([bytes.subarray(0, length1), bytes.subarray(offset2, offset2 + length2)]),
    ),
    byteRange,
  };
}

/** openssl cms -verify of a detached signature: true when openssl says "Verification successful". */
export async function opensslVerify(
  files: ReturnType<typeof scratch>,
  signature: { cms: Uint8Array; signed: Uint8Array },
  caPems: readonly string[],
): Promise<{ ok: boolean; output: string }> {
  const cms = files.file('signature.der', signature.cms);
  const content = files.file('signed.bin', signature.signed);
  const ca = files.file('ca.pem', caPems.join('\n'));
  try {
    const { stderr } = await run('openssl', [
      'cms',
      '-verify',
      '-binary',
      '-inform',
      'DER',
      '-in',
      cms,
      '-content',
      content,
      '-CAfile',
      ca,
      '-out',
      '/dev/null',
    ]);
    return { ok: /Verification successful/.test(stderr), output: stderr };
  } catch (error) {
    return { ok: false, output: String((error as { stderr?: string }).stderr ?? error) };
  }
}

export async function openssl(args: string[]): Promise<{ ok: boolean; output: string }> {
  try {
    const { stdout, stderr } = await run('openssl', args);
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string };
    return { ok: false, output: (failure.stdout ?? '') + (failure.stderr ?? String(error)) };
  }
}

/** The page rendered by pdftoppm as RGB pixels (PPM), at `dpi`. */
export async function renderPage(path: string, page: number, dpi = 36) {
  const out = join(path + `-page${page}`);
  await run('pdftoppm', [
    '-r',
    String(dpi),
    '-f',
    String(page),
    '-l',
    String(page),
    '-singlefile',
    path,
    out,
  ]);
  const { readFileSync } = await import('node:fs');
  const ppm = readFileSync(`${out}.ppm`);
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 40).toString('latin1'));
  if (!header) throw new Error('not a PPM');
  const width = Number(header[1]);
  const height = Number(header[2]);
  const pixels = ppm.subarray(header[0].length);
  return {
    width,
    height,
    /** Red pixels (the seal's ink) in a rectangle given in PDF points from the bottom left. */
    redPixelsIn(rect: readonly [number, number, number, number], pageHeightPt: number): number {
      const scale = dpi / 72;
      const [x, y, w, h] = rect;
      let count = 0;
      for (
        let row = Math.floor((pageHeightPt - y - h) * scale);
        row < Math.ceil((pageHeightPt - y) * scale);
        row++
      ) {
        for (let column = Math.floor(x * scale); column < Math.ceil((x + w) * scale); column++) {
          const at = (row * width + column) * 3;
          const [r, g, b] = [pixels[at]!, pixels[at + 1]!, pixels[at + 2]!];
          if (r > 150 && g < 90 && b < 90) count++;
        }
      }
      return count;
    },
  };
}

/** Adds a note annotation to the first page in an update: a change made after signing. */
export async function annotateAfterSigning(bytes: Uint8Array): Promise<Uint8Array> {
  const pdf = await PDF.load(bytes);
  pdf
    .getPage(0)!
    .addTextAnnotation({ rect: { x: 300, y: 700, width: 20, height: 20 }, contents: 'changed later' });
  return pdf.save({ incremental: true });
}

/** Changes the text field's value in an update: another change made after signing. */
export async function refillAfterSigning(bytes: Uint8Array): Promise<Uint8Array> {
  const pdf = await PDF.load(bytes);
  const field = pdf.getForm()!.getTextField('company')!;
  field.getDict().set('V', PdfString.fromString('Someone Else Ltd.'));
  field.getDict().set('Ff', PdfNumber.of(0));
  return pdf.save({ incremental: true });
}

/** The text pdftotext reads from a file, in content order, with its white space removed. */
export async function pdfText(path: string): Promise<string> {
  const { stdout } = await run('pdftotext', ['-raw', '-enc', 'UTF-8', path, '-']);
  return stdout.replace(/\s+/g, '');
}
