// Test helper: the real application on a free port over real HTTP, on a fresh database.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AccessPolicy, DatabaseClock, EntityRuntime } from '@srm/platform';
import { openTestDatabase, type TestDatabase } from '@srm/platform/testing';
import { buildApp } from './app';

export interface TestServer {
  url: string;
  app: FastifyInstance;
  runtime: EntityRuntime;
  clock: DatabaseClock;
  database: TestDatabase;
  post<T = unknown>(
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ httpStatus: number; body: T }>;
  close(): Promise<void>;
}

export async function startTestServer(
  options: { webDir?: string; policy?: AccessPolicy } = {},
): Promise<TestServer> {
  const database = await openTestDatabase();
  const { app, runtime, clock } = await buildApp({
    database,
    dataDir: mkdtempSync(join(tmpdir(), 'srm-test-data-')),
    webDir: options.webDir ?? '/nonexistent',
    ...(options.policy ? { policy: options.policy } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    app,
    runtime,
    clock,
    database,
    async post<T>(path: string, body: unknown = {}, headers: Record<string, string> = {}) {
      const response = await fetch(url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      return { httpStatus: response.status, body: (await response.json()) as T };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
