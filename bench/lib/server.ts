// Benchmark helpers: start the built server as a child process and read its memory.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Resident and peak resident memory of a process, in MB (Linux /proc). */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/**
 * The environment variables and node flags of `npm start` (the root package.json), so that the
 * benchmarks run the server as production does (docs/configuration.md, "Memory").
 */
export function startCommand(): { env: Record<string, string>; flags: string[] } {
  const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> })
    .scripts;
  const match = /((?:\b[A-Z_]+=\S+ )*)node((?: --\S+)*) apps\/server\/dist\/main\.mjs/.exec(
    scripts.start ?? '',
  );
  const env = Object.fromEntries(
    (match?.[1] ?? '')
      .split(' ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
  return { env, flags: (match?.[2] ?? '').split(' ').filter(Boolean) };
}

/**
 * Starts dist/main.mjs and resolves when POST /api/base/health answers status S, with the time
 * from spawn to that answer.
 */
export interface StartedServer {
  url: string;
  pid: number;
  readyMs: number;
  stop(): Promise<void>;
}

export async function startServer({
  env = {},
  timeoutMs = 60_000,
}: { env?: Record<string, string>; timeoutMs?: number } = {}): Promise<StartedServer> {
  const port = await freePort();
  const started = performance.now();
  // BENCH_NODE_FLAGS (space-separated, `none` for none) replaces the start script's flags, to
  // compare; the start script's variables (MALLOC_ARENA_MAX) yield to the environment's.
  const start = startCommand();
  const override = process.env.BENCH_NODE_FLAGS;
  const flags =
    override === undefined ? start.flags : override.split(' ').filter((flag) => flag && flag !== 'none');
  const child = spawn(process.execPath, [...flags, 'apps/server/dist/main.mjs'], {
    env: { ...start.env, ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (performance.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error('server did not answer health in time');
    }
    try {
      const response = await fetch(`${url}/api/base/health`, { method: 'POST' });
      const body = (await response.json()) as { status?: string };
      if (body.status === 'S') break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const readyMs = performance.now() - started;
  return {
    url,
    pid: child.pid!,
    readyMs,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Prints one result line: `name: measured (target)`. */
export function report(name: string, measured: string, target: string): void {
  console.log(`${name}: ${measured} (target ${target})`);
}
