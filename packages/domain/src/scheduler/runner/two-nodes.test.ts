// Two nodes on one PostgreSQL database (the embedded database is one process: there this suite
// says why it does not run). Requests submitted through both nodes run exactly once each; both
// nodes ticking the same schedules make one request per occurrence; a "run now" of a program
// while its scheduled run is active waits as Standby and never runs beside it; a node that dies
// with a request running leaves it to the other node's sweep, which never runs a program that is
// not retry-safe a second time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import type { Actor } from '@srm/platform';
import { api, startTestServer, type TestServer } from '@srm/platform/testing';
import { serverAreas } from '../../areas.server';
import { record, testArea } from '../scheduler.testing';
import { runnerOf } from '../server';

type Row = Record<string, unknown>;
const onPostgres = !!process.env.DATABASE_URL;
if (!onPostgres)
  console.info('two-node scheduler suite: skipped on PGlite (one process owns the embedded database)');

process.env.SRM_SCHEDULER_TICK_MS = '3600000';
// Test files share a process (vitest.config.ts, isolate: false): the next file gets the default.
afterAll(() => {
  delete process.env.SRM_SCHEDULER_TICK_MS;
});
const areas = [...serverAreas, testArea];
let one: TestServer;
let two: TestServer;
let dead: TestServer | null = null;
let actor: Partial<Actor> = { userName: 'admin' };

async function ok<T = Row>(node: TestServer, entity: string, action: string, body: unknown): Promise<T> {
  const answer = await node.post<T>(api(entity, action), body, { actor });
  expect(answer.body.status, answer.body.msg).toBe('S');
  return answer.body.data;
}

async function program(code: string, executableName: string, extra: Row = {}): Promise<number> {
  const saved = await ok(one, 'baseConcurrentProgram', 'saveOrUpdate', {
    programCode: code,
    programName: code,
    executableName,
    ...extra,
  });
  await ok(one, 'baseRequestGroup', 'saveOrUpdate', {
    groupCode: code,
    groupName: code,
    maxActivePerUser: 0,
    programs: [{ lineNum: 1, programId: saved.programId }],
    responsibilities: [{ lineNum: 1, responsibilityId: actor.responsibilityId }],
  });
  return saved.programId as number;
}

async function settled(ids: readonly number[], timeoutMs = 60_000, node = one): Promise<Row[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await queryRows<Row>(
      node.runtime.executor(),
      sql`select request_id as "requestId", phase_code as "phaseCode", status_code as "statusCode", attempts, node_name as "nodeName"
            from base_concurrent_request where request_id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
    );
    if (rows.every((row) => row.phaseCode === 'COMPLETED') || Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.runIf(onPostgres)('the scheduler on two nodes', () => {
  beforeAll(async () => {
    // Request ids start again in each file's database, and files share the record (isolate: false).
    record.intervals.length = 0;
    for (const seen of [record.attempts, record.signalled, record.executions]) seen.clear();
    one = await startTestServer({ areas });
    two = await startTestServer({ areas, joinDatabaseUrl: one.database.url! });
    const responsibility = await ok(one, 'baseResponsibility', 'saveOrUpdate', {
      responsibilityCode: 'TWO_NODES',
      responsibilityName: 'two nodes',
      side: 'INTERNAL',
    });
    const user = await ok(one, 'baseUser', 'saveOrUpdate', {
      userName: 'two-nodes',
      userFullName: 'two nodes',
      userType: 'INTERNAL',
    });
    actor = {
      userId: user.userId as number,
      userName: 'two-nodes',
      responsibilityId: responsibility.responsibilityId as number,
    };
  }, 120_000);
  afterAll(async () => {
    // The node that died in the last test is left as it is (its calls hang); it stops listening.
    for (const node of [two, one]) {
      if (!node) continue;
      if (node === dead) node.app.server.close();
      else await node.close();
    }
  });

  it('200 requests submitted through both nodes: 200 executions, none twice, on both nodes', async () => {
    const programId = await program('T_COUNT', 'T_COUNT', { parallelFlag: 'Y' });
    const submitted = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        ok(index % 2 ? two : one, 'baseConcurrentRequest', 'doSubmit', { programId }),
      ),
    );
    const ids = submitted.map((row) => row.requestId as number);
    const rows = await settled(ids);
    expect(rows.filter((row) => row.statusCode === 'NORMAL' && row.phaseCode === 'COMPLETED')).toHaveLength(
      200,
    );
    expect(ids.map((id) => record.executions.get(id))).toEqual(ids.map(() => 1));
    expect(rows.every((row) => Number(row.attempts) === 1)).toBe(true);
    // Both nodes took a share.
    expect(new Set(rows.map((row) => row.nodeName)).size).toBe(2);
  }, 120_000);

  it('both nodes ticking the same schedules make one request per occurrence', async () => {
    const programId = await program('T_COUNT_SCHEDULED', 'T_COUNT', { parallelFlag: 'Y' });
    const schedules = await Promise.all(
      [one, two].map((node, index) =>
        ok(node, 'baseScheduleJob', 'saveOrUpdate', {
          scheduleName: `node ${index + 1}`,
          programId,
          cronExpression: '* * * * *',
          missedPolicy: 'ALL',
        }),
      ),
    );
    const first = schedules[0]!.nextOccurrenceAt as number;
    for (const node of [one, two]) node.clock.set(first + 4 * 60_000 + 1_000);
    await Promise.all([
      runnerOf(one).tick(),
      runnerOf(two).tick(),
      runnerOf(one).tick(),
      runnerOf(two).tick(),
    ]);
    const occurrences = await queryRows<{ scheduleId: number; count: number }>(
      one.runtime.executor(),
      sql`select schedule_id as "scheduleId", count(*)::int as count, count(distinct occurrence_at)::int as "distinct"
            from base_concurrent_request where program_id = ${programId} group by schedule_id`,
    );
    expect(occurrences.map((row) => [row.count, (row as Row).distinct])).toEqual([
      [5, 5],
      [5, 5],
    ]);
  }, 60_000);

  it('a node that dies with a request running: the other node never runs a non-retry-safe program twice', async () => {
    const programId = await program('T_A_DIES', 'T_A', {
      params: [{ lineNum: 1, paramName: 'ms', paramLabel: 'ms', paramKind: 'NUMBER' }],
    });
    const request = await ok(two, 'baseConcurrentRequest', 'doSubmit', {
      programId,
      parameters: { ms: 20_000 },
    });
    const id = request.requestId as number;
    let running: Row | undefined;
    for (let tries = 0; tries < 100 && running?.phaseCode !== 'RUNNING'; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      running = await ok(one, 'baseConcurrentRequest', 'findById', { requestId: id });
    }
    expect(running?.phaseCode).toBe('RUNNING');
    const runner = running!.nodeName === runnerOf(two).nodeName ? two : one;
    const survivor = runner === two ? one : two;
    // The node dies: it reaches the database no more (every call of its pool hangs, as in a frozen
    // or killed process) and its lease session ends, its locks with it.
    dead = runner;
    const pool = (runner.database.db as unknown as { $client: Record<string, unknown> }).$client;
    pool.connect = () => new Promise(() => undefined);
    pool.query = () => new Promise(() => undefined);
    await queryRows(
      survivor.runtime.executor(),
      sql`select pg_terminate_backend(pid) from pg_stat_activity
           where pid <> pg_backend_pid() and datname = current_database()
             and pid in (select pid from pg_locks where locktype = 'advisory' and objid = ${id})`,
    );
    let cleared = 0;
    for (let tries = 0; tries < 50 && !cleared; tries++) {
      cleared = await runnerOf(survivor).sweep();
      if (!cleared) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(cleared).toBe(1);
    const [done] = await settled([id], 5_000, survivor);
    expect(done).toMatchObject({ phaseCode: 'COMPLETED', statusCode: 'ERROR' });
    expect(Number(done!.attempts)).toBe(1);
    expect(record.intervals.filter((run) => run.requestId === id).length).toBeLessThanOrEqual(1);
  }, 60_000);
});
