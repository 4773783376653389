// The daily run of the contract warnings, as issue 20 asks ("a daily pg-boss job"): at 06:00 in
// the company's time zone (SRM_TIME_ZONE) a job of the queue `contract-warnings-daily` raises the
// warnings as the platform with the rules the program CCT_CONTRACT_WARNINGS holds as its
// parameters' defaults (系统管理 → 并发程序: an administrator changes the rules there, and a run
// submitted by hand starts from the same values), then queues the next day's run. A node with
// workers queues the next run when it starts if none is waiting. Two runs of one day (two nodes
// starting at once) are harmless: a run writes and tells nothing the last one did.
import { type BackgroundServices, type DataApi, platformWork } from '@srm/platform';
import { concurrentProgram, nextOccurrence, programParam } from '../../scheduler';
import { CONTRACT_WARNINGS_PROGRAM, type WarningRules, raiseWarnings, warningRules } from './warning.job';

export const WARNINGS_QUEUE = 'contract-warnings-daily';
/** When the daily run starts, in the company's time zone. */
export const WARNINGS_CRON = '0 6 * * *';

/** The program's parameter defaults (literal ones), as the rules of the daily run. */
async function programRules(data: DataApi): Promise<WarningRules> {
  const system = data.system('the daily warnings read their program’s parameters');
  const [program] = await system.list(concurrentProgram, { programCode: CONTRACT_WARNINGS_PROGRAM });
  const params = program ? await system.lines(programParam, program.programId) : [];
  return warningRules(
    Object.fromEntries(
      params
        .filter((param) => param.defaultType === 'LITERAL')
        .map((param) => [param.paramName, param.defaultValue]),
    ),
  );
}

/** Queues the next run (the next 06:00 after now) unless one is waiting. */
export async function queueNextWarnings(services: BackgroundServices): Promise<void> {
  const { jobs, runtime } = services;
  if (await jobs.waiting(WARNINGS_QUEUE)) return;
  const next = nextOccurrence(WARNINGS_CRON, runtime.timeZone, runtime.clock.now());
  if (next) await jobs.send(WARNINGS_QUEUE, {}, { startAfter: next });
}

/** One day's run: the warnings raised with the program's rules; the next run queued after. */
export async function runDailyWarnings(services: BackgroundServices): Promise<string> {
  try {
    const result = await platformWork(services.runtime, 'job.contractWarnings', async (data) =>
      raiseWarnings(data, await programRules(data)),
    );
    const text = `${result.opened} opened, ${result.told} told again, ${result.closed} closed, ${result.expired} contracts expired`;
    services.log('info', `contract warnings: ${text}`);
    return text;
  } finally {
    await queueNextWarnings(services);
  }
}
