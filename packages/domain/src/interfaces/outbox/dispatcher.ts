// The outbox dispatcher (docs/integrations.md): one per node. A business action's transaction
// writes the outbox row and its wake-up job together (trigger below), so a rolled-back action
// sends nothing. Workers take the oldest sendable row (`for update skip locked`; none while an
// older row of its ordering key is unfinished, or failed and blocking), mark it SENDING under a
// lease, render and send the call outside any transaction, then write the attempt's log row, the
// answer's write-back and the row's new state in one transaction: SENT (never sent again),
// PENDING again after a backoff for what may pass on a retry (408, 425, 429, 5xx, timeouts,
// resets; Retry-After honoured), or FAILED with a compensation row. A row whose lease ran out
// (its node died mid-call) is sent again with the same idempotency key. Before any resend, a
// definition that names a status query asks it first whether the call arrived (status-query.ts).
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Executor, afterCommit, queryRows } from '@srm/db';
import { type EntityDef, type MessageParams } from '@srm/kernel';
import {
  type ActionObserver,
  type BackgroundService,
  type BackgroundServices,
  type DataApi,
  SYSTEM_ACTOR,
  dataApi,
} from '@srm/platform';
import { transactionCompen } from '../../scheduler';
import { scsiDefinition } from '../definition/definition.entity';
import { scsiPlatformLog, LOG_BODY_MAX } from '../platform-log/platform-log.entity';
import { capBody, getPath, isSuccess, parseAnswer, readResponse, redact } from '../wire/render';
import { type InterceptorContext, InterceptorCallError } from '../wire/interceptors';
import { backoffMs, classify, retryAfterMs, send } from '../wire/send';
import type { ErrorClass, WireResult } from '../wire/types';
import {
  type Definition,
  type DefinitionParameters,
  type RenderedCall,
  documentOf,
  keysOf,
  parametersOf,
  readsOf,
  renderCall,
  shown,
  tellInterceptors,
} from './call';
import { scsiOutbox } from './outbox.entity';
import { statusQueryProblem, verdictOf } from './status-query';

export const OUTBOX_QUEUE = 'scsi-outbox';

const dispatchers = new WeakMap<object, OutboxDispatcher>();

function systemData(runtime: BackgroundServices['runtime'], tx: Executor, operation: string): DataApi {
  return dataApi({ actor: SYSTEM_ACTOR, runtime, tx, now: runtime.clock.now() }, operation);
}

/** An effective definition as the trigger and the dispatcher need it, read at most once a second per node. */
interface Effective {
  readonly definitionId: number;
  readonly definitionCode: string;
  readonly definitionVersion: number;
  readonly businessEntity: string;
  readonly triggerType: string;
  readonly triggerAction: string | null;
  readonly idempotencyKeyTemplate: string;
  readonly orderingKeyTemplate: string | null;
}
const EFFECTIVE_TTL_MS = 1_000;
/** Rows one claim takes (sent side by side: none of them shares an ordering key with an older unfinished row). */
const CLAIM_BATCH = 8;

/** A claimed row, as the claim's `returning` reads it. */
interface Claimed {
  readonly outboxId: number;
  readonly definitionId: number;
  readonly definitionCode: string;
  readonly businessEntity: string;
  readonly businessId: number;
  readonly businessNumber: string | null;
  readonly idempotencyKey: string;
  readonly attempts: number;
  readonly compenId: number | null;
  readonly hasPayload: boolean;
  readonly interceptorState: Readonly<Record<string, { value: string; until: number }>> | null;
}

/** A definition ready to render calls with: effective and invalid ones never change. */
interface Prepared {
  readonly definition: Definition;
  readonly parameters: DefinitionParameters;
}

/** A status query asked before a resend: the definition asked, the call it made and what came back. */
interface Asked {
  readonly query: Definition;
  readonly call: RenderedCall;
  readonly result: WireResult;
}

/** What an attempt came to, before it is recorded. */
type Outcome =
  | {
      readonly kind: 'sent';
      readonly call: RenderedCall;
      readonly result: WireResult;
      readonly definition: Definition;
      /** What the interceptors kept for this call, when it changed (stored on the row). */
      readonly state?: Record<string, { value: string; until: number }>;
      /** The status query asked first, which answered that the document is not there. */
      readonly asked?: Asked;
    }
  | {
      /**
       * Nothing sent: the status query's answer decides the attempt. The document is there (its
       * answer is the call's, read by the query's success rule and response map), or the query
       * failed (retried like the call).
       */
      readonly kind: 'queried';
      readonly asked: Asked;
      readonly definition: Definition;
    }
  | {
      readonly kind: 'failed';
      readonly reason: 'mapping' | 'definition' | 'interceptor';
      readonly message: string;
      readonly definition: Definition | null;
      /** An interceptor's side call (a token, a trade id) that may pass on a retry. */
      readonly retryable?: boolean;
      readonly errorClass?: ErrorClass;
    };

/**
 * A call that could not be made: an interceptor's side call that failed (retried by its own
 * answer's class), or a mapping that cannot render (never retried).
 */
function renderFailure(error: unknown, message: string, definition: Definition): Outcome {
  if (!(error instanceof InterceptorCallError))
    return { kind: 'failed', reason: 'mapping', message, definition };
  const { retryable, errorClass } = classify(error.result);
  return {
    kind: 'failed',
    reason: 'interceptor',
    message,
    definition,
    retryable,
    errorClass: errorClass ?? 'mapping',
  };
}

/**
 * The trigger: after every action and save, in its transaction, an outbox row per effective
 * definition of that entity and action (none twice for one idempotency key: a second approval
 * event of the same document version adds nothing) and a wake-up job that exists only if the
 * transaction commits.
 */
export const outboxTrigger: ActionObserver = async (context, change) => {
  const dispatcher = dispatchers.get(context.runtime);
  if (!dispatcher) return;
  const triggers = (await dispatcher.triggers(context.tx)).filter(
    (trigger) => trigger.businessEntity === change.entity && trigger.triggerAction === change.action,
  );
  if (!triggers.length) return;
  const data = dataApi({ ...context, actor: SYSTEM_ACTOR }, 'intf.trigger');
  const entity = context.runtime.registry.get(change.entity);
  const id = change.row[entity.key];
  if (typeof id !== 'number') return;
  for (const trigger of triggers) await dispatcher.enqueue(data, trigger, entity, id, change.action);
};

export class OutboxDispatcher implements BackgroundService {
  readonly nodeName = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  readonly workers: number;
  private cached: { until: number; effective: Effective[] } | null = null;
  private readonly prepared = new Map<number, Promise<Prepared>>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** Drain loops running on this node (at most `workers`: a wake-up finding them all busy just returns). */
  private loops = 0;
  /** Drains asked for so far: a loop whose claim found nothing claims again if one came meanwhile. */
  private asked = 0;
  /** When this node last asked the other nodes for help with a backlog (Date.now()). */
  private calledForHelp = 0;
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Tokens and trade ids interceptors keep between calls, per definition. */
  private readonly caches = new Map<number, InterceptorContext['cache']>();

  constructor(
    private readonly services: BackgroundServices,
    private readonly options: { workers?: number; sweepMs?: number } = {},
  ) {
    dispatchers.set(services.runtime, this);
    this.workers = options.workers ?? (Number(process.env.SRM_INTF_WORKERS) || 4);
    // A wake-up job only starts a drain, which runs its own loops (up to `workers`): one job
    // worker a node is enough, and eight polled the database for nothing.
    services.jobs.register(
      OUTBOX_QUEUE,
      async () => {
        this.drainSafely();
      },
      { retryLimit: 0, expireInSeconds: 3600, workers: 1, oneWaitingPerKey: true },
    );
  }

  async start(): Promise<void> {
    if (!this.services.jobs.workers) return;
    const every = this.options.sweepMs ?? (Number(process.env.SRM_INTF_SWEEP_MS) || 2_000);
    // The safety net under the wake-up jobs: rows whose lease ran out, and rows due after a
    // backoff whose delayed job was lost. Its drain counts among the loops like any other.
    this.timer = setInterval(() => {
      void this.sweep()
        .then(() => this.drain())
        .catch((error: unknown) => this.services.log('error', 'outbox sweep failed', { err: error }));
    }, every);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled([...this.inFlight]);
  }

  /**
   * Forgets what this node keeps in memory: the effective definitions (one became effective or
   * invalid here) and the interceptors' tokens (fetched again when next needed).
   */
  forget(): void {
    this.cached = null;
    this.caches.clear();
  }

  private async effective(tx: Executor): Promise<Effective[]> {
    const now = Date.now();
    if (this.cached && this.cached.until > now) return this.cached.effective;
    const table = this.services.runtime.table(scsiDefinition.name);
    // A raw read of a handful of rows, on every node at most once a second.
    const rows = await queryRows<Effective>(
      tx,
      sql`select definition_id as "definitionId", definition_code as "definitionCode",
                 definition_version as "definitionVersion", business_entity as "businessEntity",
                 trigger_type as "triggerType", trigger_action as "triggerAction",
                 idempotency_key_template as "idempotencyKeyTemplate",
                 ordering_key_template as "orderingKeyTemplate"
            from ${table} where status = 'EFFECTIVE'`,
    );
    const effective = rows.map((row) => ({
      ...row,
      definitionId: Number(row.definitionId),
      definitionVersion: Number(row.definitionVersion),
    }));
    this.cached = { until: now + EFFECTIVE_TTL_MS, effective };
    return effective;
  }

  /**
   * The effective definition of this code about this entity, for a call another area hands over
   * (a message to a chat robot: the message instance is its document), or null.
   */
  async effectiveOf(tx: Executor, definitionCode: string, businessEntity: string): Promise<Effective | null> {
    return (
      (await this.effective(tx)).find(
        (row) => row.definitionCode === definitionCode && row.businessEntity === businessEntity,
      ) ?? null
    );
  }

  /** The effective definitions an action or save triggers. */
  async triggers(tx: Executor): Promise<Effective[]> {
    return (await this.effective(tx)).filter((row) => row.triggerType === 'ACTION');
  }

  /** Writes a call of a document to the outbox (in the caller's transaction) and its wake-up. */
  async enqueue(
    data: DataApi,
    definition: Pick<
      Effective,
      | 'definitionId'
      | 'definitionCode'
      | 'definitionVersion'
      | 'idempotencyKeyTemplate'
      | 'orderingKeyTemplate'
    >,
    entity: EntityDef,
    businessId: number,
    eventAction: string,
  ): Promise<number | null> {
    const document = await documentOf(data, entity, businessId, [
      definition.idempotencyKeyTemplate,
      definition.orderingKeyTemplate,
    ]);
    let keys: { idempotencyKey: string; orderingKey: string | null };
    try {
      keys = keysOf(definition, document);
    } catch (error) {
      // A key that cannot be made is the definition's fault, not the document's: the action
      // goes on, the call lands in compensation at once.
      keys = {
        idempotencyKey: `${definition.definitionCode}-${businessId}-${data.now.getTime()}`,
        orderingKey: null,
      };
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
      const id = await this.insert(
        data,
        definition,
        entity,
        businessId,
        document,
        keys,
        eventAction,
        'FAILED',
        message,
      );
      await this.compensate(data, id, message);
      return id;
    }
    // Rows of one ordering key are numbered in the order their transactions commit: a second
    // transaction writing a row of the key waits here until the first ends (other documents
    // may share a key, `{supplierCode}`; one document's actions are serialised by its row lock).
    if (keys.orderingKey)
      await queryRows(
        data.tx,
        sql`select pg_advisory_xact_lock(hashtext(${`${definition.definitionCode}:${keys.orderingKey}`}))`,
      );
    // The document's row is locked by the action: a concurrent action on it waits, then sees this row.
    const [existing] = await data.list(scsiOutbox, {
      definitionCode: definition.definitionCode,
      idempotencyKey: keys.idempotencyKey,
    });
    if (existing) return null;
    const id = await this.insert(
      data,
      definition,
      entity,
      businessId,
      document,
      keys,
      eventAction,
      'PENDING',
      null,
    );
    await this.wake();
    return id;
  }

  private async insert(
    data: DataApi,
    definition: Pick<Effective, 'definitionId' | 'definitionCode' | 'definitionVersion'>,
    entity: EntityDef,
    businessId: number,
    document: Readonly<Record<string, unknown>>,
    keys: { idempotencyKey: string; orderingKey: string | null },
    eventAction: string,
    stateCode: 'PENDING' | 'FAILED',
    lastError: string | null,
  ): Promise<number> {
    const numberField = entity.numbering?.field ?? entity.display;
    const [id] = await data.insert(scsiOutbox, [
      {
        definitionId: definition.definitionId,
        definitionCode: definition.definitionCode,
        definitionVersion: definition.definitionVersion,
        businessEntity: entity.name,
        businessId,
        businessNumber: document[numberField] == null ? null : String(document[numberField]),
        eventAction,
        orderingKey: keys.orderingKey,
        idempotencyKey: keys.idempotencyKey,
        stateCode,
        lastError,
      },
    ]);
    return id!;
  }

  /**
   * Sends due rows, a few at a time, until none is left that this loop may take. A node runs at
   * most `workers` loops; a drain asked for while they all run returns at once, and the loops
   * take its rows: one whose claim found nothing claims again when a drain was asked for after
   * that claim began (a row committed just after it).
   */
  async drain(): Promise<void> {
    this.asked++;
    if (this.stopped || this.loops >= this.workers) return;
    this.loops++;
    try {
      while (!this.stopped) {
        const asked = this.asked;
        const batch = await this.claim(CLAIM_BATCH);
        if (!batch.length) {
          if (asked === this.asked) return;
          continue;
        }
        if (batch.length === CLAIM_BATCH) this.more();
        await Promise.all(batch.map((row) => this.tracked(row)));
      }
    } finally {
      this.loops--;
    }
  }

  /**
   * A full batch: more rows may wait. Another loop of this node takes the next batch while this
   * one sends; with every loop running, the other nodes are asked to help (a wake-up job, at most
   * one waiting and one sent a second by this node).
   */
  private more(): void {
    if (this.loops < this.workers) {
      this.drainSafely();
      return;
    }
    const now = Date.now();
    if (now - this.calledForHelp < 1_000) return;
    this.calledForHelp = now;
    this.services.jobs
      .sendKeyed(OUTBOX_QUEUE, {}, 'now')
      .catch((error: unknown) => this.services.log('error', 'outbox wake-up failed', { err: error }));
  }

  private async tracked(row: Claimed): Promise<void> {
    const work = this.deliver(row);
    this.inFlight.add(work);
    try {
      await work;
    } catch (error) {
      // Left SENDING: the sweep sends it again once its lease runs out.
      this.services.log('error', 'outbox delivery failed', { outboxId: row.outboxId, err: error });
    } finally {
      this.inFlight.delete(work);
    }
  }

  /**
   * Takes the oldest sendable rows: due, and none with an older unfinished row of its ordering
   * key (pending, sending, or failed and blocking). Raw: a queue's claim with skip locked and one
   * update, which the engine's API does not express; the queue's own moves bump the row's
   * version without an audit entry (the platform log is the record of every attempt).
   */
  private async claim(limit: number): Promise<Claimed[]> {
    const { runtime } = this.services;
    const table = runtime.table(scsiOutbox.name);
    const definitions = runtime.table(scsiDefinition.name);
    const now = runtime.clock.now();
    const rows = await runtime.transaction((tx) =>
      queryRows<Record<string, unknown>>(
        tx,
        sql`with picked as (
              select o.outbox_id from ${table} o
               where o.state_code = 'PENDING'
                 and (o.next_attempt_at is null or o.next_attempt_at <= ${now})
                 and (o.ordering_key is null or not exists (
                       select 1 from ${table} p
                        where p.definition_code = o.definition_code and p.ordering_key = o.ordering_key
                          and p.outbox_id <> o.outbox_id
                          and (p.state_code = 'SENDING'
                               or (p.outbox_id < o.outbox_id
                                   and (p.state_code = 'PENDING'
                                        or (p.state_code = 'FAILED' and p.last_status is distinct from -1))))))
               order by o.outbox_id
               limit ${limit}
               for update skip locked)
            update ${table} t
               set state_code = 'SENDING', attempts = t.attempts + 1, node_name = ${this.nodeName},
                   -- a resend may ask the status query first: its versions' time counts as well
                   lease_until = ${now}::timestamptz + ((select max(d.timeout_ms * 3 + coalesce((
                                     select max(q.timeout_ms) * 3 from ${definitions} n
                                       join ${definitions} q on q.definition_code = n.definition_code
                                      where n.definition_id = d.status_query_definition_id), 0))
                                   from ${definitions} d where d.definition_code = t.definition_code)
                                 + 30000) * interval '1 millisecond',
                   version_num = t.version_num + 1, last_update_date = ${now}
              from picked where t.outbox_id = picked.outbox_id
            returning t.outbox_id as "outboxId", t.definition_id as "definitionId",
                      t.definition_code as "definitionCode", t.business_entity as "businessEntity",
                      t.business_id as "businessId", t.business_number as "businessNumber",
                      t.idempotency_key as "idempotencyKey", t.attempts, t.compen_id as "compenId",
                      (t.payload is not null) as "hasPayload", t.interceptor_state as "interceptorState"`,
      ),
    );
    return rows
      .map((row) => ({
        outboxId: Number(row.outboxId),
        definitionId: Number(row.definitionId),
        definitionCode: String(row.definitionCode),
        businessEntity: String(row.businessEntity),
        businessId: Number(row.businessId),
        businessNumber: row.businessNumber == null ? null : String(row.businessNumber),
        idempotencyKey: String(row.idempotencyKey),
        attempts: Number(row.attempts),
        compenId: row.compenId == null ? null : Number(row.compenId),
        hasPayload: row.hasPayload === true || row.hasPayload === 't',
        interceptorState: stateOf(row.interceptorState),
      }))
      .sort((a, b) => a.outboxId - b.outboxId);
  }

  /** A definition with its parameters, read once: effective and invalid definitions are never edited. */
  private definition(definitionId: number): Promise<Prepared> {
    let found = this.prepared.get(definitionId);
    if (!found) {
      const { runtime } = this.services;
      found = runtime.transaction(async (tx) => {
        const data = systemData(runtime, tx, 'intf.render');
        return {
          definition: await data.find(scsiDefinition, definitionId),
          parameters: await parametersOf(data, definitionId),
        };
      });
      this.prepared.set(definitionId, found);
      found.catch(() => this.prepared.delete(definitionId));
    }
    return found;
  }

  private interceptorContext(definitionId: number): InterceptorContext {
    let cache = this.caches.get(definitionId);
    if (!cache) this.caches.set(definitionId, (cache = new Map()));
    return { now: () => Date.now(), nonce: () => randomUUID().replace(/-/g, ''), send, cache };
  }

  /** Renders, sends and records one attempt of a claimed row. */
  private async deliver(row: Claimed): Promise<void> {
    const { runtime } = this.services;
    const effective = await this.effective(runtime.executor());
    // Superseded by a newer version: the call goes out with it; invalidated: never.
    const current =
      effective.find((candidate) => candidate.definitionId === row.definitionId) ??
      effective.find((candidate) => candidate.definitionCode === row.definitionCode);
    if (!current) {
      await this.finish(row, {
        kind: 'failed',
        reason: 'definition',
        message: 'definition invalid',
        definition: null,
      });
      return;
    }
    const { definition, parameters } = await this.definition(current.definitionId);
    // A resend of a call that may have arrived (an earlier attempt, a node that died mid-call):
    // a target that cannot deduplicate is asked first, and nothing goes out blind.
    let asked: Asked | undefined;
    const queryId = definition.statusQueryDefinitionId;
    if (row.attempts > 1 && queryId !== null) {
      const answer = await this.ask(row, definition, queryId, effective);
      if (answer.kind !== 'absent') {
        await this.finishSafely(row, answer);
        return;
      }
      asked = answer.asked;
    }
    let call: RenderedCall;
    let state: Record<string, { value: string; until: number }> | null;
    const context = this.interceptorContext(definition.definitionId);
    try {
      // A read outside any transaction: the document as it is now, in the platform's scope.
      const data = systemData(runtime, runtime.executor(), 'intf.render');
      const entity = runtime.registry.get(row.businessEntity);
      const document = await documentOf(data, entity, row.businessId, readsOf(definition));
      // What an earlier attempt's interceptors kept for this call, on whichever node it ran.
      for (const [key, entry] of Object.entries(row.interceptorState ?? {})) context.cache.set(key, entry);
      call = await renderCall(data, definition, document, row.idempotencyKey, context, parameters);
      state = ownState(context.cache, row.idempotencyKey, row.interceptorState);
    } catch (error) {
      // Never a secret in a message that is stored or shown (a value quoted by a transform).
      const message = redact(error instanceof Error ? error.message : String(error), parameters.secrets, []);
      await this.finishSafely(row, renderFailure(error, message, definition));
      return;
    }
    const result = await send(call.request);
    tellInterceptors(definition, parameters.values, context, result);
    await this.finishSafely(row, {
      kind: 'sent',
      call,
      result,
      definition,
      ...(state ? { state } : {}),
      ...(asked ? { asked } : {}),
    });
  }

  /**
   * Asks the definition's status query whether the row's call arrived: rendered from the
   * document as it is now, with the row's idempotency key, and read by its own success rule.
   * `absent` lets the call go out again; anything else ends the attempt without sending it.
   */
  private async ask(
    row: Claimed,
    definition: Definition,
    queryId: number,
    effective: readonly Effective[],
  ): Promise<Outcome | { readonly kind: 'absent'; readonly asked: Asked }> {
    const { runtime } = this.services;
    const named = await this.statusQuery(definition, queryId, effective);
    if (typeof named === 'string')
      return { kind: 'failed', reason: 'definition', message: named, definition };
    const { definition: query, parameters } = named;
    let call: RenderedCall;
    try {
      const data = systemData(runtime, runtime.executor(), 'intf.render');
      const entity = runtime.registry.get(row.businessEntity);
      const document = await documentOf(data, entity, row.businessId, readsOf(query));
      call = await renderCall(
        data,
        query,
        document,
        row.idempotencyKey,
        this.interceptorContext(query.definitionId),
        parameters,
      );
    } catch (error) {
      const message = this.note('intf.outbox.statusQueryFailed', {
        code: query.definitionCode,
        message: redact(error instanceof Error ? error.message : String(error), parameters.secrets, []),
      });
      return renderFailure(error, message, definition);
    }
    const asked: Asked = { query, call, result: await send(call.request) };
    return verdictOf(query, asked.result) === 'absent'
      ? { kind: 'absent', asked }
      : { kind: 'queried', asked, definition };
  }

  /**
   * The effective version of the status query a definition names (effective and invalid
   * definitions never change, so the named one's code is read once), or why it cannot be asked.
   */
  private async statusQuery(
    definition: Definition,
    queryId: number,
    effective: readonly Effective[],
  ): Promise<Prepared | string> {
    const named = await this.definition(queryId);
    const code = named.definition.definitionCode;
    const current = effective.find((candidate) => candidate.definitionCode === code);
    if (!current) return this.note('intf.definition.statusQueryNotEffective', { code });
    const prepared = await this.definition(current.definitionId);
    // A newer version of the query may serve something else by now.
    const problem = statusQueryProblem(definition, prepared.definition);
    return problem ? this.note(problem.message, problem.params) : prepared;
  }

  /** A message of the catalogue in the platform's language, for rows people read. */
  private note(key: string, params?: MessageParams): string {
    return this.services.runtime.t(SYSTEM_ACTOR.locale, key, params);
  }

  /**
   * Records an attempt; when that transaction fails (a write-back the document refuses, the
   * document gone), a second one ends the row FAILED with a compensation row, so that it is
   * never sent again and again at each lease.
   */
  private async finishSafely(claimed: Claimed, outcome: Outcome): Promise<void> {
    try {
      await this.finish(claimed, outcome);
    } catch (error) {
      const secrets =
        outcome.kind === 'sent'
          ? outcome.call.secrets
          : outcome.kind === 'queried'
            ? outcome.asked.call.secrets
            : [];
      const message = redact(error instanceof Error ? error.message : String(error), secrets, []);
      this.services.log('error', 'recording an outbound call failed', {
        outboxId: claimed.outboxId,
        err: message,
      });
      await this.finish(claimed, {
        kind: 'failed',
        reason: 'mapping',
        // A status query that found the document: an earlier attempt sent it.
        message: `${outcome.kind === 'failed' ? '' : 'sent, but '}not recorded: ${message}`,
        definition: outcome.definition,
      });
    }
  }

  /**
   * Records an attempt and moves the row on, in one transaction. The move goes first and holds
   * the row only while it is still this attempt's (SENDING, this node, this attempt): when
   * another node took it over after our lease ran out, nothing is written and its attempt decides.
   */
  private async finish(claimed: Claimed, outcome: Outcome): Promise<void> {
    const { runtime } = this.services;
    const table = runtime.table(scsiOutbox.name);
    await runtime.transaction(async (tx) => {
      const data = systemData(runtime, tx, 'intf.send');
      const definition = outcome.definition;
      let errorClass: ErrorClass | null;
      let message: string | null = outcome.kind === 'failed' ? outcome.message : null;
      let retryable: boolean;
      let status: number | null = null;
      let writtenBack: Record<string, unknown> | null = null;
      /** The answer that decided the attempt, if any (its Retry-After counts). */
      let answered: WireResult | null = null;
      /** The attempt's rows of the platform log, written once the row is known to be ours. */
      const logs: (() => Promise<void>)[] = [];
      if (outcome.kind === 'failed') {
        errorClass = outcome.errorClass ?? 'mapping';
        retryable = outcome.retryable === true;
        const failed = message;
        logs.push(() => this.log(tx, claimed, definition, null, errorClass, failed));
      } else if (outcome.kind === 'sent') {
        answered = outcome.result;
        ({ errorClass, retryable, status, message, writtenBack } = judged(
          outcome.definition,
          outcome.result,
        ));
        if (outcome.asked) {
          const { asked } = outcome;
          const note = this.note('intf.outbox.statusQueryAbsent', { code: asked.query.definitionCode });
          logs.push(() => this.log(tx, claimed, asked.query, asked, null, note));
        }
        const said = message;
        logs.push(() => this.log(tx, claimed, definition, outcome, errorClass, said));
      } else {
        // Nothing sent: the status query's answer, read by its own rule and map, is the call's.
        const { asked } = outcome;
        const code = asked.query.definitionCode;
        answered = asked.result;
        ({ errorClass, retryable, status, message, writtenBack } = judged(asked.query, asked.result));
        message = errorClass
          ? this.note('intf.outbox.statusQueryFailed', { code, message: message ?? '' })
          : null;
        const note = message ?? this.note('intf.outbox.statusQueryThere', { code });
        // Its row in the log is the query's: its definition, its request and answer, what it said.
        logs.push(() => this.log(tx, claimed, asked.query, asked, errorClass, note));
      }
      message = message === null ? null : message.slice(0, 2000);
      const now = data.now;
      // The payload as first rendered, with its secrets and configured fields masked like the
      // log's; and what the interceptors keep for the call's next attempts.
      const payload = {
        ...(!claimed.hasPayload && outcome.kind === 'sent'
          ? { payload: masked(outcome.call.payload, outcome.call.secrets, outcome.call.redactFields) }
          : {}),
        ...(outcome.kind === 'sent' && outcome.state ? { interceptorState: outcome.state } : {}),
      };
      const retried = !!errorClass && retryable && !!definition && claimed.attempts <= definition.retryLimit;
      const delay = retried
        ? Math.max(
            backoffMs(claimed.attempts, {
              delayMs: definition!.retryDelayMs,
              maxDelayMs: definition!.retryMaxDelayMs,
              backoff: definition!.retryBackoff === 'Y',
            }),
            answered?.kind === 'answer' ? (retryAfterMs(answered.headers, Date.now()) ?? 0) : 0,
          )
        : 0;
      const changes: Record<string, unknown> = !errorClass
        ? {
            stateCode: 'SENT',
            sentAt: now,
            lastStatus: status,
            lastError: null,
            leaseUntil: null,
            writtenBack,
          }
        : retried
          ? {
              stateCode: 'PENDING',
              nextAttemptAt: new Date(now.getTime() + delay),
              leaseUntil: null,
              lastStatus: status,
              lastError: message,
            }
          : {
              stateCode: 'FAILED',
              leaseUntil: null,
              // -1 marks a failed row that lets later rows of its key go ahead (failure rule SKIP).
              lastStatus: definition?.failureRule === 'SKIP' ? -1 : status,
              lastError: message,
            };
      const moved = await tx
        .update(table)
        .set({ ...changes, ...payload, versionNum: sql`version_num + 1`, lastUpdateDate: now })
        .where(
          sql`outbox_id = ${claimed.outboxId} and state_code = 'SENDING' and node_name = ${this.nodeName}
              and attempts = ${claimed.attempts}`,
        )
        .returning({ outboxId: table.outboxId });
      if (!moved.length) return;
      for (const log of logs) await log();
      if (!errorClass) {
        if (writtenBack && Object.keys(writtenBack).length) {
          const entity = runtime.registry.get(claimed.businessEntity);
          // The object is chosen at run time (the definition's), so its changes cannot be typed
          // here; the engine checks each value against the field at the patch.
          await data.patch(entity, claimed.businessId, writeBackValues(entity, writtenBack) as never);
        }
        if (claimed.compenId) await this.settle(data, claimed.compenId, 'doResolve');
        return;
      }
      if (retried) {
        // A delay from this host's time: the platform's clock may be moved by tests. Retries due
        // in the same second share their wake-up.
        const due = Math.ceil((Date.now() + Math.max(delay, 1_000)) / 1_000) * 1_000;
        await this.services.jobs.sendKeyed(OUTBOX_QUEUE, {}, `at:${due}`, { startAfter: new Date(due) });
        return;
      }
      const reopened = claimed.compenId ? await this.settle(data, claimed.compenId, 'doReopen') : false;
      if (reopened)
        await data.patch(transactionCompen, claimed.compenId!, {
          attempts: claimed.attempts,
          lastError: message,
        });
      else await this.compensate(data, claimed.outboxId, message ?? '');
    });
  }

  /** Moves a row's compensation on (resolved, or open again), when it waits for this retry. */
  private async settle(data: DataApi, compenId: number, action: 'doResolve' | 'doReopen'): Promise<boolean> {
    const [open] = await data.list(transactionCompen, { compenId });
    const from = action === 'doResolve' ? ['RETRYING', 'OPEN'] : ['RETRYING'];
    if (!open || !from.includes(open.status)) return false;
    await data.act(transactionCompen, action, [compenId], {});
    return true;
  }

  /** A compensation row for a call that failed for good. */
  async compensate(data: DataApi, outboxId: number, message: string): Promise<void> {
    // The payload as first captured: the row as this transaction wrote it.
    const [row] = await data.list(scsiOutbox, { outboxId });
    if (!row) return;
    const entity = data.runtime.registry.get(row.businessEntity);
    let orgId: number | null = null;
    if (entity.orgScoped) {
      // The document's organisation, so the row is scoped like the document (none when it is gone).
      const document: Readonly<Record<string, unknown>> | null = await data
        .find(entity, row.businessId)
        .catch(() => null);
      const org = document?.[entity.orgScoped];
      orgId = typeof org === 'number' ? org : null;
    }
    const [id] = await data.insert(transactionCompen, [
      {
        stepKind: 'INTF_CALL',
        stepName: row.definitionCode,
        businessEntity: row.businessEntity,
        businessId: row.businessId,
        businessNumber: row.businessNumber,
        orgId,
        sourceId: row.outboxId,
        idempotencyKey: row.idempotencyKey,
        payload: row.payload,
        attempts: row.attempts,
        lastError: message.slice(0, 2000),
        occurredAt: data.now.getTime(),
      },
    ]);
    await data.patch(scsiOutbox, outboxId, { compenId: id! });
  }

  /**
   * The attempt's row of the platform log, secrets and configured fields masked, bodies cut at
   * 256 KB. Raw: a log row is written once and never changed, so it has no audit of its own.
   */
  private async log(
    tx: Executor,
    row: Claimed,
    definition: Definition | null,
    /** The call made and what came back; none when the attempt failed before sending. */
    sent: { readonly call: RenderedCall; readonly result: WireResult } | null,
    errorClass: ErrorClass | null,
    message: string | null,
  ): Promise<void> {
    const now = this.services.runtime.clock.now();
    const view = sent ? shown(sent.call) : null;
    const answer = sent?.result.kind === 'answer' ? sent.result : null;
    await tx.insert(this.services.runtime.table(scsiPlatformLog.name)).values({
      outboxId: row.outboxId,
      definitionId: definition?.definitionId ?? row.definitionId,
      // A status query's row names its own definition.
      definitionCode: definition?.definitionCode ?? row.definitionCode,
      definitionVersion: definition?.definitionVersion ?? 0,
      businessEntity: row.businessEntity,
      businessId: row.businessId,
      businessNumber: row.businessNumber,
      idempotencyKey: row.idempotencyKey,
      attempt: row.attempts,
      requestUrl: view ? view.url.slice(0, 2000) : '-',
      httpMethod: view ? view.method : '-',
      requestHeaders: view ? view.headers : null,
      requestBody: view?.body == null ? null : capBody(view.body, LOG_BODY_MAX),
      responseStatus: answer ? answer.status : null,
      responseBody:
        answer && sent
          ? capBody(redact(answer.text, sent.call.secrets, sent.call.redactFields), LOG_BODY_MAX)
          : null,
      durationMs: sent ? Math.round(sent.result.durationMs) : 0,
      errorClass,
      errorMessage: message?.slice(0, 2000) ?? null,
      nodeName: this.nodeName,
      sentAt: now,
      versionNum: 1,
      creationDate: now,
      lastUpdateDate: now,
    });
  }

  /** Rows left SENDING past their lease (their node died mid-call) are sent again, same key. */
  async sweep(): Promise<void> {
    const { runtime } = this.services;
    await runtime.transaction(async (tx) => {
      const data = systemData(runtime, tx, 'intf.sweep');
      const table = runtime.table(scsiOutbox.name);
      // Raw: a bulk look for expired leases; each found row is then moved through the API.
      const expired = await queryRows<{ id: number }>(
        tx,
        sql`select outbox_id as id from ${table}
             where state_code = 'SENDING' and lease_until < ${data.now}
             for update skip locked`,
      );
      for (const { id } of expired)
        await data.patch(scsiOutbox, Number(id), {
          stateCode: 'PENDING',
          leaseUntil: null,
          nextAttemptAt: null,
        });
    });
  }

  /**
   * Wakes the dispatch for rows written now (a new call, a retried row, a row released by
   * compensation), in the caller's transaction. A node that sends drains once the transaction
   * commits, without a job (a job's fetch cost as much as the call on PGlite); its loops ask
   * the other nodes for help when the rows are many (more()), and every node's sweep drains
   * what a node that died before draining left. A node that does not send leaves a wake-up job,
   * one waiting for any number of rows (a thousand calls of one transaction leave one).
   */
  async wake(): Promise<void> {
    const { jobs } = this.services;
    // Before the queues exist (demo seeds, a restored snapshot), the first sweep after the start
    // finds the rows: nothing is sent while the installation is still being made.
    if (!jobs.ready) return;
    if (jobs.workers) afterCommit(() => this.drainSafely());
    else await jobs.sendKeyed(OUTBOX_QUEUE, {}, 'now');
  }

  private drainSafely(): void {
    this.drain().catch((error: unknown) => this.services.log('error', 'outbox drain failed', { err: error }));
  }
}

export function dispatcherOf(data: Pick<DataApi, 'runtime'>): OutboxDispatcher {
  const dispatcher = dispatchers.get(data.runtime);
  if (!dispatcher) throw new Error('interfaces run without their dispatcher');
  return dispatcher;
}

/**
 * How an answer is read by a definition's success rule and response map: no error class (and
 * what it writes back), or the error class, whether a retry may pass, and why.
 */
function judged(
  rules: Definition,
  result: WireResult,
): {
  errorClass: ErrorClass | null;
  retryable: boolean;
  status: number | null;
  message: string | null;
  writtenBack: Record<string, unknown> | null;
} {
  const { errorClass, retryable } = classify(result);
  const failed = (error: ErrorClass, status: number | null, message: string) => ({
    errorClass: error,
    retryable,
    status,
    message,
    writtenBack: null,
  });
  if (result.kind !== 'answer') return failed(result.errorClass, null, result.message);
  if (errorClass) return failed(errorClass, result.status, `HTTP ${result.status}`);
  const answer = parseAnswer(result.text, result.headers['content-type']);
  if (!isSuccess(result.status, answer, { path: rules.successPath, equals: rules.successValue })) {
    // A value the definition names as "not now" (a robot's throttle) is worth another attempt.
    const value = rules.successPath ? getPath(answer, rules.successPath) : undefined;
    const later = (rules.retryValues ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    if (value !== undefined && value !== null && later.includes(String(value)))
      return {
        errorClass: 'later',
        retryable: true,
        status: result.status,
        message: `the answer says later (${String(value)})`,
        writtenBack: null,
      };
    return failed('mapping', result.status, 'the answer does not meet the success rule');
  }
  try {
    const writtenBack = readResponse(
      rules.resMaps.map((map) => ({ responsePath: map.responsePath, targetField: map.targetField })),
      answer,
    );
    return { errorClass: null, retryable, status: result.status, message: null, writtenBack };
  } catch (error) {
    return failed('mapping', result.status, error instanceof Error ? error.message : String(error));
  }
}

/** A payload with its secrets and configured fields masked, for the rows people read. */
function masked(
  payload: Record<string, unknown>,
  secrets: readonly string[],
  fields: readonly string[],
): unknown {
  const text = JSON.stringify(payload);
  try {
    return JSON.parse(redact(text, secrets, fields)) as unknown;
  } catch {
    return { masked: redact(text, secrets, fields) };
  }
}

/** An answer's values as the document's fields take them: text as text, cut at the field's length. */
function writeBackValues(
  entity: EntityDef,
  values: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const field = entity.fields[name];
    if (
      field &&
      (field.kind === 'text' || field.kind === 'textarea') &&
      value !== null &&
      value !== undefined
    )
      out[name] = String(value).slice(0, field.max);
    else out[name] = value;
  }
  return out;
}

/** Stored interceptor state as read back from the database (json text on some drivers); anything else is none. */
function stateOf(value: unknown): Claimed['interceptorState'] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!parsed || typeof parsed !== 'object') return null;
  const state: Record<string, { value: string; until: number }> = {};
  for (const [key, entry] of Object.entries(parsed)) {
    if (entry && typeof entry === 'object' && 'value' in entry && 'until' in entry) {
      const { value: kept, until } = entry;
      if (typeof kept === 'string' && typeof until === 'number') state[key] = { value: kept, until };
    }
  }
  return state;
}

/**
 * The cache entries that belong to one call (`…:<idempotency key>`, a U8 trade id), when they
 * differ from what its row holds: kept on the row, so that a retry on any node reuses them.
 */
function ownState(
  cache: InterceptorContext['cache'],
  idempotencyKey: string,
  stored: Claimed['interceptorState'],
): Record<string, { value: string; until: number }> | null {
  const own = Object.fromEntries([...cache].filter(([key]) => key.endsWith(`:${idempotencyKey}`)));
  const same =
    Object.keys(own).length === Object.keys(stored ?? {}).length &&
    Object.entries(own).every(([key, entry]) => stored?.[key]?.value === entry.value);
  return same ? null : own;
}
