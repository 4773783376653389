// What the scheduler benchmark's nodes run: the platform's areas plus a program that does nothing,
// and a policy that lets the bench's one user submit it (the actor's ids are set once made).
import { defineArea } from '@srm/kernel';
import { type AccessPolicy, defineServerArea } from '@srm/platform';
import { serverAreas } from '@srm/domain/server';

const noopArea = defineServerArea(
  defineArea({
    name: 'benchNoop',
    entities: [],
    messages: { 'zh-CN': {}, en: {} },
    directories: [],
    menus: [],
  }),
  { executables: { BENCH_NOOP: async () => 'ok' } },
);

export const schedulerBenchAreas = [...serverAreas, noopArea];

/** The submitting user and responsibility, filled in once the bench has made them. */
export const benchActor = { userId: 0, responsibilityId: 0 };

export const benchPolicy: AccessPolicy = {
  identify: async () => ({
    userId: benchActor.userId,
    userName: 'bench',
    side: 'internal',
    supplierId: null,
    orgIds: 'all',
    categoryIds: 'all',
    locale: 'zh-CN',
    responsibilityId: benchActor.responsibilityId,
  }),
  authorize: async () => {},
  allows: () => true,
};
