// A backup made while rows are being written holds every row committed before it began, none
// half-written, and restores into a fresh directory with the same rows.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backupPglite, restorePglite } from './backup';
import { openDatabase } from './connection';

const work = mkdtempSync(join(tmpdir(), 'srm-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('backup and restore of the embedded database', () => {
  it('backs up while writing and restores the same rows into a fresh directory', async () => {
    const database = await openDatabase({ dataDir: join(work, 'live') });
    const pglite = database.pglite!;
    await pglite.exec(
      'create table orders (id int primary key, total int not null); create table lines (order_id int, n int)',
    );
    let written = 0;
    let writing = true;
    // Each order is one transaction: its header and its three lines.
    const writer = (async () => {
      while (writing) {
        const id = ++written;
        await pglite.transaction(async (tx) => {
          await tx.query('insert into orders values ($1, 3)', [id]);
          for (const n of [1, 2, 3]) await tx.query('insert into lines values ($1, $2)', [id, n]);
        });
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const committedBefore = written - 1;
    const file = join(work, 'backup.tar.gz');
    expect(await backupPglite(pglite, file)).toBeGreaterThan(0);
    const committedAfter = written;
    writing = false;
    await writer;
    await database.close();

    const restoredDir = join(work, 'restored');
    await restorePglite(file, restoredDir);
    const restored = await openDatabase({ dataDir: restoredDir });
    const orders = await restored.pglite!.query<{ count: number; max: number }>(
      'select count(*)::int as count, max(id) as max from orders',
    );
    const { count, max } = orders.rows[0]!;
    expect(count).toBe(max);
    expect(count).toBeGreaterThanOrEqual(committedBefore);
    expect(count).toBeLessThanOrEqual(committedAfter);
    const half = await restored.pglite!.query(
      'select o.id from orders o left join lines l on l.order_id = o.id group by o.id having count(l.*) <> 3',
    );
    expect(half.rows).toEqual([]);
    await restored.close();
  });
});
