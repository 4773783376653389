// E-signing core: an internal CA and TSA, PAdES signing of prepared PDF fields, and a verifier
// (docs/esign.md). Engine-level: it knows certificates and PDFs, not contracts or parties.
export { EsignError, type EsignErrorCode } from './errors';
export { MasterKey, type EncryptedKey } from './keys';
export { CertificateAuthority, type AccountSubject, type CaOptions, type IssuedCertificate } from './ca';
export {
  MemoryCaStore,
  type CaRecords,
  type CaStore,
  type CrlRecord,
  type KeyedCertificate,
  type RevocationEntry,
  type RevocationReason,
} from './ca.store';
export { CrlRevocationSource, crlPem, type RevocationSource, type RevocationStatus } from './revocation';
export {
  EXAMPLE_TSA_POLICY,
  FallbackTimestampAuthority,
  HttpTimestampAuthority,
  InternalTimestampAuthority,
  type TimestampAuthority,
  type TimestampToken,
} from './tsa';
export {
  PdfSigner,
  type PdfSignerOptions,
  type SignFieldOptions,
  type SignatureFieldSpec,
  type SignedPdf,
} from './signer';
export {
  verifyPdf,
  type SignatureProblem,
  type SignatureReport,
  type TimestampReport,
  type VerificationReport,
  type VerifyOptions,
} from './verify';
export type { UpdateReport } from './revisions';
export {
  EsignProviderError,
  type CallbackRequest,
  type EsignEvent,
  type EsignEventKind,
  type EsignProvider,
  type FlowSigner,
  type FlowState,
  type FlowStatus,
  type OrgAccountInput,
  type PersonAccountInput,
  type ProviderAccount,
  type ProviderErrorCode,
  type SealKind,
  type SignPosition,
  type SignUrl,
  type StartFlowInput,
} from './provider';
export {
  InternalEsignProvider,
  MemoryProviderStore,
  type InternalProviderOptions,
  type ProviderAccountRecord,
  type ProviderFlowRecord,
  type ProviderStore,
} from './provider.internal';
export { HttpEsignProvider, type HttpProviderOptions } from './provider.http';
export { X509Certificate, X509Crl } from './x509';
export { drawOrganisationSeal, drawPersonalSeal } from './appearance';
export { type KeywordField, keywordRect } from './anchor';
