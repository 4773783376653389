// The platform's own certification authority: a root, an issuing CA under it that certifies the
// signing accounts, and a time-stamping certificate. Keys live only sealed under the master key
// (keys.ts); the records go through a CaStore the caller backs with its database. Revocations
// and holds are kept as a list, and every change issues a new CRL.
import { randomBytes } from 'node:crypto';
import { Integer } from 'asn1js';
import { checkCreditCode } from '@srm/kernel';
import type { CaStore, KeyedCertificate, RevocationEntry, RevocationReason } from './ca.store';
import { EsignError } from './errors';
import {
  type CryptoKey,
  type CryptoKeyPair,
  type EncryptedKey,
  KEY_ALGORITHM,
  type MasterKey,
  assertKeyPair,
  generateKeyPair,
  importPrivateKeyPem,
  openPrivateKey,
  sealPrivateKey,
} from './keys';
import { type RevocationSource, type RevocationStatus, crlPem, statusFromEntry } from './revocation';
import { InternalTimestampAuthority } from './tsa';
import {
  AuthorityKeyIdentifierExtension,
  BasicConstraintsExtension,
  CRLDistributionPointsExtension,
  ExtendedKeyUsage,
  ExtendedKeyUsageExtension,
  Extension,
  type JsonName,
  KeyUsageFlags,
  KeyUsagesExtension,
  SubjectKeyIdentifierExtension,
  X509Certificate,
  X509CertificateGenerator,
  X509Crl,
  X509CrlGenerator,
  X509CrlReason,
} from './x509';

const YEAR_MS = 365 * 24 * 3600 * 1000;
const ROOT_YEARS = 20;
const ISSUING_YEARS = 10;
const ACCOUNT_YEARS = 2;
/** A CRL says when the next is due; the CA issues a new one when half of that time has passed. */
const CRL_DAYS = 7;
/** The root's CRL lists issuing CAs only, and changes only when one is withdrawn. */
const ROOT_CRL_DAYS = 180;
const SIGNING_ALGORITHM = { name: KEY_ALGORITHM.name, hash: 'SHA-256' };
const OID_CRL_NUMBER = '2.5.29.20';
const OID_ORGANIZATION_IDENTIFIER = '2.5.4.97';
const OID_SERIAL_NUMBER = '2.5.4.5';

/** An end-entity certificate just issued, with the key pair made for it. */
export interface IssuedCertificate extends KeyedCertificate {
  readonly encryptedKey: EncryptedKey;
  /** Hexadecimal, as on CRLs. */
  readonly serialNumber: string;
  readonly subject: string;
  readonly notBefore: Date;
  readonly notAfter: Date;
}

export interface CaOptions {
  /** The operator's organisation, in every CA subject. */
  readonly organisation: string;
  /** Two letters; omitted when not given. */
  readonly country?: string;
  /** Where the CRL will be published, written into account certificates when given. */
  readonly crlUrl?: string;
  /** The TSA policy OID in tokens; the default is an example arc (2.999): set your own. */
  readonly tsaPolicy?: string;
  readonly now?: Date;
}

/** Who an account certificate is for. */
export type AccountSubject =
  | {
      readonly kind: 'person';
      readonly name: string;
      /** The platform account: a person may share a name, never an account. */
      readonly accountId: string;
    }
  | {
      readonly kind: 'organisation';
      readonly name: string;
      readonly accountId: string;
      /** The unified social credit code (统一社会信用代码), 18 characters. */
      readonly creditCode: string;
    };

function randomSerial(): string {
  const bytes = randomBytes(16);
  // Positive and without a leading zero byte, as RFC 5280 asks.
  bytes[0] = (bytes[0]! & 0x7f) | 0x40;
  return bytes.toString('hex');
}

function addYears(date: Date, years: number): Date {
  return new Date(date.getTime() + years * YEAR_MS);
}

function earlier(a: Date, b: Date): Date {
  return a < b ? a : b;
}

function der(certificate: X509Certificate): Uint8Array {
  return new Uint8Array(certificate.rawData);
}

function caName(options: CaOptions, commonName: string): JsonName {
  return [
    ...(options.country ? [{ C: [options.country] }] : []),
    { O: [options.organisation] },
    { CN: [commonName] },
  ];
}

async function seal(masterKey: MasterKey, keys: CryptoKeyPair, certificate: X509Certificate) {
  return {
    certificatePem: certificate.toString('pem'),
    encryptedKey: await sealPrivateKey(masterKey, keys.privateKey, der(certificate)),
  };
}

async function issueCrl(
  issuer: X509Certificate,
  issuerKey: CryptoKey,
  entries: readonly RevocationEntry[],
  crlNumber: number,
  days: number,
  now: Date,
): Promise<X509Crl> {
  return X509CrlGenerator.create({
    issuer: issuer.subjectName,
    thisUpdate: now,
    nextUpdate: new Date(now.getTime() + days * 24 * 3600 * 1000),
    signingAlgorithm: SIGNING_ALGORITHM,
    signingKey: issuerKey,
    entries: entries.map((entry) => ({
      serialNumber: entry.serialNumber,
      revocationDate: new Date(entry.revokedAt),
      reason: X509CrlReason[entry.reason],
    })),
    extensions: [
      await AuthorityKeyIdentifierExtension.create(issuer.publicKey),
      new Extension(OID_CRL_NUMBER, false, new Integer({ value: crlNumber }).toBER()),
    ],
  });
}

export class CertificateAuthority implements RevocationSource {
  readonly #store: CaStore;
  readonly #masterKey: MasterKey;
  readonly #options: CaOptions;
  readonly #issuingKey: CryptoKey;
  /** Revocations run one after the other: each reads the list, adds to it and writes it back. */
  #queue: Promise<unknown> = Promise.resolve();

  private constructor(
    store: CaStore,
    masterKey: MasterKey,
    options: CaOptions,
    readonly root: X509Certificate,
    readonly issuing: X509Certificate,
    readonly tsa: X509Certificate,
    issuingKey: CryptoKey,
  ) {
    this.#store = store;
    this.#masterKey = masterKey;
    this.#options = options;
    this.#issuingKey = issuingKey;
  }

  /**
   * Makes a new authority: root (20 years), issuing CA (10 years) and TSA certificate (EKU
   * timeStamping, critical), each with its own RSA key, and an empty CRL from each CA.
   */
  static async create(
    store: CaStore,
    masterKey: MasterKey,
    options: CaOptions,
  ): Promise<CertificateAuthority> {
    if (await store.get('issuing')) {
      throw new EsignError('CA_EXISTS', 'This store already holds an authority');
    }
    const now = options.now ?? new Date();
    const [rootKeys, issuingKeys, tsaKeys] = await Promise.all([
      generateKeyPair(),
      generateKeyPair(),
      generateKeyPair(),
    ]);
    const root = await X509CertificateGenerator.createSelfSigned({
      serialNumber: randomSerial(),
      name: caName(options, `${options.organisation} Root CA`),
      notBefore: now,
      notAfter: addYears(now, ROOT_YEARS),
      keys: rootKeys,
      signingAlgorithm: SIGNING_ALGORITHM,
      extensions: [
        new BasicConstraintsExtension(true, undefined, true),
        new KeyUsagesExtension(KeyUsageFlags.keyCertSign | KeyUsageFlags.cRLSign, true),
        await SubjectKeyIdentifierExtension.create(rootKeys.publicKey),
      ],
    });
    const issuing = await X509CertificateGenerator.create({
      serialNumber: randomSerial(),
      subject: caName(options, `${options.organisation} Signing CA`),
      issuer: root.subjectName,
      notBefore: now,
      notAfter: addYears(now, ISSUING_YEARS),
      publicKey: issuingKeys.publicKey,
      signingKey: rootKeys.privateKey,
      signingAlgorithm: SIGNING_ALGORITHM,
      extensions: [
        // Path length 0: it certifies accounts and the TSA, never another CA.
        new BasicConstraintsExtension(true, 0, true),
        new KeyUsagesExtension(KeyUsageFlags.keyCertSign | KeyUsageFlags.cRLSign, true),
        await SubjectKeyIdentifierExtension.create(issuingKeys.publicKey),
        await AuthorityKeyIdentifierExtension.create(rootKeys.publicKey),
      ],
    });
    const tsa = await X509CertificateGenerator.create({
      serialNumber: randomSerial(),
      subject: caName(options, `${options.organisation} Time Stamping Authority`),
      issuer: issuing.subjectName,
      notBefore: now,
      notAfter: issuing.notAfter,
      publicKey: tsaKeys.publicKey,
      signingKey: issuingKeys.privateKey,
      signingAlgorithm: SIGNING_ALGORITHM,
      extensions: [
        new BasicConstraintsExtension(false, undefined, true),
        new KeyUsagesExtension(KeyUsageFlags.digitalSignature | KeyUsageFlags.nonRepudiation, true),
        // RFC 3161 2.3: a TSA's certificate has this one purpose, marked critical.
        new ExtendedKeyUsageExtension([ExtendedKeyUsage.timeStamping], true),
        await SubjectKeyIdentifierExtension.create(tsaKeys.publicKey),
        await AuthorityKeyIdentifierExtension.create(issuingKeys.publicKey),
      ],
    });
    await store.put('root', await seal(masterKey, rootKeys, root));
    await store.put('issuing', await seal(masterKey, issuingKeys, issuing));
    await store.put('tsa', await seal(masterKey, tsaKeys, tsa));
    await store.put('crl', {
      crlNumber: 1,
      entries: [],
      crlPem: crlPem(await issueCrl(issuing, issuingKeys.privateKey, [], 1, CRL_DAYS, now)),
    });
    await store.put('rootCrl', {
      crlNumber: 1,
      entries: [],
      crlPem: crlPem(await issueCrl(root, rootKeys.privateKey, [], 1, ROOT_CRL_DAYS, now)),
    });
    return CertificateAuthority.open(store, masterKey, options);
  }

  /**
   * Takes an existing hierarchy: the root's certificate (its key may stay offline, and then the
   * root's CRL is the operator's to publish), the issuing CA's and the TSA's certificates with
   * their unencrypted PKCS#8 PEM keys, which are sealed and not kept in clear.
   */
  static async import(
    store: CaStore,
    masterKey: MasterKey,
    pems: {
      readonly rootCertificate: string;
      readonly issuingCertificate: string;
      readonly issuingKey: string;
      readonly tsaCertificate: string;
      readonly tsaKey: string;
    },
    options: CaOptions,
  ): Promise<CertificateAuthority> {
    if (await store.get('issuing')) {
      throw new EsignError('CA_EXISTS', 'This store already holds an authority');
    }
    const root = new X509Certificate(pems.rootCertificate);
    const issuing = new X509Certificate(pems.issuingCertificate);
    const tsa = new X509Certificate(pems.tsaCertificate);
    if (!(await issuing.verify({ publicKey: root, signatureOnly: true }))) {
      throw new EsignError('BAD_INPUT', 'The issuing CA is not signed by the root');
    }
    if (!(await tsa.verify({ publicKey: issuing, signatureOnly: true }))) {
      throw new EsignError('BAD_INPUT', 'The TSA certificate is not signed by the issuing CA');
    }
    const usage = tsa.getExtension(ExtendedKeyUsageExtension);
    if (!usage?.critical || !usage.usages.includes(ExtendedKeyUsage.timeStamping)) {
      throw new EsignError(
        'CERT_USAGE',
        'The TSA certificate needs a critical timeStamping extended key usage',
      );
    }
    const issuingKey = await importPrivateKeyPem(pems.issuingKey);
    const tsaKey = await importPrivateKeyPem(pems.tsaKey);
    await assertKeyPair(issuingKey, issuing);
    await assertKeyPair(tsaKey, tsa);
    const now = options.now ?? new Date();
    await store.put('root', { certificatePem: root.toString('pem') });
    await store.put('issuing', {
      certificatePem: issuing.toString('pem'),
      encryptedKey: await sealPrivateKey(masterKey, issuingKey, der(issuing)),
    });
    await store.put('tsa', {
      certificatePem: tsa.toString('pem'),
      encryptedKey: await sealPrivateKey(masterKey, tsaKey, der(tsa)),
    });
    await store.put('crl', {
      crlNumber: 1,
      entries: [],
      crlPem: crlPem(await issueCrl(issuing, issuingKey, [], 1, CRL_DAYS, now)),
    });
    return CertificateAuthority.open(store, masterKey, options);
  }

  /** The authority held by `store`, its issuing key opened with `masterKey`. */
  static async open(store: CaStore, masterKey: MasterKey, options: CaOptions): Promise<CertificateAuthority> {
    const [root, issuing, tsa] = await Promise.all([
      store.get('root'),
      store.get('issuing'),
      store.get('tsa'),
    ]);
    if (!root || !issuing?.encryptedKey || !tsa) {
      throw new EsignError('CA_MISSING', 'No authority in this store');
    }
    const issuingCertificate = new X509Certificate(issuing.certificatePem);
    const issuingKey = await openPrivateKey(masterKey, issuing.encryptedKey, der(issuingCertificate));
    return new CertificateAuthority(
      store,
      masterKey,
      options,
      new X509Certificate(root.certificatePem),
      issuingCertificate,
      new X509Certificate(tsa.certificatePem),
      issuingKey,
    );
  }

  /** What a signature embeds above the signer's own certificate: issuing CA, then root. */
  get chain(): X509Certificate[] {
    return [this.issuing, this.root];
  }

  /**
   * A certificate for a person or an organisation signing account: 2 years (never past the
   * issuing CA), keyUsage digitalSignature + nonRepudiation, and a new key pair, sealed.
   */
  async issueAccountCertificate(subject: AccountSubject, now = new Date()): Promise<IssuedCertificate> {
    const name = subject.name.trim();
    if (!name || !subject.accountId) {
      throw new EsignError('BAD_INPUT', 'A certificate needs a name and an account');
    }
    const subjectName: JsonName = [
      ...(this.#options.country ? [{ C: [this.#options.country] }] : []),
      ...(subject.kind === 'organisation'
        ? [
            { O: [name] },
            // ETSI EN 319 412-1's form for a national registration number: NTR + country + code.
            { [OID_ORGANIZATION_IDENTIFIER]: [`NTRCN-${checkedCreditCode(subject.creditCode)}`] },
          ]
        : []),
      { CN: [name] },
      { [OID_SERIAL_NUMBER]: [subject.accountId] },
    ];
    const keys = await generateKeyPair();
    const certificate = await X509CertificateGenerator.create({
      serialNumber: randomSerial(),
      subject: subjectName,
      issuer: this.issuing.subjectName,
      notBefore: now,
      notAfter: earlier(addYears(now, ACCOUNT_YEARS), this.issuing.notAfter),
      publicKey: keys.publicKey,
      signingKey: this.#issuingKey,
      signingAlgorithm: SIGNING_ALGORITHM,
      extensions: [
        new BasicConstraintsExtension(false, undefined, false),
        new KeyUsagesExtension(KeyUsageFlags.digitalSignature | KeyUsageFlags.nonRepudiation, true),
        await SubjectKeyIdentifierExtension.create(keys.publicKey),
        await AuthorityKeyIdentifierExtension.create(this.issuing.publicKey),
        ...(this.#options.crlUrl ? [new CRLDistributionPointsExtension([this.#options.crlUrl])] : []),
      ],
    });
    return {
      ...(await seal(this.#masterKey, keys, certificate)),
      serialNumber: certificate.serialNumber,
      subject: certificate.subject,
      notBefore: certificate.notBefore,
      notAfter: certificate.notAfter,
    };
  }

  /** An account's signing key, opened for one signature. */
  async openSigningKey(account: KeyedCertificate): Promise<CryptoKey> {
    if (!account.encryptedKey) throw new EsignError('BAD_INPUT', 'The record has no key');
    const certificate = new X509Certificate(account.certificatePem);
    return openPrivateKey(this.#masterKey, account.encryptedKey, der(certificate));
  }

  /** The internal TSA, its key opened. */
  async timestampAuthority(): Promise<InternalTimestampAuthority> {
    const record = await this.#store.get('tsa');
    if (!record?.encryptedKey) throw new EsignError('CA_MISSING', 'No TSA key in this store');
    const key = await openPrivateKey(this.#masterKey, record.encryptedKey, der(this.tsa));
    return new InternalTimestampAuthority({
      certificate: this.tsa,
      privateKey: key,
      chain: this.chain,
      revocation: this,
      ...(this.#options.tsaPolicy ? { policy: this.#options.tsaPolicy } : {}),
    });
  }

  /** Withdraws a certificate for good and issues a new CRL. */
  revoke(
    certificatePem: string,
    reason: RevocationReason = 'unspecified',
    at = new Date(),
  ): Promise<X509Crl> {
    return this.#changeList(certificatePem, at, (entries, serialNumber) => [
      ...entries.filter((entry) => entry.serialNumber !== serialNumber),
      { serialNumber, revokedAt: at.toISOString(), reason },
    ]);
  }

  /** Puts a certificate on hold (certificateHold) and issues a new CRL. */
  suspend(certificatePem: string, at = new Date()): Promise<X509Crl> {
    return this.#changeList(certificatePem, at, (entries, serialNumber) => {
      const listed = entries.find((entry) => entry.serialNumber === serialNumber);
      if (listed && listed.reason !== 'certificateHold') {
        throw new EsignError('CERT_REVOKED', 'A revoked certificate cannot be suspended');
      }
      if (listed) return entries;
      return [...entries, { serialNumber, revokedAt: at.toISOString(), reason: 'certificateHold' }];
    });
  }

  /** Lifts a hold (removeFromCRL: the certificate is no longer listed) and issues a new CRL. */
  resume(certificatePem: string, at = new Date()): Promise<X509Crl> {
    return this.#changeList(certificatePem, at, (entries, serialNumber) => {
      const listed = entries.find((entry) => entry.serialNumber === serialNumber);
      if (listed?.reason !== 'certificateHold') {
        throw new EsignError('NOT_SUSPENDED', 'The certificate is not on hold');
      }
      return entries.filter((entry) => entry.serialNumber !== serialNumber);
    });
  }

  /**
   * The CRLs to publish and to give the verifier: the issuing CA's and the root's. The issuing
   * CA's is issued again when half its time has passed; the root's when its key is here.
   */
  async crls(now = new Date()): Promise<X509Crl[]> {
    const issuingCrl = await this.#enqueue(async () => {
      const record = await this.#store.get('crl');
      if (!record) throw new EsignError('CA_MISSING', 'No CRL in this store');
      const crl = new X509Crl(record.crlPem);
      if (!dueForRenewal(crl, now)) return crl;
      return this.#writeCrl(record.entries, record.crlNumber + 1, now);
    });
    const rootRecord = await this.#store.get('rootCrl');
    if (!rootRecord) return [issuingCrl];
    let rootCrl = new X509Crl(rootRecord.crlPem);
    const rootKey = (await this.#store.get('root'))?.encryptedKey;
    if (dueForRenewal(rootCrl, now) && rootKey) {
      const key = await openPrivateKey(this.#masterKey, rootKey, der(this.root));
      const crlNumber = rootRecord.crlNumber + 1;
      rootCrl = await issueCrl(this.root, key, rootRecord.entries, crlNumber, ROOT_CRL_DAYS, now);
      await this.#store.put('rootCrl', { ...rootRecord, crlNumber, crlPem: crlPem(rootCrl) });
    }
    return [issuingCrl, rootCrl];
  }

  /** The list's word on a certificate this CA issued; `unknown` for any other issuer. */
  async statusOf(certificate: X509Certificate, issuer: X509Certificate, at: Date): Promise<RevocationStatus> {
    if (
      issuer.subject !== this.issuing.subject ||
      !(await certificate.verify({ publicKey: this.issuing, signatureOnly: true }))
    ) {
      return { status: 'unknown', reason: 'not issued by this authority' };
    }
    const record = await this.#store.get('crl');
    const entry = record?.entries.find((candidate) => candidate.serialNumber === certificate.serialNumber);
    return statusFromEntry(
      entry ? { revocationDate: new Date(entry.revokedAt), reason: X509CrlReason[entry.reason] } : null,
      at,
    );
  }

  #changeList(
    certificatePem: string,
    at: Date,
    change: (entries: readonly RevocationEntry[], serialNumber: string) => readonly RevocationEntry[],
  ): Promise<X509Crl> {
    return this.#enqueue(async () => {
      const certificate = new X509Certificate(certificatePem);
      if (!(await certificate.verify({ publicKey: this.issuing, signatureOnly: true }))) {
        throw new EsignError('BAD_INPUT', 'The certificate was not issued by this authority');
      }
      const record = await this.#store.get('crl');
      if (!record) throw new EsignError('CA_MISSING', 'No CRL in this store');
      return this.#writeCrl(change(record.entries, certificate.serialNumber), record.crlNumber + 1, at);
    });
  }

  async #writeCrl(entries: readonly RevocationEntry[], crlNumber: number, now: Date): Promise<X509Crl> {
    const crl = await issueCrl(this.issuing, this.#issuingKey, entries, crlNumber, CRL_DAYS, now);
    await this.#store.put('crl', { crlNumber, entries, crlPem: crlPem(crl) });
    return crl;
  }

  #enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(work, work);
    this.#queue = next.catch(() => undefined);
    return next;
  }
}

function dueForRenewal(crl: X509Crl, now: Date): boolean {
  const nextUpdate = crl.nextUpdate;
  if (!nextUpdate) return false;
  const half = crl.thisUpdate.getTime() + (nextUpdate.getTime() - crl.thisUpdate.getTime()) / 2;
  return now.getTime() >= half;
}

function checkedCreditCode(code: string): string {
  const trimmed = code.trim();
  if (checkCreditCode(true)(trimmed)) {
    throw new EsignError('BAD_INPUT', `Not a unified social credit code: ${code}`);
  }
  return trimmed;
}
