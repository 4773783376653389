// The server application: the platform composed with the domain's business areas, the web app's
// files and the repository's migrations. Used by main.ts, the CLI and, in-process, by tests.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import { type Database, readJournal } from '@srm/db';
import { type AccessPolicy, type Platform, buildPlatform } from '@srm/platform';
import { serverAreas } from '@srm/domain/server';
import { migrationsDir, repoRoot, webDistDir } from './paths';

export interface AppOptions {
  database: Database;
  /** Data directory (keys, files); defaults to ./data. */
  dataDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Directory of the built web app; it is served when it exists. */
  webDir?: string;
  policy?: AccessPolicy;
  timeZone?: string;
  /** Where people reach the application, for links in e-mails (default SRM_PUBLIC_URL). */
  publicUrl?: string;
  /** SMTP server for e-mail (default SMTP_URL). */
  smtpUrl?: string;
  /** Run background jobs on this node (default: yes unless SRM_JOB_WORKERS=off). */
  jobWorkers?: boolean;
  /** How often idle job workers look for work, in seconds (default SRM_JOB_POLL_SECONDS or 1). */
  jobPollingSeconds?: number;
  /** Fail the work a killed process left RUNNING and remove its files (the embedded database only). */
  recoverInterruptedWork?: boolean;
  /** Queue at start the jobs of rows made before jobs could be sent (the demo data's auctions). */
  catchUpJobs?: boolean;
  /** Serve POST /api/test/v1/clock (SRM_TEST_CLOCK=1, tests only). */
  testClock?: boolean;
  /** A serving node: the seal key checked and the RSA key shared through the database (ADR 0033). */
  sharedSecrets?: boolean;
}

export type App = Platform;

export const version: string = (
  JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }
).version;

export function buildApp(options: AppOptions): Promise<App> {
  return buildPlatform({
    ...options,
    areas: serverAreas,
    webDir: options.webDir ?? webDistDir,
    version,
    journal: readJournal(migrationsDir),
  });
}
