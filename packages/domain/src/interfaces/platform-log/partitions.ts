// The platform log's monthly partitions. Migration 0080 made base_scsi_platform_log a table
// PARTITIONED BY RANGE (sent_at) with one partition per calendar month and a DEFAULT partition;
// the upkeep here keeps partitions ready for this month and the next two, and drops months whose
// whole range is older than the kept days, so the daily purge frees a month with one DROP instead
// of deleting its rows one by one. Months are UTC months (a partition's bounds are instants, and a
// log kept 90 days does not care on which side of a local midnight a month starts).
//
// A row no month partition covers (the program not run for months, a clock moved far ahead in a
// test) lands in the DEFAULT partition: an insert never fails for want of a partition. The
// DEFAULT partition's old rows are deleted in batches, as the whole log's were before.
//
// Raw SQL throughout: partitions are DDL, and the bulk deletes and drops are no document changes
// (nothing to audit field by field). Names and bounds spliced into DDL are built here from numbers
// (DDL takes no bind parameters), never from input.
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '@srm/db';
import { scsiPlatformLog } from './platform-log.entity';

/** Months kept ready after the current one. */
export const MONTHS_AHEAD = 2;
/** Rows of the DEFAULT partition deleted per transaction. */
export const DEFAULT_PURGE_BATCH = 5_000;
const DAY_MS = 86_400_000;
/** One upkeep at a time when two nodes run the program together (the number is arbitrary). */
const UPKEEP_LOCK = 72_170_016;
/**
 * How long the upkeep's DDL waits for a lock before giving up (the run fails; the next one tries
 * again): a partition's DDL locks the whole log, and every log insert queues behind a waiting lock.
 */
const LOCK_TIMEOUT = '5s';

const TABLE = scsiPlatformLog.table;

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

/** base_scsi_platform_log_yyyy_mm, as migration 0080 names the months it creates. */
export function partitionName(month: Date): string {
  return `${TABLE}_${month.getUTCFullYear()}_${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The log's partitions with their bounds, read from the catalogue. */
export async function logPartitions(tx: Executor): Promise<LogPartition[]> {
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
         where i.inhparent = ${TABLE}::regclass
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
export async function ensureLogPartitions(tx: Executor, now: Date): Promise<string[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(${UPKEEP_LOCK})`);
  await tx.execute(sql.raw(`set local lock_timeout = '${LOCK_TIMEOUT}'`));
  const existing = await logPartitions(tx);
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
    const name = partitionName(from);
    // No log insert between looking at the DEFAULT partition and creating the month (a row of
    // the month arriving in between would make the CREATE fail); reads go on.
    await tx.execute(sql`lock table ${sql.identifier(TABLE)} in share row exclusive mode`);
    const held = fallback ? await holdDefaultRows(tx, fallback.name, from, to) : false;
    await tx.execute(
      sql`create table if not exists ${sql.identifier(name)} partition of ${sql.identifier(TABLE)}
            for values from (${literal(from)}) to (${literal(to)})`,
    );
    if (held) await releaseHeldRows(tx);
    created.push(name);
  }
  return created;
}

/** The temporary table that carries the DEFAULT partition's rows of a new month across. */
const HELD = 'platform_log_held_rows';

/** Moves the DEFAULT partition's rows in [from, to) to a temporary table; answers whether any. */
async function holdDefaultRows(tx: Executor, fallback: string, from: Date, to: Date): Promise<boolean> {
  const [any] = await queryRows<{ one: number }>(
    tx,
    sql`select 1 as one from ${sql.identifier(fallback)} where sent_at >= ${from} and sent_at < ${to} limit 1`,
  );
  if (!any) return false;
  await tx.execute(
    sql`create temporary table ${sql.identifier(HELD)} (like ${sql.identifier(fallback)}) on commit drop`,
  );
  await tx.execute(
    sql`with moved as (
          delete from ${sql.identifier(fallback)} where sent_at >= ${from} and sent_at < ${to} returning *)
        insert into ${sql.identifier(HELD)} select * from moved`,
  );
  return true;
}

/** Puts the held rows back through the log table (each finds its partition), then drops them. */
async function releaseHeldRows(tx: Executor): Promise<void> {
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
    sql`insert into ${sql.identifier(TABLE)} (${columns}) select ${columns} from ${sql.identifier(HELD)}`,
  );
  await tx.execute(sql`drop table ${sql.identifier(HELD)}`);
}

/** Drops the month partitions whose whole range is before `before`; answers their names. */
export async function dropExpiredLogPartitions(tx: Executor, before: Date): Promise<string[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(${UPKEEP_LOCK})`);
  await tx.execute(sql.raw(`set local lock_timeout = '${LOCK_TIMEOUT}'`));
  const expired = (await logPartitions(tx)).filter(
    (partition) => !partition.isDefault && partition.to !== null && partition.to <= before,
  );
  for (const partition of expired) await tx.execute(sql`drop table ${sql.identifier(partition.name)}`);
  return expired.map((partition) => partition.name);
}

/** Deletes up to `limit` rows older than `before` from the DEFAULT partition; answers how many. */
export async function purgeDefaultPartition(tx: Executor, before: Date, limit: number): Promise<number> {
  const fallback = (await logPartitions(tx)).find((partition) => partition.isDefault);
  if (!fallback) return 0;
  const table = sql.identifier(fallback.name);
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`delete from ${table} where platform_log_id in (
          select platform_log_id from ${table} where sent_at < ${before} limit ${limit})
        returning platform_log_id as id`,
  );
  return rows.length;
}

/**
 * The log's daily upkeep, each step in its own transaction: partitions for this month and the next
 * two; months whose range ended more than `keepDays` ago dropped whole; the DEFAULT partition's
 * rows older than that deleted in batches; then fresh statistics for the whole table (autovacuum
 * never analyses a partitioned table itself, and the lists' counts read its row estimate).
 * A month is dropped only once all of it is older than the kept days, so rows stay between
 * `keepDays` and about a month more.
 */
export async function keepPlatformLog(
  work: UpkeepWork,
  keepDays: number,
  signal?: AbortSignal,
): Promise<UpkeepReport> {
  const created = await work(({ tx, now }) => ensureLogPartitions(tx, now));
  const dropped = await work(({ tx, now }) =>
    dropExpiredLogPartitions(tx, new Date(now.getTime() - keepDays * DAY_MS)),
  );
  let removed = 0;
  for (;;) {
    if (signal?.aborted) break;
    const count = await work(({ tx, now }) =>
      purgeDefaultPartition(tx, new Date(now.getTime() - keepDays * DAY_MS), DEFAULT_PURGE_BATCH),
    );
    removed += count;
    if (count < DEFAULT_PURGE_BATCH) break;
  }
  await work(({ tx }) => tx.execute(sql`analyze ${sql.identifier(TABLE)}`));
  return { created, dropped, removed };
}
