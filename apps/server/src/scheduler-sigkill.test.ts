// Issue 16's proof on real processes: two servers (`node apps/server/src/main.ts`, as
// server-process.testing.ts starts them) share one PostgreSQL database; a schedule "every minute"
// for five minutes runs exactly five times in all while one of them is killed with SIGKILL at
// minute 2 and started again at minute 3.
//
// What is real and what is not: the processes, their database, the kill (SIGKILL: no handler
// runs, nothing is flushed or closed) and the restart are real. Time is not waited for: the
// platform's test clock (SRM_TEST_CLOCK=1, POST /api/test/v1/clock) moves both servers' clocks
// to the same instant, one minute at a time. To be sure the kill lands while the minute-2 run is
// in the middle of its work, the test holds a row lock on the one old request that run deletes
// (PURGE_REQUESTS, a program the real server registers): the run waits on it, RUNNING on its
// node, when that node is killed. The survivor's sweep finds the request on no live lease and,
// the program being retry-safe, runs it again; the killed run's transaction never committed.
//
// With one node always up no occurrence is ever late, so the missed-occurrence policy (skip,
// the default) never drops one: all five run, each once, none twice, none left RUNNING, no
// scheduling error, and the schedule ends after the fifth. Saving the schedule again on one node
// while the other ticks (pg-boss #592) makes no occurrence twice. PostgreSQL only: the embedded
// database belongs to one process.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '@srm/db';
import { TEST_CLOCK_PATH } from '@srm/platform';
import { ApiClient, openTestDatabase, type TestDatabase, waitFor } from '@srm/platform/testing';
import { DEMO_PASSWORD } from '@srm/domain/demo';
import { killServer, type ServerProcess, startServer } from './server-process.testing';

type Row = Record<string, unknown>;

const onPostgres = !!process.env.DATABASE_URL;
if (!onPostgres)
  console.info(
    'scheduler SIGKILL suite: skipped on PGlite (two server processes cannot share the embedded database)',
  );

const MINUTE = 60_000;
const SCHEDULE = '/api/schedule/v1';
/**
 * Each clock is set this long before an occurrence, both at once: the nodes reach it together,
 * whichever was set first (a node whose clock had not been moved yet would put off a request
 * due by the other's clock by a minute).
 */
const LEAD_MS = 1_000;

/** A server process, signed in as the demo administrator. */
interface Node {
  readonly label: string;
  readonly server: ServerProcess;
  readonly client: ApiClient;
  readonly dataDir: string;
  /** Its runner's name, as requests and the node table show it. */
  readonly nodeName: string;
  /** The responsibility the administrator works in. */
  readonly responsibilityId: number;
}

interface RequestRow {
  requestId: number;
  scheduleId: number | null;
  /** The occurrence's instant, epoch ms. */
  occurrenceMs: number | null;
  phaseCode: string;
  statusCode: string;
  attempts: number;
  nodeName: string | null;
}

/** A promise and the function that settles it. */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

describe.runIf(onPostgres)('a schedule on two server processes, one killed with SIGKILL', () => {
  it('every minute for 5 minutes: exactly 5 runs, one per occurrence, while a node is killed at minute 2 and restarted at minute 3', async () => {
    const database: TestDatabase = await openTestDatabase();
    cleanup.push(() => database.close());
    const db = database.db;
    // Nodes of one database share its seal key (ADR 0033): a node with another refuses to start.
    const sealKey = randomBytes(32).toString('base64');
    const env = (dataDir: string) => ({
      DATABASE_URL: database.url!,
      SRM_DATA_DIR: dataDir,
      SRM_SEAL_KEY: sealKey,
      SRM_TEST_CLOCK: '1',
      SRM_SCHEDULER_TICK_MS: '200',
      // Heartbeat and dead-node sweep every tenth beat: every second.
      SRM_SCHEDULER_BEAT_MS: '100',
      SRM_JOB_POLL_SECONDS: '0.5',
    });

    async function start(label: string, dataDir: string): Promise<Node> {
      const server = await startServer(env(dataDir), 180_000);
      cleanup.push(() => killServer(server));
      const client = new ApiClient(server.url);
      const login = await client.login('admin', DEMO_PASSWORD);
      expect(login.body.status, login.body.msg).toBe('S');
      const pid = server.child.pid;
      const [row] = await waitFor(
        () =>
          queryRows<{ nodeName: string }>(
            db,
            sql`select node_name as "nodeName" from base_scheduler_node where process_id = ${pid}`,
          ),
        (rows) => rows.length === 1,
      );
      return {
        label,
        server,
        client,
        dataDir,
        nodeName: row!.nodeName,
        responsibilityId: Number(login.body.data.responsibilityId),
      };
    }

    function directory(): string {
      const dir = mkdtempSync(join(tmpdir(), 'srm-sigkill-'));
      cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
      return dir;
    }

    async function ok<T = Row>(node: Node, path: string, body: unknown): Promise<T> {
      const answer = await node.client.call<T>(`${SCHEDULE}/${path}`, body);
      expect(answer.body.status, `${path}: ${answer.body.msg}`).toBe('S');
      return answer.body.data;
    }

    /** Sets the node's clock to `ms`; the client signs with the node's time from then on. */
    async function setClock(node: Node, ms: number): Promise<void> {
      const answer = await node.client.call<{ serverNow: number }>(TEST_CLOCK_PATH, { setMs: ms });
      expect(answer.body.status, answer.body.msg).toBe('S');
      node.client.clockSkew = answer.body.data.serverNow - Date.now();
    }

    const requestsOf = (programId: number) =>
      queryRows<RequestRow>(
        db,
        sql`select request_id::int as "requestId", schedule_id::int as "scheduleId", (extract(epoch from occurrence_at) * 1000)::float8 as "occurrenceMs",
                   phase_code as "phaseCode", status_code as "statusCode", attempts::int as attempts,
                   node_name as "nodeName"
              from base_concurrent_request where program_id = ${programId} order by occurrence_at, request_id`,
      );
    const at = (row: RequestRow) => row.occurrenceMs;

    /** The scheduling errors of the program, or of the schedule (missed occurrences, a schedule that failed). */
    const errorsOf = (programId: number, scheduleId: number) =>
      queryRows<{ errorKind: string; message: string }>(
        db,
        sql`select error_kind as "errorKind", message from base_scheduling_error
             where schedule_id = ${scheduleId} or program_id = ${programId}`,
      );

    /** Waits until the occurrence's request has completed (or a scheduling error says it never will); answers it. */
    async function completed(programId: number, scheduleId: number, occurrence: number): Promise<RequestRow> {
      const [rows, errors] = await waitFor(
        () => Promise.all([requestsOf(programId), errorsOf(programId, scheduleId)]),
        ([found, errors]) =>
          errors.length > 0 || found.some((row) => at(row) === occurrence && row.phaseCode === 'COMPLETED'),
      );
      expect(errors, `scheduling errors waiting for ${new Date(occurrence).toISOString()}`).toEqual([]);
      return rows.find((row) => at(row) === occurrence)!;
    }

    // Two nodes: the first loads the demo data (the administrator, his responsibility), then the second.
    // When each step was done, printed at the end (a slow CI machine shows where the time went).
    const began = Date.now();
    const steps: string[] = [];
    const mark = (step: string) => steps.push(`${step} ${((Date.now() - began) / 1000).toFixed(1)} s`);
    const first = await start('node 1', directory());
    mark('node 1 up');
    const second = await start('node 2', directory());
    mark('node 2 up');
    const nodes = [first, second];

    // A copy of the purge program that is retry-safe (its run, cut off, may run again) and keeps
    // its own requests for ten years (no run of it removes another), granted to the administrator.
    const program = await ok<{ programId: number }>(first, 'baseConcurrentProgramRestful/saveOrUpdate', {
      programCode: 'SIGKILL_PURGE',
      programName: '清理已完成请求（SIGKILL 测试）',
      executableName: 'PURGE_REQUESTS',
      retrySafe: 'Y',
      retentionDays: 3650,
    });
    const programId = program.programId;
    await ok(first, 'baseRequestGroupRestful/saveOrUpdate', {
      groupCode: 'SIGKILL_TEST',
      groupName: 'SIGKILL test',
      maxActivePerUser: 0,
      programs: [{ lineNum: 1, programId }],
      responsibilities: [{ lineNum: 1, responsibilityId: first.responsibilityId }],
    });
    // The one request the minute-2 run will delete: a run of the demo's purge program, made old below.
    const [purge] = await ok<{ programId: number }[]>(first, 'baseConcurrentProgramRestful/listByPage', {
      programCode: 'PURGE_REQUESTS',
    });
    const bait = await ok<{ requestId: number }>(second, 'baseConcurrentRequestRestful/doSubmit', {
      programId: purge!.programId,
    });
    await waitFor(
      () =>
        queryRows<{ phaseCode: string }>(
          db,
          sql`select phase_code as "phaseCode" from base_concurrent_request where request_id = ${bait.requestId}`,
        ),
      (rows) => rows[0]?.phaseCode === 'COMPLETED',
    );

    // Both clocks to 20 s before a whole minute (at least a minute ahead: clocks only go forward);
    // the schedule starts now and ends five minutes later: occurrences at B, B+1 … B+4 minutes.
    const base = Math.ceil((Date.now() + 2 * MINUTE) / MINUTE) * MINUTE;
    const occurrences = [0, 1, 2, 3, 4].map((minute) => base + minute * MINUTE);
    const startAt = base - 20_000;
    await Promise.all(nodes.map((node) => setClock(node, startAt)));
    const schedule = await ok<Row & { scheduleId: number }>(second, 'baseScheduleJobRestful/saveOrUpdate', {
      scheduleName: 'every minute for five minutes',
      programId,
      cronExpression: '* * * * *',
      timeZone: 'Asia/Shanghai',
      startDate: startAt,
      endDate: startAt + 5 * MINUTE,
    });
    expect(schedule).toMatchObject({ missedPolicy: 'SKIP', nextOccurrenceAt: occurrences[0] });

    const moveTo = (live: readonly Node[], occurrence: number) =>
      Promise.all(live.map((node) => setClock(node, occurrence - LEAD_MS)));

    // Minute 1, both nodes up.
    await moveTo(nodes, occurrences[0]!);
    await completed(programId, schedule.scheduleId, occurrences[0]!);
    mark('minute 1');

    // Minute 2: the old request is there to delete, and the test holds its row: the run waits.
    await db.execute(
      sql`update base_concurrent_request set completed_at = '2000-01-01T00:00:00Z' where request_id = ${bait.requestId}`,
    );
    const released = deferred<void>();
    const held = deferred<number>();
    const holder = db.transaction(async (tx) => {
      const [me] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
      await queryRows(
        tx,
        sql`select request_id from base_concurrent_request where request_id = ${bait.requestId} for update`,
      );
      held.resolve(me!.pid);
      await released.promise;
    });
    cleanup.push(async () => {
      released.resolve();
      await holder;
    });
    const holderPid = await held.promise;
    await moveTo(nodes, occurrences[1]!);
    const minuteTwo = () =>
      queryRows<Pick<RequestRow, 'nodeName' | 'phaseCode' | 'attempts'>>(
        db,
        sql`select node_name as "nodeName", phase_code as "phaseCode", attempts::int as attempts
              from base_concurrent_request
             where program_id = ${programId} and occurrence_at = to_timestamp(${occurrences[1]! / 1000})`,
      );
    const [running] = await waitFor(minuteTwo, (rows) => rows[0]?.phaseCode === 'RUNNING');
    expect(running!.attempts).toBe(1);
    // Its executable is inside its delete, waiting on the row the test holds.
    await waitFor(
      () =>
        queryRows<{ pid: number }>(
          db,
          sql`select pid from pg_stat_activity
               where datname = current_database() and ${holderPid} = any(pg_blocking_pids(pid))
                 and query like 'delete from base_concurrent_request where%'`,
        ),
      (rows) => rows.length === 1,
    );
    const victim = nodes.find((node) => node.nodeName === running!.nodeName)!;
    const survivor = nodes.find((node) => node !== victim)!;
    expect(victim, `${running!.nodeName} is neither node`).toBeDefined();
    // While its node lives, the other node's sweeps leave it alone: two heartbeats of the survivor
    // (each followed by a sweep, a second apart) and the request is still the victim's first run.
    const beatOf = async () =>
      (
        await queryRows<{ beat: string }>(
          db,
          sql`select heartbeat_at::text as beat from base_scheduler_node where node_name = ${survivor.nodeName}`,
        )
      )[0]?.beat;
    const beats = new Set([await beatOf()]);
    await waitFor(
      async () => beats.add(await beatOf()).size,
      (seen) => seen >= 3,
    );
    expect(await minuteTwo()).toEqual([{ nodeName: victim.nodeName, phaseCode: 'RUNNING', attempts: 1 }]);
    await killServer(victim.server);
    expect(victim.server.child.signalCode).toBe('SIGKILL');
    released.resolve();
    await holder;
    // The survivor's sweep: the request is on no live lease; retry-safe, it runs again on the survivor.
    expect(await completed(programId, schedule.scheduleId, occurrences[1]!)).toMatchObject({
      statusCode: 'NORMAL',
      attempts: 2,
      nodeName: survivor.nodeName,
    });
    mark('minute 2 (killed, swept, run again)');
    // Nothing ran the killed node's shutdown: its row in the node table is still there.
    const killedRow = await queryRows(
      db,
      sql`select 1 from base_scheduler_node where node_name = ${victim.nodeName}`,
    );
    expect(killedRow).toHaveLength(1);

    // Minute 3: the survivor alone makes and runs the occurrence, then the killed node starts again.
    await moveTo([survivor], occurrences[2]!);
    expect(await completed(programId, schedule.scheduleId, occurrences[2]!)).toMatchObject({
      nodeName: survivor.nodeName,
    });
    mark('minute 3');
    const restarted = await start(`${victim.label} restarted`, victim.dataDir);
    mark('restarted');
    const now = await survivor.client.call<{ serverNow: number }>(TEST_CLOCK_PATH, { travelMs: 0 });
    await setClock(restarted, now.body.data.serverNow);
    const live = [survivor, restarted];
    // Saved again on one node while the other ticks (pg-boss #592: unschedule/schedule from two
    // processes ran twice): the next occurrence stays the next one, nothing is made again.
    const found = await ok<Row>(survivor, 'baseScheduleJobRestful/findById', {
      scheduleId: schedule.scheduleId,
    });
    const resaved = await ok<Row>(survivor, 'baseScheduleJobRestful/saveOrUpdate', {
      scheduleId: schedule.scheduleId,
      versionNum: found.versionNum,
      scheduleName: 'every minute for five minutes (saved again)',
    });
    expect(resaved).toMatchObject({ lastOccurrenceAt: occurrences[2], nextOccurrenceAt: occurrences[3] });

    // Minutes 4 and 5, both nodes up.
    await moveTo(live, occurrences[3]!);
    await completed(programId, schedule.scheduleId, occurrences[3]!);
    mark('minute 4');
    await moveTo(live, occurrences[4]!);
    await completed(programId, schedule.scheduleId, occurrences[4]!);
    mark('minute 5');

    // Exactly five requests of the program, one per occurrence, each completed normally, each run
    // to its end once: the killed run never committed (only the survivor's run removed the old request).
    const requests = await requestsOf(programId);
    expect(requests.map(at)).toEqual(occurrences);
    expect(requests.map((row) => [row.scheduleId, row.phaseCode, row.statusCode])).toEqual(
      occurrences.map(() => [schedule.scheduleId, 'COMPLETED', 'NORMAL']),
    );
    expect(requests.map((row) => row.attempts)).toEqual([1, 2, 1, 1, 1]);
    const names = new Set([first.nodeName, second.nodeName, restarted.nodeName]);
    expect(requests.every((row) => row.nodeName !== null && names.has(row.nodeName))).toBe(true);
    const logs = await queryRows<{ requestId: number; attempt: number; message: string }>(
      db,
      sql`select request_id::int as "requestId", attempt::int as attempt, message from base_concurrent_request_log
           where request_id in (${sql.join(
             requests.map((row) => sql`${row.requestId}`),
             sql`, `,
           )}) order by request_log_id`,
    );
    expect(logs.map((line) => [line.requestId, line.attempt, line.message])).toEqual(
      requests.map((row, index) => [row.requestId, row.attempts, index === 1 ? '1' : '0']),
    );
    const baitLeft = await queryRows(
      db,
      sql`select 1 from base_concurrent_request where request_id = ${bait.requestId}`,
    );
    expect(baitLeft).toEqual([]);
    // Nothing waiting or running anywhere, no occurrence missed, no request failed; the schedule ended.
    const active = await queryRows(
      db,
      sql`select request_id from base_concurrent_request where phase_code <> 'COMPLETED'`,
    );
    expect(active).toEqual([]);
    expect(await errorsOf(programId, schedule.scheduleId)).toEqual([]);
    const ended = await ok<Row>(survivor, 'baseScheduleJobRestful/findById', {
      scheduleId: schedule.scheduleId,
    });
    expect(ended).toMatchObject({ status: 'ENDED', lastOccurrenceAt: occurrences[4] });
    expect(ended.nextOccurrenceAt ?? null).toBeNull();
    const labelOf = (name: string | null) =>
      [first, second, restarted].find((node) => node.nodeName === name)?.label ?? name;
    const runs = requests.map(
      (row, index) => `minute ${index + 1} on ${labelOf(row.nodeName)} (attempts ${row.attempts})`,
    );
    console.info(`scheduler SIGKILL: killed ${victim.label}; ${runs.join(', ')}; ${steps.join(', ')}`);
  }, 150_000);
});
