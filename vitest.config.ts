// Test projects: `kernel` (pure functions), `server` (real HTTP against a real database:
// PGlite by default, PostgreSQL when DATABASE_URL is set), `web` (React widgets in jsdom).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
          name: 'server',
          include: [
            'packages/db/**/*.test.ts',
            'packages/platform/**/*.test.ts',
            'packages/domain/**/*.test.ts',
            'apps/server/**/*.test.ts',
          ],
          environment: 'node',
          globalSetup: ['packages/platform/src/testing/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
