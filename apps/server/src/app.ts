// Builds the Fastify application: platform services, business areas and the web app's files.
// Used by main.ts and, in-process, by the API tests.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import { DEFAULT_MAX_UPLOAD, DEFAULT_TIME_ZONE, EXPORT_PAGE_SIZE } from '@srm/kernel';
import { type Database, readJournal } from '@srm/db';
import {
  type AccessPolicy,
  AppError,
  ApprovalEngine,
  ApprovalReminders,
  DEFAULT_REMIND_INTERVAL_SECONDS,
  processTemplateActions,
  registerApprovalRoutes,
  Attachments,
  BACK_EXPORT_QUEUE,
  BackExports,
  IMPORT_QUEUE,
  type ImportJob,
  Imports,
  registerImportRoutes,
  type BackExportJob,
  JobService,
  installBackExportScope,
  registerExportRoutes,
  storageFromEnvironment,
  registerFileRoutes,
  registerLargeFileRoutes,
  DEFAULT_IDENTITY_CONFIG,
  DatabaseClock,
  EntityRuntime,
  Identity,
  IdentityPolicy,
  Messenger,
  RecordAccess,
  SiteMessages,
  registerSiteMessageRoutes,
  RsaKeys,
  Sealer,
  identityUserActions,
  installAccessEnforcement,
  installHttpConventions,
  loadSealKey,
  openApiDocument,
  registerEntityRoutes,
  registerHealth,
  registerIdentityRoutes,
  registerTableConfigRoutes,
} from '@srm/platform';
import { areas } from '@srm/domain';
import { domainActions } from '@srm/domain/server';
import { migrationsDir, repoRoot, webDistDir } from './paths';
import { entityTables, messages, registry } from './schema';

export interface AppOptions {
  database: Database;
  /** Data directory (seal key file); defaults to ./data. */
  dataDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Directory of the built web app; it is served when it exists. */
  webDir?: string;
  policy?: AccessPolicy;
  timeZone?: string;
  /** SMTP server for e-mail (default SMTP_URL). */
  smtpUrl?: string;
  /** Run background jobs on this node (default: yes unless SRM_JOB_WORKERS=off). */
  jobWorkers?: boolean;
  /** How often idle job workers look for work, in seconds (default SRM_JOB_POLL_SECONDS or 1). */
  jobPollingSeconds?: number;
}

export interface App {
  app: FastifyInstance;
  runtime: EntityRuntime;
  clock: DatabaseClock;
  identity: Identity;
  jobs: JobService;
  reminders: ApprovalReminders;
}

/** Largest upload in bytes (SRM_MAX_UPLOAD_BYTES), the spec's 2147483648 by default. */
function maxUpload(): number {
  const value = Number(process.env.SRM_MAX_UPLOAD_BYTES);
  return Number.isSafeInteger(value) && value > 0 ? value : DEFAULT_MAX_UPLOAD;
}

/** Session lifetimes from the environment (SRM_SESSION_IDLE_MINUTES, SRM_SESSION_MAX_HOURS). */
function identityConfig() {
  const idle = Number(process.env.SRM_SESSION_IDLE_MINUTES);
  const max = Number(process.env.SRM_SESSION_MAX_HOURS);
  return {
    ...DEFAULT_IDENTITY_CONFIG,
    ...(idle > 0 ? { idleMs: idle * 60_000 } : {}),
    ...(max > 0 ? { absoluteMs: max * 3600_000 } : {}),
  };
}

export const version: string = (
  JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }
).version;

export async function buildApp(options: AppOptions): Promise<App> {
  const clock = new DatabaseClock();
  await clock.calibrate(options.database);
  const dataDir = options.dataDir ?? join(process.cwd(), 'data');
  const runtime = new EntityRuntime({
    database: options.database,
    registry,
    tables: entityTables,
    clock,
    sealer: new Sealer(loadSealKey(join(dataDir, 'keys', 'seal.key'), process.env.SRM_SEAL_KEY)),
    messages: () => messages,
    timeZone: options.timeZone ?? process.env.SRM_TIME_ZONE ?? DEFAULT_TIME_ZONE,
    actions: [identityUserActions, processTemplateActions, ...domainActions],
    areas,
  });
  const messenger = new Messenger(runtime, {
    smtpUrl: options.smtpUrl ?? process.env.SMTP_URL,
    from: process.env.SMTP_FROM,
  });
  const identity = new Identity(
    runtime,
    RsaKeys.load(join(dataDir, 'keys', 'rsa_private.pem'), process.env.SRM_RSA_PRIVATE_KEY),
    messenger,
    identityConfig(),
  );
  runtime.plugins.identity = identity;
  const identityPolicy = new IdentityPolicy(identity);
  const policy = options.policy ?? identityPolicy;
  // Files and approvals ask who may read a record outside the entity endpoints: the same
  // policy's read grants and the engine's scope.
  const recordAccess = new RecordAccess(runtime, policy);
  const approvals = new ApprovalEngine(runtime, recordAccess);
  runtime.approvals = approvals;
  runtime.plugins.messenger = messenger;
  const siteMessages = new SiteMessages(runtime);
  runtime.plugins.siteMessages = siteMessages;
  const storage = storageFromEnvironment(dataDir, process.env);
  const attachments = new Attachments(runtime, storage, join(dataDir, 'cache'), recordAccess, maxUpload());
  runtime.plugins.attachments = attachments;
  const jobs = new JobService(options.database, {
    workers: options.jobWorkers ?? (process.env.SRM_JOB_WORKERS ?? 'on').toLowerCase() !== 'off',
    pollingIntervalSeconds: options.jobPollingSeconds ?? (Number(process.env.SRM_JOB_POLL_SECONDS) || 1),
    log: (message, error) => app.log.error({ err: error }, message),
  });
  const exportPageRows = Number(process.env.SRM_EXPORT_PAGE_ROWS) || EXPORT_PAGE_SIZE;
  const backExports = new BackExports({
    runtime,
    attachments,
    jobs,
    workDir: storage.workDir('exports'),
    pageRows: exportPageRows,
  });
  jobs.register<BackExportJob>(BACK_EXPORT_QUEUE, (job) => backExports.run(job.data));
  const importWorkDir = storage.workDir('imports');
  const imports = new Imports({ runtime, attachments, jobs, workDir: importWorkDir });
  jobs.register<ImportJob>(IMPORT_QUEUE, (job) => imports.run(job.data));
  const reminders = new ApprovalReminders(
    approvals,
    Number(process.env.SRM_BPM_REMIND_SECONDS) || DEFAULT_REMIND_INTERVAL_SECONDS,
  );
  reminders.register(jobs);
  const app = Fastify({
    logger: options.logger ?? false,
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    bodyLimit: 10 * 1024 * 1024,
    trustProxy: true,
    return503OnClosing: true,
  });

  const webDir = options.webDir ?? webDistDir;
  const serveWeb = existsSync(join(webDir, 'index.html'));

  installHttpConventions(app, {
    messages: () => messages,
    onUnknownRoute: async (request, reply) => {
      // Pages of the single-page app: any GET outside /api answers index.html.
      if (!serveWeb || request.method !== 'GET' || request.url.startsWith('/api/')) return false;
      await reply.type('text/html').sendFile('index.html');
      return true;
    },
  });

  installAccessEnforcement(app, policy);
  // Jobs run while the server does: started once it is ready, stopped (gracefully) on close.
  app.addHook('onReady', async () => {
    await jobs.start();
    // The approval reminders' sweep schedules itself from its first run on.
    if (jobs.workers) await reminders.schedule(jobs);
  });
  app.addHook('onClose', () => jobs.stop());
  installBackExportScope(app, { runtime, policy });
  registerHealth(app, { database: options.database, version, journal: readJournal(migrationsDir) });
  registerIdentityRoutes(app, identity, identityPolicy);
  const routes = registerEntityRoutes(app, { runtime, policy });
  const actorOf = async (request: FastifyRequest) => {
    const actor = await policy.identify(request);
    if (!actor) throw new AppError(401, 'auth.required');
    return { ...actor, locale: request.locale };
  };
  const sealKey = loadSealKey(join(dataDir, 'keys', 'seal.key'), process.env.SRM_SEAL_KEY);
  await registerFileRoutes(app, { runtime, attachments, rsa: identity.rsa, urlSecret: sealKey, actorOf });
  registerLargeFileRoutes(app, { runtime, attachments, workDir: storage.workDir('large'), actorOf });
  registerExportRoutes(app, { runtime, policy, backExports, actorOf, pageRows: exportPageRows });
  registerImportRoutes(app, { runtime, policy, imports, workDir: importWorkDir, actorOf });
  registerApprovalRoutes(app, { engine: approvals, actorOf });
  registerTableConfigRoutes(app, { runtime, actorOf });
  registerSiteMessageRoutes(app, { messages: siteMessages, actorOf });
  const apiDocument = openApiDocument(registry.all(), routes, messages, version);
  app.get('/api/docs', { config: { access: 'public' } }, async () => apiDocument);

  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: ['index.html'],
      cacheControl: false,
      setHeaders: (reply, path) => {
        // Hashed assets never change; index.html must always be revalidated.
        reply.setHeader(
          'cache-control',
          path.includes(`${join('dist', 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        reply.setHeader('x-content-type-options', 'nosniff');
      },
    });
  }
  return { app, runtime, clock, identity, jobs, reminders };
}
