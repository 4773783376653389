// Hand-signing a finalized contract (the internal e-sign provider), each party with its
// organisation account's seal, or with a person's own where its template says so: 查询签署地址 answers a short-lived link bound to the caller (a
// seal keeper of its party's active account); 发送验证码 mails a one-time code to the caller;
// 确认签署 checks link and code, then, holding the contract's row lock (two parties pressing
// "sign" at once sign one after the other), signs the party's field of the current PDF in an
// incremental update (PAdES B-T, the seal as the field's appearance) and stores the result as
// the next SIGNED document. The last party's signature makes the contract effective. Every view,
// code sent, wrong code and signature is written to the sign log with the document's hashes.
// 验证签名 reports each signature of a stored document or an uploaded PDF.
import { createHash } from 'node:crypto';
import { type RowOf, attachments, number, ref, text } from '@srm/kernel';
import {
  AppError,
  type DataApi,
  EsignError,
  type SignatureReport,
  defineEndpoints,
  endpoint,
  verifyPdf,
} from '@srm/platform';
import { signAccount, signAccountKeeper } from '../sign-account/sign-account.entity';
import { templateSign } from '../template/template.entity';
import { accountKey } from '../sign-account/sign-account.actions';
import { contractCa, pdfSigner } from '../esign/esign.server';
import { srmCctSignLog } from '../esign/esign.tables';
import { fileBytes, fileIds, readableFile } from '../support';
import { contract } from './contract.entity';
import { storeDocument } from './contract.document';
import { PARTY_FIELD, type Party, currentPdf } from './contract.finalize';
import { partyAccount, providerSignUrl } from './contract.provider';
import { tellOtherParty } from './contract.notify';

const URL_PURPOSE = 'CCT_SIGN_URL';
const CODE_PURPOSE = 'CCT_SIGN_CODE';
const URL_TTL_MS = 30 * 60_000;
const CODE_TTL_MS = 10 * 60_000;
const CODE_INTERVAL_MS = 60_000;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const partyOf = (ctx: DataApi): Party => (ctx.actor.side === 'supplier' ? 'PARTY_B' : 'PARTY_A');
const subjectOf = (ctx: DataApi, contractId: number) => `${contractId}:${ctx.actor.userId ?? 0}`;

function identityOf(ctx: DataApi) {
  const { identity } = ctx.services;
  if (!identity) throw new AppError(503, 'srmCctContract.signUnavailable');
  return identity;
}

async function log(
  ctx: DataApi,
  contractId: number,
  event: 'VIEW' | 'CODE_SENT' | 'CODE_WRONG' | 'SIGNED',
  extra: { signAccountId?: number; hashBefore?: string; hashAfter?: string; detail?: string } = {},
): Promise<void> {
  await ctx.runtime
    .executor()
    .insert(srmCctSignLog)
    .values({
      contractId,
      event,
      party: partyOf(ctx),
      userId: ctx.actor.userId ?? 0,
      userName: ctx.actor.userName,
      ip: ctx.actor.clientIp ?? null,
      userAgent: ctx.actor.userAgent ?? null,
      createdAt: ctx.now,
      ...extra,
    });
}

/**
 * How the party signs, as the contract's template places it: with its organisation's seal (the
 * default), or with a person's own signature (PERSONAL).
 */
async function sealKindOf(ctx: DataApi, found: { templateId: number | null }, party: Party) {
  if (!found.templateId) return 'ORG_SEAL';
  const [position] = await ctx
    .system("a template's signature positions are master data")
    .list(templateSign, { templateId: found.templateId, party });
  return position?.sealKind === 'PERSONAL' ? 'PERSONAL' : 'ORG_SEAL';
}

/**
 * The caller's own active person account for the party: a buyer's for the buying side, one of
 * the contract's supplier for the supplier's side.
 */
async function personalAccount(
  ctx: DataApi,
  found: { supplierId: number | null },
  party: Party,
): Promise<RowOf<typeof signAccount>> {
  const accounts = await ctx.system('a signer signs with the account the platform keeps for it').list(
    signAccount,
    party === 'PARTY_A'
      ? { accountType: 'PERSON', ownerType: 'BUYER', userId: ctx.actor.userId ?? 0, status: 'ACTIVE' }
      : {
          accountType: 'PERSON',
          ownerType: 'SUPPLIER',
          supplierId: found.supplierId ?? 0,
          userId: ctx.actor.userId ?? 0,
          status: 'ACTIVE',
        },
  );
  const account = accounts.sort((a, b) => b.signAccountId - a.signAccountId)[0];
  if (!account) throw new AppError(422, 'srmCctContract.noPersonalAccount');
  return account;
}

/**
 * The contract as the caller may sign it now: in SIGNING, its party not yet signed, and the
 * caller a seal keeper of the party's active organisation account — or, where the template has
 * the party sign personally, the holder of an active person account of that side. Answers the
 * account.
 */
async function signable(ctx: DataApi, contractId: number) {
  const found = await ctx.find(contract, contractId);
  if (found.status !== 'SIGNING')
    throw new AppError(409, 'srmCctContract.notSigning', { status: found.status });
  const party = partyOf(ctx);
  if (!found.finalizedSha256) throw new AppError(409, 'srmCctContract.noFinalizedPdf');
  if (party === 'PARTY_A' ? found.partyASignedDate : found.partyBSignedDate)
    throw new AppError(409, 'srmCctContract.partySigned');
  // The provider's flow, which only the buyer's side reads on the contract.
  const { signFlowId } = await ctx
    .system("the provider's flow of a contract the caller signs")
    .find(contract, contractId);
  // A provider's flow is signed with the organisations' accounts (contract.provider.ts).
  if (!signFlowId && (await sealKindOf(ctx, found, party)) === 'PERSONAL')
    return { found, party, account: await personalAccount(ctx, found, party), signFlowId };
  const account = await partyAccount(ctx, found, party);
  const keepers = await ctx
    .system('the seal keepers of an account are master data')
    .lines(signAccountKeeper, account.signAccountId);
  if (!keepers.some((keeper) => keeper.userId === ctx.actor.userId))
    throw new AppError(403, 'srmCctContract.notSealKeeper', { account: account.accountName });
  return { found, party, account, signFlowId };
}

async function assertLink(ctx: DataApi, contractId: number, token: string): Promise<void> {
  if (!(await identityOf(ctx).checkCode(URL_PURPOSE, subjectOf(ctx, contractId), token, false)))
    throw new AppError(422, 'srmCctContract.signLinkInvalid');
}

/** An e-mail address shown in part: z***@example.com. */
const masked = (email: string) => email.replace(/^(.)[^@]*(@.*)$/, '$1***$2');

/** Each signature as the screen shows it. */
function reportOf(signature: SignatureReport) {
  const party = (Object.entries(PARTY_FIELD).find(([, field]) => field === signature.fieldName)?.[0] ??
    null) as Party | null;
  return {
    fieldName: signature.fieldName,
    party,
    signer: signature.signer?.commonName ?? null,
    signingTime: signature.signingTime?.getTime() ?? null,
    timestampTime: signature.timestamp?.time.getTime() ?? null,
    timestampAuthority: signature.timestamp?.authority ?? null,
    digestMatches: signature.digestMatches,
    signatureValid: signature.signatureValid,
    chainTrusted: signature.chain.trusted,
    revocation: signature.revocation,
    modifiedAfterSigning: signature.coverage.modifiedAfterSigning,
    status: signature.status,
    problems: signature.problems,
  };
}

/**
 * Signs the contract's current PDF for the caller's party, holding the contract's row lock: the
 * caller must be a seal keeper of the party's active account, the PDF the one finalized (or
 * signed since). The last party's signature makes the contract effective. Answers the contract.
 * The sign endpoint calls it once link and code are checked; the demo data calls it directly.
 */
export async function signForParty(tx: DataApi, contractId: number) {
  await tx.lock(contract, [contractId]);
  // Read again under the lock: the other party may have signed meanwhile.
  const { found, party, account } = await signable(tx, contractId);
  const pdf = currentPdf(found);
  const [fileId] = fileIds(pdf?.fileIds);
  const file = fileId ? await fileBytes(tx, fileId) : null;
  const finalized = found.documents.find((document) => document.documentKind === 'FINALIZED');
  if (!pdf || !file || !finalized || finalized.sha256 !== found.finalizedSha256)
    throw new AppError(409, 'srmCctContract.documentChanged');
  const hashBefore = sha256(file.bytes);
  if (hashBefore !== pdf.sha256) throw new AppError(409, 'srmCctContract.documentChanged');
  const key = await accountKey(tx, account.signAccountId);
  if (!key) throw new AppError(422, 'srmCctContract.noSignAccount');
  const ca = await contractCa(tx);
  const [sealId] = fileIds(account.sealFileIds);
  const seal = sealId ? await fileBytes(tx, sealId) : null;
  let signed;
  try {
    signed = await pdfSigner(tx).signField(file.bytes, {
      fieldName: PARTY_FIELD[party],
      signerKey: await ca.openSigningKey(key),
      certificateChain: [key.certificatePem, ...ca.chain],
      tsa: await ca.timestampAuthority(),
      revocation: ca,
      signerName: account.accountName,
      reason: tx.t('srmCctContract.signReason', { number: found.contractNumber ?? '' }),
      ...(seal ? { seal: seal.bytes } : {}),
    });
  } catch (error) {
    if (error instanceof EsignError)
      throw new AppError(422, 'srmCctContract.signRefused', { code: error.code });
    throw error;
  }
  const bytes = Buffer.from(signed.bytes);
  await storeDocument(tx, found, bytes, 'SIGNED', {
    fileName: `${found.contractNumber ?? found.contractId}-${party === 'PARTY_A' ? 'A' : 'B'}.pdf`,
    remark: account.accountName,
  });
  const signer = tx.actor.userName;
  await tx
    .system('the signature is recorded on the contract')
    .patch(
      contract,
      contractId,
      party === 'PARTY_A'
        ? { partyASignedDate: signed.signingTime.getTime(), partyASigner: signer }
        : { partyBSignedDate: signed.signingTime.getTime(), partyBSigner: signer },
    );
  await log(tx, contractId, 'SIGNED', {
    signAccountId: account.signAccountId,
    hashBefore,
    hashAfter: sha256(bytes),
    detail: signed.timestampAuthority,
  });
  const other = party === 'PARTY_A' ? found.partyBSignedDate : found.partyASignedDate;
  // Whoever signs last, the platform makes the contract effective (a supplier holds no grant of it).
  if (other)
    await tx.system('the last signature makes the contract effective').act(contract, 'doSign', [contractId]);
  else await tellOtherParty(tx, found, party);
  return tx.find(contract, contractId);
}

export const contractSignEndpoints = defineEndpoints(contract, {
  querySignUrl: endpoint({
    summary: "A short-lived link for the caller to sign the contract with its party's seal",
    input: { contractId: ref('srmCctContract', { required: true }) },
    scope: contract,
    resource: 'button',
    sides: ['internal', 'supplier'],
    write: true,
    async handle(ctx, input) {
      const { found, party, signFlowId } = await signable(ctx, input.contractId);
      if (signFlowId) {
        // Signed at the external provider: its page, for the caller's party.
        const external = await providerSignUrl(ctx, found, signFlowId, party);
        await log(ctx, found.contractId, 'VIEW', { hashBefore: currentPdf(found)?.sha256 ?? undefined });
        return {
          data: { contractId: found.contractId, token: null as string | null, external: true, ...external },
        };
      }
      const token = await identityOf(ctx).issueCode(URL_PURPOSE, subjectOf(ctx, found.contractId), {
        ttlMs: URL_TTL_MS,
        kind: 'token',
      });
      await log(ctx, found.contractId, 'VIEW', { hashBefore: currentPdf(found)?.sha256 ?? undefined });
      return {
        data: {
          contractId: found.contractId,
          token,
          external: false,
          // The contract's page in the caller's workspace, which opens the sign dialog with the token
          // (contract.buttons.tsx); a link opened signed out comes back there after sign-in.
          url: `${ctx.runtime.publicUrl}/main/${ctx.actor.side === 'supplier' ? 'supplierContractEdit' : 'contractManage/cctContractEdit'}?contractId=${found.contractId}&signToken=${encodeURIComponent(token)}`,
          expiresAt: ctx.now.getTime() + URL_TTL_MS,
        },
      };
    },
  }),
  sendSignCode: endpoint({
    summary: 'Mails the caller a one-time code that confirms its signature',
    input: {
      contractId: ref('srmCctContract', { required: true }),
      token: text({ required: true, max: 100 }),
    },
    scope: contract,
    resource: 'srmCctContract.querySignUrl',
    sides: ['internal', 'supplier'],
    write: true,
    async handle(ctx, input) {
      const { found, account, signFlowId } = await signable(ctx, input.contractId);
      if (signFlowId) throw new AppError(409, 'srmCctContract.signAtProvider');
      await assertLink(ctx, found.contractId, input.token);
      const identity = identityOf(ctx);
      const user = await identity.findUser({ userId: ctx.actor.userId ?? 0 });
      if (!user?.email) throw new AppError(422, 'srmCctContract.noEmail');
      const code = await identity.issueCode(CODE_PURPOSE, subjectOf(ctx, found.contractId), {
        ttlMs: CODE_TTL_MS,
        kind: 'digits',
        channel: 'EMAIL',
        minIntervalMs: CODE_INTERVAL_MS,
      });
      const params = {
        code,
        number: found.contractNumber ?? '',
        name: found.contractName,
        account: account.accountName,
        minutes: String(CODE_TTL_MS / 60_000),
      };
      await ctx.services.messenger?.email({
        to: user.email,
        subject: ctx.t('srmCctContract.signCodeMail.subject', params),
        text: ctx.t('srmCctContract.signCodeMail.text', params),
        purpose: 'CCT_SIGN_CODE',
      });
      await log(ctx, found.contractId, 'CODE_SENT', { signAccountId: account.signAccountId });
      return { data: { sentTo: masked(user.email), expiresAt: ctx.now.getTime() + CODE_TTL_MS } };
    },
  }),
  signDocument: endpoint({
    summary: "Signs the contract's current PDF with the caller's party seal, confirmed by the one-time code",
    input: {
      contractId: ref('srmCctContract', { required: true }),
      token: text({ required: true, max: 100 }),
      code: text({ required: true, max: 10 }),
    },
    scope: contract,
    resource: 'srmCctContract.querySignUrl',
    sides: ['internal', 'supplier'],
    // Not one transaction as a whole: a wrong code is counted (and logged) for good, then refused.
    write: false,
    async handle(ctx, input) {
      const contractId = input.contractId;
      const { signFlowId } = await signable(ctx, contractId);
      if (signFlowId) throw new AppError(409, 'srmCctContract.signAtProvider');
      await assertLink(ctx, contractId, input.token);
      const subject = subjectOf(ctx, contractId);
      if (!(await identityOf(ctx).checkCode(CODE_PURPOSE, subject, input.code, true))) {
        await log(ctx, contractId, 'CODE_WRONG');
        throw new AppError(422, 'srmCctContract.signCodeWrong');
      }
      const data = await ctx.transaction((tx) => signForParty(tx, contractId));
      return { data };
    },
  }),
  verifySignatures: endpoint({
    summary: "Checks every signature of a contract's stored PDF, or of a PDF the caller uploaded",
    input: {
      contractId: ref('srmCctContract', { required: true }),
      /** A document of the contract (its last signed copy when neither is given). */
      documentId: number({ min: 1 }),
      fileIds: attachments({ maxCount: 1 }),
    },
    scope: contract,
    resource: 'read',
    sides: ['internal', 'supplier'],
    write: true,
    async handle(ctx, input) {
      const found = await ctx.find(contract, input.contractId);
      let bytes: Buffer;
      const [uploaded] = fileIds(input.fileIds);
      if (uploaded) {
        bytes = (await readableFile(ctx, uploaded)).bytes;
      } else {
        const document = input.documentId
          ? found.documents.find((row) => row.contractDocumentId === input.documentId)
          : currentPdf(found);
        const [fileId] = fileIds(document?.fileIds);
        const file = fileId ? await fileBytes(ctx, fileId) : null;
        if (!file) throw new AppError(404, 'srmCctContract.documentNotFound');
        bytes = file.bytes;
      }
      const ca = await contractCa(ctx);
      let report;
      try {
        report = await verifyPdf(bytes, {
          trustedRoots: [ca.root],
          crls: await ca.crls(ctx.now),
          now: ctx.now,
        });
      } catch (error) {
        if (error instanceof EsignError) throw new AppError(422, 'srmCctContract.notPdf');
        throw error;
      }
      return {
        data: {
          sha256: sha256(bytes),
          archivedSha256: currentPdf(found)?.sha256 ?? null,
          revisions: report.revisions,
          signatures: report.signatures.map(reportOf),
          // The platform's root certificate, for verifying outside it (Acrobat, pdfsig): the
          // same for every caller, and its fingerprint to compare through another channel.
          root: {
            pem: ca.root.toString('pem'),
            subject: ca.root.subject,
            sha256: createHash('sha256').update(Buffer.from(ca.root.rawData)).digest('hex'),
            notAfter: ca.root.notAfter.getTime(),
          },
        },
      };
    },
  }),
});
