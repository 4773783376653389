// Where the test suites find the committed migrations, and what global setup hands to each file.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const migrationsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../../db/migrations');

export type TestTemplate =
  { kind: 'pglite'; dumpPath: string } | { kind: 'postgres'; adminUrl: string; templateName: string };

declare module 'vitest' {
  export interface ProvidedContext {
    srmTemplate: TestTemplate;
    /** A directory of this test run that its files share (removed when the run ends). */
    srmRunDir: string;
  }
}
