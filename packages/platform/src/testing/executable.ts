// Runs a concurrent program's executable in a test, without the scheduler: as the platform, at the
// test clock's time, each unit of work in its own transaction, as a request would run it. The
// scheduler's own tests cover submitting, queueing and logging; this is for a program's logic.
import type { Executable, ExecutableContext } from '../background';
import { SYSTEM_ACTOR } from '../access/actor';
import { dataApi } from '../entity/context';
import type { TestServer } from './server';

export async function runExecutable(
  server: Pick<TestServer, 'runtime' | 'clock'>,
  program: Executable,
  options: {
    params?: Readonly<Record<string, unknown>>;
    operation?: string;
    log?: (line: string) => void;
  } = {},
): Promise<string> {
  const context: ExecutableContext = {
    requestId: 1,
    attempt: 1,
    params: options.params ?? {},
    signal: new AbortController().signal,
    actor: SYSTEM_ACTOR,
    work: (task) =>
      server.runtime.transaction((tx) =>
        task(
          dataApi(
            { actor: SYSTEM_ACTOR, runtime: server.runtime, tx, now: server.clock.now() },
            options.operation ?? 'program',
          ),
        ),
      ),
    log: (line) => options.log?.(line),
    output: () => undefined,
    // A program's logic is tested here, not its output (the scheduler's tests store outputs).
    outputFile: async () => undefined,
    exportReport: async () => undefined,
  };
  const result = await program(context);
  return typeof result === 'object' ? result.warning : String(result);
}
