// After the stop drained the connection, pg-boss's late statements get answers it can read: a
// job completed or failed a moment after the close reads a count of 0 (an empty answer made it
// throw an unhandled rejection), and anything else reads no rows.
import { describe, expect, it } from 'vitest';
import type { Database } from '@srm/db';
import { DatabaseJobDb } from './connection';

describe('the job connection after its close', () => {
  it('answers a count of 0 to a completion, a failure or a queue size, and no rows to the rest', async () => {
    const db = new DatabaseJobDb({ kind: 'postgres' } as unknown as Database);
    await db.drain();
    const failed = await db.executeSql(
      'WITH results AS (UPDATE pgboss.job SET state = $1 RETURNING 1) SELECT COUNT(*) FROM results',
      ['failed'],
    );
    expect(failed.rows[0]).toEqual({ count: 0 });
    expect(
      (await db.executeSql('SELECT count(*) as count FROM pgboss.job WHERE name = $1', ['q'])).rows,
    ).toEqual([{ count: 0 }]);
    expect(
      (await db.executeSql('SELECT id, name, data FROM pgboss.job WHERE name = $1', ['q'])).rows,
    ).toEqual([]);
  });
});
