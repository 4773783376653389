// E-signing a 100-page contract: one party's signature (seal appearance, PAdES B-T with the
// internal TSA, incremental save) and the verification of the contract signed by both parties
// (two CMS and time-stamp checks, chains, CRLs, and the read of the update between them); and the
// watermarked copy of an unsigned 10-page contract a reader is served (ADR 0030).
import {
  CertificateAuthority,
  MasterKey,
  MemoryCaStore,
  PdfSigner,
  stampPdf,
  verifyPdf,
} from '@srm/platform';
import { contractPdf } from '@srm/platform/testing';
import { percentile } from './lib/engine';
import { median, report } from './lib/server';

const PAGES = Number(process.env.BENCH_PAGES ?? 100);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WARM_UP = 2;

/** A contract of `pages` full pages of text. */
const contract = (pages: number) => contractPdf(pages, 60);

async function timed<T>(runs: number, task: () => Promise<T>): Promise<{ times: number[]; last: T }> {
  const times: number[] = [];
  let last!: T;
  for (let run = 0; run < WARM_UP + runs; run++) {
    const started = performance.now();
    last = await task();
    if (run >= WARM_UP) times.push(performance.now() - started);
  }
  return { times, last };
}

const masterKey = MasterKey.fromBytes(new Uint8Array(32).fill(9));
const ca = await CertificateAuthority.create(new MemoryCaStore(), masterKey, {
  organisation: 'Bench Platform',
});
const tsa = await ca.timestampAuthority();
const [buyer, supplier] = await Promise.all([
  ca.issueAccountCertificate({ kind: 'person', name: '张伟', accountId: 'bench-buyer' }),
  ca.issueAccountCertificate({ kind: 'person', name: 'Li Na', accountId: 'bench-supplier' }),
]);
const signer = new PdfSigner();
const prepared = await signer.prepareSignatureFields(await contract(PAGES), [
  { name: 'buyer_seal', page: -1, rect: [60, 80, 220, 90] },
  { name: 'supplier_seal', page: -1, rect: [320, 80, 220, 90] },
]);
const signAs = async (bytes: Uint8Array, account: typeof buyer, fieldName: string) =>
  signer.signField(bytes, {
    fieldName,
    signerKey: await ca.openSigningKey(account),
    certificateChain: [account.certificatePem, ...ca.chain],
    tsa,
    revocation: ca,
    signerName: account.subject,
  });

const signing = await timed(RUNS, () => signAs(prepared, buyer, 'buyer_seal'));
const signedTwice = (await signAs(signing.last.bytes, supplier, 'supplier_seal')).bytes;
const crls = await ca.crls();
const verifying = await timed(RUNS, () => verifyPdf(signedTwice, { trustedRoots: [ca.root], crls }));
const statuses = verifying.last.signatures.map((signature) => signature.status).join(', ');
if (statuses !== 'valid, valid') throw new Error(`the bench's signatures do not verify: ${statuses}`);

const summary = (times: number[]) =>
  `p95 ${percentile(times, 95).toFixed(0)} ms, median ${median(times).toFixed(0)} ms over ${times.length} runs`;
report(`esign.sign.${PAGES}-pages`, summary(signing.times), 'p95 ≤ 300 ms');
report(`esign.verify.${PAGES}-pages.two-signatures`, summary(verifying.times), '≤ 100 ms');
report(
  `esign.size.${PAGES}-pages`,
  `${(prepared.length / 1024).toFixed(0)} KiB prepared, ${(signedTwice.length / 1024).toFixed(0)} KiB signed twice`,
  'each signature adds its CMS room and seal picture, some 50 KiB',
);

// Our own target: a served copy is made on every request, so it must stay well under a second.
const unsigned = await contract(10);
const mark = {
  text: '恒达钣金 张伟 2026-12-02 10.0.0.8',
  opacity: 0.15,
  angle: 30,
  fontSize: 16,
  tiled: true,
};
const stamping = await timed(RUNS, async () => (await stampPdf(unsigned, mark))!);
report('esign.watermark.10-pages', summary(stamping.times), 'p95 ≤ 500 ms (our own)');
report(
  'esign.watermark.size',
  `${(unsigned.length / 1024).toFixed(0)} KiB stored, ${(stamping.last.length / 1024).toFixed(0)} KiB served`,
  'the font is embedded as the subset the text uses',
);
