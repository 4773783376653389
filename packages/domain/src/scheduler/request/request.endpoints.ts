// The requests' own endpoints (baseConcurrentRequestRestful): submit a program of the caller's
// request groups with checked parameters; cancel, hold, release and resubmit a request the caller
// can read (another user's request is a 404, as one that does not exist); read its log and its
// output. Every move follows the transition table in request-states.ts.
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import { datetime, json, number, ref, type RowOf, renderStoredText, storedMessage } from '@srm/kernel';
import { AppError, type DataApi, defineEndpoints, endpoint } from '@srm/platform';
import { configProfile } from '../../base-data';
import { checkParams } from '../program/program-params';
import { concurrentProgram } from '../program/program.entity';
import { programParam } from '../program/program-param.entity';
import { runnerOf } from '../runner/runner';
import { runCancelled, stageCompleted, submitSet } from '../request-set/set-runs';
import { concurrentRequest, requestLog } from './request.entity';
import { ACTIVE, type State, canMove, split, stateOf } from './request-states';

type Request = RowOf<typeof concurrentRequest>;
type Param = RowOf<typeof programParam>;

/** The profile capping one user's active requests, whatever the groups say (0 or none: no cap). */
export const MAX_ACTIVE_PROFILE = 'SCH_MAX_ACTIVE_REQUESTS';

/** A page of log lines findLog answers at most. */
const LOG_PAGE = 1_000;

/**
 * The program, if the caller may submit it: enabled, in a request group granted to the
 * responsibility the caller works in; and the cap on the caller's active requests not reached
 * (the lowest of the groups' caps and the company's profile; a set's stages count with their run).
 */
export async function submittable(data: DataApi, programId: number) {
  // The header (as the endpoint's reference check read it, in the caller's scope) and its
  // parameters (not its incompatibilities: the start checks those).
  const header =
    data.referenced(concurrentProgram, programId) ??
    (await data.list(concurrentProgram, { programId }, { limit: 1 }))[0];
  if (!header) throw new AppError(404, 'entity.notFound');
  const program = { ...header, params: await paramsOf(data, header) };
  const responsibilityId = data.actor.responsibilityId ?? null;
  // A raw read over the group tables: the grant is the platform's rule, not the caller's rows.
  // The company's cap (a configuration profile) and the name of the caller's responsibility (kept
  // on what he submits) come with it: one read at every submit.
  const profiles = data.runtime.table(configProfile.name);
  const rows = await queryRows<{
    cap: number | string | null;
    granted: boolean;
    name: string | null;
    nameEn: string | null;
  }>(
    data.tx,
    sql`select g.max_active_per_user::text as cap, true as granted, null as name, null as "nameEn"
          from base_request_group g
          join base_request_group_program gp on gp.request_group_id = g.request_group_id
          join base_request_group_resp gr on gr.request_group_id = g.request_group_id
         where gp.program_id = ${programId} and gr.responsibility_id = ${responsibilityId ?? -1}
        union all
        select p.profile_value, false, null, null from ${profiles} p
         where p.profile_code = ${MAX_ACTIVE_PROFILE} and p.org_id is null and p.enabled_flag = 'Y'
        union all
        select null, false, responsibility_name, responsibility_name_en from base_responsibility
         where responsibility_id = ${responsibilityId ?? -1}`,
  );
  if (!rows.some((row) => row.granted))
    throw new AppError(403, 'scheduler.request.notGranted', { program: program.programName });
  if (program.enabledFlag !== 'Y') throw new AppError(422, 'scheduler.request.programDisabled');
  const caps = rows.map((row) => Number(row.cap)).filter((cap) => Number.isFinite(cap) && cap > 0);
  if (caps.length) {
    const cap = Math.min(...caps);
    const table = data.runtime.table(concurrentRequest.name);
    const [active] = await queryRows<{ count: number }>(
      data.tx,
      sql`select count(*)::int as count from ${table}
           where submitted_by = ${data.actor.userId ?? -1} and set_request_id is null
             and (phase_code || '/' || status_code) in (${sql.join(
               ACTIVE.map((state) => sql`${state}`),
               sql`, `,
             )})`,
    );
    if (Number(active?.count ?? 0) >= cap) throw new AppError(422, 'scheduler.request.capReached', { cap });
  }
  const named = rows.find((row) => row.name !== null);
  const responsibilityName = named ? localName(data, named) : null;
  return { ...program, responsibilityName };
}

/** Parameters of programs as this node last read them, by runtime and program. */
const keptParams = new WeakMap<object, Map<number, { version: number; params: readonly Param[] }>>();

/**
 * A program's parameters, read again only when the program's version moved: its parameters are
 * lines of the program, written only by a save of the program, and a save that changes a line
 * moves the program's version (ADR 0043 §10).
 */
async function paramsOf(
  data: DataApi,
  program: Pick<RowOf<typeof concurrentProgram>, 'programId' | 'versionNum'>,
): Promise<readonly Param[]> {
  let kept = keptParams.get(data.runtime);
  if (!kept) keptParams.set(data.runtime, (kept = new Map()));
  const known = kept.get(program.programId);
  if (known && known.version === program.versionNum) return known.params;
  const params = await data.lines(programParam, program.programId);
  if (typeof program.versionNum === 'number')
    kept.set(program.programId, { version: program.versionNum, params });
  return params;
}

/** A responsibility's name in the caller's language. */
function localName(data: DataApi, row: { name: string | null; nameEn: string | null }): string | null {
  return data.actor.locale === 'en' ? (row.nameEn ?? row.name) : row.name;
}

/** The name of the caller's current responsibility in his language, kept on what he submits. */
export async function responsibilityName(data: DataApi): Promise<string | null> {
  if (!data.actor.responsibilityId) return null;
  // A raw read of one name: the caller works in this responsibility.
  const [row] = await queryRows<{ name: string | null; nameEn: string | null }>(
    data.tx,
    sql`select responsibility_name as name, responsibility_name_en as "nameEn"
          from base_responsibility where responsibility_id = ${data.actor.responsibilityId}`,
  );
  return row ? localName(data, row) : null;
}

type SubmitExtra = { requestedStart?: Date | null; parentRequestId?: number; priority?: number | null };

/** Writes a run of a request set with its stages, and sends the run's wake-up with the transaction. */
async function submitRun(data: DataApi, requestSetId: number, extra: SubmitExtra): Promise<number> {
  const later = !!extra.requestedStart && extra.requestedStart > data.now;
  const run = await submitSet(data, requestSetId, {
    requestedStart: (extra.requestedStart ?? data.now).getTime(),
    scheduled: later,
    ...(extra.parentRequestId ? { parentRequestId: extra.parentRequestId } : {}),
    priority: extra.priority ?? null,
    submittedByName: data.actor.userName,
    responsibilityName: await responsibilityName(data),
  });
  await wakeSubmitted(data, run, extra);
  return run.requestId;
}

/** A request for later is woken at its time (SCHEDULED turns NORMAL when it is taken); others now. */
async function wakeSubmitted(
  data: DataApi,
  request: Pick<Request, 'requestId' | 'priority' | 'statusCode'>,
  extra: SubmitExtra,
): Promise<void> {
  const platform = data.system('a request is the platform’s row, written for its submitter');
  if (request.statusCode === 'SCHEDULED')
    await platform.patch(concurrentRequest, request.requestId, split('PENDING/NORMAL'));
  await runnerOf(data).wake(
    request,
    extra.requestedStart ? extra.requestedStart.getTime() - data.now.getTime() : 0,
  );
}

/**
 * Writes a request (as the platform: requests are its rows) and sends its wake-up with the
 * transaction; answers its key.
 */
async function submit(data: DataApi, programId: number, given: unknown, extra: SubmitExtra): Promise<number> {
  const program = await submittable(data, programId);
  const parameters = await checkParams(data, program.params, given);
  const platform = data.system('a request is the platform’s row, written for its submitter');
  const priority = extra.priority ?? program.priority;
  const later = !!extra.requestedStart && extra.requestedStart > data.now;
  const [requestId] = await platform.insert(concurrentRequest, [
    {
      programId,
      submittedBy: data.actor.userId ?? 0,
      submittedByName: data.actor.userName,
      responsibilityId: data.actor.responsibilityId ?? null,
      responsibilityName: program.responsibilityName,
      parameters,
      priority,
      requestedStart: (extra.requestedStart ?? data.now).getTime(),
      ...(extra.parentRequestId ? { parentRequestId: extra.parentRequestId } : {}),
      ...(later ? split('PENDING/SCHEDULED') : {}),
    },
  ]);
  await wakeSubmitted(
    data,
    { requestId: requestId!, priority, statusCode: later ? 'SCHEDULED' : 'NORMAL' },
    extra,
  );
  return requestId!;
}

/** The caller's request (404 when not his), locked, moved along the table or refused with a 422. */
async function moveRequest(
  data: DataApi,
  requestId: number,
  moves: Partial<Record<State, State>>,
  refusal: string,
) {
  await data.find(concurrentRequest, requestId);
  const platform = data.system('the caller may read the request; its state is the platform’s to move');
  const [request] = await platform.lock(concurrentRequest, [requestId]);
  const from = stateOf(request!.phaseCode, request!.statusCode);
  const to = moves[from];
  if (!to || !canMove(from, to))
    throw new AppError(422, refusal, { state: data.t(`scheduler.state.${from}`) });
  const changes = {
    ...split(to),
    ...(to.startsWith('COMPLETED')
      ? { completedAt: data.now.getTime(), completionText: storedMessage('scheduler.request.cancelled') }
      : {}),
  };
  const moved = await platform.patch(concurrentRequest, requestId, changes as never);
  const runner = runnerOf(data);
  if (to === 'PENDING/NORMAL') await runner.wake(moved);
  // A set's run cancelled takes its stages with it; a stage cancelled lets its run go on or stop.
  if (moved.requestSetId && (to === 'COMPLETED/CANCELLED' || to === 'RUNNING/TERMINATING'))
    await runCancelled(platform, moved);
  if (to.startsWith('COMPLETED'))
    await stageCompleted(platform, moved, (request, afterMs) => runner.wake(request, afterMs));
  return moved;
}

const requestInput = { requestId: ref('baseConcurrentRequest', { required: true }) };

export const requestEndpoints = defineEndpoints(concurrentRequest, {
  /** 提交请求: one run of a program of the caller's request groups. */
  doSubmit: endpoint({
    summary:
      'Submits a program of the caller’s request groups with its parameter values, or a request set whose programs all are',
    input: {
      programId: ref('baseConcurrentProgram'),
      requestSetId: ref('baseRequestSet'),
      parameters: json(),
      requestedStart: datetime(),
      priority: number({ min: 1, max: 99 }),
    },
    scope: concurrentRequest,
    resource: 'button',
    sides: ['internal'],
    write: true,
    async handle(data, input) {
      const extra = {
        requestedStart: input.requestedStart ? new Date(input.requestedStart) : null,
        priority: input.priority ?? null,
      };
      // One of the two: a program with its values, or a set (its stages carry their own values).
      if (!input.programId === !input.requestSetId) throw new AppError(400, 'scheduler.request.programOrSet');
      const requestId = input.requestSetId
        ? await submitRun(data, input.requestSetId, extra)
        : await submit(data, input.programId!, input.parameters, extra);
      return { data: await data.find(concurrentRequest, requestId) };
    },
  }),
  /** 取消: a waiting request is cancelled; a running one is signalled and ends Terminated. */
  doCancel: endpoint({
    summary: 'Cancels a waiting request, or terminates a running one',
    input: requestInput,
    scope: concurrentRequest,
    resource: 'button',
    sides: ['internal'],
    write: true,
    async handle(data, input) {
      const cancelled: State = 'COMPLETED/CANCELLED';
      await moveRequest(
        data,
        input.requestId,
        {
          'PENDING/NORMAL': cancelled,
          'PENDING/STANDBY': cancelled,
          'PENDING/SCHEDULED': cancelled,
          'PENDING/WAITING': cancelled,
          'INACTIVE/ON_HOLD': cancelled,
          'INACTIVE/DISABLED': cancelled,
          'INACTIVE/NO_MANAGER': cancelled,
          'RUNNING/NORMAL': 'RUNNING/TERMINATING',
          'RUNNING/PAUSED': 'RUNNING/TERMINATING',
        },
        'scheduler.request.cannotCancel',
      );
      return { data: await data.find(concurrentRequest, input.requestId) };
    },
  }),
  /** 暂挂: a waiting request is held until released. */
  doHold: endpoint({
    summary: 'Holds a waiting request',
    input: requestInput,
    scope: concurrentRequest,
    resource: 'button',
    sides: ['internal'],
    write: true,
    async handle(data, input) {
      await moveRequest(
        data,
        input.requestId,
        {
          'PENDING/NORMAL': 'INACTIVE/ON_HOLD',
          'PENDING/STANDBY': 'INACTIVE/ON_HOLD',
          'PENDING/SCHEDULED': 'INACTIVE/ON_HOLD',
        },
        'scheduler.request.cannotHold',
      );
      return { data: await data.find(concurrentRequest, input.requestId) };
    },
  }),
  /** 释放: a held (or parked) request waits to run again. */
  doRelease: endpoint({
    summary: 'Releases a held request',
    input: requestInput,
    scope: concurrentRequest,
    resource: 'button',
    sides: ['internal'],
    write: true,
    async handle(data, input) {
      await moveRequest(
        data,
        input.requestId,
        {
          'INACTIVE/ON_HOLD': 'PENDING/NORMAL',
          'INACTIVE/DISABLED': 'PENDING/NORMAL',
          'INACTIVE/NO_MANAGER': 'PENDING/NORMAL',
        },
        'scheduler.request.cannotRelease',
      );
      return { data: await data.find(concurrentRequest, input.requestId) };
    },
  }),
  /** 重新提交: a new request of the same program, with the same or edited parameters, linked to the old one. */
  doResubmit: endpoint({
    summary: 'Submits a request again, with the same or edited parameters',
    input: { ...requestInput, parameters: json() },
    scope: concurrentRequest,
    resource: 'button',
    sides: ['internal'],
    write: true,
    async handle(data, input) {
      const old = await data.find(concurrentRequest, input.requestId);
      if (old.requestSetId) {
        const runId = await submitRun(data, old.requestSetId, {
          parentRequestId: old.requestId,
          priority: old.priority,
        });
        return { data: await data.find(concurrentRequest, runId) };
      }
      if (!old.programId) throw new AppError(422, 'scheduler.request.cannotResubmit');
      const requestId = await submit(data, old.programId, input.parameters ?? old.parameters, {
        parentRequestId: old.requestId,
        priority: old.priority,
      });
      return { data: await data.find(concurrentRequest, requestId) };
    },
  }),
  /** 查看日志: the request's log lines, a page at a time from a line on. */
  findLog: endpoint({
    summary: 'The log of a request the caller can read',
    input: { ...requestInput, fromLine: number({ min: 0 }) },
    scope: concurrentRequest,
    resource: 'read',
    sides: ['internal'],
    async handle(data, input) {
      const request = await data.find(concurrentRequest, input.requestId);
      const table = data.runtime.table(requestLog.name);
      // A raw read of the log table: the caller may read the request, so its log.
      const lines = await queryRows<Record<string, unknown>>(
        data.tx,
        sql`select request_log_id::float8 as "requestLogId", attempt::int as attempt, level,
                   (extract(epoch from logged_at) * 1000)::float8 as "loggedAt", message
              from ${table} where request_id = ${request.requestId}
             order by request_log_id offset ${input.fromLine ?? 0} limit ${LOG_PAGE}`,
      );
      // A line may keep a message (a failed run's error): read in the caller's language.
      const messages = data.runtime.messages();
      for (const line of lines)
        if (typeof line.message === 'string')
          line.message = renderStoredText(messages, data.actor.locale, line.message);
      return {
        data: lines,
        page: { count: request.logLines, curIndex: Math.floor((input.fromLine ?? 0) / LOG_PAGE) + 1 },
      };
    },
  }),
  /** 查看输出: the request's output file (downloaded through the file service, which checks the same access). */
  downloadOutput: endpoint({
    summary: 'The output file of a request the caller can read',
    input: requestInput,
    scope: concurrentRequest,
    resource: 'read',
    sides: ['internal'],
    async handle(data, input) {
      const request = await data.find(concurrentRequest, input.requestId);
      const [file] = (request.outputFile ?? '').split(',').filter(Boolean);
      if (!file) throw new AppError(404, 'scheduler.request.noOutput');
      return {
        data: { attachmentId: Number(file), fileName: `${request.requestNumber ?? request.requestId}` },
      };
    },
  }),
});
