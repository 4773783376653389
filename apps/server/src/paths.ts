// Where the server finds the repository's files. Both src/*.ts (tsx) and dist/main.mjs (built)
// sit two levels under the repository root, so one relative path serves both.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const migrationsDir = resolve(repoRoot, 'packages/db/migrations');
export const webDistDir = resolve(repoRoot, 'apps/web/dist');
