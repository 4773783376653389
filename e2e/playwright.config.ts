// E2E in Debian's Chromium (never a downloaded browser) against the built server, started on
// a fresh data directory so each run sees a first start with demo data.
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 18180);

export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/test-results',
  // Generous: journeys run many steps, and CI machines may be busy.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  // CI runs a failed journey once more (E2E_RETRIES=1 in .ci/run) and reports it as flaky.
  retries: Number(process.env.E2E_RETRIES ?? 0),
  reporter: [['list'], ['html', { open: 'never', outputFolder: './artifacts/report' }]],
  use: {
    // A click on a button that never becomes enabled fails here, not at the test's timeout.
    actionTimeout: 45_000,
    baseURL: `http://localhost:${port}`,
    headless: true,
    locale: 'zh-CN',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  webServer: {
    command: `node e2e/start-server.mjs`,
    cwd: '..',
    url: `http://localhost:${port}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { PORT: String(port) },
  },
});
