// The committed migrations and the definitions describe exactly the same schema.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJournal } from '@srm/db';
import { migrationStatements, schemaDrift, type Snapshot, snapshotOf } from '@srm/platform/schema';
import { openTestDatabase } from '@srm/platform/testing';
import { migrationsDir } from './paths';
import { schemaTables } from './schema';

describe('migrations', () => {
  it('applied to an empty database, they yield exactly the schema the definitions describe', async () => {
    const database = await openTestDatabase();
    try {
      const drift = await schemaDrift(database.db, schemaTables());
      expect(drift, 'run `npm run db:generate -- <name>` and commit the migration').toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('the last committed snapshot agrees with the definitions', async () => {
    const entries = readJournal(migrationsDir);
    const last = entries[entries.length - 1]!;
    const snapshot = JSON.parse(
      readFileSync(join(migrationsDir, 'meta', `${String(last.idx).padStart(4, '0')}_snapshot.json`), 'utf8'),
    ) as Snapshot;
    expect(await migrationStatements(snapshot, snapshotOf(schemaTables(), snapshot.id))).toEqual([]);
  });
});
