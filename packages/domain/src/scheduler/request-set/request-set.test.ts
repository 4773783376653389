// Request sets over real HTTP on a real database: a set runs its stages one after another as one
// request (RUNNING/Paused while its stages run, stages PENDING/Waiting until their turn), goes on
// or stops by each stage's rule, is cancelled with its stages, is refused whole when one stage's
// program is not the caller's or one value is bad, and is read by its submitter only.
import { describe, expect, it } from 'vitest';
import { type RequestAnswer, record, schedulerFixture } from '../scheduler.testing';

const { buyer, otherBuyer, call, ok, program, submit, until, sleep } = schedulerFixture();
type Row = Record<string, unknown>;

interface Stage {
  programId: number;
  stageRule?: 'ON_NORMAL' | 'ON_ANY';
  parameters?: Row;
}

async function set(code: string, stages: readonly Stage[], extra: Row = {}): Promise<number> {
  const saved = await ok<{ requestSetId: number }>('baseRequestSet', 'saveOrUpdate', {
    setCode: code,
    setName: code,
    stages: stages.map((stage, index) => ({ stageNum: index + 1, stageRule: 'ON_NORMAL', ...stage })),
    ...extra,
  });
  return saved.requestSetId;
}

async function submitSet(requestSetId: number, actor = buyer()) {
  return ok<RequestAnswer>('baseConcurrentRequest', 'doSubmit', { requestSetId }, actor);
}

/** The stage requests of a run, in stage order, as the submitter reads them. */
async function stagesOf(runId: number): Promise<RequestAnswer[]> {
  const page = await ok<RequestAnswer[]>(
    'baseConcurrentRequest',
    'listByPage',
    { setRequestId: runId, pageIndex: 1, pageRows: 50 },
    buyer(),
  );
  return [...page].sort((a, b) => Number(a.stageNum) - Number(b.stageNum));
}

const stateOf = (row: Row) => `${String(row.phaseCode)}/${String(row.statusCode)}`;

describe('request sets', () => {
  it('runs its stages in order, one at a time, and completes Normal', async () => {
    const a = await program('RS_A', 'T_A', { parallelFlag: 'Y' });
    const b = await program('RS_B', 'T_B', { parallelFlag: 'Y' });
    const setId = await set('RS_ORDER', [
      { programId: a, parameters: { ms: 400 } },
      { programId: b, parameters: { ms: 50 } },
    ]);
    const run = await submitSet(setId);
    expect(run).toMatchObject({ requestSetId: setId, programId: null, phaseCode: 'PENDING' });
    // Written with the run: every stage waits for its turn.
    const written = await stagesOf(run.requestId);
    expect(written.map((row) => [row.stageNum, row.programId])).toEqual([
      [1, a],
      [2, b],
    ]);
    // While stage 1 runs, the run is Paused and stage 2 still Waiting.
    const deadline = Date.now() + 10_000;
    let seen: string[] = [];
    while (Date.now() < deadline) {
      const [parent, stages] = await Promise.all([
        ok('baseConcurrentRequest', 'findById', { requestId: run.requestId }, buyer()),
        stagesOf(run.requestId),
      ]);
      seen = [stateOf(parent), ...stages.map(stateOf)];
      if (seen[1] === 'RUNNING/NORMAL') break;
      await sleep(20);
    }
    expect(seen).toEqual(['RUNNING/PAUSED', 'RUNNING/NORMAL', 'PENDING/WAITING']);
    const done = await until(run.requestId, ['COMPLETED']);
    expect(done).toMatchObject({ statusCode: 'NORMAL', completionText: '全部阶段已正常完成' });
    const stages = await stagesOf(run.requestId);
    expect(stages.map(stateOf)).toEqual(['COMPLETED/NORMAL', 'COMPLETED/NORMAL']);
    // One after the other: stage 2 started after stage 1 ended.
    const [first, second] = [a, b].map((_, index) =>
      record.intervals.find((interval) => interval.requestId === stages[index]!.requestId)!,
    );
    expect(second!.start).toBeGreaterThanOrEqual(first!.end);
  });

  it('stops at a stage that did not complete Normal under "on Normal", goes on under "on any"', async () => {
    const fail = await program('RS_FAIL', 'T_FAIL', { parallelFlag: 'Y' });
    const warn = await program('RS_WARN', 'T_WARN', { parallelFlag: 'Y' });
    const count = await program('RS_COUNT', 'T_COUNT', { parallelFlag: 'Y' });
    const stopping = await set('RS_STOP', [{ programId: fail }, { programId: count }]);
    const stopped = await submitSet(stopping);
    const ended = await until(stopped.requestId, ['COMPLETED']);
    expect(ended).toMatchObject({ statusCode: 'ERROR', completionText: '阶段 1 以“错误”完成，请求集已停止' });
    const [failed, skipped] = await stagesOf(stopped.requestId);
    expect(stateOf(failed!)).toBe('COMPLETED/ERROR');
    expect(skipped).toMatchObject({ phaseCode: 'COMPLETED', statusCode: 'CANCELLED' });
    expect(record.executions.has(skipped!.requestId)).toBe(false);

    const going = await set('RS_GO_ON', [
      { programId: warn, stageRule: 'ON_ANY' },
      { programId: fail, stageRule: 'ON_ANY' },
      { programId: count },
    ]);
    const run = await submitSet(going);
    const done = await until(run.requestId, ['COMPLETED']);
    expect(done).toMatchObject({
      statusCode: 'WARNING',
      completionText: '全部阶段已运行，阶段 1, 2 未正常完成',
    });
    const stages = await stagesOf(run.requestId);
    expect(stages.map(stateOf)).toEqual(['COMPLETED/WARNING', 'COMPLETED/ERROR', 'COMPLETED/NORMAL']);
    expect(record.executions.get(stages[2]!.requestId)).toBe(1);
  });

  it('cancelling the run terminates its running stage and cancels the stages waiting', async () => {
    const slow = await program('RS_SLOW', 'T_C', { parallelFlag: 'Y' });
    const count = await program('RS_COUNT_2', 'T_COUNT', { parallelFlag: 'Y' });
    const setId = await set('RS_CANCEL', [
      { programId: slow, parameters: { ms: 30_000 } },
      { programId: count },
    ]);
    const run = await submitSet(setId);
    const runId = run.requestId;
    const deadline = Date.now() + 10_000;
    while ((await stagesOf(runId))[0]!.phaseCode !== 'RUNNING') {
      if (Date.now() > deadline) throw new Error('stage 1 never ran');
      await sleep(50);
    }
    const started = Date.now();
    await ok('baseConcurrentRequest', 'doCancel', { requestId: runId }, buyer());
    const ended = await until(runId, ['COMPLETED'], 10_000);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(ended.statusCode).toBe('TERMINATED');
    const stages = await stagesOf(runId);
    expect(stages.map(stateOf)).toEqual(['COMPLETED/TERMINATED', 'COMPLETED/CANCELLED']);
    expect(record.executions.has(stages[1]!.requestId)).toBe(false);
  });

  it('is refused whole for a stage the caller may not submit or a bad value, and is its submitter’s alone', async () => {
    const count = await program('RS_COUNT_3', 'T_COUNT', { parallelFlag: 'Y' });
    const echo = await program('RS_ECHO', 'T_ECHO', {
      params: [{ lineNum: 1, paramName: 'name', paramLabel: '名称', paramKind: 'TEXT', requiredFlag: 'Y' }],
    });
    // A stage's values are checked at save.
    const bad = await call('baseRequestSet', 'saveOrUpdate', {
      setCode: 'RS_BAD',
      setName: 'bad',
      stages: [{ stageNum: 1, programId: echo, stageRule: 'ON_NORMAL', parameters: { nope: 1 } }],
    });
    expect(bad.body).toMatchObject({ status: 'E' });
    expect(bad.body.msg).toContain('nope');
    const empty = await call('baseRequestSet', 'saveOrUpdate', { setCode: 'RS_EMPTY', setName: 'e' });
    expect(empty.body).toMatchObject({ status: 'E', msg: '阶段：至少需要一个阶段' });
    // A program outside the caller's request groups: 403, and no request written.
    const outside = await ok<{ programId: number }>('baseConcurrentProgram', 'saveOrUpdate', {
      programCode: 'RS_OUTSIDE',
      programName: 'outside',
      executableName: 'T_COUNT',
    });
    const mixed = await set('RS_MIXED', [{ programId: count }, { programId: outside.programId }]);
    const before = await ok<Row[]>(
      'baseConcurrentRequest',
      'listByPage',
      { pageIndex: 1, pageRows: 1 },
      buyer(),
    );
    const refused = await call('baseConcurrentRequest', 'doSubmit', { requestSetId: mixed }, buyer());
    expect(refused.httpStatus).toBe(403);
    expect(refused.body.msg).toBe('当前职责的请求组中没有程序“outside”，不能提交');
    const after = await ok<Row[]>(
      'baseConcurrentRequest',
      'listByPage',
      { pageIndex: 1, pageRows: 1 },
      buyer(),
    );
    expect(after[0]?.requestId).toBe(before[0]?.requestId);
    // Both or neither of a program and a set: 400.
    for (const body of [{}, { programId: count, requestSetId: mixed }])
      expect((await call('baseConcurrentRequest', 'doSubmit', body, buyer())).httpStatus).toBe(400);
    // Another user reads nothing of a run or its stages.
    const mine = await set('RS_MINE', [{ programId: count }]);
    const run = await submitSet(mine);
    await until(run.requestId, ['COMPLETED']);
    const [stage] = await stagesOf(run.requestId);
    for (const requestId of [run.requestId, stage!.requestId])
      expect((await call('baseConcurrentRequest', 'findById', { requestId }, otherBuyer())).httpStatus).toBe(
        404,
      );
    const theirs = await ok<Row[]>(
      'baseConcurrentRequest',
      'listByPage',
      { setRequestId: run.requestId, pageIndex: 1, pageRows: 50 },
      otherBuyer(),
    );
    expect(theirs).toEqual([]);
  });

  it('resubmitting a run submits the set again, linked to the old run', async () => {
    const count = await program('RS_COUNT_4', 'T_COUNT', { parallelFlag: 'Y' });
    const setId = await set('RS_AGAIN', [{ programId: count }, { programId: count }]);
    const run = await submitSet(setId);
    await until(run.requestId, ['COMPLETED']);
    const again = await ok<RequestAnswer>(
      'baseConcurrentRequest',
      'doResubmit',
      { requestId: run.requestId },
      buyer(),
    );
    expect(again).toMatchObject({ requestSetId: setId, parentRequestId: run.requestId });
    const done = await until(again.requestId, ['COMPLETED']);
    expect(done.statusCode).toBe('NORMAL');
    expect((await stagesOf(again.requestId)).map(stateOf)).toEqual(['COMPLETED/NORMAL', 'COMPLETED/NORMAL']);
  });

  it('the company’s cap on active requests per user counts a run once, not its stages', async () => {
    const slow = await program('RS_CAP_SLOW', 'T_D', { parallelFlag: 'Y' });
    const count = await program('RS_CAP_COUNT', 'T_COUNT', { parallelFlag: 'Y' });
    const setId = await set('RS_CAP', [
      { programId: slow, parameters: { ms: 1_500 } },
      { programId: count },
      { programId: count },
    ]);
    const [profile] = await ok<Row[]>('srmBaseConfigProfile', 'listByPage', {
      profileCode: 'SCH_MAX_ACTIVE_REQUESTS',
      pageIndex: 1,
      pageRows: 10,
    });
    const cap = (value: string, row: Row | undefined) =>
      ok('srmBaseConfigProfile', 'saveOrUpdate', {
        ...(row ? { configProfileId: row.configProfileId, versionNum: row.versionNum } : {}),
        profileCode: 'SCH_MAX_ACTIVE_REQUESTS',
        profileName: 'cap',
        valueType: 'NUMBER',
        profileValue: value,
      });
    const saved = await cap('2', profile);
    try {
      const run = await submitSet(setId);
      const single = await submit(slow, { ms: 1_500 });
      const third = await call('baseConcurrentRequest', 'doSubmit', { programId: count }, buyer());
      expect(third.httpStatus).toBe(422);
      expect(third.body.msg).toContain('2');
      // Another user has his own count.
      const theirs = await submit(count, {}, otherBuyer());
      await until(theirs.requestId, ['COMPLETED'], 20_000, otherBuyer());
      await until(run.requestId, ['COMPLETED']);
      await until(single.requestId, ['COMPLETED']);
      // Done: room again.
      const after = await submit(count);
      await until(after.requestId, ['COMPLETED']);
    } finally {
      await cap('0', saved);
    }
  });
});
