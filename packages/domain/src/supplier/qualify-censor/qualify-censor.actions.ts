// Qualification censors on the server. Saving: a censor serving an introduction takes its
// supplier, category and organisation from it, needs it running with a censor step, and is the
// only open censor for it; the lines are the platform's rows (rowsByPlatform), refreshed from the
// requirements and the supplier's certificates on every save in draft. Submitting checks the
// certificates again on the day and refuses a result they do not allow; approval writes the result
// into the introduction's censor step, naming the censor.
import type { RuleIssue } from '@srm/kernel';
import { type DataApi, defineActions } from '@srm/platform';
import { dayIn } from '../supplier-credential/supplier-credential.validity';
import { introStepIssue, servedIntroIssue, writeIntroStep } from '../supplier-intro/step-documents';
import { ABSENT_CHECKS, type Checked, censorCheck } from './qualify-censor.check';
import { qualifyCensor, qualifyCensorRequire } from './qualify-censor.entity';

const platform = (ctx: DataApi) =>
  ctx.system('a censor reads requirements, certificates and its introduction');

/** States in which a censor is open (another for the same introduction is refused). */
const OPEN_STATES = ['DRAFT', 'APPROVING', 'REJECTED'] as const;

const today = (ctx: DataApi & { runtime: { timeZone: string } }) => dayIn(ctx.now, ctx.runtime.timeZone);

/** The introduction a censor serves, when it may: running, with a censor step. */
const introIssue = (ctx: DataApi, introId: number) =>
  introStepIssue(ctx, qualifyCensor.name, introId, 'CENSOR');

/** Writes the lines as the check finds them, keeping each type's verdict and comment. */
async function writeLines(ctx: DataApi, censorId: number, checked: readonly Checked[], day: string) {
  const data = platform(ctx);
  const existing = await data.lines(qualifyCensorRequire, censorId);
  const wanted = new Set(checked.map((line) => line.credentialType));
  const gone = existing.filter((line) => !wanted.has(line.credentialType ?? ''));
  if (gone.length)
    await data.remove(
      qualifyCensorRequire,
      gone.map((line) => line.censorRequireId),
    );
  const fresh: Parameters<typeof data.insert<typeof qualifyCensorRequire>>[1][number][] = [];
  for (const line of checked) {
    const values = {
      credentialType: line.credentialType,
      mandatoryFlag: line.mandatory ? ('Y' as const) : ('N' as const),
      minValidDays: line.minValidDays,
      supplierCredentialId: line.supplierCredentialId,
      credentialNumber: line.credentialNumber,
      expiryDate: line.expiryDate,
      longTermFlag: line.longTermFlag,
      checkStatus: line.checkStatus,
      checkDate: day,
    };
    const found = existing.find((old) => old.credentialType === line.credentialType);
    if (found) await data.patch(qualifyCensorRequire, found.censorRequireId, values);
    else fresh.push({ ...values, censorId });
  }
  if (fresh.length) await data.insert(qualifyCensorRequire, fresh);
}

const typeName = (ctx: DataApi, type: string) => ctx.t(`lookup.SRM_SUPPLIER_CREDENTIAL_TYPE.${type}`);

export const qualifyCensorActions = defineActions(qualifyCensor, {
  async beforeSave(ctx): Promise<RuleIssue | null> {
    const { row, previous } = ctx;
    // The introduction is checked on every save: a draft censor of one that ended is refused.
    return servedIntroIssue(ctx, {
      entityName: qualifyCensor.name,
      stepType: 'CENSOR',
      row,
      previousIntroId: undefined,
      otherOpen: async (introId) => {
        const open = await platform(ctx).list(
          qualifyCensor,
          { introId, status: [...OPEN_STATES] },
          { limit: 2 },
        );
        return open.find((censor) => censor.censorId !== previous?.censorId)?.censorNum ?? null;
      },
    });
  },
  async afterSave(ctx) {
    const { row } = ctx;
    const day = today(ctx);
    await writeLines(
      ctx,
      ctx.id,
      await censorCheck(platform(ctx), row.supplierId, row.categoryId, row.orgId, day),
      day,
    );
  },
  guards: {
    async doSubmit(ctx): Promise<RuleIssue | null> {
      const { previous } = ctx;
      if (!previous.censorResult)
        return { field: 'censorResult', message: 'srmQualifyCensor.resultRequired' };
      if (previous.censorResult !== 'PASS' && !previous.censorComment?.trim())
        return { field: 'censorComment', message: 'srmQualifyCensor.commentRequired' };
      if (previous.introId !== null) {
        const issue = await introIssue(ctx, previous.introId);
        if (issue) return issue;
      }
      // The certificates as they stand today, against the verdicts given on the lines.
      const checked = await censorCheck(
        platform(ctx),
        previous.supplierId,
        previous.categoryId,
        previous.orgId,
        today(ctx),
      );
      const lines = await platform(ctx).lines(qualifyCensorRequire, previous.censorId);
      const verdictOf = (type: string) => lines.find((l) => l.credentialType === type)?.verdict ?? null;
      const unjudged = checked.find((check) => !verdictOf(check.credentialType));
      if (unjudged)
        return {
          field: 'requires',
          message: 'srmQualifyCensor.verdictMissing',
          params: { type: typeName(ctx, unjudged.credentialType) },
        };
      for (const check of checked) {
        const type = typeName(ctx, check.credentialType);
        const verdict = verdictOf(check.credentialType);
        const absent = ABSENT_CHECKS.includes(check.checkStatus);
        const status = ctx.t(`lookup.SRM_CENSOR_CHECK.${check.checkStatus}`);
        if (absent && verdict === 'PASS')
          return {
            field: 'requires',
            message: 'srmQualifyCensor.verdictPassWithout',
            params: { type, status },
          };
        if (absent && check.mandatory && previous.censorResult !== 'FAIL')
          return {
            field: 'censorResult',
            message: 'srmQualifyCensor.mandatoryAbsent',
            params: { type, status },
          };
        if (
          previous.censorResult === 'PASS' &&
          (verdict === 'FAIL' || (check.mandatory && check.checkStatus === 'SHORT'))
        )
          return { field: 'censorResult', message: 'srmQualifyCensor.passImpossible', params: { type } };
      }
      return null;
    },
  },
  actions: {
    async doSubmit(ctx) {
      const { row } = ctx;
      const day = today(ctx);
      await writeLines(
        ctx,
        row.censorId,
        await censorCheck(platform(ctx), row.supplierId, row.categoryId, row.orgId, day),
        day,
      );
      await platform(ctx).patch(qualifyCensor, row.censorId, { reviewedDate: day });
    },
    async doApproval(ctx) {
      const { row } = ctx;
      if (row.introId === null || !row.censorResult) return;
      await writeIntroStep(ctx, row.introId, 'CENSOR', {
        result: row.censorResult,
        documentRef: row.censorNum,
        resultComment:
          row.censorComment ?? ctx.t('srmQualifyCensor.stepPassed', { number: row.censorNum ?? '' }),
      });
    },
  },
});
