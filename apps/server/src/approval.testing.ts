// Test helper for the approval engine: the application's entities, hooks and endpoints plus a
// test document whose submission needs approval (no business document on main is yet under an
// approval process), over real HTTP on a fresh copy of the migrated database. The test caller
// is the actor sent in a header (testActorPolicy); users, roles and positions are real rows.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import {
  type Catalogue,
  EntityRegistry,
  amount,
  defineEntity,
  lookup,
  mergeCatalogues,
  ref,
  text,
} from '@srm/kernel';
import {
  type Actor,
  AppError,
  ApprovalEngine,
  DatabaseClock,
  EntityRuntime,
  Sealer,
  buildEntityTables,
  identityUserActions,
  installAccessEnforcement,
  installHttpConventions,
  loadSealKey,
  processTemplateActions,
  registerApprovalRoutes,
  registerEntityRoutes,
  SiteMessages,
  MessagePreferences,
  registerSiteMessageRoutes,
  ApprovalReminders,
  Messenger,
  RecordAccess,
} from '@srm/platform';
import { emptySnapshot, migrationStatements, snapshotOf } from '@srm/platform/schema';
import {
  TEST_ACTOR_HEADER,
  openTestDatabase,
  testActorPolicy,
  type TestDatabase,
} from '@srm/platform/testing';
import { domainActions } from '@srm/domain/server';
import { messages, registry } from './schema';

/** A document like a purchase order: its submission needs the process TEST_DOC_APPROVAL. */
export const approvalTestDoc = defineEntity('testApprovalDoc', {
  area: 'test',
  table: 'test_approval_doc',
  key: 'docId',
  numbering: { field: 'docNumber', pattern: 'AD{yyyyMMdd}{####}' },
  ownedBy: 'supplierId',
  fields: {
    docNumber: text({ readonly: true, max: 30 }),
    title: text({ required: true, max: 100 }),
    amount: amount({ min: 0 }),
    category: lookup('TEST_DOC_CATEGORY', { codes: ['RAW', 'SERVICE'] }),
    supplierId: ref('srmSupplierInfo', { display: 'supplierName' }),
    requesterId: ref('baseUser', { display: 'userFullName', displayAs: 'requesterName' }),
  },
  list: { columns: ['docNumber', 'title', 'amount', 'status'], filters: ['title'] },
  workflow: {
    states: ['DRAFT', 'APPROVING', 'APPROVED', 'REJECTED', 'CANCELLED'],
    initial: 'DRAFT',
    editableIn: ['DRAFT', 'REJECTED'],
    actions: {
      doSubmit: { from: ['DRAFT', 'REJECTED'], to: 'APPROVING', approval: 'TEST_DOC_APPROVAL' },
      // Deliberately not `system`: the approval engine itself must refuse it over HTTP.
      doApproval: { from: ['APPROVING'], to: 'APPROVED' },
      doReject: { from: ['APPROVING'], to: 'REJECTED', needs: ['comment'] },
      doWithdraw: { from: ['APPROVING'], to: 'DRAFT' },
      doCancel: { from: ['DRAFT', 'APPROVING', 'REJECTED'], to: 'CANCELLED' },
    },
  },
});

const testMessages: Catalogue = {
  'zh-CN': { 'entity.testApprovalDoc': '测试审批单', 'testApprovalDoc.title': '标题' },
  en: { 'entity.testApprovalDoc': 'Test approval document', 'testApprovalDoc.title': 'Title' },
};

export interface ApprovalServer {
  url: string;
  app: FastifyInstance;
  runtime: EntityRuntime;
  clock: DatabaseClock;
  database: TestDatabase;
  /** The reminders' sweep (tests call it after moving the clock). */
  reminders: ApprovalReminders;
  post<T = unknown>(
    path: string,
    body?: unknown,
    actor?: Partial<Actor>,
    language?: 'CN' | 'EN',
  ): Promise<{
    httpStatus: number;
    body: { status: 'S' | 'E'; msg: string; data: T; page?: { count: number } };
  }>;
  /** Stops the HTTP server (the database stays open: a restart continues on it). */
  stop(): Promise<void>;
  close(): Promise<void>;
}

export async function startApprovalServer(
  options: { database?: TestDatabase; smtpUrl?: string } = {},
): Promise<ApprovalServer> {
  const fresh = !options.database;
  const database = options.database ?? (await openTestDatabase());
  const testRegistry = new EntityRegistry([...registry.all(), approvalTestDoc]);
  const tables = buildEntityTables(testRegistry);
  if (fresh) {
    const own = { testApprovalDoc: tables.byEntity.get('testApprovalDoc') };
    for (const statement of await migrationStatements(emptySnapshot(), snapshotOf(own))) {
      await database.db.execute(sql.raw(statement));
    }
  }
  const clock = new DatabaseClock();
  await clock.calibrate(database);
  const allMessages = mergeCatalogues(messages, testMessages);
  const runtime = new EntityRuntime({
    database,
    registry: testRegistry,
    tables,
    clock,
    sealer: new Sealer(loadSealKey(join(mkdtempSync(join(tmpdir(), 'srm-seal-')), 'seal.key'), undefined)),
    messages: () => allMessages,
    timeZone: 'Asia/Shanghai',
    actions: [identityUserActions, processTemplateActions, ...domainActions],
  });
  const engine = new ApprovalEngine(runtime, new RecordAccess(runtime, testActorPolicy));
  runtime.approvals = engine;
  const siteMessages = new SiteMessages(runtime);
  runtime.plugins.siteMessages = siteMessages;
  const messenger = new Messenger(runtime, { smtpUrl: options.smtpUrl });
  runtime.plugins.messenger = messenger;
  const reminders = new ApprovalReminders(engine);
  const app = Fastify({ logger: false });
  installHttpConventions(app, { messages: () => allMessages });
  installAccessEnforcement(app, testActorPolicy);
  registerEntityRoutes(app, { runtime, policy: testActorPolicy });
  const actorOf = async (request: FastifyRequest): Promise<Actor> => {
    const actor = await testActorPolicy.identify(request);
    if (!actor) throw new AppError(401, 'auth.required');
    return { ...actor, locale: request.locale };
  };
  registerApprovalRoutes(app, { engine, actorOf });
  registerSiteMessageRoutes(app, {
    messages: siteMessages,
    preferences: new MessagePreferences(runtime),
    actorOf,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    app,
    runtime,
    clock,
    database,
    reminders,
    async post(path, body = {}, actor, language) {
      const response = await fetch(url + path, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(actor ? { [TEST_ACTOR_HEADER]: JSON.stringify(actor) } : {}),
          ...(language ? { 'SAAF-Language': language } : {}),
        },
        body: JSON.stringify(body),
      });
      return { httpStatus: response.status, body: (await response.json()) as never };
    },
    stop: () => app.close(),
    async close() {
      await app.close();
      // Its SMTP connections too: the test's mail server otherwise waits 30 s for them on close.
      await messenger.close();
      await database.close();
    },
  };
}
