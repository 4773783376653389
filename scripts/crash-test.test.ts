// The crash test on a few kills: every acknowledged save and import survives kill -9 whole,
// nothing is half-written, amcheck finds the indexes intact, and the restarted server answers
// signed requests with nothing left RUNNING. `npm run crash-test` runs the full count.
import { describe, expect, it } from 'vitest';
import { preparedDataDir } from '@srm/server/prepared-data';
import { runCrashTest } from './crash-test';

describe.runIf(!process.env.DATABASE_URL)('the server killed with SIGKILL at random moments', () => {
  it('keeps every acknowledged write whole on the embedded database', async () => {
    const dataDir = await preparedDataDir('srm-crash-');
    const report = await runCrashTest({ kills: 2, dataDir, log: () => undefined });
    expect(report).toMatchObject({ kills: 2, database: 'pglite' });
    expect(report.savesAcknowledged).toBeGreaterThan(0);
    expect(report.indexesChecked).toBeGreaterThan(100);
  }, 900_000);
});
