// Agreement signing on the server. Templates count a version on every save. An agreement serving
// an introduction takes its supplier, category and organisation (running, with an agreement step;
// one open agreement of a type per introduction); its clauses are the template's, copied while it
// is a draft (again when the template is changed), never added or removed by hand. While sent, only
// negotiable clauses may be reworded; each save marks the clauses whose text differs from the agreed
// one. Sending makes the clauses the agreed text of a new round; confirming needs no change,
// submitting to internal at least one; accepting makes the supplier's text the agreed one, returning
// restores the agreed text in a new round. Every step is a round with the clauses as they stood, the
// changed clause numbers and who acted — an internal user acting for the supplier is marked. Once
// every agreement of an introduction is signed its agreement step passes. Sent while an e-sign
// provider is configured, an agreement is signed there: confirming and accepting (their `…Sign`
// actions) record the same rounds and lead to SIGNING, and the platform's doSign, fired by the
// provider's last callback (contract area, agreement-esign), signs it as the others do at once.
import type { RuleIssue } from '@srm/kernel';
import { type DataApi, defineActions } from '@srm/platform';
import { dayIn } from '../supplier-credential/supplier-credential.validity';
import {
  introStepIssue,
  servedIntroIssue,
  userNameOf,
  writeIntroStep,
} from '../supplier-intro/step-documents';
import {
  agreementSign,
  agreementSignClause,
  agreementSignRound,
  agreementTemplate,
  agreementTemplateClause,
} from './agreement-sign.entity';

const platform = (ctx: DataApi) => ctx.system('an agreement keeps its clauses, rounds and introduction step');

/** States in which an agreement is open (another of its type for the same introduction is refused). */
const OPEN_STATES = ['DRAFT', 'SENT', 'SUPPLIER_EDITED', 'SIGNING'] as const;

/**
 * An agreement sent with a provider configured is signed at the provider, one sent without at
 * once: the action of the other way is refused.
 */
const wayIssue = (previous: { esignFlag: string | null }, electronic: boolean): RuleIssue | null =>
  (previous.esignFlag === 'Y') === electronic
    ? null
    : { message: electronic ? 'srmAgreementSign.notElectronic' : 'srmAgreementSign.signElectronically' };

const introIssue = (ctx: DataApi, introId: number) =>
  introStepIssue(ctx, agreementSign.name, introId, 'AGREEMENT');

type Clause = {
  readonly signClauseId: number;
  readonly clauseNo: string | null;
  readonly clauseTitle: string | null;
  readonly agreedContent: string | null;
  readonly clauseContent: string | null;
};
const differs = (clause: Clause) => (clause.clauseContent ?? '') !== (clause.agreedContent ?? '');

const actorName = async (ctx: DataApi) => (await userNameOf(ctx, ctx.actor.userId)) || ctx.actor.userName;

/** Records a round: the clauses as they stand, the changed ones, who acted and whether for the supplier. */
async function recordRound(
  ctx: DataApi,
  agreementSignId: number,
  roundNo: number,
  roundAction: 'SENT' | 'SUPPLIER_EDITED' | 'RETURNED' | 'CONFIRMED' | 'ACCEPTED',
  options: { changed?: readonly Clause[]; supplierAct?: boolean; comment?: string | null } = {},
) {
  const clauses = await platform(ctx).lines(agreementSignClause, agreementSignId);
  await platform(ctx).insert(agreementSignRound, [
    {
      agreementSignId,
      roundNo,
      roundAction,
      changedClauses: (options.changed ?? []).map((clause) => clause.clauseNo).join(', ') || null,
      assistFlag: options.supplierAct && ctx.actor.side === 'internal' && !ctx.actor.system ? 'Y' : 'N',
      actedBy: await actorName(ctx),
      roundComment: options.comment ?? null,
      clauses: clauses.map((clause) => ({
        clauseNo: clause.clauseNo,
        clauseTitle: clause.clauseTitle,
        content: clause.clauseContent,
      })),
    },
  ]);
}

/** Makes the proposed text the agreed one (or, `restore`, the agreed text the proposed one). */
async function settleClauses(ctx: DataApi, agreementSignId: number, restore = false) {
  for (const clause of await platform(ctx).lines(agreementSignClause, agreementSignId))
    await platform(ctx).patch(
      agreementSignClause,
      clause.signClauseId,
      restore
        ? { clauseContent: clause.agreedContent, changedFlag: 'N' }
        : { agreedContent: clause.clauseContent, changedFlag: 'N' },
    );
}

/** The buyer accepts the supplier's text: it becomes the agreed one, in the round's record. */
async function accepted(ctx: DataApi, row: { agreementSignId: number; roundNum: number | null }) {
  const changed = (await platform(ctx).lines(agreementSignClause, row.agreementSignId)).filter(differs);
  await settleClauses(ctx, row.agreementSignId);
  await recordRound(ctx, row.agreementSignId, row.roundNum ?? 1, 'ACCEPTED', { changed });
}

/** Signed: dated, and the introduction's agreement step passes once every agreement of it is signed. */
async function signed(
  ctx: DataApi & { runtime: { timeZone: string } },
  row: { agreementSignId: number; introId: number | null },
) {
  await platform(ctx).patch(agreementSign, row.agreementSignId, {
    signedDate: dayIn(ctx.now, ctx.runtime.timeZone),
  });
  if (row.introId === null) return;
  const all = await platform(ctx).list(agreementSign, { introId: row.introId });
  const live = all.filter((agreement) => agreement.status !== 'CANCELLED');
  if (
    !live.every(
      (agreement) => agreement.status === 'SIGNED' || agreement.agreementSignId === row.agreementSignId,
    )
  )
    return;
  const numbers = live.map((agreement) => agreement.agreementSignNum ?? '').join('、');
  await writeIntroStep(ctx, row.introId, 'AGREEMENT', {
    result: 'PASS',
    documentRef: numbers.slice(0, 60),
    resultComment: ctx.t('srmAgreementSign.stepComment', { numbers }),
  });
}

/** Confirming signs the text as sent: a changed clause is submitted to the buyer instead. */
async function unchangedIssue(ctx: DataApi & { previous: { agreementSignId: number } }) {
  const clauses = await platform(ctx).lines(agreementSignClause, ctx.previous.agreementSignId);
  const changed = clauses.filter(differs);
  return changed.length
    ? {
        field: 'clauses',
        message: 'srmAgreementSign.changedUseSubmit',
        params: { clauses: changed.map((clause) => clause.clauseNo).join('、') },
      }
    : null;
}

export const agreementTemplateActions = defineActions(agreementTemplate, {
  beforeSave(ctx) {
    ctx.row.templateVersion = (ctx.previous?.templateVersion ?? 0) + 1;
    return ctx.newLines.clauses.length
      ? null
      : { field: 'clauses', message: 'srmAgreementTemplate.clausesRequired' };
  },
});

export const agreementSignActions = defineActions(agreementSign, {
  async beforeSave(ctx): Promise<RuleIssue | null> {
    const { row, previous } = ctx;
    // The template's type and version as the clauses are copied (after this save, in draft).
    if (
      !previous ||
      (previous.status === 'DRAFT' && previous.agreementTemplateId !== row.agreementTemplateId)
    ) {
      const [template] = await platform(ctx).list(
        agreementTemplate,
        { agreementTemplateId: row.agreementTemplateId },
        { limit: 1 },
      );
      row.agreementType = template?.agreementType ?? null;
      row.templateVersion = template?.templateVersion ?? 0;
    }
    const served = await servedIntroIssue(ctx, {
      entityName: agreementSign.name,
      stepType: 'AGREEMENT',
      row,
      previousIntroId: previous?.introId,
      field: 'agreementTemplateId',
      // One open agreement of a type per introduction.
      otherOpen: async (introId) => {
        const [template] = await platform(ctx).list(
          agreementTemplate,
          { agreementTemplateId: row.agreementTemplateId },
          { limit: 1 },
        );
        const open = await platform(ctx).list(
          agreementSign,
          { introId, agreementType: template?.agreementType ?? null, status: [...OPEN_STATES] },
          { limit: 2 },
        );
        return (
          open.find((agreement) => agreement.agreementSignId !== previous?.agreementSignId)
            ?.agreementSignNum ?? null
        );
      },
    });
    if (served) return served;
    const before = new Map(ctx.oldLines.clauses.map((clause) => [clause.signClauseId, clause]));
    const after = ctx.newLines.clauses;
    if (previous?.status === 'SENT' && !ctx.actor.system)
      for (const clause of after) {
        const old = before.get(clause.signClauseId ?? 0);
        if (!old) continue;
        const reworded =
          clause.clauseContent !== undefined && (clause.clauseContent ?? '') !== (old.clauseContent ?? '');
        if (reworded && old.negotiableFlag !== 'Y')
          return {
            field: 'clauses',
            message: 'srmAgreementSign.notNegotiable',
            params: { clause: `${old.clauseNo ?? ''} ${old.clauseTitle ?? ''}`.trim() },
          };
      }
    return null;
  },
  async afterSave(ctx) {
    const { row, previous } = ctx;
    const data = platform(ctx);
    if (row.status === 'DRAFT' && (!previous || previous.agreementTemplateId !== row.agreementTemplateId)) {
      const old = await data.lines(agreementSignClause, ctx.id);
      if (old.length)
        await data.remove(
          agreementSignClause,
          old.map((clause) => clause.signClauseId),
        );
      const clauses = await data.lines(agreementTemplateClause, row.agreementTemplateId);
      await data.insert(
        agreementSignClause,
        clauses.map((clause) => ({
          agreementSignId: ctx.id,
          clauseNo: clause.clauseNo,
          clauseTitle: clause.clauseTitle,
          negotiableFlag: clause.negotiableFlag,
          clauseContent: clause.clauseContent,
          changedFlag: 'N' as const,
        })),
      );
      return;
    }
    if (row.status === 'SENT')
      for (const clause of await data.lines(agreementSignClause, ctx.id)) {
        const flag = differs(clause) ? 'Y' : 'N';
        if (clause.changedFlag !== flag)
          await data.patch(agreementSignClause, clause.signClauseId, { changedFlag: flag });
      }
  },
  guards: {
    async doSend(ctx): Promise<RuleIssue | null> {
      const { previous } = ctx;
      if (!(await platform(ctx).lines(agreementSignClause, previous.agreementSignId)).length)
        return { field: 'clauses', message: 'srmAgreementSign.clausesRequired' };
      return previous.introId !== null ? introIssue(ctx, previous.introId) : null;
    },
    doConfirm: async (ctx) => wayIssue(ctx.previous, false) ?? unchangedIssue(ctx),
    doConfirmSign: async (ctx) => wayIssue(ctx.previous, true) ?? unchangedIssue(ctx),
    doAccept: (ctx) => wayIssue(ctx.previous, false),
    doAcceptSign: (ctx) => wayIssue(ctx.previous, true),
    async doSubmitInternal(ctx): Promise<RuleIssue | null> {
      const clauses = await platform(ctx).lines(agreementSignClause, ctx.previous.agreementSignId);
      return clauses.some(differs) ? null : { field: 'clauses', message: 'srmAgreementSign.nothingChanged' };
    },
  },
  actions: {
    async doSend(ctx) {
      const { row } = ctx;
      const round = (row.roundNum ?? 0) + 1;
      await settleClauses(ctx, row.agreementSignId);
      // Whether it is signed at a provider is fixed now, so that both sides' screens offer one way.
      await platform(ctx).patch(agreementSign, row.agreementSignId, {
        roundNum: round,
        esignFlag: ctx.services.esign ? 'Y' : 'N',
      });
      await recordRound(ctx, row.agreementSignId, round, 'SENT');
      await ctx.services.siteMessages?.notify({
        supplierId: row.supplierId,
        titleKey: 'srmAgreementSign.message.sentTitle',
        contentKey: 'srmAgreementSign.message.sentContent',
        params: {
          number: row.agreementSignNum ?? '',
          type: ctx.t(`lookup.SRM_AGREEMENT_TYPE.${row.agreementType ?? 'OTHER'}`),
        },
        link: { entityName: agreementSign.name, documentId: row.agreementSignId },
        source: 'AGREEMENT_SENT',
        email: true,
        eventId: `${row.agreementSignId}-sent-${round}`,
      });
    },
    async doConfirm(ctx) {
      const { row } = ctx;
      await recordRound(ctx, row.agreementSignId, row.roundNum ?? 1, 'CONFIRMED', { supplierAct: true });
      await signed(ctx, row);
    },
    // The PDF and the provider's flow are the contract area's (agreement-esign), after this.
    async doConfirmSign(ctx) {
      const { row } = ctx;
      await recordRound(ctx, row.agreementSignId, row.roundNum ?? 1, 'CONFIRMED', { supplierAct: true });
    },
    async doSubmitInternal(ctx) {
      const { row } = ctx;
      const changed = (await platform(ctx).lines(agreementSignClause, row.agreementSignId)).filter(differs);
      await recordRound(ctx, row.agreementSignId, row.roundNum ?? 1, 'SUPPLIER_EDITED', {
        changed,
        supplierAct: true,
        comment: row.supplierComment,
      });
    },
    async doAccept(ctx) {
      await accepted(ctx, ctx.row);
      await signed(ctx, ctx.row);
    },
    async doAcceptSign(ctx) {
      await accepted(ctx, ctx.row);
    },
    async doSign(ctx) {
      await signed(ctx, ctx.row);
    },
    async doReturn(ctx) {
      const { row } = ctx;
      const round = (row.roundNum ?? 1) + 1;
      await settleClauses(ctx, row.agreementSignId, true);
      await platform(ctx).patch(agreementSign, row.agreementSignId, { roundNum: round });
      await recordRound(ctx, row.agreementSignId, round, 'RETURNED', { comment: ctx.input.comment ?? null });
      await ctx.services.siteMessages?.notify({
        supplierId: row.supplierId,
        titleKey: 'srmAgreementSign.message.returnedTitle',
        contentKey: 'srmAgreementSign.message.returnedContent',
        params: { number: row.agreementSignNum ?? '', comment: ctx.input.comment ?? '' },
        link: { entityName: agreementSign.name, documentId: row.agreementSignId },
        source: 'AGREEMENT_RETURNED',
        email: true,
        eventId: `${row.agreementSignId}-returned-${round}`,
      });
    },
  },
});
