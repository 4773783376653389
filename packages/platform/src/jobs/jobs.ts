// Background jobs on pg-boss (ADR 0004), on PostgreSQL and on the embedded PGlite alike: queues
// are registered by name before the service starts; the server starts it once listening and
// stops it on close (no more fetching; a running job may finish, else it fails and is retried).
// Jobs are rows in the database, so a job sent before a restart runs after it.
import PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import { type Database, afterCommit, executor, isInTransaction } from '@srm/db';
import { DatabaseJobDb, transactionJobDb } from './connection';

export interface Job<T> {
  readonly id: string;
  readonly data: T;
}

export type JobHandler<T> = (job: Job<T>) => Promise<unknown>;

export interface QueueSettings {
  /** Runs after a failure (a crash, a stop that could not wait); default 2. */
  readonly retryLimit?: number;
  readonly retryDelaySeconds?: number;
  /** A job running longer is failed (and retried); default 1 hour. */
  readonly expireInSeconds?: number;
  /** Jobs of this queue one node runs at once (default 1). */
  readonly workers?: number;
  /**
   * At most one job per key waits on the queue (pg-boss's `short` policy): a second send with the
   * key of a waiting job is dropped (`sendKeyed`). For jobs that several events may ask for.
   */
  readonly oneWaitingPerKey?: boolean;
}

export interface JobServiceOptions {
  /** Run workers on this node (default true); a node without workers still sends jobs. */
  readonly workers?: boolean;
  /** How often an idle worker looks for work (default 1 s). */
  readonly pollingIntervalSeconds?: number;
  /** How long a stop waits for running jobs before failing them for a retry (default 30 s). */
  readonly stopTimeoutMs?: number;
  readonly log?: (message: string, error?: unknown) => void;
}

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export interface JobInfo {
  readonly id: string;
  readonly state: JobState;
  readonly output: unknown;
  readonly retryCount: number;
}

interface Queue {
  readonly handler: JobHandler<unknown>;
  readonly settings: QueueSettings;
  workerIds: string[];
  /** Workers of this node running a job of the queue now. */
  readonly busy: Set<string>;
  /** The worker notify() woke last (its index). */
  turn: number;
  /** Workers notify() woke for a job sent here, which their next fetch takes. */
  readonly woken: Set<string>;
  /** Jobs sent here while every worker was busy: as many workers look again as soon as they end a job. */
  waiting: number;
}

export const JOB_SCHEMA = 'pgboss';
/** The advisory lock of pg-boss's set-up (migrations take 72_170_001, seeds 72_170_002). */
const JOBS_START_LOCK = 72_170_003;

export class JobService {
  private readonly queues = new Map<string, Queue>();
  private readonly connection: DatabaseJobDb;
  private readonly boss: PgBoss;
  private started = false;
  private stopping: Promise<void> | null = null;
  private readonly running = new Set<string>();

  constructor(
    private readonly database: Database,
    private readonly options: JobServiceOptions = {},
  ) {
    this.connection = new DatabaseJobDb(database);
    this.boss = new PgBoss({
      db: this.connection as unknown as PgBoss.Db,
      schema: JOB_SCHEMA,
      migrate: true,
      supervise: true,
      schedule: false,
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
    } as PgBoss.ConstructorOptions);
    this.boss.on('error', (error) => this.log('job error', error));
  }

  private log(message: string, error?: unknown): void {
    if (this.options.log) this.options.log(message, error);
    else console.error(message, error);
  }

  get workers(): boolean {
    return this.options.workers !== false;
  }

  /** The queues exist (the service started): a job may be sent. Demo seeds run before. */
  get ready(): boolean {
    return this.started;
  }

  /** Declares a queue and the function that runs its jobs (before start). */
  register<T>(name: string, handler: JobHandler<T>, settings: QueueSettings = {}): void {
    if (this.started) throw new Error(`Queue ${name} registered after the job service started`);
    if (this.queues.has(name)) throw new Error(`Queue ${name} registered twice`);
    this.queues.set(name, {
      handler: handler as JobHandler<unknown>,
      settings,
      workerIds: [],
      busy: new Set(),
      turn: -1,
      woken: new Set(),
      waiting: 0,
    });
  }

  /**
   * Runs pg-boss's schema and queue creation while no other node does: two nodes started
   * together on a new database otherwise both create the schema (a duplicate-key error) or the
   * queues' tables (a deadlock), and one fails to start. The lock is held by a transaction on
   * a connection of its own while pg-boss works on others (PostgreSQL; the embedded database
   * has one connection and one process).
   */
  private async oneNodeAtATime(work: () => Promise<void>): Promise<void> {
    if (this.database.kind !== 'postgres') return work();
    await this.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${JOBS_START_LOCK})`);
      await work();
    });
  }

  /** Creates pg-boss's schema and the queues, then starts the workers (when this node runs them). */
  async start(): Promise<void> {
    if (this.started) return;
    await this.oneNodeAtATime(async () => {
      await this.boss.start();
      for (const [name, queue] of this.queues) {
        const options: PgBoss.Queue = {
          name,
          retryLimit: queue.settings.retryLimit ?? 2,
          retryDelay: queue.settings.retryDelaySeconds ?? 5,
          expireInSeconds: queue.settings.expireInSeconds ?? 3600,
          ...(queue.settings.oneWaitingPerKey ? { policy: 'short' } : {}),
        };
        if (await this.boss.getQueue(name)) await this.boss.updateQueue(name, options);
        else await this.boss.createQueue(name, options);
      }
    });
    this.started = true;
    if (!this.workers) return;
    for (const [name, queue] of this.queues) {
      for (let worker = 0; worker < (queue.settings.workers ?? 1); worker++) {
        // pg-boss waits its polling interval after a job before it fetches again. A worker that
        // ran a job it found by polling (sent by another node, or due only now) looks again at
        // once: more may be waiting. One woken for a job sent here looks again at once only for a
        // job sent here while every worker was busy; otherwise its next fetch would find nothing
        // (each send wakes a worker of its own) and it sleeps until a send or its poll.
        let workerId = '';
        workerId = await this.boss.work(name, { batchSize: 1 }, async ([job]) => {
          if (!job) return undefined;
          const woken = queue.woken.delete(workerId);
          this.running.add(job.id);
          queue.busy.add(workerId);
          try {
            return await queue.handler({ id: job.id, data: job.data });
          } finally {
            this.running.delete(job.id);
            queue.busy.delete(workerId);
            const again = !woken || queue.waiting > 0;
            if (queue.waiting > 0) queue.waiting--;
            if (again) this.boss.notifyWorker(workerId);
          }
        });
        queue.workerIds.push(workerId);
      }
    }
  }

  /**
   * Stops fetching; waits up to stopTimeoutMs for running jobs, fails the rest (they are retried
   * by the next node to start) and lets the last statements finish before the database closes.
   */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      if (!this.started) return;
      await this.boss.stop({ graceful: true, wait: true, timeout: this.options.stopTimeoutMs ?? 30_000 });
      await this.connection.drain();
    })();
    return this.stopping;
  }

  /** Jobs running on this node now. */
  get active(): number {
    return this.running.size;
  }

  /**
   * Sends a job. Inside a transaction the job is written by it: it exists only if the
   * transaction commits, and this node's workers are woken when it does.
   */
  async send<T extends object>(
    name: string,
    data: T,
    options: { startAfterSeconds?: number; startAfter?: Date; singletonKey?: string; priority?: number } = {},
  ): Promise<string> {
    if (!this.queues.has(name)) throw new Error(`Unknown queue ${name}`);
    const inTransaction = isInTransaction();
    const id = await this.boss.send(name, data, {
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      ...(options.priority !== undefined ? { priority: options.priority } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(inTransaction ? { db: transactionJobDb(executor(this.database)) as unknown as PgBoss.Db } : {}),
    });
    if (!id) throw new Error(`Job not created on ${name}`);
    // This node's idle workers take it at once (sent in a transaction: once it commits) instead of
    // at their next poll; other nodes' workers find it when they poll.
    if (!options.startAfterSeconds && !options.startAfter) afterCommit(() => this.notify(name));
    return id;
  }

  /**
   * Wakes one idle worker of this node for a queue (a job was sent outside their polling): one
   * job needs one fetch. The idle workers take turns, so that sends in a burst wake different
   * ones (a woken worker is idle until its fetch brings the job). None idle: a worker looks
   * again as soon as its job ends.
   */
  notify(name: string): void {
    const queue = this.queues.get(name);
    if (!queue?.workerIds.length) return;
    const count = queue.workerIds.length;
    for (let step = 1; step <= count; step++) {
      const workerId = queue.workerIds[(queue.turn + step) % count]!;
      if (queue.busy.has(workerId)) continue;
      queue.turn = (queue.turn + step) % count;
      queue.woken.add(workerId);
      this.boss.notifyWorker(workerId);
      return;
    }
    queue.waiting++;
  }

  /**
   * Sends a job with a key, on a queue with one waiting job per key: null when a job of that key
   * waits already (nothing sent). In a transaction, as `send`.
   */
  async sendKeyed<T extends object>(
    name: string,
    data: T,
    key: string,
    options: { startAfter?: Date } = {},
  ): Promise<string | null> {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`Unknown queue ${name}`);
    if (!queue.settings.oneWaitingPerKey) throw new Error(`Queue ${name} does not keep one job per key`);
    const id = await this.boss.send(name, data, {
      singletonKey: key,
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      ...(isInTransaction() ? { db: transactionJobDb(executor(this.database)) as unknown as PgBoss.Db } : {}),
    });
    if (id && !options.startAfter) afterCommit(() => this.notify(name));
    return id;
  }

  /**
   * Sends a job to run in `seconds`, at most one per slot of that length on the queue (other
   * sends in the same slot are dropped): a periodic job that schedules its next run.
   */
  async sendThrottled<T extends object>(name: string, data: T, seconds: number): Promise<string | null> {
    if (!this.queues.has(name)) throw new Error(`Unknown queue ${name}`);
    return this.boss.send(name, data, { startAfter: seconds, singletonSeconds: seconds });
  }

  /** Jobs of a queue waiting to run (created or to be retried), on every node. */
  async waiting(name: string): Promise<number> {
    return (await this.boss.getQueueSize(name)) ?? 0;
  }

  /** A job's state and result (its output once completed, the error once failed). */
  async find(name: string, id: string): Promise<JobInfo | null> {
    const job = await this.boss.getJobById<unknown>(name, id, {
      includeArchive: true,
      ...(isInTransaction() ? { db: transactionJobDb(executor(this.database)) as unknown as PgBoss.Db } : {}),
    });
    if (!job) return null;
    return { id: job.id, state: job.state, output: job.output ?? null, retryCount: job.retryCount };
  }
}
