// May this supplier supply these materials to this organisation? Two registers answer for each
// material of the order: the category and org library of the supplier area (the supplier is
// qualified for the material's category in the organisation, and not frozen or blacklisted),
// and the approved supplier list (ASL) of the agreements area — or, for a supplier under
// introduction, a running batch trial naming the material, whose lot all its orders together
// stay within (this one and the others of the material since the trial was made, cancelled ones
// aside). A refusal is a 422 naming the supplier, the material and the organisation, in the
// caller's language.
import { and, eq, gte, ne, sql } from 'drizzle-orm';
import { type Decimal, type RuleIssue, add, dec } from '@srm/kernel';
import type { HookContext, Row } from '@srm/platform';
import { aslAllowsEach, aslRefusal } from '../agreements/server';
import { eligibilityBatch, eligibilityRefusal } from '../supplier/server';

export async function supplyIssues(
  context: HookContext,
  header: Readonly<Row>,
  lines: readonly Row[],
): Promise<RuleIssue[]> {
  const supplierId = header.supplierId;
  const orgId = header.orgId;
  if (typeof supplierId !== 'number' || typeof orgId !== 'number') return [];
  const items = [
    ...new Set(lines.map((line) => line.itemId).filter((id): id is number => typeof id === 'number')),
  ].sort((a, b) => a - b);
  // Both registers asked for every material at once (one pass each, whatever the number of
  // materials), then the first refusal in the materials' order thrown, as one by one would.
  const queries = items.map((itemId) => ({ supplierId, itemId, orgId }));
  const answers = await eligibilityBatch(context, queries, 'ORDER');
  const unlisted = queries.filter((_, index) => !answers[index]!.trial);
  const listed = new Map(
    (await aslAllowsEach(context, unlisted)).map((answer, index) => [unlisted[index]!.itemId, answer]),
  );
  const issues: RuleIssue[] = [];
  for (const [index, query] of queries.entries()) {
    const answer = answers[index]!;
    const refusal = eligibilityRefusal(context, answer);
    if (refusal) throw refusal;
    const { itemId } = query;
    const { trial } = answer;
    if (!trial) {
      if (!listed.get(itemId)!.allowed) throw await aslRefusal(context, query);
      continue;
    }
    // A trial lot: not on the approved supplier list yet, and within the trial's quantity.
    const ordered = lines
      .filter((line) => line.itemId === itemId)
      .reduce((sum, line) => add(sum, dec(String(line.quantity ?? 0))), dec(0));
    const others = await orderedElsewhere(context, {
      supplierId,
      orgId,
      itemId,
      since: trial.since,
      orderId: typeof header.poHeaderId === 'number' ? header.poHeaderId : null,
    });
    if (add(ordered, others).gt(trial.trialQuantity)) {
      const line = lines.find((l) => l.itemId === itemId);
      issues.push({
        field: 'lines',
        message: others.gt(0)
          ? 'srmSupplierSupply.trialQuantityWithOthers'
          : 'srmSupplierSupply.trialQuantity',
        params: {
          item: String(line?.itemName ?? itemId),
          number: trial.number,
          quantity: String(trial.trialQuantity),
          others: others.toString(),
        },
      });
    }
  }
  return issues;
}

/**
 * What other orders of the supplier to the organisation, not cancelled, made since the trial was,
 * order of the material: counted against the trial lot together with this order. Read on the
 * platform's authority (a buyer may not read every order of the organisation; only the sum leaves).
 */
async function orderedElsewhere(
  context: HookContext,
  query: { supplierId: number; orgId: number; itemId: number; since: Date; orderId: number | null },
): Promise<Decimal> {
  const h = context.runtime.table('srmPoHeader');
  const l = context.runtime.table('srmPoLine');
  const [row] = await context.tx
    .select({ total: sql<string | null>`sum(${l.quantity!})::text` })
    .from(l)
    .innerJoin(h, eq(h.poHeaderId!, l.poHeaderId!))
    .where(
      and(
        eq(h.supplierId!, query.supplierId),
        eq(h.orgId!, query.orgId),
        eq(l.itemId!, query.itemId),
        ne(h.status!, 'CANCELLED'),
        gte(h.creationDate!, query.since),
        ...(query.orderId === null ? [] : [ne(h.poHeaderId!, query.orderId)]),
      ),
    );
  return dec(row?.total ?? '0');
}
