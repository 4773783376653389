// The entity runtime: the registry, tables, behaviour (hooks), areas and platform services one
// application runs with, transactions, translation, and one service per entity (service.ts)
// doing find, list, save, import, delete and workflow actions.
import type { BusinessInfoProvider } from '../bizinfo/provider';
import type { EsignProvider } from '../esign/provider';
import {
  type AreaManifest,
  type Catalogue,
  type EntityDef,
  type EntityRegistry,
  type Locale,
  type MessageParams,
  inputEntities,
  translate,
} from '@srm/kernel';
import { type Database, type Executor, executor, inTransaction } from '@srm/db';
import type { Actor } from '../access/actor';
import type { Identity } from '../identity/identity';
import type { Messenger } from '../messaging/messenger';
import type { SiteMessages } from '../messaging/site-messages';
import type { MessageConfigs, MessageOutbox, MessageSources } from '../messaging/outbox';
import type { RealtimePublisher } from '../realtime/hub';
import type { MessageTemplates } from '../messaging/template';
import type { Attachments } from '../files/attachments';
import type { JobService } from '../jobs/jobs';
import type { Clock } from '../system/clock';
import type { Sealer } from '../system/seal';
import {
  type ActionObserver,
  type EntityActions,
  type EntityHooks,
  type HookContext,
  combineHooks,
} from './hooks';
import type { Row } from './rows';
import { EntityService } from './service';
import type { EntityTable, EntityTables } from './tables';

export { EntityService } from './service';
export { EXACT_COUNT_LIMIT, type ListResult } from './read';

export interface RuntimeOptions {
  readonly database: Database;
  readonly registry: EntityRegistry;
  readonly tables: EntityTables;
  readonly clock: Clock;
  readonly sealer: Sealer;
  /** Every message catalogue (kernel, platform, areas), for labels in messages. */
  readonly messages: () => Catalogue;
  readonly timeZone: string;
  /** Where people reach the application, for links in e-mails (no trailing slash). */
  readonly publicUrl?: string;
  readonly actions?: readonly EntityActions[];
  /** Called after every workflow action and save, in its transaction (hooks.ts). */
  readonly observers?: readonly ActionObserver[];
  /** The business areas' manifests (menus, grants, roles for the seeds that derive them). */
  readonly areas?: readonly AreaManifest[];
}

/** Starts approvals for actions that need one; the approval engine provides it. */
export interface ApprovalGateway {
  start(context: HookContext, entity: EntityDef, row: Row, action: string, processKey: string): Promise<void>;
  /** The action belongs to the approval process and is refused over HTTP (doApproval…). */
  controls(entity: EntityDef, action: string, status?: string): boolean;
  /** The submitter (or the platform, for a process it started) withdraws the running process. */
  withdraw(
    actor: Actor,
    entityName: string,
    documentId: number,
    input: { readonly comment?: string | null },
  ): Promise<void>;
}

/** Platform services hooks may use; see `runtime.plugins`. */
export interface PlatformServices {
  identity: Identity;
  messenger: Messenger;
  /** In-app messages (站内信): `notify` from any hook, in its transaction. */
  siteMessages: SiteMessages;
  /** Messages sent after the transaction commits, with retries (the messaging area's). */
  messageOutbox: MessageOutbox;
  /** Administrators' message templates (the messaging area's), used instead of a sender's text. */
  messageTemplates: MessageTemplates;
  /** The message sources (the messaging area's), for users' preferences. */
  messageSources: MessageSources;
  /** Administrators' message configs (the messaging area's): recipients added to a sender's. */
  messageConfigs: MessageConfigs;
  /** Live hints to users' browsers (/api/ws), sent when the transaction commits. */
  realtime: RealtimePublisher;
  attachments: Attachments;
  /** The e-sign provider configured (SRM_ESIGN_URL); none: contracts sign with the internal one. */
  esign: EsignProvider;
  /** The business-information service configured (SRM_BIZINFO_URL): 工商信息 lookups and licence recognition. */
  businessInfo: BusinessInfoProvider;
  /**
   * Background jobs (pg-boss): a hook sends an area's job in its transaction, so the job exists
   * only if the work commits. Not ready while the demo seeds run (`jobs.ready`).
   */
  jobs: JobService;
}

export class EntityRuntime {
  readonly database: Database;
  readonly registry: EntityRegistry;
  readonly clock: Clock;
  readonly sealer: Sealer;
  readonly timeZone: string;
  /**
   * Where people reach the application, for links in e-mails and the callbacks other systems
   * make (no trailing slash). Set again once by a test server, which listens on a free port.
   */
  publicUrl: string;
  readonly messages: () => Catalogue;
  /** The business areas the application runs with. */
  readonly areas: readonly AreaManifest[];
  approvals: ApprovalGateway | null = null;
  /** Services the composition root plugs in (sign-in, messaging), for hooks that need them. */
  readonly plugins: Partial<PlatformServices> = {};
  private readonly tables: EntityTables;
  private readonly hooks = new Map<string, EntityHooks>();
  readonly observers: readonly ActionObserver[];
  private readonly services = new Map<string, EntityService>();

  constructor(options: RuntimeOptions) {
    this.database = options.database;
    this.registry = options.registry;
    this.tables = options.tables;
    this.clock = options.clock;
    this.sealer = options.sealer;
    this.timeZone = options.timeZone;
    this.publicUrl = (options.publicUrl ?? 'http://localhost:8080').replace(/\/$/, '');
    this.messages = options.messages;
    this.areas = options.areas ?? [];
    this.observers = options.observers ?? [];
    for (const registration of options.actions ?? []) {
      if (this.registry.get(registration.entity.name) !== registration.entity) {
        throw new Error(`Actions for ${registration.entity.name}, which is not registered`);
      }
      for (const [name, endpoint] of Object.entries(registration.hooks.endpoints ?? {}))
        for (const target of inputEntities(endpoint.input ?? {}))
          if (!this.registry.find(target))
            throw new Error(
              `Endpoint ${registration.entity.name}/${name}: its input references unknown entity ${target}`,
            );
      const existing = this.hooks.get(registration.entity.name);
      this.hooks.set(
        registration.entity.name,
        existing ? combineHooks(existing, registration.hooks) : registration.hooks,
      );
    }
  }

  service(name: string): EntityService {
    let service = this.services.get(name);
    if (!service) {
      service = new EntityService(this, this.registry.get(name));
      this.services.set(name, service);
    }
    return service;
  }

  table(name: string): EntityTable {
    const table = this.tables.byEntity.get(name);
    if (!table) throw new Error(`No table for ${name}`);
    return table;
  }

  hooksOf(name: string): EntityHooks {
    return this.hooks.get(name) ?? {};
  }

  uniqueIndex(name: string) {
    return this.tables.uniqueIndexes.get(name);
  }

  /** Runs work in the current transaction, or in a new one. */
  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return inTransaction(this.database, work);
  }

  executor(): Executor {
    return executor(this.database);
  }

  t(locale: Locale, key: string, params?: MessageParams): string {
    return translate(this.messages(), locale, key, params);
  }
}
