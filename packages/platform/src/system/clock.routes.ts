// The tests' door to the server's one clock: POST /api/test/v1/clock moves it, so that a browser
// journey passes a deadline instead of waiting for it. It exists only on a server started with
// SRM_TEST_CLOCK=1, and a production server (NODE_ENV=production) refuses to start with that.
import type { FastifyInstance } from 'fastify';
import { datetime, number } from '@srm/kernel';
import { success } from '../http/envelope';
import { AppError } from '../http/errors';
import { declareRoute } from '../http/route';
import type { DatabaseClock } from './clock';

export const TEST_CLOCK_PATH = '/api/test/v1/clock';
/**
 * Reads the test clock without signing in: a browser journey's new worker process finds the
 * clock an earlier worker left moved (its test failed before it could put it back), and signs in
 * at the server's time instead of being refused.
 */
export const TEST_CLOCK_NOW_PATH = '/api/test/v1/clock/now';

/** The longest one travel: far past any deadline a journey sets, short of a typo's years. */
export const MAX_TRAVEL_MS = 30 * 24 * 3600_000;

/**
 * Throws on a production server: any signed-in user could move its clock, and with it every
 * deadline, session and signature window.
 */
export function refuseTestClockInProduction(env: Readonly<Record<string, string | undefined>>): void {
  if (env.NODE_ENV === 'production')
    throw new Error(
      'SRM_TEST_CLOCK=1 lets any signed-in user move the server clock: it is for tests only and ' +
        'refused with NODE_ENV=production. Unset SRM_TEST_CLOCK.',
    );
}

/** Registers the route that moves `clock` (one node's: every node of a cluster keeps its own). */
export function registerTestClockRoute(app: FastifyInstance, clock: DatabaseClock): void {
  declareRoute(app, {
    method: 'POST',
    path: TEST_CLOCK_PATH,
    summary: 'Tests only (SRM_TEST_CLOCK=1): moves the server clock by travelMs, or to setMs',
    description:
      'Exactly one of `travelMs` (milliseconds forward, or back when negative, at most 30 days) and ' +
      '`setMs` (the new time, epoch ms). Answers the server time after the move; `travelMs: 0` only ' +
      'reads it. Absent (404) unless the server was started with SRM_TEST_CLOCK=1.',
    input: {
      travelMs: number({ min: -MAX_TRAVEL_MS, max: MAX_TRAVEL_MS }),
      setMs: datetime(),
    },
    access: 'authenticated',
    scope: 'none',
    success: {
      kind: 'envelope',
      data: {
        type: 'object',
        properties: {
          serverNow: { type: 'integer', description: 'the server time after the move, epoch ms' },
        },
      },
    },
    handle: async ({ input, request }) => {
      const { travelMs, setMs } = input;
      if ((travelMs == null) === (setMs == null)) throw new AppError(400, 'testClock.travelOrSet');
      if (travelMs != null) clock.travel(travelMs);
      else if (setMs != null) clock.set(setMs);
      const serverNow = clock.nowMs();
      // In the server's log, so that a journey's failure after a move can be read with the time.
      if (travelMs !== 0) request.log.warn({ travelMs, setMs, serverNow }, 'test clock moved');
      return success({ serverNow });
    },
  });
  declareRoute(app, {
    method: 'POST',
    path: TEST_CLOCK_NOW_PATH,
    summary: 'Tests only (SRM_TEST_CLOCK=1): the server time, without signing in',
    description: 'Absent (404) unless the server was started with SRM_TEST_CLOCK=1.',
    input: {},
    access: 'public',
    scope: 'none',
    success: {
      kind: 'envelope',
      data: {
        type: 'object',
        properties: { serverNow: { type: 'integer', description: 'the server time, epoch ms' } },
      },
    },
    handle: async () => success({ serverNow: clock.nowMs() }),
  });
}
