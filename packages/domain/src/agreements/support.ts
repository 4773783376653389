// Server-side helpers of the area: reading rows through the entity services (so the caller's
// data scope applies, or the platform's when it acts for an approval) and small checks.
import { type ListFilter, type RuleIssue, formatDate } from '@srm/kernel';
import { type Actor, type HookContext, type Row } from '@srm/platform';

/** The actor of the platform writing on behalf of the caller (audit keeps the caller's name). */
export const platformActor = (context: HookContext): Actor => ({ ...context.actor, system: true });

/** Every row matching the filters (at most 5000), through the entity's service. */
export async function rowsOf(
  context: HookContext,
  entity: string,
  filters: readonly ListFilter[],
  actor: Actor = platformActor(context),
): Promise<Row[]> {
  const { rows } = await context.runtime.service(entity).list(actor, {
    pageIndex: 1,
    pageRows: 5000,
    filters,
    sort: [],
  });
  return rows;
}

/** The stored lines of a document. */
export function linesOf(context: HookContext, lineEntity: string, headerId: number): Promise<Row[]> {
  return context.runtime.service(lineEntity).linesOf(platformActor(context), headerId);
}

export const issue = (
  message: string,
  params?: Record<string, string | number>,
  field?: string,
): RuleIssue => ({
  message,
  ...(params ? { params } : {}),
  ...(field ? { field } : {}),
});

/** `yyyy-MM-dd` of today in the platform's time zone. */
export function today(context: HookContext): string {
  return formatDate(context.now.getTime(), context.runtime.timeZone);
}
