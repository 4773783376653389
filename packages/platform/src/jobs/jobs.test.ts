// The job service on the test database (PGlite, or PostgreSQL with DATABASE_URL): a job runs,
// a job sent before a stop runs after the next start, a job sent inside a rolled-back
// transaction never runs, and a stop lets the running job finish.
import { afterEach, describe, expect, it } from 'vitest';
import { inTransaction } from '@srm/db';
import { openTestDatabase, type TestDatabase } from '../testing/database';
import { JobService } from './jobs';

let database: TestDatabase | null = null;
const services: JobService[] = [];

afterEach(async () => {
  for (const service of services.splice(0)) await service.stop();
  await database?.close();
  database = null;
});

function service(options: { workers?: boolean; pollingIntervalSeconds?: number } = {}): JobService {
  const jobs = new JobService(database!, { pollingIntervalSeconds: 0.5, log: () => {}, ...options });
  services.push(jobs);
  return jobs;
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('jobs', () => {
  it('runs a job and keeps its result', async () => {
    database = await openTestDatabase();
    const jobs = service();
    const seen: string[] = [];
    jobs.register<{ word: string }>('test-echo', async (job) => {
      seen.push(job.data.word);
      return { echoed: job.data.word };
    });
    await jobs.start();
    const id = await jobs.send('test-echo', { word: '你好' });
    await until(async () => (await jobs.find('test-echo', id))?.state === 'completed');
    expect(seen).toEqual(['你好']);
    expect((await jobs.find('test-echo', id))?.output).toEqual({ echoed: '你好' });
  });

  it('runs after a restart a job sent before the stop', async () => {
    database = await openTestDatabase();
    const first = service({ workers: false });
    first.register('test-survivor', async () => 'unused');
    await first.start();
    const id = await first.send('test-survivor', { n: 1 });
    await first.stop();

    const second = service();
    const ran: string[] = [];
    second.register('test-survivor', async (job) => {
      ran.push(job.id);
      return 'done';
    });
    await second.start();
    await until(async () => (await second.find('test-survivor', id))?.state === 'completed');
    expect(ran).toEqual([id]);
  });

  it('sends within the open transaction: a rollback takes the job back', async () => {
    database = await openTestDatabase();
    const jobs = service();
    const ran: number[] = [];
    jobs.register<{ n: number }>('test-tx', async (job) => {
      ran.push(job.data.n);
    });
    await jobs.start();
    await expect(
      inTransaction(database, async () => {
        await jobs.send('test-tx', { n: 1 });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const kept = await inTransaction(database, () => jobs.send('test-tx', { n: 2 }));
    await until(async () => (await jobs.find('test-tx', kept))?.state === 'completed');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(ran).toEqual([2]);
  });

  it('lets the running job finish when stopped', async () => {
    database = await openTestDatabase();
    const jobs = service();
    let finished = false;
    let started = false;
    jobs.register('test-slow', async () => {
      started = true;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      finished = true;
      return 'slow';
    });
    await jobs.start();
    const id = await jobs.send('test-slow', {});
    await until(() => started);
    await jobs.stop();
    expect(finished).toBe(true);
    const reader = service({ workers: false });
    reader.register('test-slow', async () => undefined);
    await reader.start();
    expect((await reader.find('test-slow', id))?.state).toBe('completed');
  });

  // Polling every 60 s: a job these wait for came by a send's wake-up or a look again at once.
  it('runs jobs sent while its workers were busy one after another, without waiting for a poll', async () => {
    database = await openTestDatabase();
    const jobs = service({ pollingIntervalSeconds: 60 });
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const ran: number[] = [];
    jobs.register<{ n: number }>('test-busy', async (job) => {
      if (job.data.n === 0) await gate;
      ran.push(job.data.n);
      return null;
    });
    await jobs.start();
    await jobs.send('test-busy', { n: 0 });
    await until(() => jobs.active === 1);
    for (let n = 1; n <= 10; n++) await jobs.send('test-busy', { n });
    open();
    await until(() => ran.length === 11, 30_000);
    expect(ran.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('runs one after another the jobs another node sent, once a poll found the first', async () => {
    database = await openTestDatabase();
    const sender = service({ workers: false });
    sender.register('test-elsewhere', async () => null);
    await sender.start();
    for (let n = 1; n <= 10; n++) await sender.send('test-elsewhere', { n });
    const jobs = service({ pollingIntervalSeconds: 60 });
    const ran: number[] = [];
    jobs.register<{ n: number }>('test-elsewhere', async (job) => {
      ran.push(job.data.n);
      return null;
    });
    await jobs.start();
    await until(() => ran.length === 10, 30_000);
    expect(ran.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});
