// Runs once per test run: builds one migrated database and hands it to every test file, which
// starts from a copy (a copy of a PGlite data directory, or a PostgreSQL database created from a
// template). Paying initdb and the migrations once keeps each file's fresh database under a second.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { initialisePgliteDirectory, openDatabase, runMigrations } from '@srm/db';
import { databasesDir, makeRunDir, migrationsDir } from './template';
import { databaseUrlWithName, quoteIdent } from './postgres';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Also what the files of the run share besides the database (apps/server's
  // prepared-data.testing.ts keeps the data directory a first start of the real server made there).
  const dir = makeRunDir(databasesDir());
  project.provide('srmRunDir', dir);
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  const url = process.env.DATABASE_URL;
  if (url) {
    const templateName = `${new URL(url).pathname.slice(1) || 'test'}_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${quoteIdent(templateName)}`);
    await admin.query(`create database ${quoteIdent(templateName)}`);
    const database = await openDatabase({ url: databaseUrlWithName(url, templateName), poolSize: 1 });
    await runMigrations(database, migrationsDir);
    await database.close();
    project.provide('srmTemplate', { kind: 'postgres', adminUrl: url, templateName });
    return async () => {
      // The seeded templates made from it (seeded.ts) are named after it.
      const seeded = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $1`,
        [`${templateName}\\_s%`],
      );
      for (const { datname } of seeded.rows)
        await admin.query(`drop database if exists ${quoteIdent(datname)} with (force)`);
      await admin.query(`drop database if exists ${quoteIdent(templateName)} with (force)`);
      await admin.end();
      removeDir();
    };
  }

  // Closed, PGlite shuts its engine down cleanly: a copy starts without recovering anything.
  const dataDir = join(dir, 'template');
  initialisePgliteDirectory(dataDir);
  const database = await openDatabase({ dataDir });
  await runMigrations(database, migrationsDir);
  await database.close();
  project.provide('srmTemplate', { kind: 'pglite', dataDir });
  return async () => removeDir();
}
