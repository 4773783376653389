// Starts the built server on a fresh, empty data directory for the E2E run.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataDir = mkdtempSync(join(tmpdir(), 'srm-e2e-'));
// SRM_TEST_CLOCK=1: the journeys move the server's clock past a deadline (helpers.ts, moveClock)
// instead of waiting for it.
const env = {
  ...process.env,
  SRM_DATA_DIR: dataDir,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  SRM_TEST_CLOCK: '1',
};
delete env.DATABASE_URL;
// The environment variables and node flags of `npm start` (docs/configuration.md, "Memory").
const start = JSON.parse(readFileSync('package.json', 'utf8')).scripts.start;
const match = /((?:\b[A-Z_]+=\S+ )*)node((?: --\S+)*) apps\/server\/dist\/main\.mjs/.exec(start);
for (const pair of (match?.[1] ?? '').split(' ').filter(Boolean)) {
  const name = pair.slice(0, pair.indexOf('='));
  env[name] ??= pair.slice(pair.indexOf('=') + 1);
}
const flags = (match?.[2] ?? '').split(' ').filter(Boolean);
const child = spawn(process.execPath, [...flags, 'apps/server/dist/main.mjs'], { stdio: 'inherit', env });
const stop = (signal) => child.kill(signal);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
