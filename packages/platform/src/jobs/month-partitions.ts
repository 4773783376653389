// Logs kept in monthly partitions (the interfaces' platform log, migration 0080; the message log,
// migration 0125): a log is a table PARTITIONED BY RANGE (its time column) with one partition per
// calendar month and a DEFAULT partition; the upkeep here keeps partitions ready for this month
// and the next two, and drops months whose whole range is older than the kept days, so the daily
// purge frees a month with one DROP instead of deleting its rows one by one. Months are UTC months
// (a partition's bounds are instants, and a log kept 90 days does not care on which side of a
// local midnight a month starts).
//
// A row no month partition covers (the program not run for months, a clock moved far ahead in a
// test) lands in the DEFAULT partition: an insert never fails for want of a partition. The
// DEFAULT partition's old rows are deleted in batches, as the whole log's were before.
//
// Raw SQL throughout: partitions are DDL, and the bulk deletes and drops are no document changes
// (nothing to audit field by field). Names and bounds spliced into DDL are built here from numbers
// and the log's declaration (DDL takes no bind parameters), never from input.
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '@srm/db';

/** A log kept in monthly partitions. */
export interface MonthPartitionedLog {
  /** The partitioned table; its months are named `<table>_yyyy_mm`, its DEFAULT `<table>_default`. */
  readonly table: string;
  /** The column the months are ranges of. */
  readonly timeColumn: string;
  /** The key column (deletes from the DEFAULT partition go by it). */
  readonly keyColumn: string;
  /** One upkeep of this log at a time when two nodes run its program together (any fixed number). */
  readonly lock: number;
}

/** Months kept ready after the current one. */
export const MONTHS_AHEAD = 2;
/** Rows of the DEFAULT partition deleted per transaction. */
export const DEFAULT_PURGE_BATCH = 5_000;
const DAY_MS = 86_400_000;
/**
 * How long the upkeep's DDL waits for a lock before giving up (the run fails; the next one tries
 * again): a partition's DDL locks the whole log, and every log insert queues behind a waiting lock.
 */
const LOCK_TIMEOUT = '5s';

export interface LogPartition {
  name: string;
  /** The DEFAULT partition (no bounds). */
  isDefault: boolean;
  /** Lower bound (inclusive); null for none (MINVALUE or DEFAULT). */
  from: Date | null;
  /** Upper bound (exclusive); null for none (MAXVALUE or DEFAULT). */
  to: Date | null;
}

export interface UpkeepReport {
  created: string[];
  dropped: string[];
  /** Rows deleted from the DEFAULT partition. */
  removed: number;
}

/** What a unit of work hands the upkeep (a program's DataApi has both). */
export interface UpkeepUnit {
  readonly tx: Executor;
  /** The database time of the unit. */
  readonly now: Date;
}

/** Runs a task in a transaction of its own (a program's `run.work`). */
export type UpkeepWork = <T>(task: (unit: UpkeepUnit) => Promise<T>) => Promise<T>;

/** The first instant (UTC) of the month `offset` months after the month of `at`. */
export function monthStart(at: Date, offset = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));
}

/** <table>_yyyy_mm, as the migrations name the months they create. */
export function partitionName(log: MonthPartitionedLog, month: Date): string {
  return `${log.table}_${month.getUTCFullYear()}_${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The log's partitions with their bounds, read from the catalogue. */
export async function logPartitions(log: MonthPartitionedLog, tx: Executor): Promise<LogPartition[]> {
  // The bounds come back as text in the session's time zone with its offset; the cast back to
  // timestamptz reads them as the instants they are, whatever that zone.
  const rows = await queryRows<{
    name: string;
    is_default: boolean;
    from_ms: number | string | null;
    to_ms: number | string | null;
  }>(
    tx,
    sql`select c.relname as name, b.bound = 'DEFAULT' as is_default,
               extract(epoch from (regexp_match(b.bound, 'FROM \\(''([^'']+)''\\)'))[1]::timestamptz) * 1000 as from_ms,
               extract(epoch from (regexp_match(b.bound, 'TO \\(''([^'']+)''\\)'))[1]::timestamptz) * 1000 as to_ms
          from pg_inherits i
          join pg_class c on c.oid = i.inhrelid
          cross join lateral (select pg_get_expr(c.relpartbound, c.oid) as bound) b
         where i.inhparent = ${log.table}::regclass
         order by c.relname`,
  );
  const instant = (ms: number | string | null) => (ms === null ? null : new Date(Number(ms)));
  return rows.map((row) => ({
    name: row.name,
    isDefault: row.is_default,
    from: instant(row.from_ms),
    to: instant(row.to_ms),
  }));
}

/** A timestamptz literal for DDL, from an instant. */
const literal = (at: Date) => sql.raw(`'${at.toISOString()}'`);

/**
 * Makes sure the month of `now` and the MONTHS_AHEAD next ones have partitions; answers the ones
 * created. Idempotent: a month some partition already covers, even partly, is left as it is.
 * Rows the DEFAULT partition holds for a new month move into it (PostgreSQL refuses to create a
 * partition whose range the DEFAULT partition has rows of).
 */
export async function ensureLogPartitions(
  log: MonthPartitionedLog,
  tx: Executor,
  now: Date,
): Promise<string[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(${log.lock})`);
  await tx.execute(sql.raw(`set local lock_timeout = '${LOCK_TIMEOUT}'`));
  const existing = await logPartitions(log, tx);
  const fallback = existing.find((partition) => partition.isDefault);
  const created: string[] = [];
  for (let offset = 0; offset <= MONTHS_AHEAD; offset++) {
    const from = monthStart(now, offset);
    const to = monthStart(now, offset + 1);
    const covered = existing.some(
      (partition) =>
        !partition.isDefault &&
        (partition.from === null || partition.from < to) &&
        (partition.to === null || partition.to > from),
    );
    if (covered) continue;
    const name = partitionName(log, from);
    // No log insert between looking at the DEFAULT partition and creating the month (a row of
    // the month arriving in between would make the CREATE fail); reads go on.
    await tx.execute(sql`lock table ${sql.identifier(log.table)} in share row exclusive mode`);
    const held = fallback ? await holdDefaultRows(log, tx, fallback.name, from, to) : false;
    await tx.execute(
      sql`create table if not exists ${sql.identifier(name)} partition of ${sql.identifier(log.table)}
            for values from (${literal(from)}) to (${literal(to)})`,
    );
    if (held) await releaseHeldRows(log, tx);
    created.push(name);
  }
  return created;
}

/** The temporary table that carries the DEFAULT partition's rows of a new month across. */
const heldOf = (log: MonthPartitionedLog) => `${log.table}_held_rows`;

/** Moves the DEFAULT partition's rows in [from, to) to a temporary table; answers whether any. */
async function holdDefaultRows(
  log: MonthPartitionedLog,
  tx: Executor,
  fallback: string,
  from: Date,
  to: Date,
): Promise<boolean> {
  const time = sql.identifier(log.timeColumn);
  const [any] = await queryRows<{ one: number }>(
    tx,
    sql`select 1 as one from ${sql.identifier(fallback)} where ${time} >= ${from} and ${time} < ${to} limit 1`,
  );
  if (!any) return false;
  const HELD = heldOf(log);
  await tx.execute(
    sql`create temporary table ${sql.identifier(HELD)} (like ${sql.identifier(fallback)}) on commit drop`,
  );
  await tx.execute(
    sql`with moved as (
          delete from ${sql.identifier(fallback)} where ${time} >= ${from} and ${time} < ${to} returning *)
        insert into ${sql.identifier(HELD)} select * from moved`,
  );
  return true;
}

/** Puts the held rows back through the log table (each finds its partition), then drops them. */
async function releaseHeldRows(log: MonthPartitionedLog, tx: Executor): Promise<void> {
  const HELD = heldOf(log);
  // Named, not `*`: a column order that differs between two partitions cannot misplace a value.
  const names = await queryRows<{ name: string }>(
    tx,
    sql`select attname as name from pg_attribute
         where attrelid = ${HELD}::regclass and attnum > 0 and not attisdropped order by attnum`,
  );
  const columns = sql.join(
    names.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  await tx.execute(
    sql`insert into ${sql.identifier(log.table)} (${columns}) select ${columns} from ${sql.identifier(HELD)}`,
  );
  await tx.execute(sql`drop table ${sql.identifier(HELD)}`);
}

/** Drops the month partitions whose whole range is before `before`; answers their names. */
export async function dropExpiredLogPartitions(
  log: MonthPartitionedLog,
  tx: Executor,
  before: Date,
): Promise<string[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(${log.lock})`);
  await tx.execute(sql.raw(`set local lock_timeout = '${LOCK_TIMEOUT}'`));
  const expired = (await logPartitions(log, tx)).filter(
    (partition) => !partition.isDefault && partition.to !== null && partition.to <= before,
  );
  for (const partition of expired) await tx.execute(sql`drop table ${sql.identifier(partition.name)}`);
  return expired.map((partition) => partition.name);
}

/** Deletes up to `limit` rows older than `before` from the DEFAULT partition; answers how many. */
export async function purgeDefaultPartition(
  log: MonthPartitionedLog,
  tx: Executor,
  before: Date,
  limit: number,
): Promise<number> {
  const fallback = (await logPartitions(log, tx)).find((partition) => partition.isDefault);
  if (!fallback) return 0;
  const table = sql.identifier(fallback.name);
  const key = sql.identifier(log.keyColumn);
  const [gone] = await queryRows<{ n: number }>(
    tx,
    sql`with gone as (
          delete from ${table} where ${key} in (
            select ${key} from ${table} where ${sql.identifier(log.timeColumn)} < ${before} limit ${limit})
          returning 1)
        select count(*)::int as n from gone`,
  );
  return Number(gone?.n ?? 0);
}

/**
 * A log's daily upkeep, each step in its own transaction: partitions for this month and the next
 * two; months whose range ended more than `keepDays` ago dropped whole; the DEFAULT partition's
 * rows older than that deleted in batches; then fresh statistics for the whole table (autovacuum
 * never analyses a partitioned table itself, and the lists' counts read its row estimate).
 * A month is dropped only once all of it is older than the kept days, so rows stay between
 * `keepDays` and about a month more.
 */
export async function keepMonthPartitionedLog(
  log: MonthPartitionedLog,
  work: UpkeepWork,
  keepDays: number,
  signal?: AbortSignal,
): Promise<UpkeepReport> {
  const created = await work(({ tx, now }) => ensureLogPartitions(log, tx, now));
  const dropped = await work(({ tx, now }) =>
    dropExpiredLogPartitions(log, tx, new Date(now.getTime() - keepDays * DAY_MS)),
  );
  let removed = 0;
  for (;;) {
    if (signal?.aborted) break;
    const count = await work(({ tx, now }) =>
      purgeDefaultPartition(log, tx, new Date(now.getTime() - keepDays * DAY_MS), DEFAULT_PURGE_BATCH),
    );
    removed += count;
    if (count < DEFAULT_PURGE_BATCH) break;
  }
  await work(({ tx }) => tx.execute(sql`analyze ${sql.identifier(log.table)}`));
  return { created, dropped, removed };
}
