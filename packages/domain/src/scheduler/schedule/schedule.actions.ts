// Schedules on the server: at save the expression and the zone are checked (a clear message in
// the user's language, nothing stored), the program must be one the user may submit and its
// parameters must pass (or, for a request set, every program of its stages be one he may submit,
// and the schedule's own values of the stages, kept when dates move on, pass their programs), the
// submitter is the user saving it, and the next occurrence is computed.
// Pausing keeps the next occurrence; resuming starts again from now (what passed while paused is
// not "missed": the user paused it).
import type { RuleIssue } from '@srm/kernel';
import { defineActions, defineEndpoints, endpoint } from '@srm/platform';
import { number, ref } from '@srm/kernel';
import { checkParams } from '../program/program-params';
import { responsibilityName, submittable } from '../request/request.endpoints';
import { isCron, isTimeZone, nextOccurrence, occurrencesBetween } from './cron';
import { requestSet } from '../request-set/request-set.entity';
import { scheduleJob } from './schedule.entity';
import { checkedSetValues } from './set-values';

const issue = (field: string, message: string, params?: Record<string, string | number>): RuleIssue => ({
  field,
  message,
  ...(params ? { params } : {}),
});

export const scheduleActions = defineActions(scheduleJob, {
  async beforeSave(ctx) {
    const row = ctx.row;
    if (!isTimeZone(row.timeZone))
      return issue('timeZone', 'scheduler.schedule.badZone', { zone: row.timeZone });
    if (row.scheduleType === 'CRON') {
      if (!row.cronExpression || !isCron(row.cronExpression))
        return issue('cronExpression', 'scheduler.schedule.badCron', {
          expression: row.cronExpression ?? '',
        });
    } else if (!row.runAt) return issue('runAt', 'scheduler.schedule.runAtRequired');
    if (row.startDate && row.endDate && row.endDate <= row.startDate)
      return issue('endDate', 'scheduler.schedule.endBeforeStart');
    // A program with its values, or a request set whose programs the user may all submit.
    if (!row.programId === !row.requestSetId) return issue('programId', 'scheduler.request.programOrSet');
    if (row.programId) {
      const program = await submittable(ctx, row.programId);
      row.parameters = await checkParams(ctx, program.params, row.parameters);
    } else {
      const set = await ctx.find(requestSet, row.requestSetId!);
      if (set.enabledFlag !== 'Y')
        return issue('requestSetId', 'scheduler.set.disabled', { set: set.setName });
      const stages = [];
      for (const stage of set.stages)
        stages.push({ stage, params: (await submittable(ctx, stage.programId)).params });
      // Its own values of the stages, kept only while dates move on (set-values.ts).
      row.parameters =
        row.incrementDates === 'Y' ? await checkedSetValues(ctx, stages, row.parameters) : null;
    }
    if (ctx.created) {
      row.submittedBy = ctx.actor.userId ?? null;
      row.submittedByName = ctx.actor.userName;
      row.responsibilityId = ctx.actor.responsibilityId ?? null;
      row.responsibilityName = await responsibilityName(ctx);
    }
    // An occurrence already due that no node has ticked yet is not lost to the edit: the next
    // occurrence is counted from it (the ticker then runs it, or treats it as missed by policy).
    const due = ctx.previous?.status === 'ACTIVE' ? ctx.previous.nextOccurrenceAt : null;
    const from =
      row.startDate && row.startDate > ctx.now.getTime()
        ? new Date(row.startDate - 1)
        : due !== null && due <= ctx.now.getTime()
          ? new Date(due - 1)
          : ctx.now;
    const end = row.endDate ? new Date(row.endDate) : null;
    row.nextOccurrenceAt =
      row.scheduleType === 'CRON'
        ? (nextOccurrence(row.cronExpression!, row.timeZone, from, end)?.getTime() ?? null)
        : row.runAt;
    return null;
  },
  actions: {
    async doResume(ctx) {
      const row = ctx.row;
      const next =
        row.scheduleType === 'CRON'
          ? (nextOccurrence(
              row.cronExpression ?? '',
              row.timeZone,
              ctx.now,
              row.endDate ? new Date(row.endDate) : null,
            )?.getTime() ?? null)
          : row.runAt;
      await ctx.patch(scheduleJob, row.scheduleId, {
        nextOccurrenceAt: next,
        lastOccurrenceAt: ctx.now.getTime(),
      });
    },
  },
});

export const scheduleEndpoints = defineEndpoints(scheduleJob, {
  /** 下次运行: the next occurrences of a schedule (the status tab and the form show them). */
  listOccurrences: endpoint({
    summary: 'The next occurrences of a schedule',
    input: { scheduleId: ref('baseScheduleJob', { required: true }), count: number({ min: 1, max: 50 }) },
    scope: scheduleJob,
    resource: 'read',
    async handle(data, input) {
      const row = await data.find(scheduleJob, input.scheduleId);
      if (row.scheduleType !== 'CRON' || !row.cronExpression || !isCron(row.cronExpression))
        return { data: row.nextOccurrenceAt ? [{ occurrenceAt: row.nextOccurrenceAt }] : [] };
      const from = new Date((row.nextOccurrenceAt ?? data.now.getTime()) - 1);
      const end = row.endDate ? new Date(row.endDate) : new Date(from.getTime() + 366 * 86_400_000);
      return {
        data: occurrencesBetween(row.cronExpression, row.timeZone, from, end, input.count ?? 10).map(
          (at) => ({
            occurrenceAt: at.getTime(),
          }),
        ),
      };
    },
  }),
});
