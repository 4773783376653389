// The request runner (docs/scheduler.md): one per node. Requests are rows of
// baseConcurrentRequest, the truth; a pg-boss job per request start is only the wake-up. A job
// takes its request under the scheduler's start lock: a request that is no longer waiting is
// left (a job delivered twice runs nothing twice); one whose program is disabled, unknown to
// this node, or blocked by an incompatible running program is parked or set Standby; otherwise
// it is marked RUNNING for this node, held in the node's work lease, and its executable runs
// with an AbortSignal, a log and an output. Completion, retry with backoff, termination
// (cancel, time-out), and the clearing of requests whose node died are here as well; schedules
// are in ticker.ts.
import { mkdtemp, rm, appendFile } from 'node:fs/promises';
import { createReadStream, createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '@srm/db';
import {
  type Locale,
  type RowOf,
  formatDate,
  formatDateTime,
  renderStoredText,
  storedMessage,
} from '@srm/kernel';
import {
  type Actor,
  AppError,
  type BackgroundService,
  type BackgroundServices,
  type DataApi,
  type LogLevel,
  JOB_SCHEMA,
  SYSTEM_ACTOR,
  actorOf,
  dataApi,
  reportWorkbook,
} from '@srm/platform';
import { concurrentProgram } from '../program/program.entity';
import { programIncompat } from '../program/program-incompat.entity';
import { concurrentRequest, requestLog } from '../request/request.entity';
import { type State, canMove, split, stateOf } from '../request/request-states';
import { startSet, stageCompleted } from '../request-set/set-runs';
import { schedulerNode, schedulingError, type ErrorKind } from './health.entity';
import { ScheduleTicker } from './ticker';

export const REQUEST_QUEUE = 'concurrent-request';
/** Errors that alert the people holding ALERT_MENU; a failed request is its submitter's to see. */
const ALERTED: ReadonlySet<ErrorKind> = new Set([
  'OCCURRENCE_MISSED',
  'BAD_SCHEDULE',
  'NO_NODE',
  'NO_MANAGER',
]);
const ALERT_MENU = 'SCH_ERROR';
/** No node beating for this long is an outage (issue 16: two minutes). */
const NO_NODE_AFTER_MS = 2 * 60_000;
/** The advisory lock under which requests start: two nodes never both see an incompatible pair free. */
const START_LOCK = 0x53524d10;
/** A log keeps at most this many lines or bytes; then one note says the rest was cut. */
export const LOG_MAX_LINES = 10_000;
export const LOG_MAX_BYTES = 5 * 1024 * 1024;
/** How long a handler has to return after its signal, before it is left and the request ended. */
const ABANDON_AFTER_MS = 3_000;

type Program = RowOf<typeof concurrentProgram>;
type Request = RowOf<typeof concurrentRequest>;

export interface RunnerOptions {
  /** Requests this node runs at once (SRM_SCHEDULER_WORKERS, default 4). */
  readonly workers?: number;
  /** How often the node beats, looks for cancelled requests and for requests of dead nodes (ms). */
  readonly beatMs?: number;
  /** How often due schedule occurrences are turned into requests (ms). */
  readonly tickMs?: number;
}

interface Running {
  readonly request: Request;
  readonly program: Program;
  readonly controller: AbortController;
  readonly log: LogBuffer;
  /** Why the run is being stopped, once it is. */
  stopping: 'cancel' | 'timeout' | 'shutdown' | null;
  finished: boolean;
}

/** The runners of the servers in this process (tests start several), by their runtime. */
const runners = new WeakMap<object, RequestRunner>();

export function runnerOf(data: Pick<DataApi, 'runtime'>): RequestRunner {
  const runner = runners.get(data.runtime);
  if (!runner) throw new Error('the scheduler runs without its runner');
  return runner;
}

/**
 * The platform's own unit of work for the scheduler's bookkeeping (no caller scope: it is the
 * platform's). Texts it writes on a request (completion texts) are in `locale`: the submitter's,
 * who reads his requests, where it is known.
 */
function systemData(
  services: BackgroundServices,
  tx: Executor,
  operation: string,
  locale: Locale = SYSTEM_ACTOR.locale,
): DataApi {
  const { runtime } = services;
  return dataApi({ actor: { ...SYSTEM_ACTOR, locale }, runtime, tx, now: runtime.clock.now() }, operation);
}

export class RequestRunner implements BackgroundService {
  readonly nodeName = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly running = new Map<number, Running>();
  /** Programs as this node's starts last read them, by id (checked against their version). */
  private readonly programs = new Map<number, Program>();
  private readonly actors = new Map<string, { actor: Actor; until: number }>();
  private readonly settled = new Set<Promise<void>>();
  private beat: NodeJS.Timeout | null = null;
  private stopped = false;
  /** Orphans this node's sweeps have cleared since it started (its beat sweeps too). */
  private cleared = 0;
  private readonly ticker: ScheduleTicker;
  readonly workers: number;

  constructor(
    private readonly services: BackgroundServices,
    private readonly options: RunnerOptions = {},
  ) {
    this.workers = options.workers ?? (Number(process.env.SRM_SCHEDULER_WORKERS) || 4);
    runners.set(services.runtime, this);
    services.jobs.register<{ requestId: number }>(REQUEST_QUEUE, (job) => this.take(job.data.requestId), {
      retryLimit: 0,
      // A job lasts as long as its request runs; the program's own time limit (at most 23 h) ends it.
      expireInSeconds: 23 * 3600 + 1800,
      workers: this.workers,
    });
    this.ticker = new ScheduleTicker(
      services,
      this,
      options.tickMs ?? (Number(process.env.SRM_SCHEDULER_TICK_MS) || 5_000),
    );
  }

  get executables(): readonly string[] {
    return [...this.services.executables.keys()].sort();
  }

  async start(): Promise<void> {
    if (!this.services.jobs.workers) return;
    const { runtime } = this.services;
    await runtime.transaction(async (tx) => {
      // Under the start lock: of two nodes starting together, the second sees the first.
      await queryRows(tx, sql`select pg_advisory_xact_lock(${START_LOCK})`);
      const data = systemData(this.services, tx, 'scheduler.node');
      await this.noNodeGap(data);
      await data.insert(schedulerNode, [
        {
          nodeName: this.nodeName,
          hostName: hostname(),
          processId: process.pid,
          startedAt: data.now.getTime(),
          heartbeatAt: data.now.getTime(),
          executables: this.executables,
          workers: this.workers,
        },
      ]);
    });
    await this.sweep();
    const beatMs = this.options.beatMs ?? (Number(process.env.SRM_SCHEDULER_BEAT_MS) || 1_000);
    let beats = 0;
    this.beat = setInterval(() => {
      beats++;
      // Cancelled requests are looked for at every beat, the rest every tenth.
      void this.pollCancelled()
        .then(() => (beats % 10 === 0 ? this.heartbeat().then(() => this.sweep()) : undefined))
        .catch((error: unknown) => this.services.log('error', 'scheduler beat failed', { err: error }));
    }, beatMs);
    this.beat.unref();
    this.ticker.start();
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.beat) clearInterval(this.beat);
    await this.ticker.stop();
    for (const run of this.running.values()) this.abort(run, 'shutdown');
    await Promise.allSettled([...this.settled]);
    if (!this.services.jobs.workers) return;
    await this.services.runtime
      .transaction(async (tx) => {
        await queryRows(tx, sql`delete from base_scheduler_node where node_name = ${this.nodeName}`);
      })
      .catch(() => undefined);
  }

  /**
   * Sends the wake-up of a request (in the open transaction, if any: it exists only if that
   * commits), now or in `afterMs` (at least a second). A delay from this host's time, never an
   * instant of the platform's clock: tests move that clock, and a wake-up due "already" by one
   * clock while the other says "later" would come back at once, again and again.
   */
  async wake(request: Pick<Request, 'requestId' | 'priority'>, afterMs = 0): Promise<void> {
    await this.services.jobs.send(
      REQUEST_QUEUE,
      { requestId: request.requestId },
      {
        priority: 100 - request.priority,
        ...(afterMs > 0 ? { startAfter: new Date(Date.now() + Math.max(1_000, afterMs)) } : {}),
      },
    );
  }

  /**
   * Runs a request the job names, if it is still to run and nothing incompatible runs (the job
   * service's worker then looks for the next at once: docs/scheduler.md). Whether it ran here.
   */
  private async take(requestId: number): Promise<boolean> {
    if (this.stopped) return false;
    const { runtime, lease } = this.services;
    // Held before the request is marked RUNNING: another node's sweep never finds it orphaned.
    await lease.hold('request', requestId);
    let started: Running | null = null;
    try {
      started = await runtime.transaction(async (tx) => {
        const shared = await this.startLock(tx, requestId);
        const data = systemData(this.services, tx, 'scheduler.start');
        const [request] = await data.lock(concurrentRequest, [requestId]).catch(() => []);
        if (!request) return null;
        const state = stateOf(request.phaseCode, request.statusCode);
        if (state !== 'PENDING/NORMAL' && state !== 'PENDING/STANDBY') return null;
        if (request.requestedStart && request.requestedStart > data.now.getTime()) {
          await this.wake(request, request.requestedStart - data.now.getTime());
          return null;
        }
        // A set's run runs no program: it releases its first stage and waits for its stages.
        if (request.requestSetId) {
          await startSet(data, request, this.wakeFn, this.nodeName);
          return null;
        }
        if (!request.programId) return null;
        const look = await this.lookAround(data, request.programId, requestId);
        if (!look) return null;
        const program = await this.programAt(data, request.programId, look.version);
        if (!program) return null;
        // Made parallel-only or run-alone since the lock was chosen: looked at again shortly.
        if (shared && (program.parallelFlag !== 'Y' || program.runAlone === 'Y')) {
          await this.wake(request, 1_000);
          return null;
        }
        if (program.enabledFlag !== 'Y') {
          await this.move(
            data,
            request,
            'INACTIVE/DISABLED',
            storedMessage('scheduler.request.programDisabled'),
          );
          return null;
        }
        if (!this.services.executables.has(program.executableName)) {
          await this.move(data, request, 'INACTIVE/NO_MANAGER', storedMessage('scheduler.request.noManager'));
          await this.recordError(data, 'NO_MANAGER', {
            requestId,
            programId: program.programId,
            message: storedMessage('scheduler.error.noManager', { executable: program.executableName }),
          });
          return null;
        }
        if (blocked(program, look.active)) {
          if (state !== 'PENDING/STANDBY') await this.move(data, request, 'PENDING/STANDBY');
          // Looked at again shortly, and at once when a request completes.
          await this.wake(request, 2_000);
          return null;
        }
        const moved = await this.move(data, request, 'RUNNING/NORMAL', null, {
          attempts: request.attempts + 1,
          nodeName: this.nodeName,
          startedAt: data.now.getTime(),
          completedAt: null,
        });
        return {
          request: moved,
          program,
          controller: new AbortController(),
          log: new LogBuffer(this.services, moved),
          stopping: null,
          finished: false,
        } satisfies Running;
      });
    } finally {
      if (!started) await lease.release('request', requestId);
    }
    if (!started) return false;
    const run = started;
    this.running.set(requestId, run);
    const done = this.execute(run)
      .catch((error: unknown) => {
        // Left RUNNING: the sweep finds it once this node's lease lets it go.
        this.services.log('error', 'completing a request failed', { requestId, err: error });
      })
      .finally(() => {
        this.running.delete(requestId);
        this.settled.delete(done);
      });
    this.settled.add(done);
    await done;
    return true;
  }

  /**
   * Takes the start lock for a request: shared for a program that may run beside anything (parallel
   * with itself, not run alone, in no incompatibility rule), so that such starts do not wait for
   * each other; exclusive for any other (and a set's run), so that of two starts that could
   * conflict one sees the other's RUNNING row. The program is read before the lock, unlocked; its
   * flags are read again under it (changed: the start is tried again), while an incompatibility
   * rule added at this very moment applies from the program's next start. Whether it was shared.
   */
  private async startLock(tx: Executor, requestId: number): Promise<boolean> {
    const { runtime } = this.services;
    const requests = runtime.table(concurrentRequest.name);
    const programs = runtime.table(concurrentProgram.name);
    const rules = runtime.table(programIncompat.name);
    // A raw read of three flags and the lock they call for, in one statement: which lock to wait
    // for is decided before any row is locked (a set's run, which has no program, takes the
    // exclusive one).
    const [row] = await queryRows<{ free: boolean }>(
      tx,
      sql`select f.free,
                 case when f.free then pg_advisory_xact_lock_shared(${START_LOCK})
                      else pg_advisory_xact_lock(${START_LOCK}) end is null as locked
            from (select coalesce((
                    select coalesce(p.parallel_flag, 'N') = 'Y' and coalesce(p.run_alone, 'N') <> 'Y'
                           and not exists (select 1 from ${rules} i
                                            where i.program_id = p.program_id or i.incompatible_program_id = p.program_id)
                      from ${requests} r join ${programs} p on p.program_id = r.program_id
                     where r.request_id = ${requestId}), false) as free) f`,
    );
    return row?.free === true;
  }

  /**
   * Under the start lock, in one raw statement: the program's version (no row: the program is
   * gone) and every running request whoever submitted it (the rule is global), each with whether
   * a rule pairs its program with this one (rules hold both ways). This runs at every start.
   */
  private async lookAround(
    data: DataApi,
    programId: number,
    requestId: number,
  ): Promise<{ version: number; active: Active[] } | null> {
    const requests = data.runtime.table(concurrentRequest.name);
    const programs = data.runtime.table(concurrentProgram.name);
    const rules = data.runtime.table(programIncompat.name);
    const rows = await queryRows<{ version: number } & { [K in keyof Active]: Active[K] | null }>(
      data.tx,
      sql`select me.version_num as version, r.program_id as "programId", p.run_alone as "runAlone",
                 exists (select 1 from ${rules} i
                          where (i.program_id = me.program_id and i.incompatible_program_id = r.program_id)
                             or (i.incompatible_program_id = me.program_id and i.program_id = r.program_id)) as ruled
            from ${programs} me
            left join (${requests} r join ${programs} p on p.program_id = r.program_id)
              on r.phase_code = 'RUNNING' and r.request_id <> ${requestId}
           where me.program_id = ${programId}`,
    );
    if (!rows.length) return null;
    const active: Active[] = [];
    for (const row of rows)
      if (row.programId !== null)
        active.push({ programId: Number(row.programId), runAlone: row.runAlone, ruled: row.ruled === true });
    return { version: Number(rows[0]!.version), active };
  }

  /**
   * The program as stored at `version`: the one this node read last when its version is that
   * (every write of a program moves its version), else read again, unlocked (every submit in
   * flight holds a key-share lock on its program until it commits, so a lock would queue each
   * start behind them).
   */
  private async programAt(data: DataApi, programId: number, version: number): Promise<Program | null> {
    const known = this.programs.get(programId);
    if (known && known.versionNum === version) return known;
    const [program] = await data.list(concurrentProgram, { programId }, { limit: 1 });
    if (!program) return null;
    this.programs.set(programId, program);
    return program;
  }

  /**
   * Moves a request along the transition table (any other move is a bug, and refused): the row as
   * this unit of work locked it (or as the last move answered it), so it is not read again.
   */
  async move(
    data: DataApi,
    request: Request,
    to: State,
    completionText?: string | null,
    extra: Partial<Request> = {},
  ): Promise<Request> {
    const from = stateOf(request.phaseCode, request.statusCode);
    if (!canMove(from, to)) throw new Error(`request ${request.requestId}: ${from} → ${to} is not a move`);
    const moved = await data.patch(concurrentRequest, request, {
      ...split(to),
      ...(completionText !== undefined ? { completionText } : {}),
      ...(to.startsWith('COMPLETED') ? { completedAt: data.now.getTime() } : {}),
      ...extra,
    });
    if (to.startsWith('COMPLETED')) await stageCompleted(data, moved, this.wakeFn);
    return moved;
  }

  /**
   * move() of a row as this node last wrote it, unread and unlocked (DataApi.patchUnchanged):
   * false, and nothing written, when it changed since.
   */
  private async moveUnchanged(
    data: DataApi,
    request: Request,
    to: State,
    completionText: string | null,
    extra: Partial<Request>,
  ): Promise<boolean> {
    const from = stateOf(request.phaseCode, request.statusCode);
    if (!canMove(from, to)) throw new Error(`request ${request.requestId}: ${from} → ${to} is not a move`);
    const moved = await data.patchUnchanged(concurrentRequest, request, {
      ...split(to),
      completionText,
      ...(to.startsWith('COMPLETED') ? { completedAt: data.now.getTime() } : {}),
      ...extra,
    });
    if (!moved) return false;
    if (to.startsWith('COMPLETED')) await stageCompleted(data, moved, this.wakeFn);
    return true;
  }

  /** The wake-up as a function, for a set's run moving its stages. */
  private readonly wakeFn = (request: Pick<Request, 'requestId' | 'priority'>, afterMs?: number) =>
    this.wake(request, afterMs);

  /**
   * Nodes that stopped without saying so leave their rows (cleared after ten minutes): when the
   * newest beat among the other nodes is older than two minutes, nothing ran background work
   * from then until now. Recorded (and alerted) as NO_NODE when a node starts.
   */
  async noNodeGap(data: DataApi): Promise<void> {
    const [last] = await queryRows<{ at: Date | string | null }>(
      data.tx,
      sql`select max(heartbeat_at) as at from base_scheduler_node where node_name <> ${this.nodeName}`,
    );
    if (!last?.at) return;
    const since = new Date(last.at).getTime();
    if (data.now.getTime() - since < NO_NODE_AFTER_MS) return;
    const zone = data.runtime.timeZone;
    await this.recordError(data, 'NO_NODE', {
      message: storedMessage('scheduler.error.noNode', {
        from: formatDateTime(since, zone),
        to: formatDateTime(data.now.getTime(), zone),
      }),
    });
  }

  async recordError(
    data: DataApi,
    kind: ErrorKind,
    values: {
      requestId?: number;
      scheduleId?: number;
      programId?: number;
      occurrenceAt?: number;
      message: string;
    },
  ): Promise<void> {
    const [id] = await data.insert(schedulingError, [
      { errorKind: kind, occurredAt: data.now.getTime(), ...values },
    ]);
    if (ALERTED.has(kind)) await this.alert(data, kind, values.message, id!);
  }

  /**
   * Tells the people who look after background work (whoever holds the 调度异常 menu) in-app and
   * by e-mail, in the transaction that records the error: never silence.
   */
  private async alert(data: DataApi, kind: ErrorKind, message: string, errorId: number): Promise<void> {
    const messages = data.services.siteMessages;
    if (!messages) return;
    const today = formatDate(data.now.getTime(), data.runtime.timeZone);
    // A raw read over the grant tables: who may see the errors is the platform's rule.
    const rows = await queryRows<{ userId: number }>(
      data.tx,
      sql`select distinct u.user_id as "userId" from base_user u
            join base_user_responsibility ur on ur.user_id = u.user_id
            join base_responsibility_role rr on rr.responsibility_id = ur.responsibility_id
            join base_role r on r.role_id = rr.role_id and r.enabled_flag = 'Y'
            join base_role_menu rm on rm.role_id = r.role_id
            join base_menu m on m.menu_id = rm.menu_id and m.enabled = 'Y'
           where m.menu_code = ${ALERT_MENU} and u.status = 'ACTIVE'
             and (ur.start_date is null or ur.start_date <= ${today}::date)
             and (ur.end_date is null or ur.end_date >= ${today}::date)`,
    );
    const userIds = rows.map((row) => Number(row.userId));
    if (!userIds.length) return;
    await messages.notify({
      userIds,
      titleKey: 'scheduler.alert.title',
      contentKey: 'scheduler.alert.content',
      params: {
        kind: { key: `lookup.BASE_SCHEDULING_ERROR_KIND.${kind}` },
        // The error's text is kept as a message (storedMessage): each language its own.
        message: {
          zh: renderStoredText(data.runtime.messages(), 'zh-CN', message),
          en: renderStoredText(data.runtime.messages(), 'en', message),
        },
      },
      link: { entityName: schedulingError.name, documentId: errorId },
      source: 'SCHEDULER_ALERT',
      email: true,
      eventId: `scheduling-error-${errorId}`,
    });
  }

  /** Runs the executable, then completes, retries or terminates the request. */
  private async execute(run: Running): Promise<void> {
    const { runtime } = this.services;
    const { request, program, controller } = run;
    const executable = this.services.executables.get(program.executableName)!;
    const actor = await this.actorOf(request);
    run.log.locale = actor.locale;
    const output = program.outputType === 'NONE' ? null : new OutputFile();
    const timer = setTimeout(() => this.abort(run, 'timeout'), program.timeoutSeconds * 1000);
    let outcome: { kind: 'ok'; text: string | null; warning: boolean } | { kind: 'error'; error: unknown };
    try {
      const result = await abandonable(
        executable({
          requestId: request.requestId,
          attempt: request.attempts,
          params: (request.parameters ?? {}) as Record<string, unknown>,
          signal: controller.signal,
          actor,
          work: (task) => {
            if (run.finished) return Promise.reject(new Error('the request has ended'));
            return runtime.transaction((tx) =>
              task(
                dataApi({ actor, runtime, tx, now: runtime.clock.now() }, `program.${program.programCode}`),
              ),
            );
          },
          // What a handler left running writes after its request ended is dropped.
          log: (message, level) => {
            if (!run.finished) run.log.add(message, level ?? 'INFO');
          },
          output: (text) => {
            if (!run.finished) output?.write(text);
          },
          outputFile: async (content, fileName) => {
            if (run.finished) return;
            if (!output) throw new Error(`program ${program.programCode} has no output`);
            await output.replace(content, fileName);
          },
          exportReport: async (report, requestParams) => {
            if (run.finished) return;
            if (!output) throw new Error(`program ${program.programCode} has no output`);
            const made = await reportWorkbook(runtime, this.services.policy, actor, report, requestParams);
            await output.replace(made.stream, made.fileName);
          },
        }),
        controller.signal,
      );
      outcome =
        typeof result === 'object' && result !== null
          ? { kind: 'ok', text: result.warning, warning: true }
          : { kind: 'ok', text: result ?? null, warning: false };
    } catch (error) {
      outcome = { kind: 'error', error };
    } finally {
      clearTimeout(timer);
      run.finished = true;
    }
    if (outcome.kind === 'error' && !run.stopping)
      run.log.add(errorText(outcome.error, runtime, actor.locale), 'ERROR');
    await run.log.flush();
    const file = output ? await output.store(this.services, request, program).catch(() => null) : null;
    await output?.remove();
    await runtime.transaction(async (tx) => {
      const data = systemData(this.services, tx, 'scheduler.complete', actor.locale);
      const extra = { logLines: run.log.count, ...(file ? { outputFile: String(file) } : {}) };
      if (file)
        await this.services.attachments.link(tx, concurrentRequest, request.requestId, 'outputFile', [file]);
      // A run that ended well, on a row no one touched since it started (no cancel): moved as
      // the start left it, unread. Changed meanwhile: locked and decided on as it is now.
      if (outcome.kind === 'ok' && !run.stopping) {
        const to = outcome.warning ? 'COMPLETED/WARNING' : 'COMPLETED/NORMAL';
        if (await this.moveUnchanged(data, request, to, outcome.text, extra)) return;
      }
      const [current] = await data.lock(concurrentRequest, [request.requestId]);
      if (!current) return;
      if (run.stopping === 'shutdown') {
        await this.interrupted(data, current, program);
        return;
      }
      const state = stateOf(current.phaseCode, current.statusCode);
      if (run.stopping || state === 'RUNNING/TERMINATING') {
        const terminating =
          state === 'RUNNING/NORMAL' ? await this.move(data, current, 'RUNNING/TERMINATING') : current;
        const reason =
          run.stopping === 'timeout'
            ? storedMessage('scheduler.request.timedOut', { seconds: program.timeoutSeconds })
            : storedMessage('scheduler.request.terminated');
        await this.move(data, terminating, 'COMPLETED/TERMINATED', reason, extra);
        return;
      }
      if (outcome.kind === 'ok') {
        await this.move(
          data,
          current,
          outcome.warning ? 'COMPLETED/WARNING' : 'COMPLETED/NORMAL',
          outcome.text,
          extra,
        );
        return;
      }
      const message = errorText(outcome.error, runtime, actor.locale);
      if (current.attempts <= program.retryLimit) {
        const delay = retryDelayMs(program, current.attempts);
        const retried = await data.patch(concurrentRequest, current.requestId, {
          ...split('PENDING/NORMAL'),
          requestedStart: data.now.getTime() + delay,
          completionText: message,
          ...extra,
        });
        // RUNNING → PENDING is the retry of a failed run: the one move the table lets the runner make for it.
        await this.wake(retried, delay);
        return;
      }
      await this.move(data, current, 'COMPLETED/ERROR', message, extra);
      await this.recordError(data, 'REQUEST_FAILED', {
        requestId: current.requestId,
        programId: current.programId ?? undefined,
        message,
      });
    });
    await this.services.lease.release('request', request.requestId);
    await this.wakeStandby();
  }

  /** A request cut off by a stopped node: run again when retry-safe, else Error "interrupted". */
  private async interrupted(data: DataApi, request: Request, program: Program): Promise<void> {
    if (program.retrySafe === 'Y' && request.attempts <= program.retryLimit + 1) {
      const again = await data.patch(concurrentRequest, request.requestId, {
        ...split('PENDING/NORMAL'),
        nodeName: null,
        completionText: storedMessage('scheduler.request.interruptedRetry'),
      });
      await this.wake(again);
      return;
    }
    const message = storedMessage('scheduler.request.interrupted');
    const stopped = await data.patch(concurrentRequest, request.requestId, {
      ...split('COMPLETED/ERROR'),
      completionText: message,
      completedAt: data.now.getTime(),
    });
    await this.recordError(data, 'REQUEST_FAILED', {
      requestId: stopped.requestId,
      programId: stopped.programId ?? undefined,
      message,
    });
    await stageCompleted(data, stopped, this.wakeFn);
  }

  /** Wakes the requests waiting on Standby (something completed: one of them may start). */
  private async wakeStandby(): Promise<void> {
    const table = this.services.runtime.table(concurrentRequest.name);
    // A raw read of ids and priorities only: this runs after every completion.
    const waiting = await queryRows<{ requestId: number; priority: number }>(
      this.services.runtime.executor(),
      sql`select request_id as "requestId", priority from ${table}
           where phase_code = 'PENDING' and status_code = 'STANDBY' order by priority, request_id limit 200`,
    );
    for (const request of waiting)
      await this.wake({ requestId: Number(request.requestId), priority: Number(request.priority) });
  }

  private abort(run: Running, why: 'cancel' | 'timeout' | 'shutdown'): void {
    if (run.stopping) return;
    run.stopping = why;
    run.controller.abort(new Error(why));
  }

  /** Requests of this node that a user cancelled (RUNNING/TERMINATING) get their signal. */
  private async pollCancelled(): Promise<void> {
    if (!this.running.size) return;
    const ids = [...this.running.keys()];
    const table = this.services.runtime.table(concurrentRequest.name);
    const rows = await queryRows<{ requestId: number }>(
      this.services.runtime.executor(),
      sql`select request_id as "requestId" from ${table}
           where request_id in (${sql.join(
             ids.map((id) => sql`${id}`),
             sql`, `,
           )})
             and phase_code = 'RUNNING' and status_code = 'TERMINATING'`,
    );
    for (const row of rows) {
      const run = this.running.get(Number(row.requestId));
      if (run) this.abort(run, 'cancel');
    }
  }

  private async heartbeat(): Promise<void> {
    await this.services.runtime.transaction(async (tx) => {
      await queryRows(
        tx,
        sql`update base_scheduler_node set heartbeat_at = ${this.services.runtime.clock.now()} where node_name = ${this.nodeName}`,
      );
    });
  }

  /**
   * Requests left RUNNING by a node that is gone (its work lease is free): run again when the
   * program is retry-safe, else completed Error "interrupted". Never a request RUNNING forever.
   */
  async sweep(): Promise<number> {
    const { runtime, lease } = this.services;
    const table = runtime.table(concurrentRequest.name);
    const candidates = await queryRows<{ requestId: number }>(
      runtime.executor(),
      // A set's run holds no lease (it runs nothing itself): its stages move it.
      sql`select request_id as "requestId" from ${table} where phase_code = 'RUNNING' and request_set_id is null`,
    );
    let cleared = 0;
    for (const { requestId } of candidates) {
      const id = Number(requestId);
      if (this.running.has(id) || !(await lease.claimOrphan('request', id))) continue;
      try {
        await runtime.transaction(async (tx) => {
          const platform = systemData(this.services, tx, 'scheduler.sweep');
          const [request] = await platform.lock(concurrentRequest, [id]);
          if (!request?.programId || request.phaseCode !== 'RUNNING') return;
          const { locale } = await this.actorOf(request);
          const data = systemData(this.services, tx, 'scheduler.sweep', locale);
          const [program] = await data.lock(concurrentProgram, [request.programId]);
          await this.interrupted(data, request, program!);
          cleared++;
          this.cleared++;
        });
      } finally {
        await lease.release('request', id);
      }
    }
    await this.rewakeLost();
    // Nodes that stopped beating long ago are removed from the status tab.
    await queryRows(
      runtime.executor(),
      sql`delete from base_scheduler_node where heartbeat_at < ${new Date(runtime.clock.nowMs() - 10 * 60_000)}`,
    );
    return cleared;
  }

  /**
   * Waiting requests whose wake-up is gone (a start transaction that failed after taking the
   * job, a job lost with a queue's data) are woken again: due for a minute, unchanged for a
   * minute, and no job of the queue names them. Raw: a look across the job queue's own table.
   */
  async rewakeLost(): Promise<number> {
    const { runtime } = this.services;
    const table = runtime.table(concurrentRequest.name);
    const minuteAgo = new Date(runtime.clock.nowMs() - 60_000);
    const lost = await queryRows<{ requestId: number; priority: number }>(
      runtime.executor(),
      sql`select r.request_id as "requestId", r.priority from ${table} r
           where r.phase_code = 'PENDING' and r.status_code in ('NORMAL', 'STANDBY')
             and (r.requested_start is null or r.requested_start <= ${minuteAgo})
             and r.last_update_date <= ${minuteAgo}
             and not exists (
               select 1 from ${sql.identifier(JOB_SCHEMA)}.job j
                where j.name = ${REQUEST_QUEUE} and j.state in ('created', 'retry', 'active')
                  and j.data->>'requestId' = r.request_id::text)
           order by r.request_id
           limit 100`,
    );
    for (const request of lost)
      await this.wake({ requestId: Number(request.requestId), priority: Number(request.priority) });
    return lost.length;
  }

  /**
   * Who a request runs as: its submitter under the request's responsibility, as the identity
   * module knows him (kept for a minute: many requests of one user need not each read his grants).
   */
  async actorOf(request: Pick<Request, 'submittedBy' | 'responsibilityId'>): Promise<Actor> {
    const key = `${request.submittedBy}:${request.responsibilityId ?? ''}`;
    const known = this.actors.get(key);
    if (known && known.until > Date.now()) return known.actor;
    const actor = await this.readActor(request);
    this.actors.set(key, { actor, until: Date.now() + 60_000 });
    return actor;
  }

  private async readActor(request: Pick<Request, 'submittedBy' | 'responsibilityId'>): Promise<Actor> {
    const identity = this.services.runtime.plugins.identity;
    const user = identity ? await identity.findUser({ userId: request.submittedBy }) : null;
    // A submitter the platform no longer knows reads nothing.
    if (!identity || !user)
      return { ...SYSTEM_ACTOR, system: false, userId: request.submittedBy, orgIds: [], categoryIds: [] };
    const grants = await identity.grants(user, request.responsibilityId ?? null);
    return actorOf(user, grants, user.languageCode === 'EN' ? 'en' : 'zh-CN');
  }

  /** Turns due schedule occurrences into requests now (the ticker does it every few seconds). */
  tick(): Promise<number> {
    return this.ticker.tick();
  }

  /** Orphaned requests this node's sweeps have cleared, the beat's included (for tests). */
  get sweptTotal(): number {
    return this.cleared;
  }

  /** Requests running on this node now (for the status tab and tests). */
  get active(): readonly number[] {
    return [...this.running.keys()];
  }
}

/** A request running now, as a start looks at it. */
interface Active {
  programId: number;
  runAlone: string | null;
  ruled: boolean;
}

/** Whether `program` must wait for the requests running now (or runs alone and anything runs). */
function blocked(program: Program, active: readonly Active[]): boolean {
  if (!active.length) return false;
  if (program.runAlone === 'Y') return true;
  return active.some(
    (row) =>
      row.runAlone === 'Y' ||
      row.ruled ||
      (program.parallelFlag !== 'Y' && row.programId === program.programId),
  );
}

/** The delay before retry n (from 1): the program's delay, doubled each time when it backs off, capped. */
export function retryDelayMs(
  program: Pick<Program, 'retryDelaySeconds' | 'retryBackoff' | 'retryMaxDelaySeconds'>,
  attempt: number,
): number {
  const base = program.retryDelaySeconds * 1000;
  const grown = program.retryBackoff === 'Y' ? base * 2 ** Math.max(0, attempt - 1) : base;
  return Math.min(grown, Math.max(base, program.retryMaxDelaySeconds * 1000));
}

/** The handler's promise, or a rejection once its signal has been aborted for a while (a handler that ignores it). */
function abandonable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let timer: NodeJS.Timeout | null = null;
    const onAbort = () => {
      timer = setTimeout(() => reject(new Error('the handler ignored its signal')), ABANDON_AFTER_MS);
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        if (timer) clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        if (timer) clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * A failed run's text, at most 2000 characters: an AppError as its message (read in each reader's
 * language) where it fits, else rendered in the submitter's; any other error as it says.
 */
function errorText(
  error: unknown,
  runtime?: BackgroundServices['runtime'],
  locale: Locale = 'zh-CN',
): string {
  if (error instanceof AppError && runtime) {
    const kept = error.render ? null : storedMessage(error.messageKey, error.params);
    if (kept && kept.length <= 2000) return kept;
    return (
      error.render ? error.render(locale).msg : runtime.t(locale, error.messageKey, error.params)
    ).slice(0, 2000);
  }
  return (error instanceof Error ? error.message || error.name : String(error)).slice(0, 2000);
}

/** A request's log lines, written in batches, capped in lines and bytes. */
class LogBuffer {
  private pending: { level: LogLevel; message: string; loggedAt: Date }[] = [];
  count = 0;
  /** The submitter's language, for the log's own notes. */
  locale: Locale = 'zh-CN';
  private bytes = 0;
  private truncated = false;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly services: BackgroundServices,
    private readonly request: Request,
  ) {}

  add(message: string, level: LogLevel): void {
    if (this.truncated) return;
    const text = message.slice(0, 4000);
    if (this.count + 1 >= LOG_MAX_LINES || this.bytes + text.length > LOG_MAX_BYTES) {
      this.truncated = true;
      this.push(
        'WARN',
        this.services.runtime.t(this.locale, 'scheduler.log.truncated', { lines: LOG_MAX_LINES }),
      );
      return;
    }
    this.bytes += Buffer.byteLength(text);
    this.push(level, text);
  }

  private push(level: LogLevel, message: string): void {
    this.count++;
    this.pending.push({ level, message, loggedAt: this.services.runtime.clock.now() });
    if (this.pending.length >= 500) void this.flush();
  }

  /** Writes what is pending. Log lines are records themselves: appended in bulk, not audited field by field. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (!this.pending.length) return;
      const batch = this.pending;
      this.pending = [];
      const table = this.services.runtime.table(requestLog.name);
      await this.services.runtime.transaction(async (tx) => {
        for (let at = 0; at < batch.length; at += 1000)
          await tx.insert(table).values(
            batch.slice(at, at + 1000).map((line) => ({
              requestId: this.request.requestId,
              submittedBy: this.request.submittedBy,
              attempt: this.request.attempts,
              level: line.level,
              loggedAt: line.loggedAt,
              message: line.message,
              versionNum: 1,
              createdBy: this.request.submittedBy,
              creationDate: line.loggedAt,
              lastUpdatedBy: this.request.submittedBy,
              lastUpdateDate: line.loggedAt,
            })) as never,
          );
      });
    });
    // A batch that cannot be written (the database is gone) is reported, never left unhandled.
    this.flushing = this.flushing.catch((error: unknown) =>
      this.services.log('error', 'request log lines were not written', {
        requestId: this.request.requestId,
        err: error,
      }),
    );
    return this.flushing;
  }
}

/** The file extension of each output type. */
const EXTENSIONS: Readonly<Record<Program['outputType'], string>> = {
  NONE: 'txt',
  TEXT: 'txt',
  CSV: 'csv',
  XLSX: 'xlsx',
  PDF: 'pdf',
};

/** A request's output, written to a work file as it comes and stored with the request at the end. */
class OutputFile {
  private dir: Promise<string> | null = null;
  private writing: Promise<void> = Promise.resolve();
  /** The first write that failed (a full disk): the output is then not stored. */
  private failure: unknown = null;
  /** The name the handler gave its whole file, if it did. */
  private fileName: string | null = null;

  write(text: string): void {
    this.dir ??= mkdtemp(join(tmpdir(), 'srm-request-'));
    const dir = this.dir;
    this.writing = this.writing
      .then(async () => appendFile(join(await dir, 'out'), text))
      .catch((error: unknown) => {
        this.failure ??= error;
      });
  }

  /** The whole output at once (a made file): what was written before is replaced. */
  async replace(content: Readable | Uint8Array, fileName?: string): Promise<void> {
    this.dir ??= mkdtemp(join(tmpdir(), 'srm-request-'));
    const path = join(await this.dir, 'out');
    await this.writing;
    const source = content instanceof Uint8Array ? Readable.from([content]) : content;
    await pipeline(source, createWriteStream(path));
    if (fileName) this.fileName = fileName;
  }

  async store(services: BackgroundServices, request: Request, program: Program): Promise<number | null> {
    await this.writing;
    if (this.failure) throw this.failure;
    if (!this.dir) return null;
    const path = join(await this.dir, 'out');
    const extension = EXTENSIONS[program.outputType];
    const stored = await services.attachments.storage.put(createReadStream(path), Number.MAX_SAFE_INTEGER);
    const info = await services.attachments.record(
      { ...SYSTEM_ACTOR, userId: request.submittedBy },
      this.fileName ?? `${request.requestNumber ?? request.requestId}.${extension}`,
      stored,
      { path: 'schedule/request-output', businessId: request.requestId },
      false,
    );
    return info.id;
  }

  async remove(): Promise<void> {
    if (this.dir) await rm(await this.dir, { recursive: true, force: true });
  }
}
