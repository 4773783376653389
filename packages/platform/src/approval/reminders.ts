// Reminders (催办) and escalation of overdue approval tasks, by the settings of each template
// (remind after N hours, again every M hours, at most K times; move the task to the approver's
// manager after E hours). A sweep finds the tasks due by the one clock and handles each in its
// own transaction; a pg-boss job runs the sweep every few minutes and schedules the next one.
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import type { JobService } from '../jobs/jobs';
import type { ApprovalEngine } from './engine';

export const BPM_REMIND_QUEUE = 'bpm-remind';
/** How often the sweep runs (SRM_BPM_REMIND_SECONDS), five minutes by default. */
export const DEFAULT_REMIND_INTERVAL_SECONDS = 300;
/** Tasks handled per sweep at most; the rest wait for the next one. */
const SWEEP_LIMIT = 500;

interface DueRow {
  task_id: number;
  created_at: string | Date;
  remind_count: number;
  remind_after_hours: number | null;
  escalate_after_hours: number | null;
  escalate_to: string | null;
  escalate_due: boolean;
  remind_due: boolean;
}

export interface SweepResult {
  reminded: number;
  escalated: number;
}

export class ApprovalReminders {
  constructor(
    private readonly engine: ApprovalEngine,
    private readonly intervalSeconds = DEFAULT_REMIND_INTERVAL_SECONDS,
  ) {}

  /** Reminds and escalates every task that is due now (by `clock.now()`). */
  async sweep(): Promise<SweepResult> {
    const runtime = this.engine.runtime;
    const now = runtime.clock.now();
    const hour = sql`interval '1 hour'`;
    // Pending tasks of running processes whose template asks for reminders or escalation, with
    // what is due: escalation once past its hours (not yet tried), a reminder once past the first
    // delay, then every repeat, up to the maximum.
    const rows = await queryRows<DueRow>(
      runtime.executor(),
      sql`select t.task_id, t.created_at, t.remind_count, p.remind_after_hours, p.escalate_after_hours, p.escalate_to,
            (p.escalate_after_hours is not null and t.escalated_at is null
              and t.created_at + p.escalate_after_hours * ${hour} <= ${now}) as escalate_due,
            (p.remind_after_hours is not null
              and (p.remind_max_times is null or t.remind_count < p.remind_max_times)
              and (case when t.remind_count = 0 then t.created_at + p.remind_after_hours * ${hour} <= ${now}
                        else p.remind_repeat_hours is not null
                             and t.reminded_at + p.remind_repeat_hours * ${hour} <= ${now} end)) as remind_due
          from bpm_task t
          join bpm_instance i on i.instance_id = t.instance_id and i.status = 'RUNNING'
          join srm_base_process_template p on p.template_id = i.template_id
          where t.status = 'PENDING'
            and (p.remind_after_hours is not null or p.escalate_after_hours is not null)
          order by t.task_id
          limit ${SWEEP_LIMIT * 4}`,
    );
    const result: SweepResult = { reminded: 0, escalated: 0 };
    let handled = 0;
    for (const row of rows) {
      if (handled >= SWEEP_LIMIT) break;
      const waited = Math.floor((now.getTime() - new Date(row.created_at).getTime()) / 3_600_000);
      if (row.escalate_due) {
        handled++;
        const prefer = row.escalate_to === 'DEPT_HEAD' ? 'DEPT_HEAD' : 'LINE_MANAGER';
        if (await this.engine.escalate(Number(row.task_id), prefer, waited)) {
          result.escalated++;
          continue;
        }
      }
      if (row.remind_due) {
        handled++;
        if (await this.engine.remind(Number(row.task_id), waited, Number(row.remind_count)))
          result.reminded++;
      }
    }
    return result;
  }

  /** Registers the sweep's queue: each run sweeps, then schedules the next run. */
  register(jobs: JobService): void {
    jobs.register(BPM_REMIND_QUEUE, async () => {
      try {
        return await this.sweep();
      } finally {
        await this.schedule(jobs);
      }
    });
  }

  /**
   * Schedules the next sweep. One per interval slot across every node (pg-boss throttles by
   * slot), so restarts and several nodes never multiply the chain.
   */
  async schedule(jobs: JobService): Promise<void> {
    await jobs.sendThrottled(BPM_REMIND_QUEUE, {}, this.intervalSeconds);
  }
}
