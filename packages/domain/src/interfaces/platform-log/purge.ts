// PURGE_SCSI_LOG (清理接口平台日志), run daily: keeps the platform log's monthly partitions, so
// the log stays the size of a quarter — this month's and the next two months' partitions made
// ready, months older than the days its parameter names (90 by default) dropped whole, and old
// rows of the DEFAULT partition deleted in batches (platform jobs/month-partitions.ts).
import { type Executable, type MonthPartitionedLog, keepMonthPartitionedLog } from '@srm/platform';
import { scsiPlatformLog } from './platform-log.entity';

/** The platform log's months (migration 0080). */
export const PLATFORM_LOG: MonthPartitionedLog = {
  table: scsiPlatformLog.table,
  timeColumn: 'sent_at',
  keyColumn: 'platform_log_id',
  lock: 72_170_016,
};

export const purgePlatformLog: Executable = async (run) => {
  const days = Number(run.params.keepDays ?? 90) || 90;
  const { created, dropped, removed } = await keepMonthPartitionedLog(
    PLATFORM_LOG,
    run.work,
    days,
    run.signal,
  );
  if (created.length) run.log(`created partitions ${created.join(', ')}`);
  if (dropped.length) run.log(`dropped partitions ${dropped.join(', ')} (older than ${days} days)`);
  run.log(`removed ${removed} rows older than ${days} days from the default partition`);
  return `${dropped.length} partitions dropped, ${removed} rows removed`;
};
