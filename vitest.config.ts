// Test projects: `kernel` (pure functions), `server` (real HTTP against a real database:
// PGlite by default, PostgreSQL when DATABASE_URL is set), `web` (the toolkit's and the shell's
// logic: registry, save bodies, workflow, tabs, menu, locales).
import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The files that take a minute or more (child servers started, killed and restarted; every
 * endpoint probed), longest first. On a fresh clone Vitest knows no durations and runs larger
 * files first, project after project: the crash test, a small file of the last project but one,
 * started last and ran alone for its last 65 s while the other worker had nothing left.
 */
const LONGEST_FIRST = [
  'scripts/crash-test.test.ts',
  'apps/server/src/endpoint-access.test.ts',
  'apps/server/src/interrupted-work.test.ts',
  'apps/server/src/backup.test.ts',
  'apps/server/src/durability.test.ts',
  'apps/server/src/entities.api.test.ts',
  'apps/server/src/data-dir-lock.test.ts',
  'apps/server/src/snapshot.test.ts',
];

const ROOT = fileURLToPath(new URL('.', import.meta.url));

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = LONGEST_FIRST.indexOf(relative(ROOT, file.moduleId));
      return at < 0 ? LONGEST_FIRST.length : at;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    // Two files at a time even on two cores (Vitest's default there is one): many server files
    // wait on a child server or on PGlite's I/O, and the unit stage took 13.4 min with one worker
    // and 8.6 min with two on the 2-core CI machine.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'kernel',
          include: ['packages/kernel/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'tooling',
          include: ['scripts/**/*.test.ts'],
          // The crash test starts the real server, on the server project's prepared directory.
          exclude: [...configDefaults.exclude, 'scripts/crash-test.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          include: ['packages/platform-ui/**/*.test.ts', 'apps/web/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: [
            'packages/db/**/*.test.ts',
            'packages/platform/**/*.test.ts',
            'packages/domain/**/*.test.ts',
            'apps/server/**/*.test.ts',
            'scripts/crash-test.test.ts',
          ],
          environment: 'node',
          globalSetup: ['packages/platform/src/testing/global-setup.ts'],
          // Files share their worker's module cache: each server file imported the whole platform
          // again (118 s of imports in all), and the project took 518 s with isolation and 361 s
          // without, on 2 cores. Every file builds its own server and database; a file that sets
          // an environment variable removes it in its afterAll.
          isolate: false,
          // Password hashing at a test cost: scrypt at the production cost takes ~100 ms a hash.
          env: { SRM_SCRYPT_COST: '10' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
