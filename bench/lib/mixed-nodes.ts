// The mixed-load bench's server processes and what it reads of them: a real server started from
// the sources (`node --import tsx apps/server/src/main.ts`, the default) or the build
// (apps/server/dist/main.mjs), with the production start script's node flags and variables, a
// memory probe preloaded (mixed-probe.ts) and optionally `--cpu-prof`; the CPU time and RSS of a
// process from /proc, and the CPU time of the PostgreSQL backends serving a database.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { freePort, startCommand } from './server';

/** Clock ticks a second in /proc/<pid>/stat (USER_HZ, 100 on Linux). */
export const TICKS_PER_SECOND = 100;

export interface MixedNode {
  label: string;
  url: string;
  pid: number;
  probeFile: string;
  /** The last lines the process wrote on standard error (warnings at LOG_LEVEL=warn). */
  stderrLines(): string[];
  stop(): Promise<void>;
}

export interface NodeOptions {
  label: string;
  env: Record<string, string>;
  mode: 'source' | 'dist';
  /** Writes a V8 CPU profile of the process into this directory when it exits. */
  cpuProfDir?: string | undefined;
  timeoutMs?: number;
}

export async function startNode(options: NodeOptions): Promise<MixedNode> {
  const port = await freePort();
  const start = startCommand();
  const entry = options.mode === 'dist' ? 'apps/server/dist/main.mjs' : 'apps/server/src/main.ts';
  if (!existsSync(entry)) throw new Error(`${entry} is missing (MIXED_SERVER=dist needs npm run build)`);
  const probeFile = join(options.env.SRM_DATA_DIR ?? '.', `probe-${options.label}.json`);
  const flags = [
    ...start.flags,
    ...(options.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`] : []),
    '--import',
    'tsx',
    '--import',
    new URL('./mixed-probe.ts', import.meta.url).href,
  ];
  const child: ChildProcess = spawn(process.execPath, [...flags, entry], {
    env: {
      ...start.env,
      ...process.env,
      LOG_LEVEL: 'warn',
      ...options.env,
      MIXED_PROBE_FILE: probeFile,
      PORT: String(port),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const lines: string[] = [];
  let partial = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    const parts = (partial + String(chunk)).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts.filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  });
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(
        `server ${options.label} exited with ${child.exitCode}: ${lines.slice(-20).join('\n')}`,
      );
    if (performance.now() - started > (options.timeoutMs ?? 600_000)) {
      child.kill('SIGKILL');
      throw new Error(`server ${options.label} did not answer health in time`);
    }
    try {
      const response = await fetch(`${url}/api/base/health`, { method: 'POST' });
      if (((await response.json()) as { status?: string }).status === 'S') break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    label: options.label,
    url,
    pid: child.pid!,
    probeFile,
    stderrLines: () => [...lines],
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const kill = setTimeout(() => child.kill('SIGKILL'), 60_000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** User plus system CPU time of a process, in clock ticks; null when it is gone. */
export function cpuTicks(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

export function rssMb(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((text) => text.startsWith('VmRSS:'));
    return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
  } catch {
    return 0;
  }
}

export interface ProbeSample {
  at: number;
  heapUsedMb: number;
  heapTotalMb: number;
  rssMb: number;
  externalMb: number;
}

/** The newest memory sample the node's probe wrote, if any. */
export function probeOf(node: MixedNode): ProbeSample | null {
  try {
    return JSON.parse(readFileSync(node.probeFile, 'utf8')) as ProbeSample;
  } catch {
    return null;
  }
}

export function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

/**
 * CPU time of the PostgreSQL backends connected to one database (the bench's own connections left
 * out), from /proc: sampled now and then, a backend that appeared since the start counting from
 * zero. A backend that ends between two samples loses its last few ticks; the pools keep theirs
 * open under load. Needs the PostgreSQL server on this machine (otherwise it reads nothing).
 */
export class BackendCpu {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, number>();
  private started = false;

  constructor(
    private readonly db: pg.Client,
    private readonly database: string,
    private readonly ownPid: number,
    private readonly skipApplication = '',
  ) {}

  async sample(): Promise<void> {
    const pids = (
      await this.db.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = $1 and pid <> $2 and application_name <> $3',
        [this.database, this.ownPid, this.skipApplication],
      )
    ).rows.map((row) => row.pid);
    for (const pid of pids) {
      const ticks = cpuTicks(pid);
      if (ticks === null) continue;
      if (!this.first.has(pid)) this.first.set(pid, this.started ? 0 : ticks);
      this.last.set(pid, ticks);
    }
    this.started = true;
  }

  /** Seconds of CPU since the first sample. */
  seconds(): number {
    let ticks = 0;
    for (const [pid, last] of this.last) ticks += last - (this.first.get(pid) ?? last);
    return ticks / TICKS_PER_SECOND;
  }
}

/**
 * Where the database's time goes, sampled: every `everyMs` the statements active on the database
 * (other than this sampler's), counted by their text (numbers and quoted values folded; the
 * beginning and the end of a long one) and what they wait for (`[Lock]`, `[IO]`, none when on the
 * CPU), so that each one's share of the samples is its share of the backends' busy time.
 */
export class ActiveStatements {
  private readonly counts = new Map<string, number>();
  private samples = 0;
  private timer: NodeJS.Timeout | null = null;
  private busy = false;

  constructor(
    private readonly db: pg.Client,
    private readonly database: string,
  ) {}

  async connect(): Promise<void> {
    await this.db.connect();
  }

  start(everyMs = 100): void {
    this.timer = setInterval(() => {
      if (this.busy) return;
      this.busy = true;
      void this.db
        .query<{ query: string; wait: string | null }>(
          `select query, wait_event_type as wait from pg_stat_activity
            where datname = $1 and state = 'active' and pid <> pg_backend_pid()`,
          [this.database],
        )
        .then((answer) => {
          this.samples++;
          for (const { query, wait } of answer.rows) {
            const folded = query
              .replace(/\s+/g, ' ')
              .replace(/'[^']*'/g, "'…'")
              .replace(/\b\d+\b/g, 'N');
            const text = `${wait ? `[${wait}] ` : ''}${folded.length > 420 ? `${folded.slice(0, 300)} … ${folded.slice(-120)}` : folded}`;
            this.counts.set(text, (this.counts.get(text) ?? 0) + 1);
          }
        })
        .catch(() => undefined)
        .finally(() => (this.busy = false));
    }, everyMs);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.db.end().catch(() => undefined);
  }

  /** The statements most often active: average number of backends running each, and its text. */
  top(n: number): { backends: number; share: number; query: string }[] {
    const total = [...this.counts.values()].reduce((sum, count) => sum + count, 0);
    return [...this.counts.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([query, count]) => ({
        backends: count / Math.max(1, this.samples),
        share: count / total,
        query,
      }));
  }
}
