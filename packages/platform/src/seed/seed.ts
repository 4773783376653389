// Demo data: named seeds that load rows through the entity services (so they are validated,
// numbered and audited like any other write) and upsert by natural keys (so they can run again).
import { AsyncLocalStorage } from 'node:async_hooks';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { queryRows } from '@srm/db';
import { sql } from 'drizzle-orm';
import { type Actor, SYSTEM_ACTOR } from '../access/actor';
import { type DataApi, dataApi } from '../entity/context';
import type { Row } from '../entity/rows';
import type { EntityRuntime } from '../entity/runtime';
import { seedRun } from '../system/tables';

/** The advisory lock the seeds run under (migrations take 72_170_001). */
const SEED_LOCK = 72_170_002;

export interface SeedContext {
  readonly runtime: EntityRuntime;
  /**
   * Creates the row matched by `where` (an empty value matches an empty field), or updates the
   * fields that differ; answers its id. Line collections named in `lineKeys` are merged by
   * their natural key: missing lines are added, differing fields updated, lines the seed does
   * not know are kept. An unchanged row is not written at all.
   */
  put(
    entity: string,
    where: Readonly<Row>,
    row: Readonly<Row>,
    lineKeys?: Readonly<Record<string, readonly string[]>>,
  ): Promise<number>;
  /** `put` for each row, matched on the given fields. */
  upsert(entity: string, match: readonly string[], rows: readonly Row[]): Promise<number[]>;
  /** The id of the row with these field values, or throws. */
  idOf(entity: string, where: Readonly<Record<string, unknown>>): Promise<number>;
  /** The id of the row with these field values, or null. */
  findId(entity: string, where: Readonly<Record<string, unknown>>): Promise<number | null>;
  /**
   * The typed data API (context.ts) as the platform, or as the given actor (a supplier's user
   * answering an order in the demo): writes versioned and audited under `seed`.
   */
  data(actor?: Actor): DataApi;
}

export interface Seed {
  readonly name: string;
  /**
   * Made with this installation's own secrets (the e-signing CA's keys, certificates issued from
   * it): never part of the demo snapshot, run at the installation's first start instead.
   */
  readonly installation?: boolean;
  run(context: SeedContext): Promise<void>;
}

export function defineSeed(
  name: string,
  run: (context: SeedContext) => Promise<void>,
  options: { installation?: boolean } = {},
): Seed {
  return { name, run, ...(options.installation ? { installation: true } : {}) };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function seedContext(runtime: EntityRuntime): SeedContext {
  const findId = async (entityName: string, where: Readonly<Record<string, unknown>>) => {
    const entity = runtime.registry.get(entityName);
    const table = runtime.table(entityName);
    const conditions: SQL[] = Object.entries(where).map(([field, value]) =>
      value === null || value === undefined
        ? isNull(table[field] as AnyPgColumn)
        : eq(table[field] as AnyPgColumn, value),
    );
    const [row] = await runtime
      .executor()
      .select({ id: table[entity.key] as AnyPgColumn })
      .from(table)
      .where(and(...conditions))
      .limit(1);
    return row ? (row.id as number) : null;
  };
  const put: SeedContext['put'] = async (entityName, where, row, lineKeys = {}) => {
    const service = runtime.service(entityName);
    const entity = service.entity;
    const id = await findId(entityName, where);
    if (id === null) return (await service.save(SYSTEM_ACTOR, row))[entity.key] as number;
    const current = await service.find(SYSTEM_ACTOR, id);
    const update: Row = {};
    for (const [field, value] of Object.entries(row)) {
      if (!(field in entity.lines) && !same(current[field], value)) update[field] = value;
    }
    for (const [collection, match] of Object.entries(lineKeys)) {
      const wanted = row[collection] as Row[] | undefined;
      if (!wanted) continue;
      const lineKey = entity.lines[collection]!.key;
      const stored = (current[collection] as Row[] | undefined) ?? [];
      const lines: Row[] = stored.map((line) => ({ [lineKey]: line[lineKey] }));
      let changed = false;
      for (const want of wanted) {
        const index = stored.findIndex((line) => match.every((field) => same(line[field], want[field])));
        if (index < 0) {
          lines.push({ ...want });
          changed = true;
          continue;
        }
        for (const [field, value] of Object.entries(want)) {
          if (same(stored[index]![field], value)) continue;
          lines[index]![field] = value;
          changed = true;
        }
      }
      if (changed) update[collection] = lines;
    }
    if (Object.keys(update).length) {
      await service.save(SYSTEM_ACTOR, { [entity.key]: id, versionNum: current.versionNum, ...update });
    }
    return id;
  };
  return {
    runtime,
    findId,
    put,
    data: (actor = SYSTEM_ACTOR) =>
      dataApi({ actor, runtime, tx: runtime.executor(), now: runtime.clock.now() }, 'seed'),
    async idOf(entityName, where) {
      const id = await findId(entityName, where);
      if (id === null) throw new Error(`Seed: no ${entityName} with ${JSON.stringify(where)}`);
      return id;
    },
    async upsert(entityName, match, rows) {
      const ids: number[] = [];
      for (const row of rows)
        ids.push(await put(entityName, Object.fromEntries(match.map((f) => [f, row[f] ?? null])), row));
      return ids;
    },
  };
}

export interface SeedReport {
  ran: string[];
  skipped: string[];
  /** How long each seed that ran took, in ms. */
  took: Record<string, number>;
}

const seeding = new AsyncLocalStorage<true>();

/**
 * True inside a seed's run. Demo data queues no timed job of its own (an auction's start, say): a
 * test server's seeded template is copied for every test file, and a job queued in it would fire
 * in each copy at its moment, under the tests. What demo rows wait for is queued by an
 * installation's start instead (BackgroundServices.catchUp).
 */
export function isSeeding(): boolean {
  return seeding.getStore() === true;
}

/**
 * Runs seeds, each in its own transaction, and records them. `mode: 'new'` runs only seeds not
 * recorded yet, and only on a database that never ran one or already holds demo data.
 * `installation: false` (the demo snapshot) leaves out the seeds made with the installation's
 * own secrets; they run at its first start.
 */
export async function runSeeds(
  runtime: EntityRuntime,
  seeds: readonly Seed[],
  mode: 'all' | 'new',
  options: { installation?: boolean } = {},
): Promise<SeedReport> {
  const done = new Set(
    (await queryRows<{ name: string }>(runtime.executor(), sql`select name from base_seed_run`)).map(
      (r) => r.name,
    ),
  );
  const report: SeedReport = { ran: [], skipped: [], took: {} };
  const context = seedContext(runtime);
  for (const seed of seeds) {
    if ((mode === 'new' && done.has(seed.name)) || (seed.installation && options.installation === false)) {
      report.skipped.push(seed.name);
      continue;
    }
    const started = performance.now();
    const ran = await runtime.transaction(async (tx) => {
      // Nodes starting together on a new database take the seeds one at a time: a seed another
      // node ran while this one waited is not run again.
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
      if (mode === 'new') {
        const [recorded] = await tx.select().from(seedRun).where(eq(seedRun.name, seed.name));
        if (recorded) return false;
      }
      await seeding.run(true, () => seed.run(context));
      const now = runtime.clock.now();
      await tx
        .insert(seedRun)
        .values({ name: seed.name, appliedAt: now })
        .onConflictDoUpdate({ target: seedRun.name, set: { appliedAt: now } });
      return true;
    });
    report[ran ? 'ran' : 'skipped'].push(seed.name);
    if (ran) report.took[seed.name] = Math.round(performance.now() - started);
  }
  return report;
}
