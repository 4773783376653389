// `npm run lint:api`: writes the API document of the composed application (GET /api/docs of an
// in-process server on an in-memory database, no network) to a temporary file and lints it with
// Redocly's recommended rules. Errors fail the check; warnings are printed and counted.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openDatabase } from '@srm/db';
import { buildApp } from '@srm/server/app';

const root = resolve(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'srm-lint-api-'));
let code: number;
try {
  // The document needs no tables: the routes are declared whatever the database holds.
  const database = await openDatabase({});
  const { app } = await buildApp({ database, dataDir: join(work, 'data'), jobWorkers: false });
  const answer = await app.inject({ method: 'GET', url: '/api/docs' });
  await app.close();
  await database.close();
  if (answer.statusCode !== 200) throw new Error(`GET /api/docs answered ${answer.statusCode}`);
  const document = answer.json() as { paths: Record<string, Record<string, unknown>> };
  const operations = Object.values(document.paths).reduce((n, path) => n + Object.keys(path).length, 0);
  const file = join(work, 'openapi.json');
  writeFileSync(file, answer.body);
  console.log(`API document: ${Object.keys(document.paths).length} paths, ${operations} operations`);
  const lint = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/@redocly/cli/bin/cli.js'),
      'lint',
      file,
      '--config',
      join(root, 'redocly.yaml'),
      '--format',
      process.env.LINT_API_FORMAT ?? 'summary',
      '--max-problems',
      '1000',
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  code = lint.status ?? 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exit(code);
