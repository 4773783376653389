// Demo data: named seeds that load rows through the entity services (so they are validated,
// numbered and audited like any other write) and upsert by natural keys (so they can run again).
import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { queryRows } from '@srm/db';
import { sql } from 'drizzle-orm';
import { SYSTEM_ACTOR } from '../access/actor';
import type { Row } from '../entity/rows';
import type { EntityRuntime } from '../entity/runtime';
import { seedRun } from '../system/tables';

export interface SeedContext {
  readonly runtime: EntityRuntime;
  /**
   * Creates or updates rows of an entity matched on the given fields; returns their ids in
   * order. Only writable fields are sent; unchanged rows are left alone.
   */
  upsert(entity: string, match: readonly string[], rows: readonly Row[]): Promise<number[]>;
  /** The id of the row with these field values, or throws. */
  idOf(entity: string, where: Readonly<Record<string, unknown>>): Promise<number>;
  /** The id of the row with these field values, or null. */
  findId(entity: string, where: Readonly<Record<string, unknown>>): Promise<number | null>;
}

export interface Seed {
  readonly name: string;
  run(context: SeedContext): Promise<void>;
}

export function defineSeed(name: string, run: (context: SeedContext) => Promise<void>): Seed {
  return { name, run };
}

function seedContext(runtime: EntityRuntime): SeedContext {
  const findId = async (entityName: string, where: Readonly<Record<string, unknown>>) => {
    const entity = runtime.registry.get(entityName);
    const table = runtime.table(entityName);
    const conditions: SQL[] = Object.entries(where).map(([field, value]) =>
      eq(table[field] as AnyPgColumn, value),
    );
    const [row] = await runtime
      .executor()
      .select({ id: table[entity.key] as AnyPgColumn })
      .from(table)
      .where(and(...conditions))
      .limit(1);
    return row ? (row.id as number) : null;
  };
  return {
    runtime,
    findId,
    async idOf(entityName, where) {
      const id = await findId(entityName, where);
      if (id === null) throw new Error(`Seed: no ${entityName} with ${JSON.stringify(where)}`);
      return id;
    },
    async upsert(entityName, match, rows) {
      const service = runtime.service(entityName);
      const entity = service.entity;
      const ids: number[] = [];
      for (const row of rows) {
        const where = Object.fromEntries(match.map((field) => [field, row[field]]));
        const id = await findId(entityName, where);
        if (id === null) {
          const saved = await service.save(SYSTEM_ACTOR, row);
          ids.push(saved[entity.key] as number);
          continue;
        }
        const current = await service.find(SYSTEM_ACTOR, id);
        const changed = Object.entries(row).filter(
          ([field, value]) =>
            !(field in entity.lines) &&
            JSON.stringify(current[field] ?? null) !== JSON.stringify(value ?? null),
        );
        if (changed.length) {
          await service.save(SYSTEM_ACTOR, {
            [entity.key]: id,
            versionNum: current.versionNum,
            ...Object.fromEntries(changed),
          });
        }
        ids.push(id);
      }
      return ids;
    },
  };
}

export interface SeedReport {
  ran: string[];
  skipped: string[];
}

/**
 * Runs seeds, each in its own transaction, and records them. `mode: 'new'` runs only seeds not
 * recorded yet, and only on a database that never ran one or already holds demo data.
 */
export async function runSeeds(
  runtime: EntityRuntime,
  seeds: readonly Seed[],
  mode: 'all' | 'new',
): Promise<SeedReport> {
  const done = new Set(
    (await queryRows<{ name: string }>(runtime.executor(), sql`select name from base_seed_run`)).map(
      (r) => r.name,
    ),
  );
  const report: SeedReport = { ran: [], skipped: [] };
  const context = seedContext(runtime);
  for (const seed of seeds) {
    if (mode === 'new' && done.has(seed.name)) {
      report.skipped.push(seed.name);
      continue;
    }
    await runtime.transaction(async (tx) => {
      await seed.run(context);
      const now = runtime.clock.now();
      await tx
        .insert(seedRun)
        .values({ name: seed.name, appliedAt: now })
        .onConflictDoUpdate({ target: seedRun.name, set: { appliedAt: now } });
    });
    report.ran.push(seed.name);
  }
  return report;
}
