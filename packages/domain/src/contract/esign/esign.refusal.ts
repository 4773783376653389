// Whether a PDF an external e-sign provider hands back signed is taken: the rule every document
// signed there (a contract, an agreement) follows, so that what is stored as signed is the
// document we sent with signatures appended, each verifying against the provider's roots.
import { type EsignProvider, verifyPdf } from '@srm/platform';

/**
 * Why the provider's signed PDF is not taken: it must be `original` with updates appended, hold a
 * signature in each of `fields`, and every signature must verify, chain to the provider's roots
 * and cover its revision. Null when it is taken.
 */
export async function signedPdfRefusal(
  provider: EsignProvider,
  original: Buffer,
  signed: Uint8Array,
  now: Date,
  fields: readonly string[],
): Promise<string | null> {
  if (signed.length <= original.length || !Buffer.from(signed.subarray(0, original.length)).equals(original))
    return 'not an update of the document sent';
  const report = await verifyPdf(signed, { trustedRoots: [...(await provider.trustedRoots())], now }).catch(
    () => null,
  );
  if (!report) return 'not a PDF';
  for (const field of fields)
    if (!report.signatures.some((signature) => signature.fieldName === field))
      return `no signature in ${field}`;
  const bad = report.signatures.find(
    (signature) =>
      !signature.digestMatches ||
      !signature.signatureValid ||
      !signature.chain.trusted ||
      signature.coverage.modifiedAfterSigning,
  );
  return bad ? `signature ${bad.fieldName} does not verify: ${bad.problems.join(', ')}` : null;
}
