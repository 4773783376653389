// The e-signing module's one error type: a code the caller can act on (refuse, ask for a new
// certificate, show a message) and an English message for the log.

export type EsignErrorCode =
  /** The certificate is on the revocation list for good. */
  | 'CERT_REVOKED'
  /** The certificate is on hold (certificateHold); it can be resumed. */
  | 'CERT_SUSPENDED'
  /** The certificate's validity ended before the signing time. */
  | 'CERT_EXPIRED'
  /** The certificate's validity starts after the signing time. */
  | 'CERT_NOT_YET_VALID'
  /** The revocation source does not know the certificate's issuer. */
  | 'CERT_STATUS_UNKNOWN'
  /** A key usage or extended key usage forbids the use asked for. */
  | 'CERT_USAGE'
  /** The private key does not belong to the certificate. */
  | 'KEY_MISMATCH'
  /** An encrypted key does not open with this master key (wrong key, or the record was altered). */
  | 'KEY_DECRYPT_FAILED'
  | 'BAD_MASTER_KEY'
  | 'BAD_INPUT'
  /** The CA store has no authority yet, or already has one. */
  | 'CA_MISSING'
  | 'CA_EXISTS'
  | 'NOT_SUSPENDED'
  | 'FIELD_NOT_FOUND'
  | 'FIELD_EXISTS'
  | 'FIELD_NOT_SIGNATURE'
  | 'FIELD_ALREADY_SIGNED'
  /** Fields cannot be added once the document carries a signature: it would break it. */
  | 'DOCUMENT_SIGNED'
  /** The document cannot be appended to without rewriting it, and it carries signatures. */
  | 'INCREMENTAL_SAVE_BLOCKED'
  | 'PDF_INVALID'
  | 'TIMESTAMP_FAILED';

export class EsignError extends Error {
  constructor(
    readonly code: EsignErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'EsignError';
  }
}
