// What an area may run in the background beside its requests and actions: executables that
// concurrent programs name (a module registers them by name; the scheduler never imports the
// business), and background services started and stopped with the server (the scheduler's
// runner). Both are declared on the area's server manifest (defineServerArea).
import type { Database } from '@srm/db';
import type { Readable } from 'node:stream';
import type { AccessPolicy, Actor } from './access/actor';
import type { DataApi } from './entity/context';
import type { EntityRuntime } from './entity/runtime';
import type { Attachments } from './files/attachments';
import type { JobService } from './jobs/jobs';
import type { WorkLease } from './jobs/lease';

export type LogLevel = 'INFO' | 'WARN' | 'ERROR';

/** What a running request hands its executable. */
export interface ExecutableContext {
  readonly requestId: number;
  /** The run, from 1 (a retry is the next). */
  readonly attempt: number;
  /** The parameter values, checked and with their defaults. */
  readonly params: Readonly<Record<string, unknown>>;
  /** Aborted when the request is cancelled or its time is up: stop soon and return. */
  readonly signal: AbortSignal;
  /** Who submitted the request: the handler's reads and writes are in this user's scope. */
  readonly actor: Actor;
  /** A unit of work in the submitter's scope, in its own transaction (audited under the program). */
  work<T>(task: (data: DataApi) => Promise<T>): Promise<T>;
  /** A line of the request's log. */
  log(message: string, level?: LogLevel): void;
  /** Text appended to the request's output file (programs with an output). */
  output(text: string): void;
  /**
   * The request's whole output at once (an xlsx or PDF program's file, made by the handler),
   * stored under `fileName` or the request's number with the program's output extension.
   */
  outputFile(content: Readable | Uint8Array, fileName?: string): Promise<void>;
  /**
   * A report endpoint's rows (`entityName/endpoint`, one declaring a sheet) as the request's
   * xlsx output, run as the submitter with the checks of its `exportExcel`.
   */
  exportReport(report: string, requestParams: Record<string, unknown>): Promise<void>;
}

/**
 * An executable: resolves with the completion text, or `{ warning }` to complete with a
 * Warning; a throw completes Error (retried by the program's policy). A text made with
 * `storedMessage(key, params)` is read by each reader in his own language; an AppError thrown is
 * kept the same way.
 */
export type Executable = (context: ExecutableContext) => Promise<string | void | { warning: string }>;

/** The services a background service of an area is built with. */
export interface BackgroundServices {
  readonly runtime: EntityRuntime;
  readonly database: Database;
  readonly jobs: JobService;
  readonly lease: WorkLease;
  readonly attachments: Attachments;
  /** The access policy, for work a program does as its submitter (a report's grant). */
  readonly policy: AccessPolicy;
  /** Every area's executables, by name. */
  readonly executables: ReadonlyMap<string, Executable>;
  /**
   * The server of an installation starts (`npm start`, every node of one; not a test server):
   * an area queues at its start the jobs its rows wait for that nobody could send when the rows
   * were made (by the demo data, which loads before jobs may be sent, or in a restored snapshot).
   */
  readonly catchUp: boolean;
  log(level: 'info' | 'warn' | 'error', message: string, details?: Record<string, unknown>): void;
}

/** A service an area runs while the server does: built before jobs start, started once ready. */
export interface BackgroundService {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export type BackgroundFactory = (services: BackgroundServices) => BackgroundService;
