// The composition of the platform with a list of business areas: the entity runtime with the
// areas' behaviour, identity, files, Excel, approvals, messages and jobs, their routes under one
// access rule, the API document and, when given, the web app's files. The server application
// and the test server both build it; neither lists a platform service itself.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { DEFAULT_MAX_UPLOAD, DEFAULT_TIME_ZONE, EXPORT_PAGE_SIZE } from '@srm/kernel';
import type { Database, JournalEntry } from '@srm/db';
import type { AccessPolicy } from '../access/actor';
import { installAccessEnforcement } from '../access/enforcement';
import { RecordAccess } from '../access/records';
import { ApprovalEngine } from '../approval/engine';
import { ApprovalReminders, DEFAULT_REMIND_INTERVAL_SECONDS } from '../approval/reminders';
import { registerApprovalRoutes } from '../approval/routes';
import { processTemplateActions } from '../approval/template.actions';
import { type ServerArea, areaExecutables } from '../area';
import { registerHealth } from '../base/health';
import { registerApiDocument } from '../entity/openapi';
import { describeEntityIssue, registerEntityRoutes } from '../entity/routes';
import { EntityRuntime } from '../entity/runtime';
import { BACK_EXPORT_QUEUE, type BackExportJob, BackExports } from '../excel/back-export';
import { installBackExportScope, registerExportRoutes } from '../excel/export-routes';
import { IMPORT_QUEUE, type ImportJob, Imports } from '../excel/import';
import { registerImportRoutes } from '../excel/import-routes';
import { Attachments } from '../files/attachments';
import { dataApi } from '../entity/context';
import { registerLargeFileRoutes } from '../files/large';
import { registerFileRoutes } from '../files/routes';
import { storageFromEnvironment } from '../files/s3';
import { drainOnClose } from '../http/drain';
import { AppError } from '../http/errors';
import { installHttpConventions } from '../http/plugin';
import { DEFAULT_IDENTITY_CONFIG, Identity } from '../identity/identity';
import { IdentityPolicy } from '../identity/policy';
import { RsaKeys } from '../identity/rsa';
import { registerIdentityRoutes } from '../identity/routes';
import { identityUserActions } from '../identity/user.actions';
import { interruptedReason, removeWorkFiles } from '../jobs/interrupted';
import { JobService } from '../jobs/jobs';
import { WorkLease } from '../jobs/lease';
import { Messenger } from '../messaging/messenger';
import { MessagePreferences } from '../messaging/preferences';
import { registerSiteMessageRoutes } from '../messaging/site-message.routes';
import { HallPasses } from '../realtime/hall';
import { RealtimeHub } from '../realtime/hub';
import { registerRealtimeRoutes } from '../realtime/realtime.routes';
import { registerWorkCounts } from '../entity/work-counts';
import { SiteMessages } from '../messaging/site-messages';
import { type SmsProvider, smsProviderFromEnv } from '../messaging/sms';
import { DatabaseClock } from '../system/clock';
import { refuseTestClockInProduction, registerTestClockRoute } from '../system/clock.routes';
import { Sealer, loadSealKey } from '../system/seal';
import { checkSealKey, installationRsaKey } from '../system/installation';
import { registerTableConfigRoutes } from '../table-config/routes';
import { platformSchema } from './schema';
import { registerWebFiles } from './web';
import { type BusinessInfoProvider, businessInfoFromEnvironment } from '../bizinfo/provider';
import type { EsignProvider } from '../esign/provider';
import { HttpEsignProvider } from '../esign/provider.http';
import { type Webhook, registerWebhooks } from '../http/webhooks';

export interface PlatformOptions {
  database: Database;
  /** The business areas, in the order their demo data loads. */
  areas: readonly ServerArea[];
  /** Data directory (keys, file storage, work files); defaults to ./data. */
  dataDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Directory of the built web app; it is served when it holds an index.html. */
  webDir?: string;
  /** The access policy: signed-in sessions (the identity module's) by default. */
  policy?: AccessPolicy;
  /** The application's version (health, the API document). */
  version: string;
  /** The committed migrations (health reports how many are applied). */
  journal: readonly JournalEntry[];
  timeZone?: string;
  /** Where people reach the application, for links in e-mails (default SRM_PUBLIC_URL). */
  publicUrl?: string;
  /** SMTP server for e-mail (default SMTP_URL). */
  smtpUrl?: string;
  /** The SMS provider (default: as SRM_SMS_PROVIDER names it, else the recording one). */
  sms?: SmsProvider;
  /** Run background jobs on this node (default: yes unless SRM_JOB_WORKERS=off). */
  jobWorkers?: boolean;
  /** How often idle job workers look for work, in seconds (default SRM_JOB_POLL_SECONDS or 1). */
  jobPollingSeconds?: number;
  /**
   * This process alone uses the database and the data directory (the embedded database under
   * its lock): at start, imports and background exports left RUNNING by a process that was
   * killed are FAILED with a reason, and the work files it left are removed.
   */
  recoverInterruptedWork?: boolean;
  /** The areas' backgrounds queue at start the jobs rows made without them wait for (BackgroundServices.catchUp). */
  catchUpJobs?: boolean;
  /**
   * Serve POST /api/test/v1/clock, which moves the clock for the E2E journeys (the server's
   * SRM_TEST_CLOCK=1); refused with NODE_ENV=production.
   */
  testClock?: boolean;
  /** An external e-sign provider (default: SRM_ESIGN_URL with its application id and secret, if set). */
  esign?: EsignProvider;
  /** The business-information service (default: SRM_BIZINFO_URL with SRM_BIZINFO_KEY, if set). */
  businessInfo?: BusinessInfoProvider;
  /**
   * A serving node, which other nodes may share the database with (ADR 0033): its seal key is
   * checked against the database's (a mismatch refuses the start) and the sign-in RSA key is the
   * one stored, sealed, in the database. In-process servers of tests and tools leave it off.
   */
  sharedSecrets?: boolean;
}

/** The provider SRM_ESIGN_URL names, with SRM_ESIGN_APP_ID and SRM_ESIGN_APP_SECRET; none unset. */
export function esignFromEnvironment(env: NodeJS.ProcessEnv = process.env): EsignProvider | undefined {
  const url = env.SRM_ESIGN_URL?.trim();
  if (!url) return undefined;
  const appId = env.SRM_ESIGN_APP_ID?.trim();
  const appSecret = env.SRM_ESIGN_APP_SECRET?.trim();
  if (!appId || !appSecret) throw new Error('SRM_ESIGN_URL needs SRM_ESIGN_APP_ID and SRM_ESIGN_APP_SECRET');
  return new HttpEsignProvider({ url, appId, appSecret });
}

export interface Platform {
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

export async function buildPlatform(options: PlatformOptions): Promise<Platform> {
  // Before anything opens: a production server must not start with the door at all.
  if (options.testClock) refuseTestClockInProduction(process.env);
  const { registry, entityTables, messages } = platformSchema(options.areas);
  const clock = new DatabaseClock();
  await clock.calibrate(options.database);
  const dataDir = options.dataDir ?? join(process.cwd(), 'data');
  const sealKey = loadSealKey(join(dataDir, 'keys', 'seal.key'), process.env.SRM_SEAL_KEY);
  const runtime = new EntityRuntime({
    database: options.database,
    registry,
    tables: entityTables,
    clock,
    sealer: new Sealer(sealKey),
    messages: () => messages,
    timeZone: options.timeZone ?? process.env.SRM_TIME_ZONE ?? DEFAULT_TIME_ZONE,
    publicUrl:
      options.publicUrl ?? process.env.SRM_PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 8080}`,
    actions: [identityUserActions, processTemplateActions, ...options.areas.flatMap((area) => area.actions)],
    observers: options.areas.flatMap((area) => area.observers),
    areas: options.areas.map((area) => area.area),
  });
  const messenger = new Messenger(runtime, {
    smtpUrl: options.smtpUrl ?? process.env.SMTP_URL,
    from: process.env.SMTP_FROM,
    sms: options.sms ?? smsProviderFromEnv(),
  });
  const rsaKeyFile = join(dataDir, 'keys', 'rsa_private.pem');
  if (options.sharedSecrets) await checkSealKey(options.database, runtime.sealer);
  const identity = new Identity(
    runtime,
    options.sharedSecrets
      ? RsaKeys.fromPem(
          await installationRsaKey(
            options.database,
            runtime.sealer,
            rsaKeyFile,
            process.env.SRM_RSA_PRIVATE_KEY,
          ),
        )
      : RsaKeys.load(rsaKeyFile, process.env.SRM_RSA_PRIVATE_KEY),
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
  const realtime = new RealtimeHub(runtime, {
    passes: new HallPasses(sealKey),
    kinds: options.areas.flatMap((area) => area.halls),
  });
  runtime.plugins.realtime = realtime;
  const storage = storageFromEnvironment(dataDir, process.env);
  const attachments = new Attachments(runtime, storage, join(dataDir, 'cache'), recordAccess, maxUpload());
  runtime.plugins.attachments = attachments;
  const esign = options.esign ?? esignFromEnvironment();
  if (esign) runtime.plugins.esign = esign;
  const businessInfo = options.businessInfo ?? businessInfoFromEnvironment();
  if (businessInfo) runtime.plugins.businessInfo = businessInfo;
  for (const area of options.areas)
    for (const [entityName, reader] of Object.entries(area.fileReaders))
      attachments.alsoReadableBy(entityName, (actor, recordId) =>
        reader(
          dataApi({ actor, runtime, tx: runtime.executor(), now: runtime.clock.now() }, 'read'),
          recordId,
        ),
      );
  for (const area of options.areas)
    for (const [entityName, counter] of Object.entries(area.fileDownloads))
      attachments.countDownloadsWith(entityName, (actor, recordId) =>
        runtime.transaction((tx) =>
          counter(dataApi({ actor, runtime, tx, now: runtime.clock.now() }, 'download'), recordId),
        ),
      );
  for (const area of options.areas)
    for (const [entityName, watermark] of Object.entries(area.fileWatermarks))
      attachments.watermarkWith(entityName, (actor, recordId, use) =>
        watermark(
          dataApi({ actor, runtime, tx: runtime.executor(), now: runtime.clock.now() }, 'read'),
          recordId,
          use,
        ),
      );
  const jobs = new JobService(options.database, {
    workers: options.jobWorkers ?? (process.env.SRM_JOB_WORKERS ?? 'on').toLowerCase() !== 'off',
    pollingIntervalSeconds: options.jobPollingSeconds ?? (Number(process.env.SRM_JOB_POLL_SECONDS) || 1),
    log: (message, error) => app.log.error({ err: error }, message),
  });
  runtime.plugins.jobs = jobs;
  const exportPageRows = Number(process.env.SRM_EXPORT_PAGE_ROWS) || EXPORT_PAGE_SIZE;
  const lease = new WorkLease(options.database, (error) =>
    app.log.error({ err: error }, 'the connection holding this node’s background work was lost'),
  );
  const backExports = new BackExports({
    runtime,
    attachments,
    jobs,
    lease,
    workDir: storage.workDir('exports'),
    pageRows: exportPageRows,
  });
  jobs.register<BackExportJob>(BACK_EXPORT_QUEUE, (job) => backExports.run(job.data));
  const importWorkDir = storage.workDir('imports');
  const imports = new Imports({ runtime, attachments, jobs, lease, workDir: importWorkDir });
  jobs.register<ImportJob>(IMPORT_QUEUE, (job) => imports.run(job.data));
  const reminders = new ApprovalReminders(
    approvals,
    Number(process.env.SRM_BPM_REMIND_SECONDS) || DEFAULT_REMIND_INTERVAL_SECONDS,
  );
  reminders.register(jobs);
  // The areas' background services (the scheduler's runner): built now, so that their queues are
  // registered before the jobs start; started once the server is ready.
  const executables = areaExecutables(options.areas);
  const backgrounds = options.areas.flatMap((area) =>
    area.background
      ? [
          area.background({
            runtime,
            database: options.database,
            jobs,
            lease,
            attachments,
            policy,
            executables,
            catchUp: options.catchUpJobs === true,
            log: (level, message, details) => app.log[level](details ?? {}, message),
          }),
        ]
      : [],
  );
  const app = Fastify({
    logger: options.logger ?? false,
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    bodyLimit: 10 * 1024 * 1024,
    trustProxy: true,
    return503OnClosing: true,
  });

  const webDir = options.webDir;
  const serveWeb = !!webDir && existsSync(join(webDir, 'index.html'));

  installHttpConventions(app, {
    messages: () => messages,
    knowsEntity: (name) => !!registry.find(name),
    describeIssue: describeEntityIssue(runtime),
    onUnknownRoute: async (request, reply) => {
      // Pages of the single-page app: any GET outside /api answers index.html.
      if (!serveWeb || request.method !== 'GET' || request.url.startsWith('/api/')) return false;
      await reply.type('text/html').sendFile('index.html');
      return true;
    },
  });

  installAccessEnforcement(app, policy);
  // Work a process that died left RUNNING (no live node holds it) is undone and failed before
  // anything is served or any job runs (here, not in onReady, whose time limit an undo of a big
  // import's batches may pass: ADR 0015); on PostgreSQL, where other nodes may die while this
  // one runs, every minute too.
  const recoverInterrupted = async () => {
    const imported = await imports.failInterrupted(interruptedReason(messages, 'excel.importInterrupted'));
    const exported = await backExports.failInterrupted(
      interruptedReason(messages, 'excel.exportInterrupted'),
    );
    if (imported + exported)
      app.log.warn({ imports: imported, exports: exported }, 'work interrupted by a stopped process cleared');
  };
  if (options.recoverInterruptedWork) {
    await recoverInterrupted();
    // Work files: only under the embedded database's directory lock is every one of them left
    // over (on PostgreSQL the directory may be another node's too).
    if (options.database.kind === 'pglite') {
      const exportDir = storage.workDir('exports');
      const files = await removeWorkFiles([exportDir, importWorkDir, dirname(exportDir)], Date.now());
      if (files) app.log.warn({ files }, 'work files of the last stop removed');
    }
  }
  const sweep =
    options.recoverInterruptedWork && options.database.kind === 'postgres'
      ? setInterval(() => {
          recoverInterrupted().catch((error: unknown) =>
            app.log.error({ err: error }, 'clearing interrupted work failed'),
          );
        }, 60_000).unref()
      : null;
  // Jobs run while the server does: started once it is ready, stopped (gracefully) on close.
  app.addHook('onReady', async () => {
    await identity.listenForGrantChanges();
    await jobs.start();
    // The approval reminders' sweep schedules itself from its first run on.
    if (jobs.workers) await reminders.schedule(jobs);
    for (const background of backgrounds) await background.start();
    await realtime.start();
  });
  drainOnClose(app);
  app.addHook('onClose', async () => {
    if (sweep) clearInterval(sweep);
    await identity.stopListening();
    await realtime.stop();
    for (const background of backgrounds) await background.stop();
    await jobs.stop();
    await lease.close();
    await messenger.close();
  });
  installBackExportScope(app, { runtime, policy });
  registerHealth(app, {
    database: options.database,
    version: options.version,
    journal: [...options.journal],
  });
  registerIdentityRoutes(app, identity, identityPolicy);
  registerEntityRoutes(app, { runtime, policy });
  registerWorkCounts(app, { runtime, policy, access: recordAccess });
  const actorOf = async (request: FastifyRequest) => {
    const actor = await policy.identify(request);
    if (!actor) throw new AppError(401, 'auth.required');
    return { ...actor, locale: request.locale };
  };
  await registerFileRoutes(app, { runtime, attachments, rsa: identity.rsa, urlSecret: sealKey, actorOf });
  registerLargeFileRoutes(app, { runtime, attachments, actorOf });
  registerExportRoutes(app, { runtime, policy, backExports, actorOf, pageRows: exportPageRows });
  registerImportRoutes(app, { runtime, policy, imports, workDir: importWorkDir, actorOf });
  registerApprovalRoutes(app, { engine: approvals, actorOf });
  registerTableConfigRoutes(app, { runtime, actorOf });
  registerSiteMessageRoutes(app, {
    messages: siteMessages,
    preferences: new MessagePreferences(runtime),
    actorOf,
  });
  await registerRealtimeRoutes(app, { hub: realtime, actorOf });
  if (options.testClock) {
    registerTestClockRoute(app, clock);
    app.log.warn('SRM_TEST_CLOCK=1: any signed-in user may move this server’s clock (tests only)');
  }
  const hooks = new Map<string, Webhook>();
  for (const area of options.areas)
    for (const [name, hook] of Object.entries(area.webhooks)) {
      if (hooks.has(name)) throw new Error(`Two areas declare the webhook ${name}`);
      hooks.set(name, hook);
    }
  await registerWebhooks(app, { runtime, hooks });
  registerApiDocument(app, { registry, messages, version: options.version });

  if (serveWeb) await registerWebFiles(app, webDir);
  return { app, runtime, clock, identity, jobs, reminders };
}
