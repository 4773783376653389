// Test fixture of background work over real HTTP on a real database: every area plus a test area
// whose executables record what they did (run intervals, attempts, signals), a responsibility
// with a request group of the test programs, and calls to submit, wait for and read requests.
import { afterAll, beforeAll, expect } from 'vitest';
import { defineArea } from '@srm/kernel';
import { type Actor, type Executable, defineServerArea, renderPdf } from '@srm/platform';
import { api, startTestServer, type TestServer } from '@srm/platform/testing';
import { serverAreas } from '../areas.server';
import { runnerOf, type RequestRunner } from './server';

type Row = Record<string, unknown>;

/** A request as the API answers it, with the fields tests name typed. */
export interface RequestAnswer extends Row {
  readonly requestId: number;
  readonly requestNumber: string;
  readonly phaseCode: string;
  readonly statusCode: string;
}

export interface Interval {
  readonly program: string;
  readonly requestId: number;
  readonly start: number;
  readonly end: number;
}

/** What the test executables did, in order. */
export const record = {
  intervals: [] as Interval[],
  attempts: new Map<number, number[]>(),
  signalled: new Set<number>(),
  executions: new Map<number, number>(),
};

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** Runs for `ms` (a parameter), recording its interval; stops early on its signal. */
const timed: (program: string) => Executable = (program) => async (run) => {
  const start = Date.now();
  await sleep(Number(run.params.ms ?? 100), run.signal);
  if (run.signal.aborted) record.signalled.add(run.requestId);
  record.intervals.push({ program, requestId: run.requestId, start, end: Date.now() });
  return 'ok';
};

export const testExecutables: Record<string, Executable> = {
  T_ECHO: async (run) => {
    run.log(`hello ${String(run.params.name ?? '')}`);
    run.log('careful', 'WARN');
    run.output('name,count\n');
    run.output(`${String(run.params.name ?? '')},${String(run.params.count ?? '')}\n`);
    return `echoed ${String(run.params.name ?? '')}`;
  },
  T_WARN: async () => ({ warning: 'half done' }),
  /** A PDF made by the platform's renderer, handed as the whole output. */
  T_PDF: async (run) => {
    const pdf = await renderPdf({ title: 'T_PDF' }, (doc) => {
      doc
        .font('regular')
        .fontSize(14)
        .text(`关闭的订单 ${String(run.params.name ?? '')}`);
    });
    await run.outputFile(pdf);
    return 'printed';
  },
  T_COUNT: async (run) => {
    record.executions.set(run.requestId, (record.executions.get(run.requestId) ?? 0) + 1);
    return 'counted';
  },
  T_FAIL: async (run) => {
    const seen = record.attempts.get(run.requestId) ?? [];
    seen.push(Date.now());
    record.attempts.set(run.requestId, seen);
    throw new Error(`boom ${run.attempt}`);
  },
  T_IGNORE: async () => {
    // Ignores its signal on purpose.
    await sleep(60_000);
    return 'late';
  },
  T_LOG_FLOOD: async (run) => {
    for (let line = 0; line < 10_050; line++) run.log(`line ${line}`);
    return 'flooded';
  },
  ...Object.fromEntries(['A', 'B', 'C', 'D', 'E'].map((name) => [`T_${name}`, timed(name)])),
};

/** Every area plus the test executables' area (a test starting its own nodes composes these). */
export const testArea = defineServerArea(
  defineArea({
    name: 'schedulerTest',
    entities: [],
    messages: { 'zh-CN': {}, en: {} },
    directories: [],
    menus: [],
  }),
  { executables: testExecutables },
);

export function schedulerFixture() {
  let server: TestServer | undefined;
  const ids = { responsibility: 0, otherResponsibility: 0, group: 0, user: 0, otherUser: 0 };
  const running = () => {
    if (!server) throw new Error('schedulerFixture: start first');
    return server;
  };

  /** A buyer limited to no organisation in particular, working in the test responsibility. */
  const buyer = (): Partial<Actor> => ({
    userId: ids.user,
    userName: 'sched-buyer',
    orgIds: [],
    responsibilityId: ids.responsibility,
  });
  const otherBuyer = (): Partial<Actor> => ({
    userId: ids.otherUser,
    userName: 'sched-other',
    orgIds: [],
    responsibilityId: ids.responsibility,
  });

  async function call<T = Row>(
    entity: string,
    action: string,
    body: unknown,
    actor?: Partial<Actor>,
    language?: 'CN' | 'EN',
  ) {
    return running().post<T>(api(entity, action), body, {
      ...(actor ? { actor } : {}),
      ...(language ? { language } : {}),
    });
  }

  async function ok<T = Row>(
    entity: string,
    action: string,
    body: unknown,
    actor?: Partial<Actor>,
  ): Promise<T> {
    const answer = await call<T>(entity, action, body, actor);
    expect(answer.body.status, answer.body.msg).toBe('S');
    return answer.body.data;
  }

  /** A program of the test group (its executable by name), with extra fields and parameters. */
  async function program(code: string, executableName: string, extra: Row = {}): Promise<number> {
    // The timed executables take their duration as a parameter.
    const timedParams = /^T_[A-E]$/.test(executableName)
      ? { params: [{ lineNum: 1, paramName: 'ms', paramLabel: 'ms', paramKind: 'NUMBER' }] }
      : {};
    const saved = await ok('baseConcurrentProgram', 'saveOrUpdate', {
      programCode: code,
      programName: code,
      executableName,
      ...timedParams,
      ...extra,
    });
    const programId = saved.programId as number;
    const group = await ok<Row & { programs: Row[]; responsibilities: Row[] }>(
      'baseRequestGroup',
      'findById',
      {
        requestGroupId: ids.group,
      },
    );
    const line = (row: Row, key: string, field: string) => ({
      [key]: row[key],
      lineNum: row.lineNum,
      [field]: row[field],
    });
    await ok('baseRequestGroup', 'saveOrUpdate', {
      requestGroupId: ids.group,
      versionNum: group.versionNum,
      groupCode: group.groupCode,
      groupName: group.groupName,
      maxActivePerUser: group.maxActivePerUser,
      programs: [
        ...group.programs.map((row) => line(row, 'groupProgramId', 'programId')),
        { lineNum: group.programs.length + 1, programId },
      ],
      responsibilities: group.responsibilities.map((row) => line(row, 'groupRespId', 'responsibilityId')),
    });
    return programId;
  }

  async function submit(
    programId: number,
    parameters: Row = {},
    actor: Partial<Actor> = buyer(),
    extra: Row = {},
  ) {
    return ok<RequestAnswer>('baseConcurrentRequest', 'doSubmit', { programId, parameters, ...extra }, actor);
  }

  /** The request once it is in one of these phases (polled), as its submitter reads it. */
  async function until(
    requestId: number,
    phases: readonly string[],
    timeoutMs = 20_000,
    actor: Partial<Actor> = buyer(),
  ) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const row = await ok<RequestAnswer>('baseConcurrentRequest', 'findById', { requestId }, actor);
      if (
        phases.includes(`${String(row.phaseCode)}/${String(row.statusCode)}`) ||
        phases.includes(String(row.phaseCode))
      )
        return row;
      if (Date.now() > deadline)
        throw new Error(
          `request ${requestId} is ${String(row.phaseCode)}/${String(row.statusCode)}, not ${phases.join('|')}`,
        );
      await sleep(100);
    }
  }

  beforeAll(async () => {
    // Request ids start again in each file's database, and files share this module (isolate: false).
    record.intervals.length = 0;
    for (const seen of [record.attempts, record.signalled, record.executions]) seen.clear();
    server = await startTestServer({ areas: [...serverAreas, testArea] });
    const users = await Promise.all(
      ['sched-buyer', 'sched-other'].map((userName) =>
        ok('baseUser', 'saveOrUpdate', {
          userName,
          userFullName: userName,
          userType: 'INTERNAL',
          languageCode: 'CN',
        }),
      ),
    );
    ids.user = users[0]!.userId as number;
    ids.otherUser = users[1]!.userId as number;
    const [responsibility, other] = await Promise.all(
      ['SCHED_TEST', 'SCHED_OTHER'].map((code) =>
        ok('baseResponsibility', 'saveOrUpdate', {
          responsibilityCode: code,
          responsibilityName: code,
          side: 'INTERNAL',
        }),
      ),
    );
    ids.responsibility = responsibility!.responsibilityId as number;
    ids.otherResponsibility = other!.responsibilityId as number;
    const group = await ok('baseRequestGroup', 'saveOrUpdate', {
      groupCode: 'SCHED_TEST',
      groupName: 'test programs',
      maxActivePerUser: 0,
      responsibilities: [{ lineNum: 1, responsibilityId: ids.responsibility }],
    });
    ids.group = group.requestGroupId as number;
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  return {
    ids,
    buyer,
    otherBuyer,
    call,
    ok,
    program,
    submit,
    until,
    sleep,
    server: running,
    runner: (): RequestRunner => runnerOf({ runtime: running().runtime }),
  };
}
