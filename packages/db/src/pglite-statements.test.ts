// The embedded engine's prepared statements answer what PGlite's own query answers (values,
// errors, notifications, transactions), keep at most 500 statements, and follow a table whose
// columns changed under them.
import { type SQL, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './connection';
import type { GenericPlan } from './pglite-statements';
import { deferQuery, queryRows } from './transaction';

const SETUP = `create table item (id int primary key, code text unique not null, price numeric(12,4),
  at timestamptz, tags text[], data jsonb, ok boolean);
  insert into item values (1, 'A', 1.5, '2026-12-07 08:00:00+00', '{x,y}', '{"a":1}', true),
    (2, 'B', null, null, null, null, false);`;

const itemTable = pgTable('item', { id: integer('id').primaryKey(), code: text('code').notNull() });
const insertInto = (id: number, code: string) => prepared.db.insert(itemTable).values({ id, code });

/** Counts the passes through the engine (calls of execProtocolStream) until stop(). */
function countPasses(database: Database): { count: number; stop(): void } {
  const client = database.pglite! as unknown as {
    execProtocolStream: (...args: unknown[]) => Promise<unknown>;
  };
  const through = client.execProtocolStream;
  const counter = { count: 0, stop: () => void (client.execProtocolStream = through) };
  client.execProtocolStream = (...args) => {
    counter.count++;
    return through.apply(client, args);
  };
  return counter;
}

let prepared: Database;
let plain: Database;

beforeAll(async () => {
  prepared = await openDatabase({ prepare: true });
  plain = await openDatabase({ prepare: false });
  for (const database of [prepared, plain]) await database.pglite!.exec(SETUP);
});

afterAll(async () => {
  await prepared.close();
  await plain.close();
});

type Answer = { rows: Record<string, unknown>[]; affectedRows?: number };
const answer = async (database: Database, statement: SQL) =>
  (await database.db.execute(statement)) as unknown as Answer;

const keptStatements = async (database: Database) =>
  Number(
    (
      await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from pg_prepared_statements`)
    )[0]!.n,
  );

describe('prepared statements of the embedded engine', () => {
  it('answer the same rows as the engine’s own query: values of each type, nulls, parameters, row arrays', async () => {
    const statements = [
      sql`select * from item where id = ${1}`,
      sql`select * from item where id = ${2}`,
      sql`select id, price * ${2} as twice, ${'text'} as t, ${true} as b, ${new Date('2026-12-07T08:00:00Z')}::timestamptz as at,
        ${JSON.stringify({ k: [1, 2] })}::jsonb as j from item order by id`,
      sql`select id from item where code = any(${sql.param(['A', 'B'])}::text[]) order by id`,
      sql`update item set price = price where id = ${1}`,
    ];
    for (const statement of statements) {
      // Three times: the first run prepares, the later ones bind what the engine kept.
      for (let run = 0; run < 3; run++) {
        const ours = await answer(prepared, statement);
        const theirs = await answer(plain, statement);
        expect(ours.rows).toEqual(theirs.rows);
        expect(ours.affectedRows).toEqual(theirs.affectedRows);
      }
    }
    const rows = await prepared.db
      .select({ id: sql<number>`id`, code: sql<string>`code` })
      .from(sql`item`)
      .orderBy(sql`id`);
    expect(rows).toEqual([
      { id: 1, code: 'A' },
      { id: 2, code: 'B' },
    ]);
  });

  it('throw the engine’s error with its code and query, roll the transaction back, and go on after it', async () => {
    const insert = (id: number, code: string) => sql`insert into item (id, code) values (${id}, ${code})`;
    const error = await prepared.db.execute(insert(3, 'A')).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      cause: { code: '23505', query: expect.stringContaining('insert into item') },
    });
    const failed = await prepared.db
      .transaction(async (tx) => {
        await tx.execute(insert(3, 'C'));
        await tx.execute(insert(4, 'A'));
      })
      .catch((caught: unknown) => caught);
    expect(failed).toMatchObject({ cause: { code: '23505' } });
    // The syntax error of a statement never kept, then the same statements again.
    await expect(prepared.db.execute(sql`selec ${1}`)).rejects.toMatchObject({ cause: { code: '42601' } });
    expect((await queryRows(prepared.db, sql`select id from item where id = ${3}`)).length).toBe(0);
    await prepared.db.transaction((tx) => tx.execute(insert(3, 'C')));
    expect(await queryRows(prepared.db, sql`select code from item where id = ${3}`)).toEqual([{ code: 'C' }]);
    await prepared.db.execute(sql`delete from item where id = ${3}`);
  });

  it('serve queries and transactions that overlap, each in its turn', async () => {
    const work = Array.from({ length: 60 }, (_, index) =>
      index % 3 === 0
        ? prepared.db.transaction(async (tx) => {
            const [row] = await queryRows<{ id: number }>(
              tx,
              sql`select id from item where id = ${1 + (index % 2)}`,
            );
            return row!.id;
          })
        : queryRows<{ id: number }>(prepared.db, sql`select id from item where id = ${1 + (index % 2)}`).then(
            (rows) => rows[0]!.id,
          ),
    );
    expect(await Promise.all(work)).toEqual(Array.from({ length: 60 }, (_, index) => 1 + (index % 2)));
  });

  it('deliver notifications sent by a prepared statement', async () => {
    const heard: string[] = [];
    const stop = await prepared.listen('srm_test', (payload) => heard.push(payload));
    await prepared.db.execute(sql`select pg_notify('srm_test', ${'hello'})`);
    await new Promise((resolve) => setTimeout(resolve, 10));
    await stop();
    expect(heard).toEqual(['hello']);
  });

  it('keep at most 500 statements, closing the one used longest ago', async () => {
    for (let index = 0; index < 620; index++)
      await prepared.db.execute(sql.raw(`select ${index} as n where 1 = 1`));
    const kept = await keptStatements(prepared);
    // Besides them, a transaction's BEGIN and COMMIT (earlier tests ran transactions).
    expect(kept).toBeGreaterThanOrEqual(501);
    expect(kept).toBeLessThanOrEqual(503);
    // The text used last is still kept: the same answer, no new statement.
    await prepared.db.execute(sql.raw(`select 619 as n where 1 = 1`));
    expect(await keptStatements(prepared)).toBe(kept);
    expect(await keptStatements(plain)).toBe(0);
  });

  it('answer the new columns of a table changed under a kept statement', async () => {
    const all = sql`select * from item where id = ${1}`;
    await prepared.db.execute(all);
    await prepared.pglite!.exec('alter table item add column note text');
    try {
      const [row] = (await answer(prepared, all)).rows;
      expect(row).toMatchObject({ id: 1, code: 'A', note: null });
      // In a transaction the changed statement fails once (the transaction is lost) and is prepared again.
      await prepared.pglite!.exec('alter table item add column note2 text');
      await expect(prepared.db.transaction((tx) => tx.execute(all))).rejects.toMatchObject({
        cause: { code: '0A000' },
      });
      const [again] = await prepared.db.transaction((tx) => queryRows(tx, all));
      expect(again).toMatchObject({ id: 1, note2: null });
    } finally {
      await prepared.pglite!.exec('alter table item drop column note; alter table item drop column note2');
    }
  });

  it('plan a statement asked for a generic plan once for any values, without the setting outliving it', async () => {
    const client = prepared.pglite! as unknown as {
      query(text: string, values: unknown[], options?: GenericPlan): Promise<{ rows: unknown[] }>;
    };
    const text = 'select code from item where id = $1 and code is not null';
    for (const id of [1, 2, 1, 2]) {
      const { rows } = await client.query(text, [id], { genericPlan: true });
      expect(rows).toEqual([{ code: id === 1 ? 'A' : 'B' }]);
    }
    const plans = await queryRows<{ generic: number; custom: number }>(
      prepared.db,
      sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
           where statement = ${text}`,
    );
    expect(plans).toEqual([{ generic: 4, custom: 0 }]);
    const setting = sql`select current_setting('plan_cache_mode') as mode`;
    expect(await queryRows(prepared.db, setting)).toEqual([{ mode: 'auto' }]);
    // In a transaction the option is not taken: the setting would hold until the transaction's end.
    const inside = await prepared.pglite!.transaction(async (tx) => {
      await (tx as unknown as typeof client).query(text, [1], { genericPlan: true });
      return (await tx.query<{ mode: string }>(`select current_setting('plan_cache_mode') as mode`)).rows;
    });
    expect(inside).toEqual([{ mode: 'auto' }]);
  });

  it('run a transaction in two passes through the engine: BEGIN with the first statement, COMMIT alone', async () => {
    const passes = countPasses(prepared);
    try {
      const select = (tx: typeof prepared.db) => queryRows(tx, sql`select code from item where id = ${1}`);
      await prepared.db.transaction(select); // the statement prepared (and BEGIN and COMMIT, once)
      passes.count = 0;
      expect(await prepared.db.transaction(select)).toEqual([{ code: 'A' }]);
      expect(passes.count).toBe(2);
      passes.count = 0;
      await prepared.db.transaction(async () => undefined);
      expect(passes.count).toBe(0);
    } finally {
      passes.stop();
    }
  });

  it('end a transaction whose statement failed, rolled back or asked to roll back, with nothing left open', async () => {
    const insert = (id: number, code: string) => sql`insert into item (id, code) values (${id}, ${code})`;
    // A savepoint outside a transaction block is refused (25P01); inside one it is taken (or refused
    // with 25P02 when the transaction failed).
    const open = () =>
      prepared.pglite!.exec('savepoint probe').then(
        () => ({ open: true }),
        (error: { code?: string }) => ({ open: error.code !== '25P01' }),
      );
    // The first statement fails (a duplicate) after the BEGIN it went with: rolled back.
    await expect(prepared.db.transaction((tx) => tx.execute(insert(1, 'X')))).rejects.toMatchObject({
      cause: { code: '23505' },
    });
    // The first statement never prepared (a syntax error): no BEGIN went out.
    await expect(prepared.db.transaction((tx) => tx.execute(sql`selec ${2}`))).rejects.toMatchObject({
      cause: { code: '42601' },
    });
    expect(await open()).toEqual({ open: false });
    // A failure the work swallowed: the COMMIT ends in ROLLBACK, and says so.
    const swallowed = prepared.db.transaction(async (tx) => {
      await tx.execute(insert(5, 'E'));
      await tx.execute(insert(6, 'A')).catch(() => undefined);
    });
    await expect(swallowed).rejects.toMatchObject({ code: '25P02' });
    // Asked to roll back (Drizzle's rollback), and a savepoint rolled back inside a kept transaction.
    await prepared.db
      .transaction(async (tx) => {
        await tx.execute(insert(7, 'G'));
        tx.rollback();
      })
      .catch(() => undefined);
    await prepared.db.transaction(async (tx) => {
      await tx.execute(insert(8, 'H'));
      await tx
        .transaction(async (inner) => {
          await inner.execute(insert(9, 'A'));
        })
        .catch(() => undefined);
    });
    const ids = await queryRows<{ id: number }>(
      prepared.db,
      sql`select id from item where id > 2 order by id`,
    );
    expect(ids).toEqual([{ id: 8 }]);
    expect(await open()).toEqual({ open: false });
    await prepared.db.execute(sql`delete from item where id > 2`);
  });

  it('hand a file to COPY and take one from it inside a transaction', async () => {
    const written = await prepared.pglite!.transaction(async (tx) => {
      await tx.exec('create temporary table copied (id int, code text) on commit drop');
      await tx.query(`copy copied from '/dev/blob' with (format csv)`, [], {
        blob: new Blob(['10,J\n11,K\n']),
      });
      const out = await tx.query(
        `copy (select code from copied order by id) to '/dev/blob' with (format csv)`,
      );
      return out.blob ? await out.blob.text() : null;
    });
    expect(written).toBe('J\nK\n');
  });

  it('send a deferred statement with the transaction’s next pass, and fail the transaction when it fails', async () => {
    const passes = countPasses(prepared);
    const insert = (id: number, code: string) => insertInto(id, code).toSQL();
    const count = (tx: typeof prepared.db) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from item where id > ${2}`);
    try {
      // Once to have the insert kept (a statement not kept yet runs at once).
      await prepared.db.transaction(async (tx) => {
        await count(tx);
        await deferQuery(tx, insert(20, 'T'));
        await tx.execute(sql`delete from item where id = ${20}`);
      });
      passes.count = 0;
      const seen = await prepared.db.transaction(async (tx) => {
        await count(tx); // BEGIN with it
        await deferQuery(tx, insert(21, 'U'));
        await deferQuery(tx, insert(22, 'V'));
        return count(tx); // the two inserts ahead of it, in its pass
      });
      expect(seen).toEqual([{ n: 2 }]);
      expect(passes.count).toBe(3);
      // Deferred to the COMMIT, and failing there (a duplicate code): nothing of the transaction stays.
      const failed = prepared.db.transaction(async (tx) => {
        await tx.execute(sql`delete from item where id = ${21}`);
        await deferQuery(tx, insert(23, 'V'));
      });
      await expect(failed).rejects.toMatchObject({ code: '23505' });
      // Dropped with a rollback.
      await prepared.db
        .transaction(async (tx) => {
          await count(tx);
          await deferQuery(tx, insert(24, 'W'));
          tx.rollback();
        })
        .catch(() => undefined);
      const ids = await queryRows<{ id: number }>(
        prepared.db,
        sql`select id from item where id > 2 order by id`,
      );
      expect(ids).toEqual([{ id: 21 }, { id: 22 }]);
    } finally {
      passes.stop();
      await prepared.db.execute(sql`delete from item where id > 2`);
    }
  });
});
