// Time-stamps as openssl ts reads them, the internal TSA served over HTTP to the HTTP client, and
// the fall back to the internal TSA when an external one fails, reported in the signature result.
import { createHash } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toArrayBuffer } from './cms';
import { type TestAuthority, contractPdf, openssl, person, scratch, testAuthority } from './esign.testing';
import { PdfSigner } from './signer';
import { FallbackTimestampAuthority, HttpTimestampAuthority, checkTimestampToken } from './tsa';
import { verifyPdf } from './verify';

let authority: TestAuthority;
let files: ReturnType<typeof scratch>;
let server: Server;
let url: string;

beforeAll(async () => {
  authority = await testAuthority(person('Chen Jing'));
  files = scratch();
  // The internal TSA over HTTP, as an external one would answer.
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const answer = await authority.tsa.respond(new Uint8Array(Buffer.concat(chunks)));
      response.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(Buffer.from(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tsa`;
});

afterAll(async () => {
  files.cleanup();
  await new Promise((resolve) => server.close(resolve));
});

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());

describe('the internal TSA', () => {
  it('issues tokens openssl ts verifies against our root, and only over the data stamped', async () => {
    const data = new TextEncoder().encode('the signature value to stamp');
    const { token, authority: issuer } = await authority.tsa.timestamp(sha256(data));
    expect(issuer).toBe('internal');
    const verify = (dataFile: string) =>
      openssl([
        'ts',
        '-verify',
        '-data',
        dataFile,
        '-in',
        files.file('token.der', token),
        '-token_in',
        '-CAfile',
        files.file('root.pem', authority.rootPem),
        '-untrusted',
        files.file('issuing.pem', authority.issuingPem),
      ]);
    expect((await verify(files.file('data.bin', data))).output).toContain('Verification: OK');
    expect((await verify(files.file('other.bin', new TextEncoder().encode('something else')))).ok).toBe(
      false,
    );
  });

  it('refuses a request with an unknown policy, and a hash of the wrong size', async () => {
    const request = (imprint: Uint8Array, policy?: string) =>
      new Uint8Array(
        new pkijs.TimeStampReq({
          version: 1,
          messageImprint: new pkijs.MessageImprint({
            hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: '2.16.840.1.101.3.4.2.1' }),
            hashedMessage: new asn1js.OctetString({ valueHex: toArrayBuffer(imprint) }),
          }),
          ...(policy ? { reqPolicy: policy } : {}),
          certReq: true,
        })
          .toSchema()
          .toBER(),
      );
    const status = async (bytes: Uint8Array) =>
      pkijs.TimeStampResp.fromBER(toArrayBuffer(await authority.tsa.respond(bytes))).status.status;
    expect(await status(request(sha256(new Uint8Array([1]))))).toBe(pkijs.PKIStatus.granted);
    expect(await status(request(sha256(new Uint8Array([1])), '1.2.3.4'))).toBe(pkijs.PKIStatus.rejection);
    expect(await status(request(new Uint8Array(20)))).toBe(pkijs.PKIStatus.rejection);
  });
});

describe('an external TSA', () => {
  it('over HTTP gives a token over our imprint, checked on arrival', async () => {
    const imprint = sha256(new TextEncoder().encode('stamp me'));
    const { token, authority: issuer } = await new HttpTimestampAuthority(url).timestamp(imprint);
    expect(issuer).toBe(url);
    const check = await checkTimestampToken(token, { imprint });
    expect([
      check.imprintMatches,
      check.signatureValid,
      check.certificateBound,
      check.timestampingCertificate,
    ]).toEqual([true, true, true, true]);
  });

  it('when it cannot be reached, the internal TSA stamps the signature, and the result says so', async () => {
    const account = authority.accounts[0]!;
    const signer = new PdfSigner();
    const prepared = await signer.prepareSignatureFields(await contractPdf(1), [
      { name: 'buyer_seal', page: 1, rect: [0, 0, 0, 0] },
    ]);
    // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
    const unreachable = new HttpTimestampAuthority('http://127.0.0.1:9/tsa', 2000);
    const signed = await signer.signField(prepared, {
      fieldName: 'buyer_seal',
      signerKey: await authority.ca.openSigningKey(account),
      certificateChain: [account.certificatePem, ...authority.ca.chain],
      tsa: new FallbackTimestampAuthority(unreachable, authority.tsa),
      revocation: authority.ca,
      signerName: 'Chen Jing',
    });
    expect(signed.timestampAuthority).toBe('internal');
    expect(signed.timestampFallbackReason).toContain('http://127.0.0.1:9/tsa');
    const [report] = (
      await verifyPdf(signed.bytes, { trustedRoots: [authority.rootPem], crls: await authority.ca.crls() })
    ).signatures;
    expect(report!.status).toBe('valid');
    expect(report!.timestamp!.authority).toBe(authority.ca.tsa.subject);
    // An invisible signature: an empty rectangle, with an empty appearance.
    expect(report!.rect).toEqual([0, 0, 0, 0]);
  });
});
