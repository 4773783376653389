// The counts of a home's work cards in one call: for each card the areas declare (documents of an
// entity in a state that waits for someone), whether the caller is that someone (holds one of the
// card's resource codes and may read the entity) and, if so, how many there are — counted by the
// entity's own list read under the caller's grants and data scope, so a card never counts a row
// its list would not show (a supplier counts its own documents, a buyer those of its organisations).
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
      for (const card of workCards(runtime.areas, side))
        if (await access.mayReadEntity(actor, card.entity)) readable.add(card.entity);
      const cards = workCardsFor(
        workCards(runtime.areas, side),
        (code) => access.allows(actor, code),
        (entity) => readable.has(entity),
      );
      const today = formatDate(runtime.clock.nowMs(), runtime.timeZone);
      const counts = await Promise.all(
        cards.map(async (card): Promise<WorkCount> => {
          const filters = workCardFilters(card, today);
          const page = await runtime
            .service(card.entity)
            .listRequest({ ...actor, locale: request.locale }, { ...filters, pageIndex: 1, pageRows: 1 });
          return {
            key: card.key,
            entity: card.entity,
            list: card.list,
            filters,
            count: page.count,
            ...(page.estimated ? { estimated: true } : {}),
          };
        }),
      );
      return success(counts);
    },
  });
}
