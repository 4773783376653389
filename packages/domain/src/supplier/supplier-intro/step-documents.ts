// What the step documents (qualification censor, locale inspection, sample trial…) share about the
// introduction they serve: it must be running and have their step, and their approval writes the
// step's result, date, document and comment on the platform's authority — an introduction ended
// meanwhile keeps its steps as they were; their messages name users by their full names.
import { type RuleIssue, user } from '@srm/kernel';
import type { DataApi } from '@srm/platform';
import { dayIn } from '../supplier-credential/supplier-credential.validity';
import { supplierIntro, supplierIntroStep } from './supplier-intro.entity';

const platform = (ctx: DataApi) => ctx.system('a step document reads and writes its introduction’s step');

async function stepOf(ctx: DataApi, introId: number, stepType: string) {
  const steps = await platform(ctx).lines(supplierIntroStep, introId);
  return steps.find((step) => step.stepType === stepType) ?? null;
}

/**
 * Why a document of `entityName` may not serve the introduction (its messages
 * `{entityName}.introNotRunning` and `{entityName}.introWithoutStep`), or null.
 */
export async function introStepIssue(
  ctx: DataApi,
  entityName: string,
  introId: number,
  stepType: string,
): Promise<RuleIssue | null> {
  const [intro] = await platform(ctx).list(supplierIntro, { introId }, { limit: 1 });
  if (!intro || intro.status !== 'IN_PROGRESS')
    return { field: 'introId', message: `${entityName}.introNotRunning` };
  if (!(await stepOf(ctx, introId, stepType)))
    return {
      field: 'introId',
      message: `${entityName}.introWithoutStep`,
      params: { number: intro.introNum ?? '' },
    };
  return null;
}

/** The supplier, category and organisation of the introduction (null when there is none). */
export async function introTriple(ctx: DataApi, introId: number) {
  const [intro] = await platform(ctx).list(supplierIntro, { introId }, { limit: 1 });
  return intro ? { supplierId: intro.supplierId, categoryId: intro.categoryId, orgId: intro.orgId } : null;
}

/**
 * The rules of a step document's save that names an introduction (none when it names none): the
 * introduction must be running with the step (checked when `previousIntroId` differs — pass
 * undefined to check every save), the document takes the introduction's supplier, category and
 * organisation, and `otherOpen` — the number of another open document of the kind for that
 * introduction, or null — refuses a second (`{entityName}.openForIntro` on `field`).
 */
export async function servedIntroIssue(
  ctx: DataApi,
  document: {
    readonly entityName: string;
    readonly stepType: string;
    readonly row: { introId?: number | null; supplierId?: number; categoryId?: number; orgId?: number };
    readonly previousIntroId: number | null | undefined;
    readonly otherOpen: (introId: number) => Promise<string | null>;
    readonly field?: string;
  },
): Promise<RuleIssue | null> {
  const { row, entityName } = document;
  const introId = row.introId;
  if (introId === null || introId === undefined) return null;
  if (introId !== document.previousIntroId) {
    const issue = await introStepIssue(ctx, entityName, introId, document.stepType);
    if (issue) return issue;
  }
  const triple = await introTriple(ctx, introId);
  if (triple) Object.assign(row, triple);
  const other = await document.otherOpen(introId);
  return other === null
    ? null
    : {
        field: document.field ?? 'introId',
        message: `${entityName}.openForIntro`,
        params: { number: other },
      };
}

/** A user's full name (their login when it has none), for the messages and rounds of step documents. */
export async function userNameOf(ctx: DataApi, userId: number | null): Promise<string> {
  if (userId === null) return '';
  const [found] = await platform(ctx).list(user, { userId }, { limit: 1 });
  return found?.userFullName ?? found?.userName ?? '';
}

/** Writes the step's result from its approved document, while the introduction runs. */
export async function writeIntroStep(
  ctx: DataApi & { runtime: { timeZone: string } },
  introId: number,
  stepType: string,
  values: { result: string; documentRef: string | null; resultComment: string | null },
): Promise<void> {
  const [intro] = await platform(ctx).list(supplierIntro, { introId }, { limit: 1 });
  const step = await stepOf(ctx, introId, stepType);
  if (intro?.status !== 'IN_PROGRESS' || !step) return;
  await platform(ctx).patch(supplierIntroStep, step.introStepId, {
    ...values,
    resultDate: dayIn(ctx.now, ctx.runtime.timeZone),
  });
}
