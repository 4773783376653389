// Where the server finds the repository's files. Both src/*.ts (tsx) and dist/main.mjs (built)
// sit two levels under the repository root, so one relative path serves both.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const migrationsDir = resolve(repoRoot, 'packages/db/migrations');
export const webDistDir = resolve(repoRoot, 'apps/web/dist');
/** The demo snapshot made by `npm run build` (ADR 0008); a build artefact, not in git. */
export const demoSnapshotDir = resolve(repoRoot, 'apps/server/dist/demo-snapshot');
