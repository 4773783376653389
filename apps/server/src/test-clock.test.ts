// The test clock's door (POST /api/test/v1/clock, packages/platform/src/system/clock.routes.ts;
// tested here because the platform starts only with the domain's areas, like the realtime
// routes): not there unless the server was started with it, a move that every reader of the
// server's clock sees, bad input refused in the caller's language without moving anything, and
// no production server that starts with it.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TRAVEL_MS, TEST_CLOCK_NOW_PATH, TEST_CLOCK_PATH } from '@srm/platform';
import { TEST_ACTOR_HEADER } from '@srm/platform/testing';
import { readConfig } from './config';
import { runServerToExit } from './server-process.testing';
import { startTestServer, type TestServer } from './testing';

const HOUR = 3600_000;
/** Slack for the time a request takes on a loaded machine. */
const SLACK = 10_000;

describe('a server started without SRM_TEST_CLOCK', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('knows no such path (404), and its clock stays where it was', async () => {
    const before = server.runtime.clock.nowMs();
    const answer = await server.post(TEST_CLOCK_PATH, { travelMs: 24 * HOUR });
    expect(answer.httpStatus).toBe(404);
    expect(answer.body.status).toBe('E');
    const read = await server.post(TEST_CLOCK_NOW_PATH, {}, { headers: { [TEST_ACTOR_HEADER]: 'none' } });
    expect(read.httpStatus).toBe(404);
    expect(server.runtime.clock.nowMs() - before).toBeLessThan(SLACK);
  });
});

describe('a server started with SRM_TEST_CLOCK=1', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ testClock: true });
  });
  afterAll(() => server.close());

  const move = (body: unknown, language?: 'EN') =>
    server.post<{ serverNow: number }>(TEST_CLOCK_PATH, body, language ? { language } : {});

  it('moves the clock every reader uses by travelMs, and answers the server time after it', async () => {
    const before = server.runtime.clock.nowMs();
    const answer = await move({ travelMs: 2 * HOUR });
    const after = server.runtime.clock.nowMs();
    expect(answer.httpStatus).toBe(200);
    expect(answer.body.status).toBe('S');
    expect(after - before).toBeGreaterThanOrEqual(2 * HOUR);
    expect(after - before).toBeLessThan(2 * HOUR + SLACK);
    expect(answer.body.data.serverNow).toBeGreaterThanOrEqual(before + 2 * HOUR);
    expect(answer.body.data.serverNow).toBeLessThanOrEqual(after);
    // Back again: a negative travel.
    expect((await move({ travelMs: -2 * HOUR })).body.status).toBe('S');
    expect(server.runtime.clock.nowMs() - before).toBeLessThan(SLACK);
  });

  it('sets the clock to setMs, and travelMs 0 only reads it', async () => {
    const target = Date.UTC(2031, 0, 15, 2);
    const set = await move({ setMs: target });
    expect(set.body.data.serverNow - target).toBeGreaterThanOrEqual(0);
    expect(set.body.data.serverNow - target).toBeLessThan(SLACK);
    const read = await move({ travelMs: 0 });
    expect(read.body.data.serverNow - target).toBeLessThan(SLACK);
    expect(server.runtime.clock.now().getUTCFullYear()).toBe(2031);
    await move({ setMs: Date.now() });
  });

  it('is for any signed-in caller, a supplier too; without one, 401 and the clock not moved', async () => {
    const supplier = { userId: 7001, userName: 'supA', side: 'supplier' as const, supplierId: 1 };
    const read = await server.post<{ serverNow: number }>(
      TEST_CLOCK_PATH,
      { travelMs: 0 },
      { actor: supplier },
    );
    expect(read.body.status).toBe('S');
    const before = server.runtime.clock.nowMs();
    const anonymous = await server.post(
      TEST_CLOCK_PATH,
      { travelMs: HOUR },
      { headers: { [TEST_ACTOR_HEADER]: 'none' } },
    );
    expect(anonymous.httpStatus).toBe(401);
    expect(anonymous.body.status).toBe('E');
    expect(server.runtime.clock.nowMs() - before).toBeLessThan(SLACK);
  });

  it('answers its time to a caller not signed in (a new browser worker finds a moved clock)', async () => {
    await move({ travelMs: 48 * HOUR });
    const read = await server.post<{ serverNow: number }>(
      TEST_CLOCK_NOW_PATH,
      {},
      { headers: { [TEST_ACTOR_HEADER]: 'none' } },
    );
    expect(read.httpStatus).toBe(200);
    expect(read.body.data.serverNow - Date.now()).toBeGreaterThanOrEqual(48 * HOUR - SLACK);
    expect(read.body.data.serverNow - Date.now()).toBeLessThan(48 * HOUR + SLACK);
    await move({ travelMs: -48 * HOUR });
  });

  it('refuses bad input with a 400 in the caller language, and leaves the clock alone', async () => {
    const before = server.runtime.clock.nowMs();
    const refused: [unknown, string, string][] = [
      [
        {},
        '请只给出 travelMs（时钟前后移动的毫秒数）与 setMs（新的时间）中的一个',
        'Give exactly one of travelMs (milliseconds to move the clock) and setMs (the new time)',
      ],
      [
        { travelMs: HOUR, setMs: Date.now() },
        '请只给出 travelMs（时钟前后移动的毫秒数）与 setMs（新的时间）中的一个',
        'Give exactly one of travelMs (milliseconds to move the clock) and setMs (the new time)',
      ],
      [{ travelMs: 'soon' }, 'travelMs：必须输入数字', 'travelMs: Must be a whole number'],
      [{ travelMs: 1.5 }, 'travelMs：必须输入数字', 'travelMs: Must be a whole number'],
      [
        { travelMs: MAX_TRAVEL_MS + 1 },
        `travelMs：不能大于 ${MAX_TRAVEL_MS}`,
        `travelMs: Cannot be greater than ${MAX_TRAVEL_MS}`,
      ],
      [
        { travelMs: -MAX_TRAVEL_MS - 1 },
        `travelMs：不能小于 ${-MAX_TRAVEL_MS}`,
        `travelMs: Cannot be less than ${-MAX_TRAVEL_MS}`,
      ],
      [{ setMs: '2031-01-15' }, 'setMs：时间必须是毫秒时间戳', 'setMs: Times are given in milliseconds'],
      [{ travelMs: HOUR, by: 'me' }, '不允许的字段：by', 'Unknown field: by'],
    ];
    for (const [body, chinese, english] of refused) {
      const answer = await move(body);
      expect(answer.httpStatus, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ status: 'E', msg: chinese });
      expect((await move(body, 'EN')).body).toMatchObject({ status: 'E', msg: english });
    }
    expect(server.runtime.clock.nowMs() - before).toBeLessThan(SLACK);
  });
});

describe('the server configuration', () => {
  it('asks for the route with SRM_TEST_CLOCK=1 only, and refuses a value it does not know', () => {
    expect(readConfig({}).testClock).toBe(false);
    expect(readConfig({ SRM_TEST_CLOCK: '0' }).testClock).toBe(false);
    expect(readConfig({ SRM_TEST_CLOCK: '1' }).testClock).toBe(true);
    expect(() => readConfig({ SRM_TEST_CLOCK: 'yes' })).toThrow(
      'SRM_TEST_CLOCK must be 1 or unset, got "yes"',
    );
  });
});

const REFUSAL =
  'SRM_TEST_CLOCK=1 lets any signed-in user move the server clock: it is for tests only and refused with NODE_ENV=production';

describe('a production server (NODE_ENV=production)', () => {
  it('started with SRM_TEST_CLOCK=1, exits saying why before it opens its database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'srm-test-clock-'));
    try {
      const started = await runServerToExit({
        SRM_TEST_CLOCK: '1',
        NODE_ENV: 'production',
        SRM_DATA_DIR: dataDir,
      });
      expect(started.answered).toBe(false);
      expect(started.code).toBe(1);
      expect(started.stderr).toContain(REFUSAL);
      expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('composed with the test clock by other code, refuses to build', async () => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await expect(startTestServer({ testClock: true })).rejects.toThrow(REFUSAL);
    } finally {
      if (previous === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = previous;
    }
  });
});
