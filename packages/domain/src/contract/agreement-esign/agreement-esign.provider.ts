// Agreements (the supplier area's 协议签署) signed at the external e-sign provider with the
// contract module's organisation sign accounts (ADR 0023, 0032): once the supplier confirms or
// the buyer accepts an agreement sent with a provider configured (SIGNING), its agreed clauses
// are rendered as a PDF, the provider's flow starts on it with both parties' accounts, their
// seals placed at 甲方（盖章） and 乙方（盖章）, and the PDF and the flow are kept on the agreement —
// in the action's transaction, so that a provider that refuses or does not answer refuses the
// action. The provider's callbacks reach the agreement through the contracts' hook (a flow
// owner): the last signature brings the signed PDF, stored only when it is the PDF sent with
// signatures appended that all verify against the provider's roots, and the platform signs the
// agreement. Cancelling an agreement being signed cancels its flow.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  type ActionObserver,
  AppError,
  type DataApi,
  type EsignProvider,
  EsignProviderError,
  HOOK_PREFIX,
  dataApi,
  keywordRect,
} from '@srm/platform';
import { agreementSign } from '../../supplier';
import { fileBytes, fileIds } from '../support';
import { signedPdfRefusal } from '../esign/esign.refusal';
import { PARTY_FIELD, type Party } from '../contract/contract.finalize';
import {
  CONTRACT_ESIGN_HOOK,
  type FlowOwner,
  esignProviderOf,
  providerAccountOf,
  providerFailure,
} from '../contract/contract.provider';
import { type Agreement, agreementPdf, sealKeyword } from './agreement-esign.pdf';

const PARTIES: readonly Party[] = ['PARTY_A', 'PARTY_B'];
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A seal's field, placed below its keyword (the text above the line the party's name is on). */
const SEAL_FIELD = { width: 160, height: 80, offsetX: 50, offsetY: -55 };

const platform = (ctx: DataApi) => ctx.system('an agreement is signed at the provider by the platform');

/** Stores the PDF as a file, to be linked to the agreement's field it is written to. */
async function storedPdf(ctx: DataApi, bytes: Uint8Array, fileName: string): Promise<number> {
  const files = ctx.services.attachments;
  if (!files) throw new AppError(503, 'file.storageUnavailable');
  const stored = await files.storage.put(Readable.from([Buffer.from(bytes)]), Number.MAX_SAFE_INTEGER);
  return (await files.record(ctx.actor, fileName, stored, { path: 'agreement/sign' }, false)).id;
}

/** The agreement's PDF field holds the file, linked to it so that whoever reads the agreement reads it. */
async function keepPdf(
  ctx: DataApi,
  agreementSignId: number,
  field: 'signPdfIds' | 'signedPdfIds',
  fileId: number,
  changes: { signFlowId?: string } = {},
): Promise<void> {
  await platform(ctx).patch(agreementSign, agreementSignId, { ...changes, [field]: String(fileId) });
  await ctx.services.attachments!.link(ctx.tx, agreementSign, agreementSignId, field, [fileId]);
}

/**
 * SIGNING: the agreement's PDF goes to the provider, both parties' organisation accounts its
 * signers in any order, and the PDF and the flow are kept on the agreement.
 */
async function startFlow(ctx: DataApi, agreementSignId: number): Promise<void> {
  const provider = esignProviderOf(ctx);
  if (!provider) throw new AppError(409, 'srmAgreementSign.noProvider');
  const found = await platform(ctx).find(agreementSign, agreementSignId);
  const pdf = await agreementPdf(ctx, found);
  const signers = [];
  for (const party of PARTIES) {
    const keyword = sealKeyword(ctx, party);
    const placed = await keywordRect(pdf, { keyword, ...SEAL_FIELD });
    if (!placed) throw new AppError(422, 'srmCctContract.keywordNotFound', { keyword });
    const { account, providerAccountId } = await providerAccountOf(ctx, provider, found, party);
    const [sealId] = fileIds(account.sealFileIds);
    const seal = sealId ? await fileBytes(ctx, sealId) : null;
    signers.push({
      accountId: providerAccountId,
      sealKind: 'ORG_SEAL' as const,
      fieldName: PARTY_FIELD[party],
      order: 1,
      position: placed,
      ...(seal ? { seal: new Uint8Array(seal.bytes) } : {}),
    });
  }
  const number = found.agreementSignNum ?? String(found.agreementSignId);
  const { flowId } = await provider
    .startHandSignFlow({
      flowKey: `agr-${found.agreementSignId}-${sha256(pdf).slice(0, 16)}`,
      title: `${number} ${String(found.agreementTemplateName ?? '')}`.trim(),
      fileName: `${number}.pdf`,
      document: new Uint8Array(pdf),
      signers,
      callbackUrl: `${ctx.runtime.publicUrl}${HOOK_PREFIX}/${CONTRACT_ESIGN_HOOK}`,
    })
    .catch(providerFailure);
  // Stored once the provider has taken it: a refusal leaves nothing behind.
  const fileId = await storedPdf(ctx, pdf, `${number}.pdf`);
  await keepPdf(ctx, found.agreementSignId, 'signPdfIds', fileId, { signFlowId: flowId });
}

/** Cancelled while being signed: no one signs the provider's flow any more. */
async function cancelFlow(ctx: DataApi, signFlowId: string): Promise<void> {
  const provider = esignProviderOf(ctx);
  if (!provider) return;
  try {
    await provider.cancelFlow(signFlowId, 'agreement cancelled');
  } catch (error) {
    // A flow finished or cancelled meanwhile has nothing left to cancel.
    if (!(error instanceof EsignProviderError && error.code === 'FLOW_CLOSED')) providerFailure(error);
  }
}

/** The agreement's actions that start or end a provider's flow, after their own side effects. */
export const agreementEsignObserver: ActionObserver = async (context, change) => {
  if (change.entity !== agreementSign.name) return;
  const ctx = dataApi(context, change.action);
  if (change.action === 'doConfirmSign' || change.action === 'doAcceptSign')
    await startFlow(ctx, Number(change.row.agreementSignId));
  else if (change.action === 'doCancel' && change.previous?.status === 'SIGNING') {
    const { signFlowId } = await platform(ctx).find(agreementSign, Number(change.row.agreementSignId));
    if (signFlowId) await cancelFlow(ctx, signFlowId);
  }
};

/**
 * Both parties signed at the provider: the signed PDF is checked against the PDF sent, stored,
 * and the platform signs the agreement. One that fails the check is not taken, and the
 * agreement's history says why.
 */
async function takeSigned(
  ctx: DataApi,
  provider: EsignProvider,
  found: Agreement,
  flowId: string,
): Promise<void> {
  const [sentId] = fileIds(found.signPdfIds);
  const sent = sentId ? await fileBytes(ctx, sentId) : null;
  if (!sent) throw new AppError(409, 'srmAgreementSign.noSignPdf');
  const signed = await provider.downloadSignedDocument(flowId).catch(providerFailure);
  const refusal = await signedPdfRefusal(provider, sent.bytes, signed, ctx.now, Object.values(PARTY_FIELD));
  if (refusal) {
    await ctx.record(agreementSign, found.agreementSignId, `provider refused: ${refusal}`.slice(0, 500));
    return;
  }
  const number = found.agreementSignNum ?? String(found.agreementSignId);
  const fileId = await storedPdf(ctx, signed, `${number}-signed.pdf`);
  await keepPdf(ctx, found.agreementSignId, 'signedPdfIds', fileId);
  await platform(ctx).act(agreementSign, 'doSign', [found.agreementSignId]);
}

/** The agreements' flows, as the contracts' callback hands their events on. */
export const agreementFlows: FlowOwner = {
  async documentOf(ctx, flowId) {
    const [found] = await platform(ctx).list(agreementSign, { signFlowId: flowId }, { limit: 1 });
    return found?.agreementSignId ?? null;
  },
  async handle(ctx, provider, event, agreementSignId) {
    // Only signatures move an agreement. A flow cancelled is ours, cancelled with the agreement
    // (whose transaction may still hold its row while the provider tells us).
    if (event.kind !== 'SIGNER_FINISHED' && event.kind !== 'FLOW_FINISHED') return;
    const data = platform(ctx);
    await data.lock(agreementSign, [agreementSignId]);
    const found = await data.find(agreementSign, agreementSignId);
    // The flow's end after its last signature signed the agreement: nothing left to do.
    if (found.status === 'SIGNED') return;
    // Events that reach an agreement no longer being signed (cancelled meanwhile) change nothing.
    if (found.status !== 'SIGNING' || found.signFlowId !== event.flowId) {
      await ctx.record(agreementSign, agreementSignId, `${event.kind} while ${found.status}`);
      return;
    }
    if (event.kind === 'SIGNER_FINISHED') {
      const status = await provider.getFlowStatus(event.flowId).catch(providerFailure);
      const signedBy = (field: string) =>
        status.signers.some((one) => one.fieldName === field && one.signedAt);
      if (!Object.values(PARTY_FIELD).every(signedBy)) return;
    }
    await takeSigned(ctx, provider, found, event.flowId);
  },
};
