// Signing as third parties see it: every signature is checked by pdfsig (NSS), by openssl cms and
// by our verifier, and a one-byte change makes all three fail. Two parties sign in turn; the
// seals show on the page; a revoked, suspended or expired certificate does not sign; a form
// field and an indirect /Annots array survive signing.
import { PDF, type PdfArray, PdfRef } from '@libpdf/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssuedCertificate } from './ca';
import { EsignError } from './errors';
import {
  type TestAuthority,
  contractPdf,
  extractSignature,
  formPdf,
  nssDatabase,
  openssl,
  opensslVerify,
  pdfsig,
  renderPage,
  scratch,
  sealPng,
  person,
  testAuthority,
} from './esign.testing';
import { PdfSigner, type SignFieldOptions } from './signer';
import { verifyPdf } from './verify';

const BUYER_RECT = [60, 80, 220, 90] as const;
const SUPPLIER_RECT = [320, 80, 220, 90] as const;
const A4_HEIGHT = 841.89;

let authority: TestAuthority;
let buyer: IssuedCertificate;
let supplier: IssuedCertificate;
let revoked: IssuedCertificate;
let suspended: IssuedCertificate;
let files: ReturnType<typeof scratch>;
let nss: string;
let seal: Uint8Array;
const signer = new PdfSigner();

beforeAll(async () => {
  authority = await testAuthority(
    {
      kind: 'organisation',
      name: '苏州精密五金有限公司',
      accountId: 'org-buyer-1',
      creditCode: '91320500MA1MXXXX0X',
    },
    person('Li Wei'),
    person('Revoked'),
    person('Suspended'),
  );
  [buyer, supplier, revoked, suspended] = authority.accounts as [
    IssuedCertificate,
    IssuedCertificate,
    IssuedCertificate,
    IssuedCertificate,
  ];
  files = scratch();
  nss = await nssDatabase(files.dir, authority.rootPem);
  seal = await sealPng();
});

afterAll(() => files.cleanup());

async function optionsFor(account: IssuedCertificate, fieldName: string): Promise<SignFieldOptions> {
  return {
    fieldName,
    signerKey: await authority.ca.openSigningKey(account),
    certificateChain: [account.certificatePem, ...authority.ca.chain],
    tsa: authority.tsa,
    revocation: authority.ca,
    signerName: account === buyer ? '苏州精密五金有限公司' : 'Li Wei',
    reason: 'Agreed',
    location: 'Suzhou',
    seal,
  };
}

async function preparedContract(): Promise<Uint8Array> {
  return signer.prepareSignatureFields(await contractPdf(3), [
    { name: 'buyer_seal', page: -1, rect: BUYER_RECT },
    { name: 'supplier_seal', page: -1, rect: SUPPLIER_RECT },
  ]);
}

/** The contract signed by the buyer, then by the supplier. */
let signedTwice: Uint8Array;
let signedOnce: Uint8Array;

describe('a contract signed by both parties in turn', () => {
  beforeAll(async () => {
    signedOnce = (await signer.signField(await preparedContract(), await optionsFor(buyer, 'buyer_seal')))
      .bytes;
    signedTwice = (await signer.signField(signedOnce, await optionsFor(supplier, 'supplier_seal'))).bytes;
  });

  it('pdfsig finds both signatures valid and trusted, each in its own field', async () => {
    const report = await pdfsig(nss, files.file('two.pdf', signedTwice));
    expect(report).toEqual([
      { field: 'buyer_seal', validation: 'Signature is Valid.', certificate: 'Certificate is Trusted.' },
      { field: 'supplier_seal', validation: 'Signature is Valid.', certificate: 'Certificate is Trusted.' },
    ]);
  });

  it('openssl cms verifies each signature over the bytes of its ByteRange', async () => {
    for (const n of [0, 1]) {
      const result = await opensslVerify(files, extractSignature(signedTwice, n), [authority.rootPem]);
      expect(result.output).toContain('Verification successful');
    }
  });

  it('our verifier finds both valid, time-stamped, and the first untouched by the second', async () => {
    const report = await verifyPdf(signedTwice, {
      trustedRoots: [authority.rootPem],
      crls: await authority.ca.crls(),
    });
    expect(
      report.signatures.map((signature) => [signature.fieldName, signature.status, signature.problems]),
    ).toEqual([
      ['buyer_seal', 'valid', []],
      ['supplier_seal', 'valid', []],
    ]);
    const [first, second] = report.signatures;
    expect(first!.signer!.commonName).toBe('苏州精密五金有限公司');
    expect(second!.signer!.commonName).toBe('Li Wei');
    expect(first!.timestamp!.valid).toBe(true);
    expect(first!.coverage.wholeDocument).toBe(false);
    expect(first!.coverage.laterUpdates.map((later) => later.kind)).toEqual(['signature']);
    expect(second!.coverage.wholeDocument).toBe(true);
    // Both widgets stay on the last page where the fields were placed.
    expect([first!.page, second!.page]).toEqual([3, 3]);
    expect(first!.rect).toEqual([60, 80, 280, 170]);
  });

  it('shows both seals on the page, drawn by the widgets, not by the page content', async () => {
    const path = files.file('seals.pdf', signedTwice);
    const page = await renderPage(path, 3);
    expect(page.redPixelsIn(BUYER_RECT, A4_HEIGHT)).toBeGreaterThan(100);
    expect(page.redPixelsIn(SUPPLIER_RECT, A4_HEIGHT)).toBeGreaterThan(100);
    // Nothing red outside the two fields: the seals are not drawn into the page.
    expect(page.redPixelsIn([0, 200, 595, 640], A4_HEIGHT)).toBe(0);
    const unsigned = await renderPage(files.file('unsigned.pdf', await preparedContract()), 3);
    expect(unsigned.redPixelsIn(BUYER_RECT, A4_HEIGHT)).toBe(0);
  });

  it('a changed byte in the signed part fails pdfsig, openssl and our verifier', async () => {
    const tampered = new Uint8Array(signedTwice);
    // The binary comment on the file's second line: the PDF still opens, its bytes differ.
    tampered[10] = tampered[10] === 0xfe ? 0xfd : 0xfe;
    const report = await pdfsig(nss, files.file('tampered.pdf', tampered));
    expect(report.map((signature) => signature.validation)).toEqual(['Digest Mismatch.', 'Digest Mismatch.']);
    expect((await opensslVerify(files, extractSignature(tampered, 0), [authority.rootPem])).ok).toBe(false);
    const ours = await verifyPdf(tampered, {
      trustedRoots: [authority.rootPem],
      crls: await authority.ca.crls(),
    });
    expect(ours.signatures.map((signature) => signature.status)).toEqual(['invalid', 'invalid']);
    expect(ours.signatures[0]!.problems).toContain('DIGEST_MISMATCH');
  });
});

describe('the signature itself', () => {
  it('embeds the whole chain, and its CMS signing-time is the /M of the signature', async () => {
    const signed = await signer.signField(await preparedContract(), await optionsFor(buyer, 'buyer_seal'));
    const { cms } = extractSignature(signed.bytes, 0);
    const certificates = await openssl([
      'pkcs7',
      '-inform',
      'DER',
      '-in',
      files.file('chain.der', cms),
      '-print_certs',
      '-noout',
    ]);
    const subjects = certificates.output.split('\n').filter((line) => line.startsWith('subject='));
    expect(subjects).toHaveLength(3);
    expect(subjects.join('\n')).toMatch(/Signing CA[\s\S]*Root CA|Root CA[\s\S]*Signing CA/);

    const printed = (
      await openssl(['cms', '-cmsout', '-print', '-inform', 'DER', '-in', files.file('print.der', cms)])
    ).output;
    // openssl prints the signing-time as "UTCTIME:Dec  2 10:17:22 2026 GMT".
    const utc = /object: signingTime[\s\S]*?UTCTIME:(\w{3}\s+\d+ \d\d:\d\d:\d\d \d{4}) GMT/.exec(
      printed,
    )?.[1];
    expect(utc).toBeDefined();
    const signingTime = new Date(`${utc} UTC`);
    const declared = /\/M\s*\(D:(\d{14})Z\)/.exec(
      Buffer.from(signed.bytes).toString('latin1').slice(-60_000),
    )?.[1];
    expect(declared).toBe(signingTime.toISOString().slice(0, 19).replace(/[-T:]/g, ''));
    expect(signed.signingTime.getTime()).toBe(signingTime.getTime());
    expect(printed).toContain('id-smime-aa-signingCertificateV2');
    expect(printed).toContain('id-smime-aa-timeStampToken');
  });

  it('keeps a filled text field and the indirect /Annots array it sits in', async () => {
    const original = await formPdf();
    const before = await PDF.load(original);
    const annotsRef = before.getPage(0)!.dict.get('Annots') as PdfRef;
    const textWidget = (before.getObject(annotsRef) as PdfArray).at(0) as PdfRef;

    const prepared = await signer.prepareSignatureFields(original, [
      { name: 'buyer_seal', page: 1, rect: BUYER_RECT },
    ]);
    const signed = (await signer.signField(prepared, await optionsFor(buyer, 'buyer_seal'))).bytes;

    const after = await PDF.load(signed);
    expect(after.getForm()!.getTextField('company')!.getValue()).toBe('ACME Trading Co.');
    expect(after.getForm()!.getFieldNames().sort()).toEqual(['buyer_seal', 'company']);
    const annots = after.getPage(0)!.dict.get('Annots');
    expect(annots).toBeInstanceOf(PdfRef);
    expect((annots as PdfRef).objectNumber).toBe(annotsRef.objectNumber);
    const entries = (after.getObject(annots as PdfRef) as PdfArray).toArray() as PdfRef[];
    expect(entries.map((ref) => ref.objectNumber)).toContain(textWidget.objectNumber);
    expect(entries).toHaveLength(2);

    const report = await verifyPdf(signed, {
      trustedRoots: [authority.rootPem],
      crls: await authority.ca.crls(),
    });
    expect(report.signatures.map((signature) => signature.status)).toEqual(['valid']);
    expect((await pdfsig(nss, files.file('form.pdf', signed)))[0]!.validation).toBe('Signature is Valid.');
  });

  it('reports the TSA used: the internal one', async () => {
    const signed = await signer.signField(
      await preparedContract(),
      await optionsFor(supplier, 'supplier_seal'),
    );
    expect(signed.timestampAuthority).toBe('internal');
    expect(signed.timestampFallbackReason).toBeUndefined();
  });
});

describe('refusals', () => {
  it('a revoked, a suspended and an expired certificate do not sign', async () => {
    const prepared = await preparedContract();
    const threeYearsAgo = new Date(Date.now() - 3 * 365 * 24 * 3600 * 1000);
    const expired = await authority.ca.issueAccountCertificate(
      { kind: 'person', name: 'Expired', accountId: 'u-e' },
      threeYearsAgo,
    );
    await authority.ca.revoke(revoked.certificatePem, 'keyCompromise');
    await authority.ca.suspend(suspended.certificatePem);

    const attempt = async (account: IssuedCertificate) =>
      signer
        .signField(prepared, {
          ...(await optionsFor(account, 'buyer_seal')),
          certificateChain: [account.certificatePem, ...authority.ca.chain],
        })
        .then(
          () => 'signed',
          (error: unknown) => (error instanceof EsignError ? error.code : String(error)),
        );
    expect(await attempt(revoked)).toBe('CERT_REVOKED');
    expect(await attempt(suspended)).toBe('CERT_SUSPENDED');
    expect(await attempt(expired)).toBe('CERT_EXPIRED');

    // Lifting the hold lets the account sign again.
    await authority.ca.resume(suspended.certificatePem);
    expect(await attempt(suspended)).toBe('signed');
  });

  it('a key that is not the certificate’s does not sign', async () => {
    const options = await optionsFor(buyer, 'buyer_seal');
    const error = await signer
      .signField(await preparedContract(), {
        ...options,
        signerKey: await authority.ca.openSigningKey(supplier),
      })
      .catch((caught: unknown) => caught);
    expect((error as EsignError).code).toBe('KEY_MISMATCH');
  });

  it('a field is signed once, and fields cannot be added after a signature', async () => {
    const signed = (await signer.signField(await preparedContract(), await optionsFor(buyer, 'buyer_seal')))
      .bytes;
    const again = await signer
      .signField(signed, await optionsFor(buyer, 'buyer_seal'))
      .catch((error: EsignError) => error.code);
    expect(again).toBe('FIELD_ALREADY_SIGNED');
    const more = await signer
      .prepareSignatureFields(signed, [{ name: 'witness', page: 1, rect: [0, 0, 10, 10] }])
      .catch((error: EsignError) => error.code);
    expect(more).toBe('DOCUMENT_SIGNED');
    const missing = await signer
      .signField(signed, await optionsFor(buyer, 'nobody'))
      .catch((error: EsignError) => error.code);
    expect(missing).toBe('FIELD_NOT_FOUND');
  });
});
