// The internal CA as its records and openssl see it: keys only sealed, account certificates
// with the subject and usages of a signing account, and a CRL that follows every revocation.
import { webcrypto } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CertificateAuthority, type IssuedCertificate } from './ca';
import { MemoryCaStore } from './ca.store';
import { EsignError } from './errors';
import { MASTER_KEY, type TestAuthority, openssl, person, scratch, testAuthority } from './esign.testing';
import { MasterKey, openPrivateKey, sealPrivateKey } from './keys';
import { crlPem } from './revocation';
import {
  BasicConstraintsExtension,
  ExtendedKeyUsage,
  ExtendedKeyUsageExtension,
  KeyUsageFlags,
  KeyUsagesExtension,
  X509Certificate,
  X509CertificateGenerator,
  type X509Crl,
  X509CrlReason,
} from './x509';

let authority: TestAuthority;
let organisation: IssuedCertificate;
let zhao: IssuedCertificate;
let sun: IssuedCertificate;
let zhou: IssuedCertificate;
let files: ReturnType<typeof scratch>;

beforeAll(async () => {
  authority = await testAuthority(
    {
      kind: 'organisation',
      name: '苏州精密五金有限公司',
      accountId: 'org-42',
      creditCode: '91320500MA1MXXXX0X',
    },
    person('Zhao Lei'),
    person('Sun Li'),
    person('Zhou'),
  );
  [organisation, zhao, sun, zhou] = authority.accounts as [
    IssuedCertificate,
    IssuedCertificate,
    IssuedCertificate,
    IssuedCertificate,
  ];
  files = scratch();
});

afterAll(() => files.cleanup());

const code = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: unknown) => (error instanceof EsignError ? error.code : String(error)),
  );

describe('account certificates', () => {
  it('name the organisation and its credit code, last two years, and may only sign', () => {
    const certificate = new X509Certificate(organisation.certificatePem);
    expect(certificate.subjectName.getField('CN')).toEqual(['苏州精密五金有限公司']);
    expect(certificate.subjectName.getField('O')).toEqual(['苏州精密五金有限公司']);
    expect(certificate.subjectName.getField('2.5.4.97')).toEqual(['NTRCN-91320500MA1MXXXX0X']);
    expect(certificate.subjectName.getField('2.5.4.5')).toEqual(['org-42']);
    const days = (certificate.notAfter.getTime() - certificate.notBefore.getTime()) / 86_400_000;
    expect(days).toBe(730);
    const usage = certificate.getExtension(KeyUsagesExtension)!;
    expect(usage.critical).toBe(true);
    expect(usage.usages).toBe(KeyUsageFlags.digitalSignature | KeyUsageFlags.nonRepudiation);
    expect(certificate.getExtension(BasicConstraintsExtension)!.ca).toBe(false);
    expect(certificate.issuer).toBe(authority.ca.issuing.subject);
  });

  it('refuses a credit code whose check character is wrong', async () => {
    expect(
      await code(
        authority.ca.issueAccountCertificate({
          kind: 'organisation',
          name: 'X',
          accountId: 'o',
          creditCode: '91320500MA1MXXXX01',
        }),
      ),
    ).toBe('BAD_INPUT');
  });

  it('the TSA certificate is for time-stamping alone, marked critical', () => {
    const usage = authority.ca.tsa.getExtension(ExtendedKeyUsageExtension)!;
    expect(usage.critical).toBe(true);
    expect(usage.usages).toEqual([ExtendedKeyUsage.timeStamping]);
  });
});

describe('keys at rest', () => {
  it('are stored sealed: no key in clear, and they open with the master key only', async () => {
    const json = JSON.stringify(organisation) + JSON.stringify(await authority.store.get('issuing'));
    expect(json).not.toMatch(/PRIVATE KEY/);
    // A PKCS#8 RSA key opens with these bytes (SEQUENCE, version 0, rsaEncryption); none is stored.
    expect(
      Buffer.from(organisation.encryptedKey.ciphertext, 'base64').subarray(0, 4).toString('hex'),
    ).not.toBe('308204bd');
    const other = await CertificateAuthority.open(authority.store, MASTER_KEY, {
      organisation: 'SRM Test Platform',
    });
    await expect(other.openSigningKey(organisation)).resolves.toBeDefined();
    expect(
      await code(
        CertificateAuthority.open(authority.store, MasterKey.fromBytes(new Uint8Array(32)), {
          organisation: 'x',
        }),
      ),
    ).toBe('KEY_DECRYPT_FAILED');
  });

  it('are bound to their certificate: a key moved under another certificate does not open', async () => {
    const swapped = { certificatePem: zhao.certificatePem, encryptedKey: organisation.encryptedKey };
    expect(await code(authority.ca.openSigningKey(swapped))).toBe('KEY_DECRYPT_FAILED');
  });

  it('a passphrase with the same salt gives the same master key, another salt another', async () => {
    const salt = new Uint8Array(16).fill(3);
    const [first, second, third] = await Promise.all([
      // A low cost keeps the test short; the cost is part of the key like the salt.
      MasterKey.fromPassphrase('correct horse battery staple', salt, 10),
      MasterKey.fromPassphrase('correct horse battery staple', salt, 10),
      MasterKey.fromPassphrase('correct horse battery staple', new Uint8Array(16).fill(4), 10),
    ]);
    const key = await webcrypto.subtle.generateKey(
      {
        name: 'RSASSA-PKCS1-v1_5',
        modulusLength: 1024,
        publicExponent: new Uint8Array([1, 0, 1]),
        hash: 'SHA-256',
      },
      true,
      ['sign', 'verify'],
    );
    const certificateDer = new Uint8Array(new X509Certificate(organisation.certificatePem).rawData);
    const sealed = await sealPrivateKey(first, key.privateKey, certificateDer);
    const opened = await openPrivateKey(second, sealed, certificateDer);
    expect(opened.extractable).toBe(false);
    expect(await code(openPrivateKey(third, sealed, certificateDer))).toBe('KEY_DECRYPT_FAILED');
  });
});

describe('revocation', () => {
  const pem = (name: string, content: string) => files.file(name, content);

  async function opensslVerify(certificate: IssuedCertificate): Promise<string> {
    const crls = await authority.ca.crls();
    const result = await openssl([
      'verify',
      '-crl_check_all',
      '-CAfile',
      pem('root.pem', authority.rootPem),
      '-untrusted',
      pem('issuing.pem', authority.issuingPem),
      '-CRLfile',
      pem('crls.pem', crls.map(crlPem).join('\n')),
      pem('leaf.pem', certificate.certificatePem),
    ]);
    return result.output;
  }

  it('openssl trusts an account certificate through the CRLs, until it is suspended or revoked', async () => {
    const account = sun;
    expect(await opensslVerify(account)).toContain(': OK');

    const held = await authority.ca.suspend(account.certificatePem);
    expect(held.findRevoked(new X509Certificate(account.certificatePem))!.reason).toBe(
      X509CrlReason.certificateHold,
    );
    expect(await opensslVerify(account)).toMatch(/certificate revoked/);

    await authority.ca.resume(account.certificatePem);
    expect(await opensslVerify(account)).toContain(': OK');

    const revoked = await authority.ca.revoke(account.certificatePem, 'keyCompromise');
    expect(revoked.findRevoked(new X509Certificate(account.certificatePem))!.reason).toBe(
      X509CrlReason.keyCompromise,
    );
    expect(await opensslVerify(account)).toMatch(/certificate revoked/);
    expect(await code(authority.ca.resume(account.certificatePem))).toBe('NOT_SUSPENDED');
  });

  it('every change issues a CRL with a higher number, and a CRL is renewed when half its time is gone', async () => {
    const number = (crl: X509Crl) =>
      Number(BigInt(`0x${Buffer.from(crl.getExtension('2.5.29.20')!.value).toString('hex').slice(4)}`));
    const [before] = await authority.ca.crls();
    const account = zhou;
    const after = await authority.ca.suspend(account.certificatePem);
    expect(number(after)).toBe(number(before!) + 1);
    const [same] = await authority.ca.crls();
    expect(crlPem(same!)).toBe(crlPem(after));
    const [renewed] = await authority.ca.crls(new Date(Date.now() + 4 * 86_400_000));
    expect(number(renewed!)).toBe(number(after) + 1);
    expect(renewed!.findRevoked(new X509Certificate(account.certificatePem))).not.toBeNull();
  });
});

describe('an existing hierarchy', () => {
  it('is imported with its keys sealed, and issues certificates under it', async () => {
    const algorithm = {
      name: 'RSASSA-PKCS1-v1_5',
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: 'SHA-256',
    };
    // The root's key never comes in, so any will do: a quick EC one.
    const [rootKeys, issuingKeys, tsaKeys] = await Promise.all([
      webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']),
      webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify']),
      webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify']),
    ]);
    const root = await X509CertificateGenerator.createSelfSigned({
      name: 'CN=Operator Root',
      keys: rootKeys,
      signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' },
      extensions: [new BasicConstraintsExtension(true, undefined, true)],
    });
    const issuing = await X509CertificateGenerator.create({
      subject: 'CN=Operator Signing CA',
      issuer: root.subject,
      publicKey: issuingKeys.publicKey,
      signingKey: rootKeys.privateKey,
      signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' },
      extensions: [new BasicConstraintsExtension(true, 0, true)],
    });
    const tsa = await X509CertificateGenerator.create({
      subject: 'CN=Operator TSA',
      issuer: issuing.subject,
      publicKey: tsaKeys.publicKey,
      signingKey: issuingKeys.privateKey,
      extensions: [new ExtendedKeyUsageExtension([ExtendedKeyUsage.timeStamping], true)],
    });
    const pkcs8 = async (key: webcrypto.CryptoKey) =>
      `-----BEGIN PRIVATE KEY-----\n${Buffer.from(await webcrypto.subtle.exportKey('pkcs8', key)).toString('base64')}\n-----END PRIVATE KEY-----`;
    const store = new MemoryCaStore();
    const pems = {
      rootCertificate: root.toString('pem'),
      issuingCertificate: issuing.toString('pem'),
      issuingKey: await pkcs8(issuingKeys.privateKey),
      tsaCertificate: tsa.toString('pem'),
      tsaKey: await pkcs8(tsaKeys.privateKey),
    };
    expect(
      await code(
        CertificateAuthority.import(
          store,
          MASTER_KEY,
          { ...pems, tsaKey: pems.issuingKey },
          { organisation: 'Op' },
        ),
      ),
    ).toBe('KEY_MISMATCH');
    const ca = await CertificateAuthority.import(store, MASTER_KEY, pems, { organisation: 'Op' });
    expect(JSON.stringify(await store.get('issuing'))).not.toContain('PRIVATE KEY');
    const account = await ca.issueAccountCertificate({ kind: 'person', name: 'Wu', accountId: 'u-w' });
    expect(new X509Certificate(account.certificatePem).issuer).toBe('CN=Operator Signing CA');
    expect(await code(CertificateAuthority.import(store, MASTER_KEY, pems, { organisation: 'Op' }))).toBe(
      'CA_EXISTS',
    );
  });
});
