// Concurrent requests over real HTTP on a real database: submitted with checked parameters by
// users of a request group, run by the node's runner with a log and an output, cancelled,
// terminated at their time limit, retried by their policy, parked when nothing can run them,
// and never seen by another user or a supplier.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import { record, schedulerFixture } from '../scheduler.testing';

const { ids, buyer, otherBuyer, call, ok, program, submit, until, sleep, server, runner } =
  schedulerFixture();
type Row = Record<string, unknown>;

describe('concurrent requests', () => {
  it('a submitted request runs once: PENDING → RUNNING → COMPLETED/Normal, with its log and its output', async () => {
    const programId = await program('T_ECHO', 'T_ECHO', {
      outputType: 'CSV',
      params: [
        { lineNum: 1, paramName: 'name', paramLabel: '名称', paramKind: 'TEXT', requiredFlag: 'Y' },
        {
          lineNum: 2,
          paramName: 'count',
          paramLabel: '数量',
          paramKind: 'NUMBER',
          defaultType: 'LITERAL',
          defaultValue: '7',
        },
      ],
    });
    const submitted = await submit(programId, { name: '支架' });
    expect(submitted).toMatchObject({
      phaseCode: 'PENDING',
      statusCode: 'NORMAL',
      submittedBy: ids.user,
      responsibilityId: ids.responsibility,
      responsibilityName: 'SCHED_TEST',
    });
    expect(submitted.parameters).toEqual({ name: '支架', count: 7 });
    const done = await until(submitted.requestId as number, ['COMPLETED']);
    expect(done).toMatchObject({
      statusCode: 'NORMAL',
      attempts: 1,
      completionText: 'echoed 支架',
      logLines: 2,
    });
    const log = await ok<Row[]>('baseConcurrentRequest', 'findLog', { requestId: done.requestId }, buyer());
    expect(log.map((line) => [line.level, line.message])).toEqual([
      ['INFO', 'hello 支架'],
      ['WARN', 'careful'],
    ]);
    const output = await ok<{ attachmentId: number }>(
      'baseConcurrentRequest',
      'downloadOutput',
      { requestId: done.requestId },
      buyer(),
    );
    const download = (actor: Row) =>
      fetch(`${server().url}/api/file/v2/file/download?id=${output.attachmentId}`, {
        method: 'POST',
        headers: { 'x-test-actor': JSON.stringify(actor) },
      });
    expect(await (await download(buyer())).text()).toBe('name,count\n支架,7\n');
    // The file is the request's: another user does not get it by its id.
    expect((await download(otherBuyer())).status).toBe(404);
  });

  it('another user reads nothing of it (404), a supplier reaches nothing under /api/schedule (403)', async () => {
    const programId = await program('T_ECHO_2', 'T_ECHO', {
      params: [{ lineNum: 1, paramName: 'name', paramLabel: 'n' }],
    });
    const mine = await submit(programId, { name: 'x' });
    await until(mine.requestId as number, ['COMPLETED']);
    for (const action of [
      'findById',
      'findLog',
      'downloadOutput',
      'doCancel',
      'doHold',
      'doRelease',
      'doResubmit',
    ])
      expect(
        (await call('baseConcurrentRequest', action, { requestId: mine.requestId }, otherBuyer())).httpStatus,
        action,
      ).toBe(404);
    expect(
      await ok<Row[]>('baseConcurrentRequest', 'listByPage', { requestId: mine.requestId }, otherBuyer()),
    ).toEqual([]);
    const supplier = {
      userId: 777,
      userName: 'sup',
      side: 'supplier' as const,
      supplierId: 1,
      orgIds: [] as number[],
    };
    for (const [entity, action] of [
      ['baseConcurrentRequest', 'listByPage'],
      ['baseConcurrentRequest', 'doSubmit'],
      ['baseConcurrentProgram', 'listByPage'],
      ['baseScheduleJob', 'listByPage'],
      ['baseSchedulingError', 'listByPage'],
      ['baseSchedulerNode', 'findQueueDepths'],
    ] as const)
      expect((await call(entity, action, { programId }, supplier)).httpStatus, `${entity}.${action}`).toBe(
        403,
      );
  });

  it('a program outside the caller’s request groups is refused (403) and writes no request', async () => {
    const outside = await ok('baseConcurrentProgram', 'saveOrUpdate', {
      programCode: 'T_OUTSIDE',
      programName: '组外程序',
      executableName: 'T_ECHO',
    });
    const before = await server().count('base_concurrent_request');
    const answer = await call(
      'baseConcurrentRequest',
      'doSubmit',
      { programId: outside.programId },
      buyer(),
      'CN',
    );
    expect(answer.httpStatus).toBe(403);
    expect(answer.body.msg).toBe('当前职责的请求组中没有程序“组外程序”，不能提交');
    const elsewhere = { ...buyer(), responsibilityId: ids.otherResponsibility };
    const programId = await program('T_ECHO_3', 'T_ECHO');
    expect((await call('baseConcurrentRequest', 'doSubmit', { programId }, elsewhere)).httpStatus).toBe(403);
    expect(await server().count('base_concurrent_request')).toBe(before);
  });

  it('a wrong type, a missing required value, an unknown name: a clear message and no request', async () => {
    const programId = await program('T_PARAMS', 'T_ECHO', {
      params: [
        {
          lineNum: 1,
          paramName: 'name',
          paramLabel: '名称',
          paramLabelEn: 'Name',
          paramKind: 'TEXT',
          requiredFlag: 'Y',
        },
        { lineNum: 2, paramName: 'count', paramLabel: '数量', paramLabelEn: 'Count', paramKind: 'NUMBER' },
        {
          lineNum: 3,
          paramName: 'day',
          paramLabel: '日期',
          paramLabelEn: 'Day',
          paramKind: 'DATE',
          defaultType: 'TODAY',
        },
        { lineNum: 4, paramName: 'flag', paramLabel: '标记', paramLabelEn: 'Flag', paramKind: 'YN' },
        {
          lineNum: 5,
          paramName: 'user',
          paramLabel: '用户',
          paramLabelEn: 'User',
          paramKind: 'REF',
          refEntity: 'baseUser',
        },
      ],
    });
    const before = await server().count('base_concurrent_request');
    const refused = async (parameters: Row, language: 'CN' | 'EN') => {
      const answer = await call(
        'baseConcurrentRequest',
        'doSubmit',
        { programId, parameters },
        buyer(),
        language,
      );
      expect(answer.body.status).toBe('E');
      return [answer.httpStatus, answer.body.msg];
    };
    expect(await refused({ name: 'a', count: '12' }, 'CN')).toEqual([422, '参数“数量”应为数字']);
    expect(await refused({ count: 1 }, 'EN')).toEqual([422, 'Parameter “名称” is required']);
    expect(await refused({ name: 'a', day: '2026-02-30' }, 'CN')).toEqual([
      422,
      '参数“日期”应为日期（YYYY-MM-DD）',
    ]);
    expect(await refused({ name: 'a', flag: 'yes' }, 'CN')).toEqual([422, '参数“标记”只能为 Y 或 N']);
    expect(await refused({ name: 'a', colour: 'red' }, 'EN')).toEqual([
      422,
      'The program has no parameter “colour”',
    ]);
    expect((await refused({ name: 'a', user: 99_999_999 }, 'CN'))[0]).toBe(404);
    expect(
      (await call('baseConcurrentRequest', 'doSubmit', { programId, parameters: [1] }, buyer())).httpStatus,
    ).toBe(400);
    expect(await server().count('base_concurrent_request')).toBe(before);
    const accepted = await submit(programId, { name: 'a', flag: 'Y', user: ids.user });
    expect((accepted.parameters as Row).day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // 数量 made required by a save of the program: the next submit checks what was saved, not what
    // the node read before (its parameters are read again when the program's version moved).
    const saved = await ok<Row & { params: Row[] }>('baseConcurrentProgram', 'findById', { programId });
    const fields = ['programParamId', 'lineNum', 'paramName', 'paramLabel', 'paramLabelEn', 'paramKind'];
    const more = ['requiredFlag', 'defaultType', 'refEntity'];
    await ok('baseConcurrentProgram', 'saveOrUpdate', {
      programId,
      versionNum: saved.versionNum,
      programCode: saved.programCode,
      programName: saved.programName,
      executableName: saved.executableName,
      params: saved.params.map((param) => ({
        ...Object.fromEntries([...fields, ...more].map((field) => [field, param[field]])),
        ...(param.paramName === 'count' ? { requiredFlag: 'Y' } : {}),
      })),
    });
    expect(await refused({ name: 'a' }, 'CN')).toEqual([422, '参数“数量”必填']);
  });

  it('doCancel ends a running request Terminated within 5 s; one that ignores its signal too', async () => {
    const programId = await program('T_A_CANCEL', 'T_A', { parallelFlag: 'Y' });
    const polite = await submit(programId, { ms: 30_000 });
    await until(polite.requestId as number, ['RUNNING/NORMAL']);
    const asked = Date.now();
    const answer = await ok('baseConcurrentRequest', 'doCancel', { requestId: polite.requestId }, buyer());
    expect(answer).toMatchObject({ phaseCode: 'RUNNING', statusCode: 'TERMINATING' });
    await until(polite.requestId as number, ['COMPLETED/TERMINATED'], 5_000);
    expect(Date.now() - asked).toBeLessThan(5_000);
    expect(record.signalled.has(polite.requestId as number)).toBe(true);

    const stubbornId = await program('T_IGNORE_CANCEL', 'T_IGNORE');
    const stubborn = await submit(stubbornId);
    await until(stubborn.requestId as number, ['RUNNING/NORMAL']);
    const at = Date.now();
    await ok('baseConcurrentRequest', 'doCancel', { requestId: stubborn.requestId }, buyer());
    await until(stubborn.requestId as number, ['COMPLETED/TERMINATED'], 6_000);
    expect(Date.now() - at).toBeLessThan(6_000);
    // A completed request cannot be cancelled again.
    const again = await call(
      'baseConcurrentRequest',
      'doCancel',
      { requestId: stubborn.requestId },
      buyer(),
      'EN',
    );
    expect([again.httpStatus, again.body.msg]).toEqual([
      422,
      'A request in Completed/Terminated cannot be cancelled',
    ]);
    // Cancelled while it ends well, before its node looked for cancels (every second): Terminated
    // all the same, not Normal over the cancel.
    const briefId = Number((await submit(programId, { ms: 400 })).requestId);
    await until(briefId, ['RUNNING/NORMAL']);
    await ok('baseConcurrentRequest', 'doCancel', { requestId: briefId }, buyer());
    await until(briefId, ['COMPLETED/TERMINATED'], 5_000);
  });

  it('a program that ignores its signal is stopped at its time limit and completes Terminated', async () => {
    const programId = await program('T_IGNORE_TIMEOUT', 'T_IGNORE', { timeoutSeconds: 1 });
    const request = await submit(programId);
    const done = await until(request.requestId as number, ['COMPLETED'], 10_000);
    expect(done).toMatchObject({ statusCode: 'TERMINATED', completionText: '运行超过 1 秒，已终止' });
    // What the platform writes on a request is read in the reader's language: the same request
    // in English for a reader who reads English, in Chinese for one who reads Chinese.
    const english = await ok<{ userId: number }>('baseUser', 'saveOrUpdate', {
      userName: 'sched-english',
      userFullName: 'sched english',
      userType: 'INTERNAL',
      languageCode: 'EN',
    });
    const actor = { ...buyer(), userId: english.userId, userName: 'sched-english' };
    const theirs = await submit(programId, {}, actor);
    expect(await until(theirs.requestId, ['COMPLETED'], 10_000, actor)).toMatchObject({
      statusCode: 'TERMINATED',
      completionText: '运行超过 1 秒，已终止',
    });
    const inEnglish = await call<Row & { history: { changes: Row[] }[] }>(
      'baseConcurrentRequest',
      'findById',
      { requestId: theirs.requestId, withHistory: true },
      actor,
      'EN',
    );
    expect(inEnglish.body.data.completionText).toBe('Ran over 1 s and was stopped');
    // Its activity log too: the completion text's change, in English.
    const changes = inEnglish.body.data.history.flatMap((entry) => entry.changes);
    expect(
      changes.filter((change) => change.field === 'completionText').map((change) => change.after),
    ).toContain('Ran over 1 s and was stopped');
  });

  it('a failing retry-safe program runs limit + 1 times with growing delays, completes Error, and is one scheduling error', async () => {
    const programId = await program('T_FAIL', 'T_FAIL', {
      retryLimit: 2,
      retryDelaySeconds: 2,
      retryBackoff: 'Y',
      retryMaxDelaySeconds: 60,
      retrySafe: 'Y',
    });
    const request = await submit(programId);
    const done = await until(request.requestId as number, ['COMPLETED'], 30_000);
    expect(done).toMatchObject({ statusCode: 'ERROR', attempts: 3, completionText: 'boom 3' });
    const times = record.attempts.get(request.requestId as number)!;
    expect(times).toHaveLength(3);
    const gaps = [times[1]! - times[0]!, times[2]! - times[1]!];
    // 2 s, then 4 s, each within ±20 % (the wake-up is polled every half second).
    expect(gaps[0]).toBeGreaterThanOrEqual(1_600);
    expect(gaps[0]).toBeLessThanOrEqual(2_400);
    expect(gaps[1]).toBeGreaterThanOrEqual(3_200);
    expect(gaps[1]).toBeLessThanOrEqual(4_800);
    const errors = await ok<Row[]>('baseSchedulingError', 'listByPage', { programId });
    expect(errors.map((row) => [row.errorKind, row.requestId])).toEqual([
      ['REQUEST_FAILED', request.requestId],
    ]);
    const log = await ok<Row[]>(
      'baseConcurrentRequest',
      'findLog',
      { requestId: request.requestId },
      buyer(),
    );
    expect(log.map((line) => [line.attempt, line.level, line.message])).toEqual([
      [1, 'ERROR', 'boom 1'],
      [2, 'ERROR', 'boom 2'],
      [3, 'ERROR', 'boom 3'],
    ]);
  });

  it('a program no node can run parks INACTIVE/No Manager and is listed; a warning completes Warning', async () => {
    const nobody = await program('T_NOBODY', 'NOT_REGISTERED');
    const parked = await submit(nobody);
    await until(parked.requestId as number, ['INACTIVE/NO_MANAGER']);
    const errors = await ok<Row[]>('baseSchedulingError', 'listByPage', { programId: nobody });
    expect(errors[0]).toMatchObject({
      errorKind: 'NO_MANAGER',
      requestId: parked.requestId,
      message: '没有运行中的节点注册了可执行程序 NOT_REGISTERED',
    });
    // The scheduler's own error, read in English by a reader of English.
    const inEnglish = await call<Row[]>(
      'baseSchedulingError',
      'listByPage',
      { programId: nobody },
      buyer(),
      'EN',
    );
    expect(inEnglish.body.data[0]!.message).toBe('No running node registered the executable NOT_REGISTERED');
    const warned = await submit(await program('T_WARN', 'T_WARN'));
    expect(await until(warned.requestId as number, ['COMPLETED'])).toMatchObject({
      statusCode: 'WARNING',
      completionText: 'half done',
    });
  });

  it('a request for later is held and released; a disabled program is refused at submit', async () => {
    const programId = await program('T_ECHO_HOLD', 'T_ECHO', {
      params: [{ lineNum: 1, paramName: 'name', paramLabel: 'n' }],
    });
    const later = Date.now() + 3_600_000;
    const request = await ok(
      'baseConcurrentRequest',
      'doSubmit',
      { programId, parameters: { name: 'h' }, requestedStart: later },
      buyer(),
    );
    expect(request).toMatchObject({ phaseCode: 'PENDING', statusCode: 'NORMAL' });
    expect(
      await ok('baseConcurrentRequest', 'doHold', { requestId: request.requestId }, buyer()),
    ).toMatchObject({
      phaseCode: 'INACTIVE',
      statusCode: 'ON_HOLD',
    });
    const held = await call(
      'baseConcurrentRequest',
      'doHold',
      { requestId: request.requestId },
      buyer(),
      'CN',
    );
    expect([held.httpStatus, held.body.msg]).toEqual([422, '请求处于“非活动/暂挂”，不能暂挂']);
    // Released, it waits for its time again: moved to now here by resubmitting it.
    await ok('baseConcurrentRequest', 'doRelease', { requestId: request.requestId }, buyer());
    const again = await ok('baseConcurrentRequest', 'doResubmit', { requestId: request.requestId }, buyer());
    expect(again).toMatchObject({ parentRequestId: request.requestId, parameters: { name: 'h' } });
    await until(again.requestId as number, ['COMPLETED/NORMAL']);
    await ok('baseConcurrentRequest', 'doCancel', { requestId: request.requestId }, buyer());
    // Submitted and held before the program is disabled; started after (below).
    const parked = await ok<{ requestId: number }>(
      'baseConcurrentRequest',
      'doSubmit',
      { programId, parameters: { name: 'p' }, requestedStart: later },
      buyer(),
    );
    await ok('baseConcurrentRequest', 'doHold', { requestId: parked.requestId }, buyer());
    await ok('baseConcurrentProgram', 'doDisable', { programId });
    // Its start reads the program again (its version moved since this node's starts read it):
    // INACTIVE/Disabled, not a run.
    await queryRows(
      server().runtime.executor(),
      sql`update base_concurrent_request set requested_start = now() where request_id = ${parked.requestId}`,
    );
    await ok('baseConcurrentRequest', 'doRelease', { requestId: parked.requestId }, buyer());
    expect(await until(parked.requestId, ['INACTIVE/DISABLED'])).toMatchObject({
      phaseCode: 'INACTIVE',
      statusCode: 'DISABLED',
    });
    const refused = await call(
      'baseConcurrentRequest',
      'doSubmit',
      { programId, parameters: { name: 'x' } },
      buyer(),
      'EN',
    );
    expect([refused.httpStatus, refused.body.msg]).toEqual([422, 'The program is disabled']);
  });

  it('a request left RUNNING by a node that died: run again when retry-safe, else Error "interrupted", never twice', async () => {
    const safe = await program('T_B_SAFE', 'T_B', { retrySafe: 'Y', retryLimit: 1 });
    const unsafe = await program('T_C_UNSAFE', 'T_C');
    const table = server().runtime.table('baseConcurrentRequest');
    const orphans: number[] = [];
    for (const programId of [safe, unsafe]) {
      const request = await ok(
        'baseConcurrentRequest',
        'doSubmit',
        {
          programId,
          parameters: { ms: 10 },
          requestedStart: Date.now() + 3_600_000,
        },
        buyer(),
      );
      orphans.push(Number(request.requestId));
    }
    // As a node that died would leave them: RUNNING on a node nobody holds (both at once).
    const before = runner().sweptTotal;
    await queryRows(
      server().runtime.executor(),
      sql`update ${table} set phase_code = 'RUNNING', status_code = 'NORMAL', attempts = 1, node_name = 'gone:1', requested_start = now() where request_id in (${orphans[0]!}, ${orphans[1]!})`,
    );
    // The node's own beat sweeps every ten seconds and may come first: count both.
    await runner().sweep();
    expect(await until(orphans[0]!, ['COMPLETED'])).toMatchObject({ statusCode: 'NORMAL', attempts: 2 });
    const interrupted = await until(orphans[1]!, ['COMPLETED']);
    expect(interrupted).toMatchObject({ statusCode: 'ERROR', attempts: 1 });
    expect(interrupted.completionText).toBe('运行节点已停止，请求中断（程序不可安全重跑）');
    await sleep(1_500);
    expect(record.intervals.filter((run) => run.requestId === orphans[1])).toEqual([]);
    expect(runner().sweptTotal - before).toBe(2);
    expect(await runner().sweep()).toBe(0);
  });

  it('a log is capped at 10,000 lines with a note', async () => {
    const request = await submit(await program('T_LOG_FLOOD', 'T_LOG_FLOOD'));
    const done = await until(request.requestId as number, ['COMPLETED'], 30_000);
    expect(done.logLines).toBe(10_000);
    const last = await ok<Row[]>(
      'baseConcurrentRequest',
      'findLog',
      { requestId: request.requestId, fromLine: 9_999 },
      buyer(),
    );
    expect(last.map((line) => line.message)).toEqual(['日志超过 10000 行或 5 MB，之后的内容未记录']);
  });

  it('the status tab counts the jobs waiting per queue and the requests not completed by phase and status', async () => {
    const programId = await program('T_ECHO_DEPTH', 'T_ECHO', {
      params: [{ lineNum: 1, paramName: 'name', paramLabel: 'n' }],
    });
    await ok(
      'baseConcurrentRequest',
      'doSubmit',
      { programId, parameters: { name: 'later' }, requestedStart: Date.now() + 3_600_000 },
      buyer(),
    );
    const depths = await ok<{
      queues: { queue: string; waiting: number; active: number; failedToday: number }[];
      requests: { phase: string; status: string; count: number }[];
    }>('baseSchedulerNode', 'findQueueDepths', {});
    // The request for later waits as a job due in an hour, and as a PENDING request.
    expect(depths.queues.find((row) => row.queue === 'concurrent-request')?.waiting).toBeGreaterThanOrEqual(
      1,
    );
    expect(depths.requests.find((row) => row.phase === 'PENDING')?.count).toBeGreaterThanOrEqual(1);
  });

  it('a waiting request whose wake-up was lost is woken again by the sweep', async () => {
    const programId = await program('T_ECHO_LOST', 'T_ECHO', {
      params: [{ lineNum: 1, paramName: 'name', paramLabel: 'n' }],
    });
    const clock = server().clock;
    const request = await ok(
      'baseConcurrentRequest',
      'doSubmit',
      { programId, parameters: { name: 'lost' }, requestedStart: clock.now().getTime() + 10 * 60_000 },
      buyer(),
    );
    // Its job is gone (what a start transaction that failed after taking it leaves).
    await queryRows(
      server().runtime.executor(),
      sql`delete from pgboss.job where name = 'concurrent-request' and data->>'requestId' = ${String(request.requestId)}`,
    );
    clock.travel(15 * 60_000);
    try {
      // The node's beat may wake it first; either way it runs once it is woken.
      await runner().rewakeLost();
      expect(await until(Number(request.requestId), ['COMPLETED'])).toMatchObject({ statusCode: 'NORMAL' });
    } finally {
      clock.travel(-15 * 60_000);
    }
  });
});
