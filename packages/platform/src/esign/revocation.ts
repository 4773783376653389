// Whether a certificate was revoked or on hold at a given time: asked by the signer before it
// signs (of the CA, which keeps the list) and by the verifier (of the CRLs it is given).
import { PemConverter, type X509Certificate, X509Crl, X509CrlReason } from './x509';

export type RevocationStatus =
  | { readonly status: 'good' }
  /** Suspended is a hold (certificateHold): the CA may lift it again. */
  | { readonly status: 'revoked' | 'suspended'; readonly since: Date; readonly reason: string }
  /** Nobody here speaks for the certificate's issuer, or its CRL is out of date. */
  | { readonly status: 'unknown'; readonly reason: string };

export interface RevocationSource {
  /** The status of `certificate`, issued by `issuer`, at the time `at`. */
  statusOf(certificate: X509Certificate, issuer: X509Certificate, at: Date): Promise<RevocationStatus>;
}

/**
 * A CRL in PEM under RFC 7468's label, X509 CRL, which openssl and NSS read (x509's own
 * toString('pem') writes "CRL", which they do not).
 */
export function crlPem(crl: X509Crl): string {
  return PemConverter.encode(crl.rawData, 'X509 CRL');
}

/** A CRL entry's status, or good when the certificate is not listed or was listed after `at`. */
export function statusFromEntry(
  entry: { revocationDate: Date; reason?: X509CrlReason } | null,
  at: Date,
): RevocationStatus {
  if (!entry || entry.revocationDate > at) return { status: 'good' };
  const reason = X509CrlReason[entry.reason ?? X509CrlReason.unspecified] ?? 'unspecified';
  return {
    status: entry.reason === X509CrlReason.certificateHold ? 'suspended' : 'revoked',
    since: entry.revocationDate,
    reason,
  };
}

/**
 * Statuses read from CRLs. A CRL speaks for a certificate when its issuer signed it and it is
 * current (`now` before its nextUpdate): a current CRL lists every revocation made before it,
 * so it answers for any earlier time too. Holds lifted are no longer listed: the CRL cannot
 * tell that a certificate was on hold at an earlier time.
 */
export class CrlRevocationSource implements RevocationSource {
  readonly #crls: X509Crl[];
  readonly #now: () => Date;
  /** Whether a CRL is signed by an issuer, checked once per pair. */
  readonly #signedBy = new Map<string, Promise<boolean>>();

  constructor(crls: readonly (X509Crl | string | Uint8Array)[], now: () => Date = () => new Date()) {
    this.#crls = crls.map((crl) => (crl instanceof X509Crl ? crl : new X509Crl(crl)));
    this.#now = now;
  }

  async statusOf(certificate: X509Certificate, issuer: X509Certificate, at: Date): Promise<RevocationStatus> {
    let stale = false;
    for (const crl of this.#crls) {
      if (crl.issuer !== issuer.subject) continue;
      if (!(await this.#isSignedBy(crl, issuer))) continue;
      const nextUpdate = crl.nextUpdate;
      if (nextUpdate && nextUpdate < this.#now()) {
        stale = true;
        continue;
      }
      return statusFromEntry(crl.findRevoked(certificate.serialNumber), at);
    }
    return { status: 'unknown', reason: stale ? 'the CRL is out of date' : 'no CRL from the issuer' };
  }

  #isSignedBy(crl: X509Crl, issuer: X509Certificate): Promise<boolean> {
    const key = `${this.#crls.indexOf(crl)}:${Buffer.from(issuer.rawData).toString('base64')}`;
    let signed = this.#signedBy.get(key);
    if (!signed) this.#signedBy.set(key, (signed = crl.verify({ publicKey: issuer }).catch(() => false)));
    return signed;
  }
}
