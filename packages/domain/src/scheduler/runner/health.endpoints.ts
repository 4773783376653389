// The status tab of background work: how deep each queue is (pg-boss's jobs by queue and
// state: requests, outbound calls, exports, imports…) and the requests by phase and status, for
// whoever may read the scheduler's nodes.
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import { JOB_SCHEMA, defineEndpoints, endpoint } from '@srm/platform';
import { concurrentRequest } from '../request/request.entity';
import { schedulerNode } from './health.entity';

export const healthEndpoints = defineEndpoints(schedulerNode, {
  findQueueDepths: endpoint({
    summary: 'Jobs waiting, running and failed per queue, and requests per phase and status',
    input: {},
    scope: schedulerNode,
    resource: 'read',
    sides: ['internal'],
    async handle(data) {
      // Raw reads: counts over the job queue's own schema and over every request (the figures
      // are the platform's, not any user's rows).
      const jobs = await queryRows<{ queue: string; state: string; count: number }>(
        data.tx,
        sql`select name as queue, state, count(*)::int as count from ${sql.identifier(JOB_SCHEMA)}.job
             where state in ('created', 'retry', 'active') or (state = 'failed' and completed_on > now() - interval '1 day')
             group by name, state order by name, state`,
      );
      const queues = new Map<
        string,
        { queue: string; waiting: number; active: number; failedToday: number }
      >();
      // Every queue, an empty one too (nothing waiting is worth seeing).
      const names = await queryRows<{ name: string }>(
        data.tx,
        sql`select name from ${sql.identifier(JOB_SCHEMA)}.queue order by name`,
      );
      for (const { name } of names) queues.set(name, { queue: name, waiting: 0, active: 0, failedToday: 0 });
      for (const row of jobs) {
        const entry = queues.get(row.queue) ?? { queue: row.queue, waiting: 0, active: 0, failedToday: 0 };
        const count = Number(row.count);
        if (row.state === 'active') entry.active += count;
        else if (row.state === 'failed') entry.failedToday += count;
        else entry.waiting += count;
        queues.set(row.queue, entry);
      }
      const table = data.runtime.table(concurrentRequest.name);
      const requests = await queryRows<{ phase: string; status: string; count: number }>(
        data.tx,
        sql`select phase_code as phase, status_code as status, count(*)::int as count from ${table}
             where phase_code <> 'COMPLETED' group by phase_code, status_code order by 1, 2`,
      );
      return {
        data: {
          queues: [...queues.values()],
          requests: requests.map((row) => ({
            phase: row.phase,
            status: row.status,
            count: Number(row.count),
          })),
        },
      };
    },
  }),
});
