// What the scheduler benchmark's nodes run: the platform's areas plus a program that does nothing,
// a policy that lets the bench's one user submit it (the actor's ids are set once made), and a node.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineArea } from '@srm/kernel';
import { type Database, readJournal } from '@srm/db';
import { type AccessPolicy, type Platform, buildPlatform, defineServerArea } from '@srm/platform';
import { serverAreas } from '@srm/domain/server';
import { migrationsDir, openPolicy } from './engine';

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

/** The engine's open policy, acting as the bench's user in his responsibility. */
export const benchPolicy: AccessPolicy = {
  ...openPolicy,
  identify: async (request) => ({
    ...(await openPolicy.identify(request))!,
    userId: benchActor.userId,
    responsibilityId: benchActor.responsibilityId,
  }),
};

/** A node of the benchmark on `database` (without its workers: a node that only sets up). */
export async function benchNode(database: Database, workers = true): Promise<Platform> {
  const platform = await buildPlatform({
    database,
    areas: schedulerBenchAreas,
    policy: benchPolicy,
    dataDir: mkdtempSync(join(tmpdir(), 'srm-bench-sched-')),
    version: 'bench',
    journal: readJournal(migrationsDir),
    jobPollingSeconds: 0.5,
    jobWorkers: workers,
  });
  await platform.app.ready();
  return platform;
}
