// Configuration from environment variables (documented in docs/configuration.md and .env.example).
import { resolve } from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  logLevel: string;
  /** Address printed at start and used in e-mails; defaults to http://localhost:PORT. */
  publicUrl: string;
  /** Load the demo data on start (seeds not run yet); SRM_DEMO_DATA=off for production. */
  demoData: boolean;
  /** Serve POST /api/test/v1/clock for the E2E journeys (SRM_TEST_CLOCK=1; refused in production). */
  testClock: boolean;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = parsePort(env.PORT);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: resolve(env.SRM_DATA_DIR || './data'),
    logLevel: env.LOG_LEVEL || 'info',
    publicUrl: (env.SRM_PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    demoData: (env.SRM_DEMO_DATA ?? 'on').toLowerCase() !== 'off',
    testClock: parseTestClock(env.SRM_TEST_CLOCK),
  };
}

function parseTestClock(value: string | undefined): boolean {
  if (!value || value === '0') return false;
  // A misspelt value would leave the journeys calling a route that is not there.
  if (value !== '1') throw new Error(`SRM_TEST_CLOCK must be 1 or unset, got "${value}"`);
  return true;
}

function parsePort(value: string | undefined): number {
  if (!value) return 8080;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got "${value}"`);
  }
  return port;
}
