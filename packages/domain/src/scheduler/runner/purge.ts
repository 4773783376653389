// PURGE_REQUESTS (清理已完成请求): completed requests older than their program's retention days
// are removed with their logs, their scheduling errors and their output files' links (a request
// set's run after 30 days). Submitted
// by administrators, or on the demo's daily schedule.
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import { storedMessage } from '@srm/kernel';
import type { Executable } from '@srm/platform';

/** A request set's run names no program: it is kept this long. */
const SET_RUN_RETENTION_DAYS = 30;

export const purgeRequests: Executable = async (run) => {
  const removed = await run.work(async (data) => {
    const platform = data.system('retention applies to every user’s completed requests');
    // Raw deletes of rows past their retention: bulk removal of the platform's own records
    // (requests, their log lines and errors), not business documents.
    const old = await queryRows<{ requestId: number }>(
      platform.tx,
      sql`select r.request_id as "requestId" from base_concurrent_request r
            left join base_concurrent_program p on p.program_id = r.program_id
           where r.phase_code = 'COMPLETED'
             and r.completed_at < ${data.now}::timestamptz
                 - make_interval(days => coalesce(p.retention_days, ${SET_RUN_RETENTION_DAYS})::int)
           limit 50000`,
    );
    const ids = old.map((row) => Number(row.requestId));
    for (let at = 0; at < ids.length && !run.signal.aborted; at += 1000) {
      const slice = sql.join(
        ids.slice(at, at + 1000).map((id) => sql`${id}`),
        sql`, `,
      );
      await queryRows(
        platform.tx,
        sql`delete from base_concurrent_request_log where request_id in (${slice})`,
      );
      await queryRows(platform.tx, sql`delete from base_scheduling_error where request_id in (${slice})`);
      await queryRows(platform.tx, sql`delete from base_concurrent_request where request_id in (${slice})`);
    }
    return ids.length;
  });
  run.log(`${removed}`);
  return storedMessage('scheduler.program.purged', { count: removed });
};
