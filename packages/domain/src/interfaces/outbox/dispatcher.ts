// The outbox dispatcher (docs/integrations.md): one per node. A business action's transaction
// writes the outbox row and its wake-up job together (trigger below), so a rolled-back action
// sends nothing. Workers take the oldest sendable row (`for update skip locked`; none while an
// older row of its ordering key is unfinished, or failed and blocking), mark it SENDING under a
// lease, render and send the call outside any transaction, then write the attempt's log row, the
// answer's write-back and the row's new state in one transaction: SENT (never sent again),
// PENDING again after a backoff for what may pass on a retry (408, 425, 429, 5xx, timeouts,
// resets; Retry-After honoured), or FAILED with a compensation row. A row whose lease ran out
// (its node died mid-call) is sent again with the same idempotency key.
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '@srm/db';
import { type EntityDef, type RowOf } from '@srm/kernel';
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
import { type InterceptorContext } from '../wire/interceptors';
import { capBody, isSuccess, parseAnswer, readResponse, redact } from '../wire/render';
import { backoffMs, classify, retryAfterMs, send } from '../wire/send';
import type { ErrorClass, WireResult } from '../wire/types';
import { type Definition, type RenderedCall, documentOf, keysOf, renderCall, shown } from './call';
import { scsiOutbox } from './outbox.entity';

export const OUTBOX_QUEUE = 'scsi-outbox';
type Outbox = RowOf<typeof scsiOutbox>;

const dispatchers = new WeakMap<object, OutboxDispatcher>();

function systemData(runtime: BackgroundServices['runtime'], tx: Executor, operation: string): DataApi {
  return dataApi({ actor: SYSTEM_ACTOR, runtime, tx, now: runtime.clock.now() }, operation);
}

/** The effective definitions an action triggers, read at most once a second per node. */
interface Trigger {
  readonly definitionId: number;
  readonly definitionCode: string;
  readonly definitionVersion: number;
  readonly businessEntity: string;
  readonly triggerAction: string | null;
  readonly idempotencyKeyTemplate: string;
  readonly orderingKeyTemplate: string | null;
}
const TRIGGER_TTL_MS = 1_000;

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
  for (const trigger of triggers) {
    await dispatcher.enqueue(data, trigger, entity, change.row[entity.key] as number, change.action);
  }
};

export class OutboxDispatcher implements BackgroundService {
  readonly nodeName = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private cached: { until: number; triggers: Trigger[] } | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Tokens and trade ids interceptors keep between calls, per definition. */
  private readonly caches = new Map<number, InterceptorContext['cache']>();

  constructor(
    private readonly services: BackgroundServices,
    private readonly options: { workers?: number; sweepMs?: number } = {},
  ) {
    dispatchers.set(services.runtime, this);
    services.jobs.register(OUTBOX_QUEUE, () => this.drain(), {
      retryLimit: 0,
      expireInSeconds: 3600,
      workers: options.workers ?? (Number(process.env.SRM_INTF_WORKERS) || 4),
    });
  }

  async start(): Promise<void> {
    if (!this.services.jobs.workers) return;
    const every = this.options.sweepMs ?? (Number(process.env.SRM_INTF_SWEEP_MS) || 2_000);
    // The safety net under the wake-up jobs: rows whose lease ran out, and rows due after a
    // backoff whose delayed job was lost.
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

  /** Forgets the cached triggers (a definition became effective or invalid on this node). */
  forget(): void {
    this.cached = null;
  }

  async triggers(tx: Executor): Promise<Trigger[]> {
    const now = Date.now();
    if (this.cached && this.cached.until > now) return this.cached.triggers;
    const table = this.services.runtime.table(scsiDefinition.name);
    // A raw read of a handful of rows, on every node at most once a second.
    const rows = await queryRows<Trigger>(
      tx,
      sql`select definition_id as "definitionId", definition_code as "definitionCode",
                 definition_version as "definitionVersion", business_entity as "businessEntity",
                 trigger_action as "triggerAction", idempotency_key_template as "idempotencyKeyTemplate",
                 ordering_key_template as "orderingKeyTemplate"
            from ${table} where status = 'EFFECTIVE' and trigger_type = 'ACTION'`,
    );
    const triggers = rows.map((row) => ({
      ...row,
      definitionId: Number(row.definitionId),
      definitionVersion: Number(row.definitionVersion),
    }));
    this.cached = { until: now + TRIGGER_TTL_MS, triggers };
    return triggers;
  }

  /** Writes a call of a document to the outbox (in the caller's transaction) and its wake-up. */
  async enqueue(
    data: DataApi,
    definition: Trigger,
    entity: EntityDef,
    businessId: number,
    eventAction: string,
  ): Promise<number | null> {
    const document = await documentOf(data, entity, businessId);
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
      const id = await this.insert(
        data,
        definition,
        entity,
        businessId,
        document,
        keys,
        eventAction,
        'FAILED',
        String((error as Error).message),
      );
      if (id) await this.compensate(data, id, (error as Error).message);
      return id;
    }
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
    await this.services.jobs.send(OUTBOX_QUEUE, { outboxId: id });
    return id;
  }

  private async insert(
    data: DataApi,
    definition: Trigger,
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

  /** Sends due rows until none is left that this worker may take. */
  async drain(): Promise<void> {
    while (!this.stopped) {
      const row = await this.claim();
      if (!row) return;
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
  }

  /** Takes the oldest sendable row: due, and first of its ordering key among unfinished rows. */
  private async claim(): Promise<Outbox | null> {
    const { runtime } = this.services;
    return runtime.transaction(async (tx) => {
      const data = systemData(runtime, tx, 'intf.claim');
      const table = runtime.table(scsiOutbox.name);
      // Raw: a queue read with skip locked, which the engine's API does not express.
      const [found] = await queryRows<{ id: number }>(
        tx,
        sql`select o.outbox_id as id from ${table} o
             where o.state_code = 'PENDING'
               and (o.next_attempt_at is null or o.next_attempt_at <= ${data.now})
               and (o.ordering_key is null or not exists (
                     select 1 from ${table} p
                      where p.ordering_key = o.ordering_key and p.outbox_id < o.outbox_id
                        and (p.state_code in ('PENDING', 'SENDING')
                             or (p.state_code = 'FAILED' and p.last_status is distinct from -1))))
             order by o.outbox_id
             limit 1
             for update skip locked`,
      );
      if (!found) return null;
      const row = (await data.list(scsiOutbox, { outboxId: Number(found.id) }))[0]!;
      const definition = await data.find(scsiDefinition, row.definitionId);
      return data.patch(scsiOutbox, row.outboxId, {
        stateCode: 'SENDING',
        attempts: row.attempts + 1,
        nodeName: this.nodeName,
        leaseUntil: data.now.getTime() + definition.timeoutMs + 30_000,
      });
    });
  }

  private interceptorContext(definitionId: number): InterceptorContext {
    let cache = this.caches.get(definitionId);
    if (!cache) this.caches.set(definitionId, (cache = new Map()));
    return { now: () => Date.now(), nonce: () => randomUUID().replace(/-/g, ''), send, cache };
  }

  /** Renders, sends and records one attempt of a claimed row. */
  private async deliver(row: Outbox): Promise<void> {
    const { runtime } = this.services;
    const prepared = await runtime.transaction(async (tx) => {
      const data = systemData(runtime, tx, 'intf.render');
      let definition = await data.find(scsiDefinition, row.definitionId);
      if (definition.status !== 'EFFECTIVE') {
        // Superseded by a newer version: the call goes out with it; invalidated: never.
        const [current] = await data.list(scsiDefinition, {
          definitionCode: row.definitionCode,
          status: 'EFFECTIVE',
        });
        if (!current) return { invalid: true as const, definition };
        definition = await data.find(scsiDefinition, current.definitionId);
      }
      const entity = runtime.registry.get(row.businessEntity);
      try {
        const document = await documentOf(data, entity, row.businessId);
        const call = await renderCall(
          data,
          definition,
          document,
          row.idempotencyKey,
          this.interceptorContext(row.definitionId),
        );
        return { invalid: false as const, definition, call };
      } catch (error) {
        return {
          invalid: false as const,
          definition,
          error: error instanceof Error ? error : new Error(String(error)),
        };
      }
    });
    if (prepared.invalid) {
      await this.finish(row, null, null, { fail: 'definition', message: 'definition invalid' });
      return;
    }
    if ('error' in prepared && prepared.error) {
      await this.finish(row, null, null, { fail: 'mapping', message: prepared.error.message });
      return;
    }
    const call = prepared.call!;
    const result = await send(call.request);
    await this.finish(row, call, result, null, prepared.definition);
  }

  /** Records an attempt and moves the row on, in one transaction. */
  private async finish(
    claimed: Outbox,
    call: RenderedCall | null,
    result: WireResult | null,
    failure: { fail: 'mapping' | 'definition'; message: string } | null,
    used?: Definition,
  ): Promise<void> {
    const { runtime } = this.services;
    await runtime.transaction(async (tx) => {
      const data = systemData(runtime, tx, 'intf.send');
      const [row] = await data.lock(scsiOutbox, [claimed.outboxId]);
      // Another node took it over after our lease ran out: its attempt decides.
      if (
        !row ||
        row.stateCode !== 'SENDING' ||
        row.nodeName !== this.nodeName ||
        row.attempts !== claimed.attempts
      )
        return;
      const definition = used ?? (await data.find(scsiDefinition, row.definitionId));
      let errorClass: ErrorClass | null = null;
      let message: string | null = failure?.message ?? null;
      let retryable = false;
      let answer: unknown = null;
      let status: number | null = null;
      if (result) {
        const classified = classify(result);
        errorClass = classified.errorClass;
        retryable = classified.retryable;
        if (result.kind === 'answer') {
          status = result.status;
          answer = parseAnswer(result.text, result.headers['content-type']);
          if (
            !errorClass &&
            !isSuccess(result.status, answer, {
              path: definition.successPath,
              equals: definition.successValue,
            })
          ) {
            errorClass = 'mapping';
            message = 'the answer does not meet the success rule';
          } else if (errorClass) message = `HTTP ${result.status}`;
        } else message = result.message;
      } else if (failure) errorClass = 'mapping';
      let writtenBack: Record<string, unknown> | null = null;
      if (!errorClass && result?.kind === 'answer') {
        try {
          writtenBack = readResponse(
            definition.resMaps.map((map) => ({
              responsePath: map.responsePath,
              targetField: map.targetField,
            })),
            answer,
          );
        } catch (error) {
          errorClass = 'mapping';
          message = (error as Error).message;
        }
      }
      const version = {
        definitionId: definition.definitionId,
        definitionVersion: definition.definitionVersion,
      };
      if (call && result) await this.log(data, { ...row, ...version }, call, result, errorClass, message);
      else await this.logFailure(data, { ...row, ...version }, errorClass, message);
      const compensation = await data.list(
        transactionCompen,
        { stepKind: 'INTF_CALL', sourceId: row.outboxId },
        { orderBy: [{ field: 'compenId', order: 'desc' }], limit: 1 },
      );
      if (!errorClass) {
        if (writtenBack && Object.keys(writtenBack).length) {
          const entity = runtime.registry.get(row.businessEntity);
          await data.patch(entity, row.businessId, writtenBack as never);
        }
        await data.patch(scsiOutbox, row.outboxId, {
          stateCode: 'SENT',
          sentAt: data.now.getTime(),
          lastStatus: status,
          lastError: null,
          leaseUntil: null,
          writtenBack,
          ...(row.payload == null && call ? { payload: call.payload } : {}),
        });
        const open = compensation[0];
        if (open && (open.status === 'RETRYING' || open.status === 'OPEN'))
          await data.act(transactionCompen, 'doResolve', [open.compenId], {});
        await this.services.jobs.send(OUTBOX_QUEUE, {});
        return;
      }
      const payload = row.payload == null && call ? { payload: call.payload } : {};
      if (retryable && row.attempts <= definition.retryLimit && failure === null) {
        const delay = Math.max(
          backoffMs(row.attempts, {
            delayMs: definition.retryDelayMs,
            maxDelayMs: definition.retryMaxDelayMs,
            backoff: definition.retryBackoff === 'Y',
          }),
          result?.kind === 'answer' ? (retryAfterMs(result.headers, Date.now()) ?? 0) : 0,
        );
        await data.patch(scsiOutbox, row.outboxId, {
          stateCode: 'PENDING',
          nextAttemptAt: data.now.getTime() + delay,
          leaseUntil: null,
          lastStatus: status,
          lastError: message,
          ...payload,
        });
        // A delay from this host's time: the platform's clock may be moved by tests.
        await this.services.jobs.send(
          OUTBOX_QUEUE,
          {},
          { startAfter: new Date(Date.now() + Math.max(delay, 1_000)) },
        );
        return;
      }
      await data.patch(scsiOutbox, row.outboxId, {
        stateCode: 'FAILED',
        leaseUntil: null,
        // -1 marks a failed row that lets later rows of its key go ahead (failure rule SKIP).
        lastStatus: definition.failureRule === 'SKIP' ? -1 : status,
        lastError: message,
        ...payload,
      });
      const open = compensation[0];
      if (open && open.status === 'RETRYING') {
        await data.act(transactionCompen, 'doReopen', [open.compenId], {});
        await data.patch(transactionCompen, open.compenId, { attempts: row.attempts, lastError: message });
      } else await this.compensate(data, row.outboxId, message ?? '');
      if (definition.failureRule === 'SKIP') await this.services.jobs.send(OUTBOX_QUEUE, {});
    });
  }

  /** A compensation row for a call that failed for good. */
  async compensate(data: DataApi, outboxId: number, message: string): Promise<void> {
    const [row] = await data.list(scsiOutbox, { outboxId });
    if (!row) return;
    const entity = data.runtime.registry.get(row.businessEntity);
    let orgId: number | null = null;
    if (entity.orgScoped) {
      // The document's organisation, so the row is scoped like the document.
      const document: Readonly<Record<string, unknown>> = await data.find(entity, row.businessId);
      const org = document[entity.orgScoped];
      orgId = typeof org === 'number' ? org : null;
    }
    await data.insert(transactionCompen, [
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
  }

  private async log(
    data: DataApi,
    row: Outbox,
    call: RenderedCall,
    result: WireResult,
    errorClass: ErrorClass | null,
    message: string | null,
  ): Promise<void> {
    const view = shown(call);
    await data.insert(scsiPlatformLog, [
      {
        ...this.logBase(data, row),
        requestUrl: view.url.slice(0, 2000),
        httpMethod: view.method,
        requestHeaders: view.headers,
        requestBody: view.body === null ? null : capBody(view.body, LOG_BODY_MAX),
        responseStatus: result.kind === 'answer' ? result.status : null,
        responseBody:
          result.kind === 'answer'
            ? capBody(redact(result.text, call.secrets, call.redactFields), LOG_BODY_MAX)
            : null,
        durationMs: Math.round(result.durationMs),
        errorClass,
        errorMessage: message?.slice(0, 2000) ?? null,
      },
    ]);
  }

  private async logFailure(
    data: DataApi,
    row: Outbox,
    errorClass: ErrorClass | null,
    message: string | null,
  ): Promise<void> {
    await data.insert(scsiPlatformLog, [
      {
        ...this.logBase(data, row),
        requestUrl: '-',
        httpMethod: '-',
        durationMs: 0,
        errorClass,
        errorMessage: message?.slice(0, 2000) ?? null,
      },
    ]);
  }

  private logBase(data: DataApi, row: Outbox) {
    return {
      outboxId: row.outboxId,
      definitionId: row.definitionId,
      definitionCode: row.definitionCode,
      definitionVersion: row.definitionVersion,
      businessEntity: row.businessEntity,
      businessId: row.businessId,
      businessNumber: row.businessNumber,
      idempotencyKey: row.idempotencyKey,
      attempt: row.attempts,
      nodeName: this.nodeName,
      sentAt: data.now.getTime(),
    };
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

  /** Wakes a worker (a retried row, a row released by compensation). */
  async wake(): Promise<void> {
    await this.services.jobs.send(OUTBOX_QUEUE, {});
  }
}

export function dispatcherOf(data: Pick<DataApi, 'runtime'>): OutboxDispatcher {
  const dispatcher = dispatchers.get(data.runtime);
  if (!dispatcher) throw new Error('interfaces run without their dispatcher');
  return dispatcher;
}
