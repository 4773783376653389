// Hints that must not run ahead of the data: `afterCommit` runs once the outermost transaction
// has committed, never after a rollback, and at once outside a transaction.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './connection';
import { afterCommit, executor, inTransaction, queryRows } from './transaction';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({});
  await database.db.execute(sql`create table hint_probe (n int)`);
});
afterAll(() => database.close());

const rows = async () => (await queryRows<{ n: number }>(database.db, sql`select n from hint_probe`)).length;

describe('afterCommit', () => {
  it('runs after the outermost commit, with the data visible, and not inside a nested unit', async () => {
    const seen: number[] = [];
    await inTransaction(database, async () => {
      await executor(database).execute(sql`insert into hint_probe values (1)`);
      await inTransaction(database, async () => {
        afterCommit(() => seen.push(-1));
      });
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual([-1]);
    expect(await rows()).toBe(1);
  });

  it('never runs when the transaction rolls back', async () => {
    let ran = false;
    await expect(
      inTransaction(database, async () => {
        afterCommit(() => {
          ran = true;
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(ran).toBe(false);
  });

  it('runs at once outside a transaction', () => {
    let ran = false;
    afterCommit(() => {
      ran = true;
    });
    expect(ran).toBe(true);
  });
});
