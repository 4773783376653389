// The verifier's rules: a signature holds for its revision, and an update after it that is not
// another signature (a note added, a form value changed, an unsigned seal slipped in) is a
// modification; trust needs our root; revocation counts at the time the time-stamp proves.
import { PDF, PdfArray, PdfDict, PdfName, PdfNumber, type PdfRef, PdfStream, PdfString } from '@libpdf/core';
import { webcrypto } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { IssuedCertificate } from './ca';
import {
  type TestAuthority,
  annotateAfterSigning,
  contractPdf,
  formPdf,
  person,
  refillAfterSigning,
  testAuthority,
} from './esign.testing';
import type { RevocationSource } from './revocation';
import { PdfSigner, type SignFieldOptions } from './signer';
import { verifyPdf } from './verify';
import { BasicConstraintsExtension, X509CertificateGenerator } from './x509';

let authority: TestAuthority;
let account: IssuedCertificate;
let early: IssuedCertificate;
let late: IssuedCertificate;
const signer = new PdfSigner();

beforeAll(async () => {
  authority = await testAuthority(person('Wang Fang'), person('Early'), person('Late'));
  [account, early, late] = authority.accounts as [IssuedCertificate, IssuedCertificate, IssuedCertificate];
});

async function options(overrides: Partial<SignFieldOptions> = {}): Promise<SignFieldOptions> {
  return {
    fieldName: 'buyer_seal',
    signerKey: await authority.ca.openSigningKey(account),
    certificateChain: [account.certificatePem, ...authority.ca.chain],
    tsa: authority.tsa,
    revocation: authority.ca,
    signerName: 'Wang Fang',
    ...overrides,
  };
}

async function signedForm(xrefStream = false): Promise<Uint8Array> {
  const prepared = await signer.prepareSignatureFields(await formPdf({ xrefStream }), [
    { name: 'buyer_seal', page: 1, rect: [300, 80, 200, 80] },
    { name: 'supplier_seal', page: 1, rect: [60, 80, 200, 80] },
  ]);
  return (await signer.signField(prepared, await options())).bytes;
}

async function verify(bytes: Uint8Array, crls?: Awaited<ReturnType<typeof authority.ca.crls>>) {
  return verifyPdf(bytes, { trustedRoots: [authority.rootPem], crls: crls ?? (await authority.ca.crls()) });
}

describe('changes after signing', () => {
  let signed: Uint8Array;
  beforeAll(async () => {
    signed = await signedForm();
  });

  it('a signed document with no later update is valid and covers the whole file', async () => {
    const [report] = (await verify(signed)).signatures;
    expect(report!.status).toBe('valid');
    expect(report!.coverage).toMatchObject({
      coversRevision: true,
      wholeDocument: true,
      modifiedAfterSigning: false,
    });
    expect(report!.signingTime).toEqual(report!.declaredTime);
  });

  it('a note added after signing is a modification, though the signed bytes are intact', async () => {
    const [report] = (await verify(await annotateAfterSigning(signed))).signatures;
    expect(report!.digestMatches).toBe(true);
    expect(report!.coverage.modifiedAfterSigning).toBe(true);
    expect(report!.status).toBe('invalid');
    expect(report!.problems).toEqual(['MODIFIED_AFTER_SIGNING']);
    expect(report!.coverage.laterUpdates[0]!.changes.join('; ')).toContain('annotations of page 1');
  });

  it('objects appended after the last %%EOF, with no cross-reference section of their own, are a modification', async () => {
    const appended = Buffer.concat([signed, Buffer.from('\n99 0 obj\n<< /Type /Annot >>\nendobj\n')]);
    const [report] = (await verify(appended)).signatures;
    expect(report!.problems).toEqual(['MODIFIED_AFTER_SIGNING']);
    expect(report!.coverage.laterUpdates.at(-1)!.changes).toEqual(['bytes after the last %%EOF']);
  });

  it('a form value changed after signing is a modification', async () => {
    const [report] = (await verify(await refillAfterSigning(signed))).signatures;
    expect(report!.problems).toEqual(['MODIFIED_AFTER_SIGNING']);
  });

  it('an unsigned signature field with a seal drawn in it, added after signing, is a modification', async () => {
    const pdf = await PDF.load(signed);
    const page = pdf.getPage(0)!;
    const appearance = pdf.register(
      PdfStream.fromDict(
        {
          Type: PdfName.of('XObject'),
          Subtype: PdfName.of('Form'),
          BBox: new PdfArray([0, 0, 50, 50].map((n) => PdfNumber.of(n))),
        },
        new TextEncoder().encode('1 0 0 rg 0 0 50 50 re f'),
      ),
    );
    const fake = pdf.register(
      PdfDict.of({
        FT: PdfName.of('Sig'),
        T: PdfString.fromString('fake_seal'),
        Type: PdfName.of('Annot'),
        Subtype: PdfName.of('Widget'),
        P: page.ref,
        Rect: new PdfArray([400, 400, 450, 450].map((n) => PdfNumber.of(n))),
        AP: PdfDict.of({ N: appearance }),
      }),
    );
    (pdf.getObject(page.dict.get('Annots') as PdfRef) as PdfArray).push(fake);
    pdf
      .getCatalog()
      .getDict('AcroForm', (ref) => pdf.getObject(ref))!
      .getArray('Fields', (ref) => pdf.getObject(ref))!
      .push(fake);
    const [report] = (await verify(await pdf.save({ incremental: true }))).signatures;
    expect(report!.problems).toEqual(['MODIFIED_AFTER_SIGNING']);
    expect(report!.coverage.laterUpdates[0]!.changes.join('; ')).toContain(
      'something else than a signature was added',
    );
  });

  it('a second signature after the first is not a modification of it', async () => {
    const second = await signer.signField(signed, await options({ fieldName: 'supplier_seal' }));
    const report = await verify(second.bytes);
    expect(report.signatures.map((signature) => [signature.fieldName, signature.status])).toEqual([
      ['buyer_seal', 'valid'],
      ['supplier_seal', 'valid'],
    ]);
    // And an annotation after both breaks both.
    const both = await verify(await annotateAfterSigning(second.bytes));
    expect(both.signatures.map((signature) => signature.problems)).toEqual([
      ['MODIFIED_AFTER_SIGNING'],
      ['MODIFIED_AFTER_SIGNING'],
    ]);
  });

  it('a document time-stamp after a signature is verified, and is no modification of it', async () => {
    // Written by the PDF library's own archival time-stamp, through our TSA.
    const pdf = await PDF.load(signed);
    const { bytes } = await pdf.addTimestamp({
      timestampAuthority: {
        timestamp: async (imprint: Uint8Array) => (await authority.tsa.timestamp(imprint)).token,
      },
    });
    const report = await verify(bytes);
    expect(report.signatures.map((signature) => [signature.kind, signature.status])).toEqual([
      ['signature', 'valid'],
      ['document-timestamp', 'valid'],
    ]);
    expect(report.signatures[1]!.timestamp!.authority).toBe(authority.ca.tsa.subject);
    // A changed byte under the time-stamp breaks it.
    const tampered = new Uint8Array(bytes);
    tampered[10] = tampered[10] === 0xfe ? 0xfd : 0xfe;
    expect((await verify(tampered)).signatures[1]!.problems).toContain('DIGEST_MISMATCH');
  });

  it('reads updates written with cross-reference streams the same way', async () => {
    const streamed = await signedForm(true);
    expect(Buffer.from(streamed).toString('latin1')).toContain('/XRef');
    expect((await verify(streamed)).signatures[0]!.status).toBe('valid');
    const [report] = (await verify(await annotateAfterSigning(streamed))).signatures;
    expect(report!.problems).toEqual(['MODIFIED_AFTER_SIGNING']);
  });
});

describe('trust and revocation', () => {
  it('a signature is indeterminate without our root, or without the CRLs', async () => {
    const signed = await signedForm();
    const strangerKeys = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ]);
    const stranger = await X509CertificateGenerator.createSelfSigned({
      name: authority.ca.root.subject,
      keys: strangerKeys,
      signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' },
      extensions: [new BasicConstraintsExtension(true, undefined, true)],
    });
    // A root of the same name, not the same key: trusting it proves nothing.
    const [untrusted] = (await verifyPdf(signed, { trustedRoots: [stranger] })).signatures;
    expect(untrusted!.status).toBe('indeterminate');
    expect(untrusted!.problems).toContain('CHAIN_UNTRUSTED');
    expect(untrusted!.timestamp!.valid).toBe(false);
    const [noCrl] = (await verifyPdf(signed, { trustedRoots: [authority.rootPem] })).signatures;
    expect(noCrl!.problems).toEqual(['REVOCATION_UNKNOWN']);
    expect(noCrl!.status).toBe('indeterminate');
  });

  it('a certificate revoked before the time-stamp makes the signature invalid; revoked after, it stays valid', async () => {
    await authority.ca.revoke(early.certificatePem, 'keyCompromise');
    // A signer that did not ask: what the verifier must catch from the CRL alone.
    const careless: RevocationSource = { statusOf: async () => ({ status: 'good' }) };
    const prepared = await signer.prepareSignatureFields(await contractPdf(1), [
      { name: 'buyer_seal', page: 1, rect: [60, 80, 200, 80] },
    ]);
    const sign = async (who: IssuedCertificate) =>
      (
        await signer.signField(
          prepared,
          await options({
            signerKey: await authority.ca.openSigningKey(who),
            certificateChain: [who.certificatePem, ...authority.ca.chain],
            revocation: careless,
          }),
        )
      ).bytes;
    const byEarly = await sign(early);
    const byLate = await sign(late);
    await authority.ca.revoke(late.certificatePem, 'superseded', new Date(Date.now() + 2000));
    const crls = await authority.ca.crls();
    const [revokedBefore] = (await verify(byEarly, crls)).signatures;
    expect(revokedBefore!.revocation).toBe('revoked');
    expect(revokedBefore!.status).toBe('invalid');
    const [revokedAfter] = (await verify(byLate, crls)).signatures;
    expect(revokedAfter!.revocation).toBe('good');
    expect(revokedAfter!.status).toBe('valid');
  });
});
