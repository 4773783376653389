// E2E in Debian's Chromium (never a downloaded browser) against the built server, started on
// a fresh data directory so each run sees a first start with demo data.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';

// Each worker runs its journeys against its own server and data directory (ports 18180, 18181…),
// so that no journey sees another's documents. Playwright sets TEST_PARALLEL_INDEX in each worker
// process, which loads this file too: that is how a worker finds its server.
//
// One worker below four cores: a journey drives a browser and a server, which together keep two
// cores busy. On CI's 2-core machine the 39 journeys took 56 min on two workers (two of them
// timing out and passing only on their retry) and 23 min on one, all passing at the first try.
const firstPort = Number(process.env.E2E_PORT ?? 18180);
const workers = Number(process.env.E2E_WORKERS ?? (availableParallelism() >= 4 ? 2 : 1));
const port = firstPort + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
// Debian's chromium-headless-shell when installed (scripts/ensure-system-deps.sh installs it): the
// headless build without the desktop browser's window machinery, which Playwright also prefers for
// headless runs. Three journeys took 6.1 min with it and 7.7 with the full browser (2-core machine).
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/test-results',
  // Generous: journeys run many steps on a shared machine (a journey of 1.1 min alone took 3.6 min
  // beside another). A test's own test.setTimeout, where longer, still applies.
  timeout: 240_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers,
  // CI runs a failed journey once more (E2E_RETRIES=1 in .ci/run) and reports it as flaky.
  retries: Number(process.env.E2E_RETRIES ?? 0),
  reporter: [['list'], ['html', { open: 'never', outputFolder: './artifacts/report' }]],
  use: {
    // A click on a button that never becomes enabled fails here, not at the test's timeout.
    actionTimeout: 45_000,
    baseURL: `http://localhost:${port}`,
    headless: true,
    locale: 'zh-CN',
    // The app then turns antd's animations off (prefers-reduced-motion, shell/motion.ts): a dialog or
    // a menu is there at once instead of after its zoom or slide.
    reducedMotion: process.env.E2E_MOTION === '1' ? 'no-preference' : 'reduce',
    screenshot: 'only-on-failure',
    // A trace (DOM snapshots and a screencast at every step) is recorded when a failed journey runs
    // again (CI's E2E_RETRIES=1), or for every journey with E2E_TRACE=1 and kept for the failed ones:
    // recording it for all made the same three journeys take 6.1 min instead of 4.1.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'on-first-retry',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: Array.from({ length: workers }, (_, index) => ({
    command: `node e2e/start-server.mjs`,
    cwd: '..',
    url: `http://localhost:${firstPort + index}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    env: { PORT: String(firstPort + index) },
  })),
});
