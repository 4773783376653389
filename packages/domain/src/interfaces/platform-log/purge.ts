// PURGE_SCSI_LOG (清理接口平台日志), run daily: keeps the platform log's monthly partitions, so
// the log stays the size of a quarter — this month's and the next two months' partitions made
// ready, months older than the days its parameter names (90 by default) dropped whole, and old
// rows of the DEFAULT partition deleted in batches (partitions.ts).
import type { Executable } from '@srm/platform';
import { keepPlatformLog } from './partitions';

export const purgePlatformLog: Executable = async (run) => {
  const days = Number(run.params.keepDays ?? 90) || 90;
  const { created, dropped, removed } = await keepPlatformLog(run.work, days, run.signal);
  if (created.length) run.log(`created partitions ${created.join(', ')}`);
  if (dropped.length) run.log(`dropped partitions ${dropped.join(', ')} (older than ${days} days)`);
  run.log(`removed ${removed} rows older than ${days} days from the default partition`);
  return `${dropped.length} partitions dropped, ${removed} rows removed`;
};
