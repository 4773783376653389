// Background work's server functions, for other areas and tests.
export { schedulerServer } from './area.server';
export { RequestRunner, REQUEST_QUEUE, retryDelayMs, runnerOf } from './runner/runner';
export { ScheduleTicker, MISSED_AFTER_MS } from './runner/ticker';
