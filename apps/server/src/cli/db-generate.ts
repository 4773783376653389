// `npm run db:generate [-- name]`: writes the next SQL migration from the difference between the
// definitions and the last committed snapshot (drizzle-kit's folder format).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readJournal } from '@srm/db';
import { emptySnapshot, migrationStatements, type Snapshot, snapshotOf } from '@srm/platform/schema';
import { migrationsDir } from '../paths';
import { schemaTables } from '../schema';

const name = (process.argv[2] ?? 'migration').replace(/[^a-z0-9_]/gi, '_').toLowerCase();
const entries = readJournal(migrationsDir);
const last = entries[entries.length - 1];
const previous: Snapshot = last
  ? (JSON.parse(
      readFileSync(join(migrationsDir, 'meta', `${String(last.idx).padStart(4, '0')}_snapshot.json`), 'utf8'),
    ) as Snapshot)
  : emptySnapshot();
const current = snapshotOf(schemaTables(), previous.id);
const statements = await migrationStatements(previous, current);
if (!statements.length) {
  console.log('The definitions and the migrations agree: nothing to generate.');
  process.exit(0);
}
const idx = last ? last.idx + 1 : 0;
const tag = `${String(idx).padStart(4, '0')}_${name}`;
mkdirSync(join(migrationsDir, 'meta'), { recursive: true });
writeFileSync(join(migrationsDir, `${tag}.sql`), statements.join('\n--> statement-breakpoint\n') + '\n');
writeFileSync(
  join(migrationsDir, 'meta', `${String(idx).padStart(4, '0')}_snapshot.json`),
  JSON.stringify(current, null, 2) + '\n',
);
const journalPath = join(migrationsDir, 'meta', '_journal.json');
const journal = existsSync(journalPath)
  ? (JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: unknown[] })
  : { version: '7', dialect: 'postgresql', entries: [] as unknown[] };
journal.entries.push({ idx, version: '7', when: Date.now(), tag, breakpoints: true });
writeFileSync(journalPath, JSON.stringify(journal, null, 2) + '\n');
console.log(`Wrote ${tag}.sql (${statements.length} statements).`);
