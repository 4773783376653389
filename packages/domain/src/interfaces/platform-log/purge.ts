// PURGE_SCSI_LOG (清理接口平台日志): platform log rows older than the days its parameter names
// (90 by default), in batches, so the log stays the size of a quarter.
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import type { Executable } from '@srm/platform';
import { scsiPlatformLog } from './platform-log.entity';

const BATCH = 5_000;
const DAY_MS = 86_400_000;

export const purgePlatformLog: Executable = async (run) => {
  const days = Number(run.params.keepDays ?? 90) || 90;
  let removed = 0;
  for (;;) {
    if (run.signal.aborted) break;
    const count = await run.work(async (data) => {
      const table = data.runtime.table(scsiPlatformLog.name);
      const before = new Date(data.now.getTime() - days * DAY_MS);
      // Raw: a bulk delete of log rows (not documents: nothing to audit field by field).
      const rows = await queryRows<{ id: number }>(
        data.tx,
        sql`delete from ${table} where platform_log_id in (
              select platform_log_id from ${table} where sent_at < ${before} limit ${BATCH})
            returning platform_log_id as id`,
      );
      return rows.length;
    });
    removed += count;
    if (count < BATCH) break;
  }
  run.log(`removed ${removed} platform log rows older than ${days} days`);
  return `${removed}`;
};
