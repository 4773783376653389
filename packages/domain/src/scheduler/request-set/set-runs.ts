// A request set's run (docs/scheduler.md, ADR 0017 §9). Submitting a set writes its run (a request
// naming the set) and one request per stage, PENDING/Waiting, each with its parameter values
// checked then, so a bad value writes nothing. When the run is taken it releases its first stage
// and waits RUNNING/Paused. Each stage's completion, whichever way it comes (the runner, a dead
// node's sweep, a cancel), decides in its own transaction: the next stage is released when the
// stage completed Normal or its rule goes on after any completion; otherwise the stages left are
// cancelled and the run completes Error. After the last stage the run completes Normal, or Warning
// when a stage did not. Cancelling the run cancels the stages waiting and terminates the one running.
import { AppError, type DataApi } from '@srm/platform';
import { type RowOf, storedMessage } from '@srm/kernel';
import { type ParamValues, checkParams } from '../program/program-params';
import { concurrentProgram } from '../program/program.entity';
import { concurrentRequest } from '../request/request.entity';
import { type State, canMove, split, stateOf } from '../request/request-states';
import { submittable } from '../request/request.endpoints';
import { requestSet } from './request-set.entity';

type Request = RowOf<typeof concurrentRequest>;
/** Sends a request's wake-up (the runner's), in the open transaction. */
export type Wake = (request: Pick<Request, 'requestId' | 'priority'>, afterMs?: number) => Promise<void>;

/** The platform's own hand on the requests of a run (they are its rows). */
function platformOf(data: DataApi): DataApi {
  return data.system('a request set’s stages are the platform’s rows, moved for their run');
}

async function moveTo(data: DataApi, request: Request, to: State, extra: Partial<Request> = {}) {
  const from = stateOf(request.phaseCode, request.statusCode);
  if (!canMove(from, to)) throw new Error(`request ${request.requestId}: ${from} → ${to} is not a move`);
  return platformOf(data).patch(concurrentRequest, request.requestId, {
    ...split(to),
    ...(to.startsWith('COMPLETED') ? { completedAt: data.now.getTime() } : {}),
    ...extra,
  });
}

/** The stages of a run, in stage order, locked (the run's parent row is locked first by the caller). */
async function stagesOf(data: DataApi, setRequestId: number): Promise<Request[]> {
  const platform = platformOf(data);
  const ids = (
    await platform.list(
      concurrentRequest,
      { setRequestId },
      { orderBy: [{ field: 'stageNum', order: 'asc' }] },
    )
  ).map((row) => row.requestId);
  return (await platform.lock(concurrentRequest, ids)).sort((a, b) => (a.stageNum ?? 0) - (b.stageNum ?? 0));
}

const isActive = (request: Request) =>
  request.phaseCode === 'RUNNING' ||
  (request.phaseCode === 'PENDING' && request.statusCode !== 'WAITING') ||
  request.phaseCode === 'INACTIVE';

/**
 * Writes a run of the set and its stages for the caller, who must be allowed to submit every
 * program in it. Answers the run (not yet woken: the caller wakes it with its own start).
 */
export async function submitSet(
  data: DataApi,
  requestSetId: number,
  values: {
    requestedStart: number;
    scheduled: boolean;
    parentRequestId?: number;
    priority?: number | null;
    submittedByName: string | null;
    responsibilityName: string | null;
    /**
     * A schedule's occurrence (the ticker, acting as the schedule's submitter): the grants were
     * checked when the schedule was saved, as for a program's occurrence, so a cap of active
     * requests does not drop it.
     */
    occurrence?: Pick<Request, 'scheduleId' | 'occurrenceAt' | 'occurrenceKey' | 'responsibilityId'>;
    /**
     * Values to run instead of those saved on a stage, by the stage's id (a schedule's dates moved
     * on); checked as the saved ones are, defaults filled. The set itself keeps its values.
     */
    stageParameters?: ReadonlyMap<number, ParamValues>;
  },
): Promise<Request> {
  const set = await data.find(requestSet, requestSetId);
  if (set.enabledFlag !== 'Y') throw new AppError(422, 'scheduler.set.disabled', { set: set.setName });
  if (!set.stages.length) throw new AppError(422, 'scheduler.set.noStages', { set: set.setName });
  const stages = [];
  for (const stage of set.stages) {
    const program = values.occurrence
      ? await data.find(concurrentProgram, stage.programId)
      : await submittable(data, stage.programId);
    const given = values.stageParameters?.get(stage.setStageId) ?? stage.parameters;
    stages.push({ stage, parameters: await checkParams(data, program.params, given) });
  }
  const platform = platformOf(data);
  const priority = values.priority ?? set.priority;
  const common = {
    submittedBy: data.actor.userId ?? 0,
    submittedByName: values.submittedByName,
    responsibilityId: values.occurrence
      ? values.occurrence.responsibilityId
      : (data.actor.responsibilityId ?? null),
    responsibilityName: values.responsibilityName,
    priority,
  };
  const [runId] = await platform.insert(concurrentRequest, [
    {
      ...common,
      requestSetId,
      requestedStart: values.requestedStart,
      ...values.occurrence,
      ...(values.parentRequestId ? { parentRequestId: values.parentRequestId } : {}),
      ...(values.scheduled ? split('PENDING/SCHEDULED') : {}),
    },
  ]);
  await platform.insert(
    concurrentRequest,
    stages.map(({ stage, parameters }) => ({
      ...common,
      programId: stage.programId,
      parameters,
      setRequestId: runId!,
      stageNum: stage.stageNum,
      stageRule: stage.stageRule,
      ...split('PENDING/WAITING'),
    })),
  );
  return (await platform.lock(concurrentRequest, [runId!]))[0]!;
}

/** The runner took a set's run: it starts and releases its first stage. */
export async function startSet(data: DataApi, run: Request, wake: Wake, nodeName: string): Promise<void> {
  const started = await moveTo(data, run, 'RUNNING/NORMAL', {
    attempts: run.attempts + 1,
    nodeName,
    startedAt: data.now.getTime(),
    completedAt: null,
  });
  const stages = await stagesOf(data, run.requestId);
  const first = stages.find((stage) => stage.statusCode === 'WAITING');
  if (!first) {
    await moveTo(data, started, 'COMPLETED/NORMAL', { completionText: storedMessage('scheduler.set.done') });
    return;
  }
  await wake(await moveTo(data, first, 'PENDING/NORMAL'));
  await moveTo(data, started, 'RUNNING/PAUSED', { completionText: null });
}

/** A stage completed (in the transaction that completed it): its run goes on, stops or ends. */
export async function stageCompleted(data: DataApi, stage: Request, wake: Wake): Promise<void> {
  if (!stage.setRequestId) return;
  const platform = platformOf(data);
  const [run] = await platform.lock(concurrentRequest, [stage.setRequestId]).catch(() => []);
  if (!run || run.phaseCode !== 'RUNNING') return;
  const stages = await stagesOf(data, run.requestId);
  if (stages.some(isActive)) return;
  const waiting = stages.filter((row) => row.statusCode === 'WAITING');
  if (run.statusCode === 'TERMINATING') {
    for (const row of waiting)
      await moveTo(data, row, 'COMPLETED/CANCELLED', {
        completionText: storedMessage('scheduler.set.runCancelled'),
      });
    await moveTo(data, run, 'COMPLETED/TERMINATED', {
      completionText: storedMessage('scheduler.request.terminated'),
    });
    return;
  }
  const goOn = stage.statusCode === 'NORMAL' || stage.stageRule === 'ON_ANY';
  if (!goOn) {
    for (const row of waiting)
      await moveTo(data, row, 'COMPLETED/CANCELLED', {
        completionText: storedMessage('scheduler.set.stageStopped', { stage: stage.stageNum ?? '' }),
      });
    await moveTo(data, run, 'COMPLETED/ERROR', {
      completionText: storedMessage('scheduler.set.stopped', {
        stage: stage.stageNum ?? '',
        status: { key: `lookup.BASE_REQUEST_STATUS.${stage.statusCode}` },
      }),
    });
    return;
  }
  const [next] = waiting;
  if (next) {
    await wake(await moveTo(data, next, 'PENDING/NORMAL'));
    return;
  }
  const notNormal = stages.filter((row) => row.statusCode !== 'NORMAL');
  await moveTo(
    data,
    run,
    notNormal.length ? 'COMPLETED/WARNING' : 'COMPLETED/NORMAL',
    notNormal.length
      ? {
          completionText: storedMessage('scheduler.set.doneWithWarnings', {
            stages: notNormal.map((row) => row.stageNum).join(', '),
          }),
        }
      : { completionText: storedMessage('scheduler.set.done') },
  );
}

/**
 * A user cancelled a run (already moved to Cancelled or Terminating): its stages waiting are
 * cancelled, its stage running is terminated (the runner ends it, then the run).
 */
export async function runCancelled(data: DataApi, run: Request): Promise<void> {
  const stages = await stagesOf(data, run.requestId);
  for (const stage of stages) {
    const state = stateOf(stage.phaseCode, stage.statusCode);
    if (state === 'RUNNING/NORMAL' || state === 'RUNNING/PAUSED')
      await moveTo(data, stage, 'RUNNING/TERMINATING');
    else if (stage.phaseCode === 'PENDING' || stage.phaseCode === 'INACTIVE')
      await moveTo(data, stage, 'COMPLETED/CANCELLED', {
        completionText: storedMessage('scheduler.set.runCancelled'),
      });
  }
  if (run.phaseCode !== 'RUNNING') return;
  // Nothing left running: the run ends now; otherwise when its running stage ends.
  const [current] = await platformOf(data).lock(concurrentRequest, [run.requestId]);
  if (!(await stagesOf(data, run.requestId)).some((stage) => stage.phaseCode === 'RUNNING'))
    await moveTo(data, current!, 'COMPLETED/TERMINATED', {
      completionText: storedMessage('scheduler.request.terminated'),
    });
}
