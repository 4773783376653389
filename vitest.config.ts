// Test projects: `kernel` (pure functions), `server` (real HTTP against a real database:
// PGlite by default, PostgreSQL when DATABASE_URL is set), `web` (the toolkit's and the shell's
// logic: registry, save bodies, workflow, tabs, menu, locales).
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two files at a time even on two cores (Vitest's default there is one): many server files
    // wait on a child server or on PGlite's I/O, and the unit stage took 13.4 min with one worker
    // and 8.6 min with two on the 2-core CI machine.
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
