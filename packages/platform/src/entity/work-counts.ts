// The counts of a home's work cards in one call: for each card the areas declare (documents of an
// entity in a state that waits for someone), whether the caller is that someone (holds one of the
// card's resource codes and may read the entity) and, if so, how many there are — counted by the
// entity's own list conditions under the caller's grants and data scope, so a card never counts a
// row its list would not show (a supplier counts its own documents, a buyer those of its
// organisations) — all of them in one statement, without reading a page of any list.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  type MenuSide,
  type WorkCount,
  formatDate,
  parseListRequest,
  workCardFilters,
  workCards,
  workCardsFor,
} from '@srm/kernel';
import { queryRows } from '@srm/db';
import type { AccessPolicy } from '../access/actor';
import type { RecordAccess } from '../access/records';
import { success } from '../http/envelope';
import { AppError } from '../http/errors';
import { declareRoute } from '../http/route';
import type { EntityRuntime } from './runtime';

export const WORK_COUNTS_PATH = '/api/srm/v1/home/workCounts';

/** Every card names an entity and filters its list accepts: a mistake stops the start. */
function checkCards(runtime: EntityRuntime): void {
  for (const side of ['internal', 'external'] as const satisfies readonly MenuSide[]) {
    for (const card of workCards(runtime.areas, side)) {
      const entity = runtime.registry.find(card.entity);
      if (!entity) throw new Error(`Work card ${card.key} counts ${card.entity}, which is no entity`);
      const parsed = parseListRequest(entity, {
        ...workCardFilters(card, '2000-01-31'),
        pageIndex: 1,
        pageRows: 1,
      });
      if (!parsed.ok)
        throw new Error(
          `Work card ${card.key}: ${card.entity} lists no such filter (${parsed.issue.message})`,
        );
    }
  }
}

export function registerWorkCounts(
  app: FastifyInstance,
  options: { runtime: EntityRuntime; policy: AccessPolicy; access: RecordAccess },
): void {
  const { runtime, policy, access } = options;
  checkCards(runtime);
  // The manifests do not change while the server runs: each side's cards are worked out once.
  const cardsOf = {
    internal: workCards(runtime.areas, 'internal'),
    external: workCards(runtime.areas, 'external'),
  } satisfies Record<MenuSide, unknown>;
  declareRoute(app, {
    method: 'POST',
    path: WORK_COUNTS_PATH,
    summary:
      "The caller's work cards with their counts: documents waiting in a state for the caller, each counted as its list would count them for the caller",
    description:
      'Only cards whose resource codes the current responsibility holds and whose entity it may read; the others are left out.',
    input: {},
    access: 'authenticated',
    // Each card's entity, under the caller's read grant and data scope of it.
    scope: 'record',
    success: { kind: 'envelope', data: { type: 'array', items: { type: 'object' } } },
    handle: async ({ request }) => {
      const actor = await policy.identify(request);
      if (!actor) throw new AppError(401, 'auth.required');
      const side: MenuSide = actor.side === 'supplier' ? 'external' : 'internal';
      const readable = new Set<string>();
      for (const card of cardsOf[side])
        if (await access.mayReadEntity(actor, card.entity)) readable.add(card.entity);
      const cards = workCardsFor(
        cardsOf[side],
        (code) => access.allows(actor, code),
        (entity) => readable.has(entity),
      );
      const today = formatDate(runtime.clock.nowMs(), runtime.timeZone);
      const asked = cards.map((card) => ({ card, filters: workCardFilters(card, today) }));
      const prepared = await Promise.all(
        asked.map(({ card, filters }) =>
          runtime
            .service(card.entity)
            .prepareCount({ ...actor, locale: request.locale }, { ...filters, pageIndex: 1, pageRows: 1 }),
        ),
      );
      // Every exact count in one statement (a scalar subquery each), however many cards.
      const exact = prepared.flatMap((count, index) => ('sql' in count ? [{ index, count }] : []));
      const totals = new Map<number, number>();
      if (exact.length) {
        const [row] = await queryRows<Record<string, string | number>>(
          runtime.executor(),
          sql`select ${sql.join(
            exact.map(({ index, count }) => sql`${count.sql} as ${sql.identifier(`c${index}`)}`),
            sql`, `,
          )}`,
        );
        for (const { index } of exact) totals.set(index, Number(row?.[`c${index}`] ?? 0));
      }
      const counts = await Promise.all(
        asked.map(async ({ card, filters }, index): Promise<WorkCount> => {
          const count = prepared[index]!;
          const { count: total, estimated } =
            'sql' in count ? await count.finish(totals.get(index) ?? 0) : count;
          return {
            key: card.key,
            entity: card.entity,
            list: card.list,
            filters,
            count: total,
            ...(estimated ? { estimated: true } : {}),
          };
        }),
      );
      return success(counts);
    },
  });
}
