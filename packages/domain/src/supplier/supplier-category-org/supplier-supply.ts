// Whether a supplier may supply a category (or an item's category) to an organisation: the
// check purchasing documents (requisitions, orders, ASL, agreements) run before they name a
// supplier. It is eligibility's ORDER purpose (../eligibility/eligibility.ts, ADR 0023), kept
// under its old names so every caller keeps its place. Server-only; other areas reach it through
// `supplier/server.ts`. See docs/suppliers.md.
import type { Locale } from '@srm/kernel';
import { AppError, type HookContext } from '@srm/platform';
import {
  type Eligibility,
  type EligibilityQuery,
  type Purpose,
  type Reason,
  eligibility,
  eligibilityBatch,
} from '../eligibility/eligibility';

export type SupplyQuery = EligibilityQuery;

export type SupplyVerdict =
  | { readonly allowed: true; readonly categoryOrgId: number }
  | {
      readonly allowed: false;
      /** Message key of the reason, with its parameters (names of supplier, category or item, org). */
      readonly message: string;
      readonly params: Readonly<Record<string, string>>;
    };

/** A hook's, action's or endpoint's context (a `DataApi`): the check runs in its transaction. */
export type SupplyContext = HookContext;

/** The verdict for an order, with its first blocking reason. */
export async function checkSupplierSupply(
  context: SupplyContext,
  query: SupplyQuery,
): Promise<SupplyVerdict> {
  const answer = await eligibility(context, query, 'ORDER');
  const blocking = answer.reasons.find((reason) => reason.level === 'BLOCK');
  if (!blocking) return { allowed: true, categoryOrgId: answer.categoryOrgId ?? 0 };
  return { allowed: false, message: blocking.message, params: blocking.params };
}

/** True when the supplier may supply the category (or item) to the organisation. */
export async function supplierMaySupply(context: SupplyContext, query: SupplyQuery): Promise<boolean> {
  return (await checkSupplierSupply(context, query)).allowed;
}

/** A reason in the reader's language (names, line states and certificate types in it). */
export function reasonText(
  context: SupplyContext,
  locale: Locale,
  reason: Pick<Reason, 'message' | 'params' | 'english'>,
): string {
  const { runtime } = context;
  // English readers get the English names of the supplier, organisation, category and material.
  const params = locale === 'en' && reason.english ? { ...reason.params, ...reason.english } : reason.params;
  return runtime.t(locale, reason.message, {
    ...params,
    ...(params.status
      ? { status: runtime.t(locale, `lookup.SRM_CATEGORY_ORG_STATUS.${params.status}`) }
      : {}),
    ...(params.type ? { type: runtime.t(locale, `lookup.SRM_SUPPLIER_CREDENTIAL_TYPE.${params.type}`) } : {}),
  });
}

/**
 * Throws the engine's business error (HTTP 422, status E) naming the supplier, the category or
 * item, the organisation and the document behind the refusal, in the caller's language, unless
 * eligibility allows the purpose (a warning does not refuse).
 */
export async function assertEligible(
  context: SupplyContext,
  query: SupplyQuery,
  purpose: Purpose,
): Promise<Eligibility> {
  return (await assertAllEligible(context, [query], purpose))[0]!;
}

/**
 * The batch form of `assertEligible`, for a document's lines: every distinct supplier × material
 * (or category) × organisation answered in one pass, the first refusal thrown (HTTP 422, naming
 * what the single form names). The answers come back in the order of the queries.
 */
export async function assertAllEligible(
  context: SupplyContext,
  queries: readonly SupplyQuery[],
  purpose: Purpose,
): Promise<Eligibility[]> {
  if (!queries.length) return [];
  const answers = await eligibilityBatch(context, queries, purpose);
  for (const answer of answers) {
    const refusal = eligibilityRefusal(context, answer);
    if (refusal) throw refusal;
  }
  return answers;
}

/**
 * The refusal of an answer with a blocking reason (HTTP 422, its first blocking reason in the
 * caller's language); null when nothing blocks.
 */
export function eligibilityRefusal(context: SupplyContext, answer: Eligibility): AppError | null {
  const blocking = answer.reasons.find((reason) => reason.level === 'BLOCK');
  if (!blocking) return null;
  return new AppError(422, blocking.message, blocking.params, undefined, (locale) => ({
    msg: reasonText(context, locale, blocking),
  }));
}

/** The distinct queries of a document's lines that name a supplier and a material. */
export function lineQueries(
  lines: readonly { readonly supplierId: unknown; readonly itemId: unknown; readonly orgId: unknown }[],
): SupplyQuery[] {
  const seen = new Map<string, SupplyQuery>();
  for (const { supplierId, itemId, orgId } of lines) {
    if (typeof supplierId !== 'number' || typeof itemId !== 'number' || typeof orgId !== 'number') continue;
    seen.set(`${supplierId}:${itemId}:${orgId}`, { supplierId, itemId, orgId });
  }
  return [...seen.values()];
}

/**
 * The check of an order: eligibility's ORDER purpose. The answer names the batch trial when the
 * material is ordered as its trial lot (the approved supplier list does not list it yet).
 */
export function assertSupplierMaySupply(context: SupplyContext, query: SupplyQuery): Promise<Eligibility> {
  return assertEligible(context, query, 'ORDER');
}
