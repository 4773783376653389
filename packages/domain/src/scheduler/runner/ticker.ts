// Schedules turned into requests (docs/scheduler.md), or into a request set's runs. The schedule table is the truth: every few
// seconds a node takes the schedules whose next occurrence is due (rows another node is taking
// are skipped), writes one request per occurrence — (schedule, occurrence) is unique, so no
// occurrence runs twice whichever nodes tick — and moves the schedule on. Occurrences that passed
// while no node ticked follow the schedule's missed policy. A schedule that cannot be read (an
// expression written straight into the table) is reported and left; the others go on.
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import { type RowOf, storedMessage } from '@srm/kernel';
import { type BackgroundServices, type DataApi, SYSTEM_ACTOR, dataApi } from '@srm/platform';
import { movedDates, type ParamValues } from '../program/program-params';
import { programParam } from '../program/program-param.entity';
import { concurrentRequest } from '../request/request.entity';
import { submitSet } from '../request-set/set-runs';
import { occurrencesBetween, nextOccurrence } from '../schedule/cron';
import { scheduleJob } from '../schedule/schedule.entity';
import { setStages, setValuesOf, stageParametersOf, stageValuesAt } from '../schedule/set-values';
import type { RequestRunner } from './runner';

type Schedule = RowOf<typeof scheduleJob>;

/** An occurrence more than this late is missed (no node ticked for a minute: they tick every few seconds). */
export const MISSED_AFTER_MS = 60_000;
/** The policy "all" runs at most this many missed occurrences of one window. */
export const MISSED_ALL_CAP = 100;

export class ScheduleTicker {
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly services: BackgroundServices,
    private readonly runner: RequestRunner,
    private readonly tickMs: number,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.ticking = this.tick().catch((error: unknown) =>
        this.services.log('error', 'scheduler tick failed', { err: error }),
      );
    }, this.tickMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.ticking;
  }

  /** Turns every due occurrence into requests; answers how many requests it wrote. */
  async tick(): Promise<number> {
    const { runtime } = this.services;
    const now = runtime.clock.now();
    const table = runtime.table(scheduleJob.name);
    const due = await queryRows<{ scheduleId: number }>(
      runtime.executor(),
      sql`select schedule_id as "scheduleId" from ${table}
           where status = 'ACTIVE' and next_occurrence_at <= ${now}
           order by next_occurrence_at limit 100`,
    );
    let written = 0;
    for (const { scheduleId } of due) {
      try {
        written += await runtime.transaction(async (tx) => {
          // Taken by one node at a time; a node finding it taken leaves it to that node. Not FOR
          // UPDATE: a request of the schedule being written elsewhere (its foreign key holds KEY
          // SHARE on this row) made that skip the schedule, and the occurrence waited a tick.
          const [taken] = await queryRows<{ scheduleId: number }>(
            tx,
            sql`select schedule_id as "scheduleId" from ${table}
                 where schedule_id = ${Number(scheduleId)} and status = 'ACTIVE' and next_occurrence_at <= ${now}
                 for no key update skip locked`,
          );
          if (!taken) return 0;
          const data = dataApi({ actor: SYSTEM_ACTOR, runtime, tx, now }, 'scheduler.tick');
          const [schedule] = await data.lock(scheduleJob, [Number(scheduleId)]);
          return schedule ? this.occur(data, schedule) : 0;
        });
      } catch (error) {
        await this.badSchedule(Number(scheduleId), error);
      }
    }
    return written;
  }

  private async occur(data: DataApi, schedule: Schedule): Promise<number> {
    const now = data.now;
    let occurrences: Date[];
    let next: Date | null;
    if (schedule.scheduleType === 'ONCE') {
      occurrences = schedule.runAt ? [new Date(schedule.runAt)] : [];
      next = null;
    } else {
      const from = new Date((schedule.nextOccurrenceAt ?? now.getTime()) - 1);
      const end = schedule.endDate && schedule.endDate < now.getTime() ? new Date(schedule.endDate) : now;
      occurrences = occurrencesBetween(schedule.cronExpression ?? '', schedule.timeZone, from, end, 10_000);
      next = nextOccurrence(
        schedule.cronExpression ?? '',
        schedule.timeZone,
        now,
        schedule.endDate ? new Date(schedule.endDate) : null,
      );
    }
    const late = occurrences.filter((at) => now.getTime() - at.getTime() > MISSED_AFTER_MS);
    const onTime = occurrences.filter((at) => now.getTime() - at.getTime() <= MISSED_AFTER_MS);
    let run: Date[];
    switch (schedule.missedPolicy) {
      case 'ALL':
        run = [...late.slice(-MISSED_ALL_CAP), ...onTime];
        break;
      case 'ONCE':
        run = [...late.slice(-1), ...onTime];
        break;
      default:
        run = onTime;
    }
    const skipped = late.filter((at) => !run.includes(at));
    if (skipped.length)
      await this.runner.recordError(data, 'OCCURRENCE_MISSED', {
        scheduleId: schedule.scheduleId,
        ...(schedule.programId ? { programId: schedule.programId } : {}),
        occurrenceAt: skipped[0]!.getTime(),
        message: storedMessage('scheduler.error.missed', {
          count: skipped.length,
          first: skipped[0]!.toISOString(),
          last: skipped[skipped.length - 1]!.toISOString(),
        }),
      });
    const params = schedule.programId ? await data.list(programParam, { programId: schedule.programId }) : [];
    let values = (schedule.parameters ?? {}) as ParamValues;
    // A set's schedule with date increment keeps its own values of the stages (set-values.ts).
    const stages =
      schedule.requestSetId && schedule.incrementDates === 'Y'
        ? await setStages(data, schedule.requestSetId)
        : null;
    let stageValues = stages ? setValuesOf(schedule.parameters) : null;
    let last = schedule.lastOccurrenceAt;
    for (const at of occurrences) {
      const days =
        schedule.incrementDates === 'Y' && last ? Math.round((at.getTime() - last) / 86_400_000) : 0;
      if (days) values = movedDates(params, values, days);
      if (stages) stageValues = stageValuesAt(stages, stageValues, days);
      last = at.getTime();
      if (!run.includes(at)) continue;
      const occurrence = {
        scheduleId: schedule.scheduleId,
        occurrenceAt: at.getTime(),
        occurrenceKey: `${schedule.scheduleId}@${at.getTime()}`,
      };
      if (schedule.requestSetId) {
        // A set's run is written as its submitter would (his organisation for the stages' defaults).
        const submitter = dataApi(
          {
            actor: await this.runner.actorOf({
              submittedBy: schedule.submittedBy ?? 0,
              responsibilityId: schedule.responsibilityId,
            }),
            runtime: data.runtime,
            tx: data.tx,
            now,
          },
          'scheduler.tick',
        );
        const setRun = await submitSet(submitter, schedule.requestSetId, {
          requestedStart: at.getTime(),
          scheduled: false,
          submittedByName: schedule.submittedByName,
          responsibilityName: schedule.responsibilityName,
          occurrence: { ...occurrence, responsibilityId: schedule.responsibilityId },
          ...(stageValues ? { stageParameters: stageParametersOf(stageValues) } : {}),
        });
        await this.runner.wake(setRun);
        continue;
      }
      const [requestId] = await data.insert(concurrentRequest, [
        {
          programId: schedule.programId,
          submittedBy: schedule.submittedBy ?? 0,
          submittedByName: schedule.submittedByName,
          responsibilityId: schedule.responsibilityId,
          responsibilityName: schedule.responsibilityName,
          parameters: values,
          priority: 50,
          requestedStart: at.getTime(),
          ...occurrence,
        },
      ]);
      await this.runner.wake({ requestId: requestId!, priority: 50 });
    }
    await data.patch(scheduleJob, schedule.scheduleId, {
      lastOccurrenceAt: last,
      nextOccurrenceAt: next ? next.getTime() : null,
      parameters: schedule.requestSetId ? stageValues : values,
    } as never);
    // Its last occurrence sent, the schedule ends. The workflow status is no field server code
    // writes through patch (that refusal once rolled the whole tick back and lost the last
    // occurrence): a raw write, versioned and audited by the engine.
    if (next === null)
      await data.rawUpdate(scheduleJob, [schedule.scheduleId], async (tx) => {
        await queryRows(
          tx,
          sql`update ${data.runtime.table(scheduleJob.name)} set status = 'ENDED' where schedule_id = ${schedule.scheduleId}`,
        );
      });
    return run.length;
  }

  /** A schedule that cannot be turned into requests: reported once, taken out of the ticking. */
  private async badSchedule(scheduleId: number, error: unknown): Promise<void> {
    const { runtime } = this.services;
    this.services.log('warn', 'a schedule cannot be read', { scheduleId, err: error });
    await runtime
      .transaction(async (tx) => {
        const data = dataApi(
          { actor: SYSTEM_ACTOR, runtime, tx, now: runtime.clock.now() },
          'scheduler.tick',
        );
        const table = runtime.table(scheduleJob.name);
        // A raw write: the stored row may not pass the engine's own checks (that is the fault).
        await queryRows(
          tx,
          sql`update ${table} set next_occurrence_at = null where schedule_id = ${scheduleId}`,
        );
        await this.runner.recordError(data, 'BAD_SCHEDULE', {
          scheduleId,
          message: storedMessage('scheduler.error.badSchedule', {
            reason: (error instanceof Error ? error.message : String(error)).slice(0, 500),
          }),
        });
      })
      .catch((failure: unknown) =>
        this.services.log('error', 'reporting a bad schedule failed', { err: failure }),
      );
  }
}
