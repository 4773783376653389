// PURGE_MESSAGE_LOG (清理消息日志), run daily: the message log and the message instances are kept
// for the days its parameter names (180 by default) and no longer. The log lives in monthly
// partitions (migration 0125): this month's and the next two months' are made ready, months older
// than the kept days dropped whole, and old rows of its DEFAULT partition deleted in batches
// (platform jobs/month-partitions.ts). Instances that are done (sent, cancelled, suppressed) and were
// last touched before it are deleted in batches, one transaction each, so that a first run on a
// large table never holds a long lock; instances still waiting, failed (compensation names them)
// or being checked are kept. In-app messages (我的消息) are the users' own and are not touched.
import { sql } from 'drizzle-orm';
import { messageLog } from '@srm/kernel';
import { queryRows } from '@srm/db';
import {
  type DataApi,
  type Executable,
  type MonthPartitionedLog,
  keepMonthPartitionedLog,
} from '@srm/platform';
import { messageInstance } from '../instance/instance.entity';

export const PURGE_MESSAGE_LOG = 'PURGE_MESSAGE_LOG';
export const DEFAULT_KEEP_DAYS = 180;
/** Rows deleted per transaction. */
export const PURGE_BATCH = 5_000;
const DAY_MS = 86_400_000;

/** The message log's months (migration 0125). */
export const MESSAGE_LOG: MonthPartitionedLog = {
  table: messageLog.table!,
  timeColumn: 'sent_date',
  keyColumn: 'message_log_id',
  lock: 72_170_017,
};

/** Deletes rows in batches until a batch comes back short; answers how many went. */
async function inBatches(
  work: <T>(task: (data: DataApi) => Promise<T>) => Promise<T>,
  signal: AbortSignal | undefined,
  batch: (data: DataApi) => ReturnType<typeof sql>,
): Promise<number> {
  let removed = 0;
  for (;;) {
    if (signal?.aborted) return removed;
    const [counted] = await work((data) => queryRows<{ n: number }>(data.tx, batch(data)));
    const n = Number(counted?.n ?? 0);
    removed += n;
    if (n < PURGE_BATCH) return removed;
  }
}

export const purgeMessageLog: Executable = async (run) => {
  const days = Math.max(1, Number(run.params.keepDays ?? DEFAULT_KEEP_DAYS) || DEFAULT_KEEP_DAYS);
  const cutoff = await run.work(async (data) => new Date(data.now.getTime() - days * DAY_MS));
  const { created, dropped, removed } = await keepMonthPartitionedLog(
    MESSAGE_LOG,
    run.work,
    days,
    run.signal,
  );
  if (created.length) run.log(`created partitions ${created.join(', ')}`);
  if (dropped.length) run.log(`dropped partitions ${dropped.join(', ')} (older than ${days} days)`);
  const instances = await inBatches(
    run.work,
    run.signal,
    (data) => sql`with gone as (
                delete from ${data.runtime.table(messageInstance.name)} where instance_id in (
                  select instance_id from ${data.runtime.table(messageInstance.name)}
                   where state_code in ('SENT', 'CANCELLED', 'SUPPRESSED') and last_update_date < ${cutoff}
                   order by instance_id limit ${PURGE_BATCH})
                returning 1)
              select count(*)::int as n from gone`,
  );
  run.log(
    `removed ${removed} log rows of the default partition and ${instances} finished message instances older than ${days} days`,
  );
  return `${dropped.length} log partitions dropped, ${removed} log rows, ${instances} instances removed`;
};
