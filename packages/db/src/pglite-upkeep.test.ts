// The embedded engine's upkeep vacuums and analyses the tables past PostgreSQL's autovacuum
// thresholds, and only those; the planner then knows a table's size (the reason it exists: a
// generic plan over a never-analysed table read every row).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './connection';
import { upkeepDue, upkeepPass } from './pglite-upkeep';

let database: Database;
const engine = () => database.pglite!;

interface TableStats {
  n_dead_tup: number;
  n_mod_since_analyze: number;
  last_analyze: Date | null;
  last_vacuum: Date | null;
  reltuples: number;
}

async function stats(table: string): Promise<TableStats> {
  const { rows } = await engine().query<TableStats>(
    `select s.n_dead_tup::int as n_dead_tup, s.n_mod_since_analyze::int as n_mod_since_analyze,
            s.last_analyze, s.last_vacuum, c.reltuples::int as reltuples
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.relname = $1`,
    [table],
  );
  return rows[0]!;
}

beforeEach(async () => {
  database = await openDatabase({ upkeepSeconds: 0 });
});

afterEach(async () => {
  await database.close();
});

describe('the embedded engine’s upkeep', () => {
  it('analyses a table past 50 changed rows plus a tenth, and leaves a quiet one alone', async () => {
    await engine().exec(`create table busy (id int primary key, v text);
      insert into busy select g, 'x' from generate_series(1, 400) g;
      create table quiet (id int primary key);
      insert into quiet select g from generate_series(1, 20) g;`);
    expect((await upkeepDue(engine())).map((step) => step.table)).toEqual(['public.busy']);
    const done = await upkeepPass(engine());
    expect(done).toEqual([{ table: 'public.busy', vacuum: false, analyze: true }]);
    const busy = await stats('busy');
    expect(busy.last_analyze).not.toBeNull();
    expect(busy.reltuples).toBe(400);
    expect(busy.n_mod_since_analyze).toBe(0);
    expect((await stats('quiet')).last_analyze).toBeNull();
    expect(await upkeepDue(engine())).toEqual([]);
    // A tenth of 400 and 50 more: 89 updated rows are not due, 91 are.
    await engine().exec(`update busy set v = 'y' where id <= 89`);
    expect(await upkeepDue(engine())).toEqual([]);
    await engine().exec(`update busy set v = 'y' where id between 90 and 91`);
    expect((await upkeepDue(engine())).map((step) => step.table)).toEqual(['public.busy']);
  });

  it('vacuums the dead rows of deletes and updates, and past 1,000 inserted rows', async () => {
    await engine().exec(`create table churn (id int primary key, v text);
      insert into churn select g, 'x' from generate_series(1, 500) g;`);
    await upkeepPass(engine());
    await engine().exec(`delete from churn where id <= 300`);
    expect(await upkeepDue(engine())).toEqual([{ table: 'public.churn', vacuum: true, analyze: true }]);
    await upkeepPass(engine());
    const churn = await stats('churn');
    expect(churn.n_dead_tup).toBe(0);
    expect(churn.last_vacuum).not.toBeNull();
    expect(churn.reltuples).toBe(200);
    await engine().exec(`create table grown (id int primary key);
      insert into grown select g from generate_series(1, 1200) g;`);
    expect(await upkeepDue(engine())).toEqual([{ table: 'public.grown', vacuum: true, analyze: true }]);
  });

  it('gives the planner the table’s size: a generic plan finds one row by its key', async () => {
    // pg-boss's completion of a job, on a table that holds 3,000 jobs of which one is active.
    await engine().exec(`create table job (name text, id int, state text, primary key (name, id));
      insert into job select 'q', g, 'completed' from generate_series(1, 3000) g;
      update job set state = 'active' where id = 1500;
      set plan_cache_mode = force_generic_plan;
      prepare complete(text, int[]) as
        update job set state = 'completed' where name = $1 and id in (select unnest($2)) and state = 'active';`);
    const plan = async () =>
      (await engine().query<{ 'QUERY PLAN': string }>(`explain execute complete('q', array[1500])`)).rows
        .map((row) => row['QUERY PLAN'])
        .join('\n');
    expect(await plan()).not.toMatch(/Index Scan using job_pkey/);
    await upkeepPass(engine());
    expect(await plan()).toMatch(/Index Scan using job_pkey/);
  });

  it('runs on its own every so many seconds until the database closes', async () => {
    await database.close();
    database = await openDatabase({ upkeepSeconds: 0.2 });
    await engine().exec(`create table later (id int primary key);
      insert into later select g from generate_series(1, 100) g;`);
    const deadline = Date.now() + 5_000;
    while ((await stats('later')).last_analyze === null && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await stats('later')).last_analyze).not.toBeNull();
  });
});
