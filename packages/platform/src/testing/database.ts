// A fresh, migrated database for one test file: a copy of the run's template.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '@srm/db';
import { databaseUrlWithName, quoteIdent } from './postgres';
import type { TestTemplate } from './template';

export interface TestDatabase extends Database {
  /** The connection URL on PostgreSQL (to start a server process on the same database). */
  readonly url?: string;
}

/** A copy of the run's migrated template, or of another template of the run (a seeded one: seeded.ts). */
export async function openTestDatabase(
  template: TestTemplate = inject('srmTemplate'),
): Promise<TestDatabase> {
  if (template.kind === 'pglite') return openPgliteCopy(template.dataDir);
  const name = `${template.templateName.replace(/_tpl_\d+$/, '')}_t_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.adminUrl });
  await admin.connect();
  await createFromTemplate(admin, name, template.templateName);
  const url = databaseUrlWithName(template.adminUrl, name);
  const database = await openDatabase({ url });
  return {
    ...database,
    url,
    async close() {
      await database.close();
      await admin.query(`drop database if exists ${quoteIdent(name)} with (force)`);
      await admin.end();
    },
  };
}

/**
 * PGlite on a copy of a template's data directory, removed when it closes. Copying the files and
 * opening them took 0.9–1.0 s where loading the same database from a dump into PGlite's memory
 * took 1.4–1.6 s (most of it reading the 83 MB archive and unpacking it), on the 2-core machine.
 */
export async function openPgliteCopy(templateDir: string): Promise<Database> {
  // In the run's directory (on a memory file system where there is one: template.ts), which the
  // run's end removes with what a file that never closed its database left.
  const dataDir = mkdtempSync(join(inject('srmRunDir'), 'db-'));
  const remove = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    cpSync(templateDir, dataDir, { recursive: true });
    const database = await openDatabase({ dataDir });
    return {
      ...database,
      async close() {
        try {
          await database.close();
        } finally {
          remove();
        }
      },
    };
  } catch (error) {
    remove();
    throw error;
  }
}

export async function createFromTemplate(
  admin: pg.Client,
  name: string,
  templateName: string,
): Promise<void> {
  // Two CREATE DATABASE … TEMPLATE at the same moment can collide; try again shortly.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database ${quoteIdent(name)} template ${quoteIdent(templateName)}`);
      return;
    } catch (error) {
      const busy = (error as { code?: string }).code === '55006';
      if (!busy || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
}
