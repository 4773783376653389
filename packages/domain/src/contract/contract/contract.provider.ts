// Contracts signed through an external e-sign provider (ADR 0032), when one is configured
// (SRM_ESIGN_URL): finalizing starts the provider's hand-sign flow on the finalized PDF, each
// party's organisation account its signer (made at the provider on first use, keyed by our
// account); 查询签署地址 answers the provider's page for the seal keeper's party; the provider's
// callbacks (checked, each serial number handled once) record each party's signature, and the
// last one brings the signed PDF, which is stored only when it is the finalized PDF with
// signatures appended and every signature verifies and chains to the provider's roots. Voiding
// the contract cancels the flow. Without a provider nothing here runs: the internal provider's
// link, code and signature (contract.sign.ts) do the same. The callbacks also reach other
// documents signed in the provider's flows with the same accounts (an agreement: its flow owner,
// agreement-esign), each event handled once over all of them.
import { createHash } from 'node:crypto';
import type { FoundRowOf, RowOf } from '@srm/kernel';
import {
  AppError,
  type DataApi,
  type EsignEvent,
  type EsignProvider,
  EsignProviderError,
  HOOK_PREFIX,
  type Webhook,
} from '@srm/platform';
import { srmCctEsignEvent, srmCctSignLog } from '../esign/esign.tables';
import { signedPdfRefusal } from '../esign/esign.refusal';
import { fileBytes, fileIds } from '../support';
import { storeDocument } from './contract.document';
import { tellOtherParty } from './contract.notify';
import { contract } from './contract.entity';
import { PARTY_FIELD, type Party, currentPdf, signaturePositions } from './contract.finalize';
import { signAccount } from '../sign-account/sign-account.entity';

type Contract = FoundRowOf<typeof contract>;

export const CONTRACT_ESIGN_HOOK = 'cct-esign';
const PARTIES: readonly Party[] = ['PARTY_A', 'PARTY_B'];
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The two parties of a document signed: the buying organisation and the supplier. */
export type Parties = Pick<RowOf<typeof contract>, 'orgId' | 'supplierId'>;

/** The party's active organisation account (the last made); refused (422) when it has none. */
export async function partyAccount(ctx: DataApi, found: Parties, party: Party) {
  const accounts = await ctx
    .system('the parties sign with the accounts the platform keeps')
    .list(
      signAccount,
      party === 'PARTY_A'
        ? { ownerType: 'BUYER', orgId: found.orgId, accountType: 'ORG', status: 'ACTIVE' }
        : { ownerType: 'SUPPLIER', supplierId: found.supplierId, accountType: 'ORG', status: 'ACTIVE' },
    );
  const account = accounts.sort((a, b) => b.signAccountId - a.signAccountId)[0];
  if (!account) throw new AppError(422, 'srmCctContract.noSignAccount');
  return account;
}

/** The provider configured, if any. */
export const esignProviderOf = (ctx: DataApi): EsignProvider | null => ctx.services.esign ?? null;

/** A provider's refusal or silence as the user's message; other errors go on. */
export function providerFailure(error: unknown): never {
  if (error instanceof EsignProviderError)
    throw new AppError(503, 'srmCctContract.providerFailed', { reason: error.code });
  throw error;
}

async function logEvent(
  ctx: DataApi,
  contractId: number,
  event: string,
  party: Party | 'BOTH',
  extra: { hashBefore?: string; hashAfter?: string; detail?: string } = {},
): Promise<void> {
  await ctx.runtime
    .executor()
    .insert(srmCctSignLog)
    .values({
      contractId,
      event,
      party,
      userId: ctx.actor.userId ?? 0,
      userName: ctx.actor.userName,
      ip: ctx.actor.clientIp ?? null,
      userAgent: ctx.actor.userAgent ?? null,
      createdAt: ctx.now,
      ...extra,
    });
}

/** The party's signer at the provider: its organisation account there, made on first use. */
export async function providerAccountOf(ctx: DataApi, provider: EsignProvider, found: Parties, party: Party) {
  const account = await partyAccount(ctx, found, party);
  const made = await provider
    .createOrgAccount({
      externalId: `cct-sign-${account.signAccountId}`,
      name: account.accountName,
      creditCode: account.creditCode ?? '',
    })
    .catch(providerFailure);
  return { account, providerAccountId: made.accountId };
}

/**
 * Finalized with a provider configured: its flow starts on the finalized PDF, both parties' seals
 * in any order, and the flow's id is kept on the contract. In the finalization's transaction: a
 * provider that refuses or does not answer leaves the contract CONFIRMED.
 */
export async function startProviderFlow(ctx: DataApi, found: Contract): Promise<void> {
  const provider = esignProviderOf(ctx);
  const pdf = currentPdf(found);
  if (!provider || !pdf || !found.finalizedSha256) return;
  const [fileId] = fileIds(pdf.fileIds);
  const file = fileId ? await fileBytes(ctx, fileId) : null;
  if (!file) throw new AppError(422, 'srmCctContract.noDocument');
  const positions = await signaturePositions(ctx, found, new Uint8Array(file.bytes));
  const signers = [];
  for (const party of PARTIES) {
    const { account, providerAccountId } = await providerAccountOf(ctx, provider, found, party);
    const [sealId] = fileIds(account.sealFileIds);
    const seal = sealId ? await fileBytes(ctx, sealId) : null;
    const position = positions.find((spec) => spec.name === PARTY_FIELD[party])!;
    signers.push({
      accountId: providerAccountId,
      sealKind: 'ORG_SEAL' as const,
      fieldName: PARTY_FIELD[party],
      order: 1,
      position: { page: position.page, rect: position.rect },
      ...(seal ? { seal: new Uint8Array(seal.bytes) } : {}),
    });
  }
  const { flowId } = await provider
    .startHandSignFlow({
      flowKey: `cct-${found.contractId}-${found.finalizedSha256.slice(0, 16)}`,
      title: `${found.contractNumber ?? ''} ${found.contractName}`.trim(),
      fileName: `${found.contractNumber ?? found.contractId}.pdf`,
      document: new Uint8Array(file.bytes),
      signers,
      callbackUrl: `${ctx.runtime.publicUrl}${HOOK_PREFIX}/${CONTRACT_ESIGN_HOOK}`,
    })
    .catch(providerFailure);
  await ctx
    .system('the flow of the finalized PDF is kept on the contract')
    .patch(contract, found.contractId, {
      signFlowId: flowId,
    });
  await logEvent(ctx, found.contractId, 'FLOW_STARTED', 'BOTH', {
    hashBefore: found.finalizedSha256,
    detail: `${provider.name} ${flowId}`,
  });
}

/** The provider's page where the caller's party signs (the caller checked as a seal keeper). */
export async function providerSignUrl(ctx: DataApi, found: Contract, signFlowId: string, party: Party) {
  const provider = esignProviderOf(ctx);
  if (!provider) throw new AppError(409, 'srmCctContract.noSignFlow');
  const { providerAccountId } = await providerAccountOf(ctx, provider, found, party);
  const url = await provider.querySignUrl(signFlowId, providerAccountId).catch(providerFailure);
  return { url: url.url, expiresAt: url.expiresAt.getTime() };
}

/** Voided: the provider's flow is cancelled, so that no one signs it any more. */
export async function cancelProviderFlow(ctx: DataApi, found: Pick<Contract, 'contractId' | 'signFlowId'>) {
  const provider = esignProviderOf(ctx);
  if (!provider || !found.signFlowId) return;
  try {
    await provider.cancelFlow(found.signFlowId, 'contract voided');
  } catch (error) {
    // A flow finished or cancelled meanwhile has nothing left to cancel.
    if (!(error instanceof EsignProviderError && error.code === 'FLOW_CLOSED')) providerFailure(error);
  }
  await logEvent(ctx, found.contractId, 'FLOW_CANCELLED', 'BOTH', { detail: found.signFlowId });
}

/** Each party the provider reports signed and we have not recorded yet, recorded. */
async function recordSigners(ctx: DataApi, provider: EsignProvider, found: Contract): Promise<Contract> {
  const status = await provider.getFlowStatus(found.signFlowId!).catch(providerFailure);
  const platform = ctx.system('a signature at the provider is recorded on the contract');
  for (const party of PARTIES) {
    const signer = status.signers.find((one) => one.fieldName === PARTY_FIELD[party]);
    const recorded = party === 'PARTY_A' ? found.partyASignedDate : found.partyBSignedDate;
    if (!signer?.signedAt || recorded) continue;
    const { accountName } = await partyAccount(ctx, found, party);
    await platform.patch(
      contract,
      found.contractId,
      party === 'PARTY_A'
        ? { partyASignedDate: signer.signedAt.getTime(), partyASigner: accountName.slice(0, 60) }
        : { partyBSignedDate: signer.signedAt.getTime(), partyBSigner: accountName.slice(0, 60) },
    );
    await logEvent(ctx, found.contractId, 'SIGNED', party, { detail: provider.name.slice(0, 500) });
    const other = party === 'PARTY_A' ? found.partyBSignedDate : found.partyASignedDate;
    const otherNow = status.signers.find((one) => one.fieldName !== PARTY_FIELD[party])?.signedAt;
    if (!other && !otherNow) await tellOtherParty(ctx, found, party);
  }
  return platform.find(contract, found.contractId);
}

/** Every party signed at the provider: the signed PDF is checked, stored, and the contract takes effect. */
async function takeSigned(ctx: DataApi, provider: EsignProvider, found: Contract): Promise<void> {
  const finalized = found.documents.find((document) => document.documentKind === 'FINALIZED');
  const [finalizedId] = fileIds(finalized?.fileIds);
  const original = finalizedId ? await fileBytes(ctx, finalizedId) : null;
  if (!original || sha256(original.bytes) !== found.finalizedSha256)
    throw new AppError(409, 'srmCctContract.documentChanged');
  const signed = await provider.downloadSignedDocument(found.signFlowId!).catch(providerFailure);
  const refusal = await signedPdfRefusal(
    provider,
    original.bytes,
    signed,
    ctx.now,
    Object.values(PARTY_FIELD),
  );
  if (refusal) {
    await logEvent(ctx, found.contractId, 'PROVIDER_REFUSED', 'BOTH', {
      hashBefore: found.finalizedSha256!,
      hashAfter: sha256(signed),
      detail: refusal.slice(0, 500),
    });
    return;
  }
  const stored = await storeDocument(ctx, found, Buffer.from(signed), 'SIGNED', {
    fileName: `${found.contractNumber ?? found.contractId}-signed.pdf`,
    remark: provider.name.slice(0, 200),
  });
  await logEvent(ctx, found.contractId, 'SIGNED', 'BOTH', {
    hashBefore: found.finalizedSha256!,
    hashAfter: currentPdf(stored)?.sha256 ?? sha256(signed),
    detail: provider.name.slice(0, 500),
  });
  await ctx
    .system('the last signature makes the contract effective')
    .act(contract, 'doSign', [found.contractId]);
}

/**
 * Another kind of document signed in the provider's flows, whose events the contracts' callback
 * hands on: the document a flow is of, and what an event of it does (in the callback's
 * transaction, after the event was recorded as handled).
 */
export interface FlowOwner {
  /** The key of the document whose flow this is, if it is one of this kind's. */
  documentOf(ctx: DataApi, flowId: string): Promise<number | null>;
  handle(ctx: DataApi, provider: EsignProvider, event: EsignEvent, documentId: number): Promise<void>;
}

async function handleContractEvent(
  ctx: DataApi,
  provider: EsignProvider,
  event: EsignEvent,
  contractId: number,
): Promise<void> {
  await ctx.lock(contract, [contractId]);
  const found = await ctx.find(contract, contractId);
  // The flow's end after its last signature made the contract effective: nothing left to do.
  if (found.status === 'EFFECTIVE' && event.kind !== 'FLOW_CANCELLED') return;
  // Signatures that reach a contract no longer being signed (voided meanwhile) change nothing.
  if (found.status !== 'SIGNING' || found.signFlowId !== event.flowId) {
    await logEvent(ctx, found.contractId, 'PROVIDER_IGNORED', 'BOTH', {
      detail: `${event.kind} while ${found.status}`,
    });
    return;
  }
  if (event.kind === 'SIGNER_FINISHED' || event.kind === 'FLOW_FINISHED') {
    const recorded = await recordSigners(ctx, provider, found);
    if (event.kind === 'FLOW_FINISHED' || (recorded.partyASignedDate && recorded.partyBSignedDate))
      await takeSigned(ctx, provider, recorded);
  }
}

async function handleEvent(
  ctx: DataApi,
  provider: EsignProvider,
  event: EsignEvent,
  others: readonly FlowOwner[],
): Promise<void> {
  const [known] = await ctx.list(contract, { signFlowId: event.flowId });
  let other: { owner: FlowOwner; documentId: number } | null = null;
  for (const owner of known ? [] : others) {
    const documentId = await owner.documentOf(ctx, event.flowId);
    if (documentId !== null) {
      other = { owner, documentId };
      break;
    }
  }
  const inserted = await ctx.runtime
    .executor()
    .insert(srmCctEsignEvent)
    .values({
      serialNumber: event.serialNumber,
      kind: event.kind,
      flowId: event.flowId,
      contractId: known?.contractId ?? null,
      receivedAt: ctx.now,
    })
    .onConflictDoNothing()
    .returning({ serialNumber: srmCctEsignEvent.serialNumber });
  // Delivered before (a retry, a replay): handled then.
  if (!inserted.length) return;
  if (known) await handleContractEvent(ctx, provider, event, known.contractId);
  else if (other) await other.owner.handle(ctx, provider, event, other.documentId);
}

/**
 * The provider's callbacks: POST /api/hook/v1/cct-esign, for the contracts' flows and those of
 * the other documents signed there (`others`).
 */
export function contractEsignHook(others: readonly FlowOwner[] = []): Webhook {
  return {
    summary: "An e-sign provider's event of a sign flow (a party signed, the flow finished)",
    async handle(ctx, request) {
      const provider = esignProviderOf(ctx);
      if (!provider) throw new AppError(404, 'srmCctContract.noSignFlow');
      let event: EsignEvent;
      try {
        event = await provider.handleCallback(request);
      } catch (error) {
        if (error instanceof EsignProviderError) throw new AppError(401, 'srmCctContract.callbackRefused');
        throw error;
      }
      await handleEvent(ctx, provider, event, others);
    },
  };
}
