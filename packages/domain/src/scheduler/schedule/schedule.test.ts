// Schedules over real HTTP on a real database, with the platform's clock moved instead of
// waiting: an expression or a zone that cannot be read is refused at save; every occurrence
// becomes exactly one request however often nodes tick; two schedules due in the same minute
// both run; occurrences missed while no node ticked follow skip, once or all; date parameters
// move on, a request set's stages' too (the set keeping its own); a bad expression written
// straight into the table is reported and the others go on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import { SYSTEM_ACTOR, dataApi } from '@srm/platform';
import { seedsNamed } from '@srm/platform/testing';
import { adminServer } from '../../admin/area.server';
import { type RequestAnswer, schedulerFixture } from '../scheduler.testing';

// The test ticks by hand: the runner's own ticking waits an hour.
process.env.SRM_SCHEDULER_TICK_MS = '3600000';
// Test files share a process (vitest.config.ts, isolate: false): the next file gets the default.
afterAll(() => {
  delete process.env.SRM_SCHEDULER_TICK_MS;
});

const { buyer, call, ok, program, until, server, runner } = schedulerFixture();
type Row = Record<string, unknown>;
const MINUTE = 60_000;

let echo = 0;
beforeAll(async () => {
  echo = await program('T_ECHO_SCHEDULED', 'T_ECHO', {
    parallelFlag: 'Y',
    params: [
      { lineNum: 1, paramName: 'name', paramLabel: '名称', paramKind: 'TEXT' },
      { lineNum: 2, paramName: 'day', paramLabel: '日期', paramKind: 'DATE' },
    ],
  });
});

async function schedule(extra: Row): Promise<Row> {
  return ok(
    'baseScheduleJob',
    'saveOrUpdate',
    { scheduleName: 'every minute', programId: echo, ...extra },
    buyer(),
  );
}

/** Requests of a schedule, oldest occurrence first. */
async function requestsOf(scheduleId: unknown): Promise<(RequestAnswer & { occurrenceAt: number })[]> {
  const rows = await ok<(RequestAnswer & { occurrenceAt: number })[]>(
    'baseConcurrentRequest',
    'listByPage',
    { scheduleId, pageRows: 100 },
    buyer(),
  );
  return rows.sort((a, b) => Number(a.occurrenceAt) - Number(b.occurrenceAt));
}

/** Moves the platform's clock to a moment. */
function at(ms: number): void {
  server().clock.set(ms);
}

describe('schedules', () => {
  it('an invalid cron expression or time zone is refused at save with a clear message, and nothing is stored', async () => {
    const before = await server().count('base_schedule_job');
    const refused = async (body: Row, language: 'CN' | 'EN') => {
      const answer = await call(
        'baseScheduleJob',
        'saveOrUpdate',
        { scheduleName: 'x', programId: echo, ...body },
        buyer(),
        language,
      );
      return [answer.httpStatus, answer.body.msg];
    };
    // Field problems of a save are a 400 naming the field, as every save's are.
    expect(await refused({ cronExpression: '61 * * * *' }, 'CN')).toEqual([
      400,
      'Cron 表达式：Cron 表达式“61 * * * *”无效，应为 5 段：分 时 日 月 周',
    ]);
    expect(await refused({ cronExpression: '* * * * * *' }, 'EN')).toEqual([
      400,
      'Cron expression: “* * * * * *” is not a cron expression of 5 fields: minute hour day month weekday',
    ]);
    expect(await refused({ cronExpression: '* * * * *', timeZone: 'Mars/Olympus' }, 'CN')).toEqual([
      400,
      '时区：时区“Mars/Olympus”无效，请使用如 Asia/Shanghai 的时区名',
    ]);
    expect((await refused({ scheduleType: 'ONCE' }, 'EN'))[0]).toBe(400);
    expect(await server().count('base_schedule_job')).toBe(before);
  });

  it('every occurrence becomes one request, however often the nodes tick', async () => {
    const saved = await schedule({ cronExpression: '* * * * *', parameters: { name: 'tick' } });
    expect(saved).toMatchObject({ status: 'ACTIVE', submittedBy: buyer().userId, timeZone: 'Asia/Shanghai' });
    const first = saved.nextOccurrenceAt as number;
    expect(first % MINUTE).toBe(0);
    at(first + 1_000);
    await Promise.all([runner().tick(), runner().tick(), runner().tick()]);
    await runner().tick();
    let requests = await requestsOf(saved.scheduleId);
    expect(requests.map((row) => row.occurrenceAt)).toEqual([first]);
    await until(requests[0]!.requestId as number, ['COMPLETED/NORMAL']);
    at(first + MINUTE + 2_000);
    await runner().tick();
    await runner().tick();
    requests = await requestsOf(saved.scheduleId);
    expect(requests.map((row) => row.occurrenceAt)).toEqual([first, first + MINUTE]);
    expect(requests[1]!.parameters).toEqual({ name: 'tick', day: null });
    const found = await ok('baseScheduleJob', 'findById', { scheduleId: saved.scheduleId }, buyer());
    expect(found).toMatchObject({ lastOccurrenceAt: first + MINUTE, nextOccurrenceAt: first + 2 * MINUTE });
    const next = await ok<Row[]>(
      'baseScheduleJob',
      'listOccurrences',
      { scheduleId: saved.scheduleId, count: 3 },
      buyer(),
    );
    expect(next.map((row) => row.occurrenceAt)).toEqual([
      first + 2 * MINUTE,
      first + 3 * MINUTE,
      first + 4 * MINUTE,
    ]);
    await ok('baseScheduleJob', 'doPause', { scheduleId: saved.scheduleId }, buyer());
  });

  it('a schedule runs its last occurrence and ends: run once, and a cron schedule at its end', async () => {
    const now = server().clock.nowMs();
    const runAt = now - (now % MINUTE) + 3 * MINUTE;
    const once = await schedule({ scheduleName: 'once', scheduleType: 'ONCE', runAt });
    expect(once).toMatchObject({ status: 'ACTIVE', nextOccurrenceAt: runAt });
    const ending = await schedule({
      scheduleName: 'two more',
      cronExpression: '* * * * *',
      startDate: runAt - 1,
      endDate: runAt + MINUTE + 1,
    });
    expect(ending.nextOccurrenceAt).toBe(runAt);
    at(runAt + 1_000);
    await runner().tick();
    at(runAt + MINUTE + 1_000);
    await runner().tick();
    at(runAt + 2 * MINUTE + 1_000);
    await runner().tick();
    expect((await requestsOf(once.scheduleId)).map((row) => row.occurrenceAt)).toEqual([runAt]);
    expect((await requestsOf(ending.scheduleId)).map((row) => row.occurrenceAt)).toEqual([
      runAt,
      runAt + MINUTE,
    ]);
    for (const row of [once, ending]) {
      const found = await ok('baseScheduleJob', 'findById', { scheduleId: row.scheduleId }, buyer());
      expect(found).toMatchObject({ status: 'ENDED', nextOccurrenceAt: null });
      const errors = await ok<Row[]>('baseSchedulingError', 'listByPage', { scheduleId: row.scheduleId });
      expect(errors).toEqual([]);
    }
  });

  it('saving a schedule whose occurrence is due but not yet ticked keeps that occurrence', async () => {
    const saved = await ok<{ scheduleId: number; versionNum: number; nextOccurrenceAt: number }>(
      'baseScheduleJob',
      'saveOrUpdate',
      { scheduleName: 'edited', programId: echo, cronExpression: '* * * * *' },
      buyer(),
    );
    const due = saved.nextOccurrenceAt;
    at(due + 2_000);
    // Saved again (a new name) before any node ticked the due occurrence.
    const again = await ok(
      'baseScheduleJob',
      'saveOrUpdate',
      {
        scheduleId: saved.scheduleId,
        versionNum: saved.versionNum,
        scheduleName: 'edited again',
        programId: echo,
        cronExpression: '* * * * *',
      },
      buyer(),
    );
    expect(again.nextOccurrenceAt).toBe(due);
    await runner().tick();
    expect((await requestsOf(saved.scheduleId)).map((row) => row.occurrenceAt)).toEqual([due]);
    await ok('baseScheduleJob', 'doPause', { scheduleId: saved.scheduleId }, buyer());
  });

  it('two schedules of one program due in the same minute both run', async () => {
    const one = await schedule({ scheduleName: 'one', cronExpression: '*/5 * * * *' });
    const two = await schedule({ scheduleName: 'two', cronExpression: '*/5 * * * *' });
    expect(one.nextOccurrenceAt).toBe(two.nextOccurrenceAt);
    at((one.nextOccurrenceAt as number) + 1_000);
    await runner().tick();
    const runs = [...(await requestsOf(one.scheduleId)), ...(await requestsOf(two.scheduleId))];
    expect(runs).toHaveLength(2);
    for (const run of runs) await until(run.requestId as number, ['COMPLETED/NORMAL']);
    for (const row of [one, two])
      await ok('baseScheduleJob', 'doPause', { scheduleId: row.scheduleId }, buyer());
  });

  it('occurrences missed while no node ticked: skip runs none of them, once runs one, all runs each', async () => {
    const made: Record<string, Row> = {};
    for (const policy of ['SKIP', 'ONCE', 'ALL'])
      made[policy] = await schedule({
        scheduleName: `missed ${policy}`,
        cronExpression: '* * * * *',
        missedPolicy: policy,
      });
    const first = made.SKIP!.nextOccurrenceAt as number;
    for (const row of Object.values(made)) expect(row.nextOccurrenceAt).toBe(first);
    // Ten occurrences pass with no tick; the tenth is a second old.
    at(first + 9 * MINUTE + 1_000);
    await runner().tick();
    const counted = async (policy: string) =>
      (await requestsOf(made[policy]!.scheduleId)).map((row) => row.occurrenceAt);
    // The tenth is on time; the nine before it are more than a minute late.
    expect(await counted('SKIP')).toEqual([first + 9 * MINUTE]);
    expect(await counted('ONCE')).toEqual([first + 8 * MINUTE, first + 9 * MINUTE]);
    expect(await counted('ALL')).toEqual(Array.from({ length: 10 }, (_, index) => first + index * MINUTE));
    const missed = await ok<Row[]>('baseSchedulingError', 'listByPage', {
      scheduleId: made.SKIP!.scheduleId,
    });
    expect(missed).toHaveLength(1);
    expect(missed[0]).toMatchObject({ errorKind: 'OCCURRENCE_MISSED', occurrenceAt: first });
    expect(String(missed[0]!.message)).toContain('错过 9 个调度时点');
    for (const row of Object.values(made))
      await ok('baseScheduleJob', 'doPause', { scheduleId: row.scheduleId }, buyer());
  });

  it('a daily schedule with date increment passes the previous date + 1 day on each run', async () => {
    const daily = await schedule({
      scheduleName: 'daily',
      cronExpression: '30 2 * * *',
      incrementDates: 'Y',
      parameters: { name: 'daily', day: '2026-12-01' },
    });
    const first = daily.nextOccurrenceAt as number;
    at(first + 1_000);
    await runner().tick();
    at(first + 24 * 60 * MINUTE + 1_000);
    await runner().tick();
    const days = (await requestsOf(daily.scheduleId)).map((row) => (row.parameters as Row).day);
    expect(days).toEqual(['2026-12-01', '2026-12-02']);
    await ok('baseScheduleJob', 'doPause', { scheduleId: daily.scheduleId }, buyer());
  });

  it('a request set’s daily schedule with date increment moves each stage’s dates on, run after run; the set keeps its own', async () => {
    const DAY = 24 * 60 * MINUTE;
    const saved = [
      { name: 'dated', day: '2026-12-01' },
      { name: 'undated', day: '' },
    ];
    const set = await ok<{ requestSetId: number }>('baseRequestSet', 'saveOrUpdate', {
      setCode: 'DAILY_SET',
      setName: 'daily set',
      stages: saved.map((parameters, index) => ({
        stageNum: index + 1,
        programId: echo,
        stageRule: 'ON_ANY',
        parameters,
      })),
    });
    const daily = await ok<{ scheduleId: number; versionNum: number; nextOccurrenceAt: number }>(
      'baseScheduleJob',
      'saveOrUpdate',
      {
        scheduleName: 'daily set',
        requestSetId: set.requestSetId,
        cronExpression: '30 2 * * *',
        incrementDates: 'Y',
      },
      buyer(),
    );
    const first = daily.nextOccurrenceAt;
    /** The stage requests' dates of each run of a request set, in stage order. */
    const stageDays = async (runs: readonly RequestAnswer[]) => {
      const days: unknown[][] = [];
      for (const run of runs) {
        const stages = await ok<Row[]>(
          'baseConcurrentRequest',
          'listByPage',
          { setRequestId: run.requestId, pageRows: 10 },
          buyer(),
        );
        days.push(
          stages
            .sort((a, b) => Number(a.stageNum) - Number(b.stageNum))
            .map((row) => (row.parameters as Row).day),
        );
      }
      return days;
    };
    for (const day of [0, 1, 2]) {
      at(first + day * DAY + 1_000);
      await runner().tick();
    }
    const runs = await requestsOf(daily.scheduleId);
    expect(runs.map((row) => row.occurrenceAt)).toEqual([first, first + DAY, first + 2 * DAY]);
    expect(await stageDays(runs)).toEqual([
      ['2026-12-01', null],
      ['2026-12-02', null],
      ['2026-12-03', null],
    ]);
    // The set's stages keep the values saved: a submit of the set by hand runs them as they are.
    const found = await ok<{ stages: Row[] }>('baseRequestSet', 'findById', {
      requestSetId: set.requestSetId,
    });
    expect(found.stages.map((stage) => stage.parameters)).toEqual(saved);
    const manual = await ok<RequestAnswer>(
      'baseConcurrentRequest',
      'doSubmit',
      { requestSetId: set.requestSetId },
      buyer(),
    );
    expect(await stageDays([manual])).toEqual([['2026-12-01', null]]);
    // Saved again with the values it read (renamed), the schedule goes on from where it was.
    const schedule = await ok<Row>('baseScheduleJob', 'findById', { scheduleId: daily.scheduleId }, buyer());
    expect(schedule.parameters).toMatchObject({ stages: expect.any(Object) });
    const fields = [
      'scheduleId',
      'versionNum',
      'requestSetId',
      'cronExpression',
      'incrementDates',
      'parameters',
    ];
    await ok(
      'baseScheduleJob',
      'saveOrUpdate',
      {
        ...Object.fromEntries(fields.map((name) => [name, schedule[name]])),
        scheduleName: 'daily set, renamed',
      },
      buyer(),
    );
    at(first + 3 * DAY + 1_000);
    await runner().tick();
    const fourth = (await requestsOf(daily.scheduleId)).slice(3);
    expect(await stageDays(fourth)).toEqual([['2026-12-04', null]]);
    // The set's stage given another date: the schedule starts again from it.
    const edited = await ok<Row & { stages: Row[] }>('baseRequestSet', 'findById', {
      requestSetId: set.requestSetId,
    });
    await ok('baseRequestSet', 'saveOrUpdate', {
      requestSetId: set.requestSetId,
      versionNum: edited.versionNum,
      setCode: edited.setCode,
      setName: edited.setName,
      stages: edited.stages.map((stage, index) => ({
        setStageId: stage.setStageId,
        stageNum: stage.stageNum,
        programId: stage.programId,
        stageRule: stage.stageRule,
        parameters: index === 0 ? { name: 'dated', day: '2027-01-01' } : stage.parameters,
      })),
    });
    at(first + 4 * DAY + 1_000);
    await runner().tick();
    const fifth = (await requestsOf(daily.scheduleId)).slice(4);
    expect(await stageDays(fifth)).toEqual([['2027-01-01', null]]);
    for (const run of [...runs, ...fourth, ...fifth, manual])
      await until(run.requestId, ['COMPLETED/NORMAL']);
    await ok('baseScheduleJob', 'doPause', { scheduleId: daily.scheduleId }, buyer());
  });

  it('a request set on a schedule: each occurrence submits one run of the set as the schedule’s submitter', async () => {
    const count = await program('T_SET_COUNT', 'T_COUNT', { parallelFlag: 'Y' });
    const set = await ok<{ requestSetId: number }>('baseRequestSet', 'saveOrUpdate', {
      setCode: 'SCHED_SET',
      setName: 'scheduled set',
      stages: [
        { stageNum: 1, programId: echo, stageRule: 'ON_NORMAL', parameters: { name: 'stage one' } },
        { stageNum: 2, programId: count, stageRule: 'ON_NORMAL' },
      ],
    });
    // One of the two, and every stage's program must be the user's to submit.
    for (const both of [{ programId: echo, requestSetId: set.requestSetId }, { programId: null }]) {
      const refused = await call(
        'baseScheduleJob',
        'saveOrUpdate',
        { scheduleName: 'x', cronExpression: '* * * * *', ...both },
        buyer(),
      );
      expect([refused.httpStatus, refused.body.msg]).toEqual([
        400,
        '程序：请选择一个程序或一个请求集（二者选一）',
      ]);
    }
    const outside = await ok<{ programId: number }>('baseConcurrentProgram', 'saveOrUpdate', {
      programCode: 'T_SET_OUTSIDE',
      programName: 'outside',
      executableName: 'T_COUNT',
    });
    const foreign = await ok<{ requestSetId: number }>('baseRequestSet', 'saveOrUpdate', {
      setCode: 'SCHED_SET_OUTSIDE',
      setName: 'outside set',
      stages: [{ stageNum: 1, programId: outside.programId, stageRule: 'ON_NORMAL' }],
    });
    const notGranted = await call(
      'baseScheduleJob',
      'saveOrUpdate',
      { scheduleName: 'x', cronExpression: '* * * * *', requestSetId: foreign.requestSetId },
      buyer(),
    );
    expect(notGranted.httpStatus).toBe(403);

    const saved = await ok<{ scheduleId: number; nextOccurrenceAt: number }>(
      'baseScheduleJob',
      'saveOrUpdate',
      {
        scheduleName: 'set every minute',
        requestSetId: set.requestSetId,
        cronExpression: '* * * * *',
        parameters: { name: 'ignored' },
      },
      buyer(),
    );
    expect(saved).toMatchObject({ programId: null, requestSetId: set.requestSetId, parameters: null });
    const first = saved.nextOccurrenceAt;
    at(first + 1_000);
    await Promise.all([runner().tick(), runner().tick()]);
    const [run, ...more] = await requestsOf(saved.scheduleId);
    expect(more).toEqual([]);
    expect(run).toMatchObject({
      requestSetId: set.requestSetId,
      programId: null,
      occurrenceAt: first,
      submittedBy: buyer().userId,
      responsibilityId: buyer().responsibilityId,
    });
    const done = await until(run!.requestId, ['COMPLETED']);
    expect(done.statusCode).toBe('NORMAL');
    const stages = await ok<Row[]>(
      'baseConcurrentRequest',
      'listByPage',
      { setRequestId: run!.requestId, pageRows: 10 },
      buyer(),
    );
    expect(
      stages
        .sort((a, b) => Number(a.stageNum) - Number(b.stageNum))
        .map((row) => [row.programId, row.statusCode, row.parameters]),
    ).toEqual([
      [echo, 'NORMAL', { name: 'stage one', day: null }],
      [count, 'NORMAL', {}],
    ]);
    at(first + MINUTE + 1_000);
    await runner().tick();
    expect((await requestsOf(saved.scheduleId)).map((row) => row.occurrenceAt)).toEqual([
      first,
      first + MINUTE,
    ]);
    await ok('baseScheduleJob', 'doPause', { scheduleId: saved.scheduleId }, buyer());
  });

  it('a bad expression written straight into the table is reported; every other schedule keeps running', async () => {
    const bad = await schedule({ scheduleName: 'bad', cronExpression: '* * * * *' });
    const good = await schedule({ scheduleName: 'good', cronExpression: '* * * * *' });
    const table = server().runtime.table('baseScheduleJob');
    await queryRows(
      server().runtime.executor(),
      sql`update ${table} set cron_expression = '61 * * * *' where schedule_id = ${bad.scheduleId as number}`,
    );
    at((good.nextOccurrenceAt as number) + 1_000);
    await runner().tick();
    expect(await requestsOf(good.scheduleId)).toHaveLength(1);
    expect(await requestsOf(bad.scheduleId)).toHaveLength(0);
    const errors = await ok<Row[]>('baseSchedulingError', 'listByPage', { scheduleId: bad.scheduleId });
    expect(errors.map((row) => row.errorKind)).toEqual(['BAD_SCHEDULE']);
    // Reported once, not at every tick.
    at((good.nextOccurrenceAt as number) + MINUTE + 1_000);
    await runner().tick();
    expect(await ok<Row[]>('baseSchedulingError', 'listByPage', { scheduleId: bad.scheduleId })).toHaveLength(
      1,
    );
    expect(await requestsOf(good.scheduleId)).toHaveLength(2);
    await ok('baseScheduleJob', 'doPause', { scheduleId: good.scheduleId }, buyer());
  });

  it('a paused schedule is not run; resumed, it starts from now (what passed while paused is not missed)', async () => {
    const saved = await schedule({ scheduleName: 'paused', cronExpression: '* * * * *' });
    await ok('baseScheduleJob', 'doPause', { scheduleId: saved.scheduleId }, buyer());
    at((saved.nextOccurrenceAt as number) + 5 * MINUTE);
    await runner().tick();
    expect(await requestsOf(saved.scheduleId)).toHaveLength(0);
    const [resumed] = await ok<Row[]>(
      'baseScheduleJob',
      'doResume',
      { scheduleId: saved.scheduleId },
      buyer(),
    );
    const next = resumed!.nextOccurrenceAt as number;
    expect(next).toBeGreaterThan((saved.nextOccurrenceAt as number) + 5 * MINUTE);
    at(next + 1_000);
    await runner().tick();
    expect((await requestsOf(saved.scheduleId)).map((row) => row.occurrenceAt)).toEqual([next]);
    expect(await ok<Row[]>('baseSchedulingError', 'listByPage', { scheduleId: saved.scheduleId })).toEqual(
      [],
    );
  });

  it('no node beating for over two minutes is recorded when a node starts, and alerts administrators in-app and by mail', async () => {
    await server().seed(seedsNamed(adminServer.seeds, 'menus', 'roles', 'users'));
    const db = server().runtime.executor();
    const now = server().runtime.clock.now().getTime();
    // A node that died five minutes ago left its row.
    await queryRows(
      db,
      sql`insert into base_scheduler_node (node_name, host_name, process_id, started_at, heartbeat_at, executables, workers, version_num, creation_date, last_update_date)
          values ('ghost', 'gone', 1, ${new Date(now - 10 * MINUTE)}, ${new Date(now - 5 * MINUTE)}, '[]', 4, 1, ${new Date(now)}, ${new Date(now)})`,
    );
    await server().runtime.transaction((tx) =>
      runner().noNodeGap(
        dataApi({ actor: SYSTEM_ACTOR, runtime: server().runtime, tx, now: new Date(now) }, 'test'),
      ),
    );
    const errors = await ok<Row[]>('baseSchedulingError', 'listByPage', { errorKind: 'NO_NODE' });
    expect(errors).toHaveLength(1);
    expect(String(errors[0]!.message)).toMatch(/没有任何调度节点在运行/);
    const [admin] = await queryRows<{ id: number }>(
      db,
      sql`select user_id as id from base_user where user_name = 'admin'`,
    );
    const alerts = await queryRows<{ title: string; source: string; zh: string; en: string }>(
      db,
      sql`select title_zh as title, source, content_zh as zh, content_en as en from base_site_message
           where user_id = ${admin!.id} and source = 'SCHEDULER_ALERT'`,
    );
    expect(alerts.map((alert) => alert.title)).toContain('后台作业告警：无在线节点');
    // The error's own text in each language, not the message it is kept as.
    expect(alerts.map((alert) => alert.zh)).toContainEqual(
      expect.stringMatching(/^2\d{3}-.* 至 .*没有任何调度节点在运行/),
    );
    expect(alerts.map((alert) => alert.en)).toContainEqual(
      expect.stringMatching(/^No scheduler node ran from /),
    );
    // The e-mail waits in the message outbox, written with the alert (sent after the commit).
    const mails = await queryRows<{ subject: string }>(
      db,
      sql`select subject from base_message_instance
           where channel = 'EMAIL' and source_code = 'SCHEDULER_ALERT' and address = 'admin@demo.srm.example.cn'`,
    );
    expect(mails.map((mail) => mail.subject)).toContain('后台作业告警：无在线节点');
    // A supplier's user is never told.
    const [others] = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from base_site_message m join base_user u on u.user_id = m.user_id
           where m.source = 'SCHEDULER_ALERT' and u.user_type = 'SUPPLIER'`,
    );
    expect(Number(others!.count)).toBe(0);
  });
});
