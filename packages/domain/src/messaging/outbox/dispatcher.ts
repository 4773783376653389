// The message dispatcher: the platform's message outbox (`runtime.plugins.messageOutbox`). An
// event's messages are written as instances in the transaction that causes them, with a wake-up
// job (a rolled-back transaction leaves neither). A woken worker drains what is due, a batch at
// a time: it takes instances by committing SENDING with a lease before it talks to the channel,
// and commits each outcome after: SENT; a 4xx or no answer waits and tries again
// (SRM_MESSAGE_RETRY_SECONDS); a 5xx or the last retry FAILED, with a row in transaction
// compensation. An instance whose node died mid-send is taken again once its lease ends, with
// the Message-ID fixed at its first attempt, never re-rendered. SMS go the same way through the
// messenger's SMS provider (its out id fixed likewise), within per-number rate limits; the
// provider's receipts and the phones' TD replies come back through `receipts` and `replies`.
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '@srm/db';
import {
  type BackgroundService,
  type BackgroundServices,
  type DataApi,
  type EmailAttachment,
  type EntityRuntime,
  type Messenger,
  type MessageOutbox,
  type OutgoingMessage,
  SYSTEM_ACTOR,
  type MessageSourceInfo,
  type MessageSources,
  baseMessageReceive,
  dataApi,
  htmlToText,
} from '@srm/platform';
import { dispatcherOf as interfaceDispatcherOf } from '../../interfaces/server';
import { transactionCompen } from '../../scheduler';
import { type SUPPRESSED_BY, messageInstance } from '../instance/instance.entity';
import { messageSource } from '../source/source.entity';
import { DECLARED_SOURCES, type DeclaredSource, declaredSource } from '../source/sources';
import { ConfigStore } from '../config/config.store';
import { TemplateStore } from '../template/template.store';
import { messageUnsubscribe } from '../unsubscribe/unsubscribe.entity';
import { syncDirectory } from '../user/message-user.actions';

type SuppressedBy = (typeof SUPPRESSED_BY)[number];

export const MESSAGE_QUEUE = 'message-send';

/** A SENDING instance is someone's for this long (the SMTP timeouts are 30 s + 60 s). */
const LEASE_MS = 3 * 60_000;
/** Delays before the retries of a message the channel refused for now, in seconds. */
const DEFAULT_RETRY_SECONDS = [30, 120, 600, 1800];
/** A send to more recipients than this waits in 消息审核 (SRM_MESSAGE_CHECK_THRESHOLD). */
const DEFAULT_CHECK_THRESHOLD = 500;
/** Messages written by one statement. */
const ENQUEUE_SLICE = 1_000;
/** Instances one drain loop sends at once. */
const BATCH = 8;
/** How often a node looks for instances whose node died or whose wake-up was lost. */
const SWEEP_MS = 30_000;
/** The largest files an e-mail carries together, in MB (SRM_MESSAGE_ATTACHMENT_MB). */
const DEFAULT_ATTACHMENT_MB = 20;
/** SMS one number may get in an hour and in a day (SRM_SMS_PER_HOUR, SRM_SMS_PER_DAY). */
const DEFAULT_SMS_PER_HOUR = 10;
const DEFAULT_SMS_PER_DAY = 40;
/** What a phone answers to an SMS to stop them (退订). */
const UNSUBSCRIBE_REPLIES = new Set(['TD', 'T', 'N', '退订', 'UNSUBSCRIBE', 'STOP']);

/** How one attempt went, on any channel. */
interface Delivery {
  readonly status: 'SENT' | 'RECORDED' | 'FAILED';
  readonly code: number | null;
  readonly transient: boolean;
  readonly error: string | null;
  /** The provider's own id of an SMS. */
  readonly providerRef?: string | null;
}

/** A provider's receipt of one SMS (docs/messages.md: the callback's body). */
export interface SmsReceipt {
  /** Our out id, or the provider's id of the message. */
  readonly outId: string | null;
  readonly providerRef: string | null;
  readonly delivered: boolean;
  readonly code: string | null;
  readonly at: Date | null;
}

/** A phone's answer to an SMS. */
export interface SmsReply {
  readonly phone: string;
  readonly content: string;
}

const dispatchers = new WeakMap<EntityRuntime, MessageDispatcher>();

/** The dispatcher of the runtime's messaging area. */
export function messageDispatcherOf(data: Pick<DataApi, 'runtime'>): MessageDispatcher {
  const dispatcher = dispatchers.get(data.runtime);
  if (!dispatcher) throw new Error('messaging runs without its dispatcher');
  return dispatcher;
}

const variableList = (source: DeclaredSource) => source.variables.map((variable) => variable.name).join(', ');

/** An SMS's template values as stored (jsonb: an object, or its text from a driver that does not parse it). */
function paramsOf(stored: Record<string, string> | string | null): Record<string, string> {
  const value: unknown = typeof stored === 'string' ? JSON.parse(stored) : stored;
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, String(item)]));
}

/** The enabled sources, for users' preferences. */
function sourcesOf(runtime: EntityRuntime): MessageSources {
  return {
    list: () =>
      queryRows<MessageSourceInfo>(
        runtime.executor(),
        sql`select source_code as code, source_name as name, source_name_en as "nameEn", category
              from ${runtime.table(messageSource.name)} where enabled_flag = 'Y' order by source_code`,
      ),
  };
}

function retrySeconds(): number[] {
  const configured = (process.env.SRM_MESSAGE_RETRY_SECONDS ?? '')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((value) => Number.isFinite(value) && value >= 0);
  return configured.length ? configured : DEFAULT_RETRY_SECONDS;
}

/** How a one-time code shows in a stored message. */
const CODE_MASK = '******';

/** A message as the instance keeps it: its one-time code, if any, masked everywhere. */
function masked(message: OutgoingMessage): {
  subject: string;
  body: string;
  params: Readonly<Record<string, string>> | null;
} {
  const { secret } = message;
  const hide = (text: string) => (secret ? text.split(secret).join(CODE_MASK) : text);
  return {
    subject: hide(message.subject),
    body: hide(message.body),
    params: message.params
      ? Object.fromEntries(Object.entries(message.params).map(([name, value]) => [name, hide(value)]))
      : null,
  };
}

/** A mobile number as kept here: without the country code a provider may put before it. */
function localNumber(phone: string): string {
  const digits = phone.replace(/[\s-]/g, '');
  return digits.replace(/^(\+?86)(?=1\d{10}$)/, '');
}

/**
 * One event's key for one recipient and channel: the same event twice is one instance. A work
 * notice's recipient is the person in one tool (the same person may hear in two tools).
 */
export function dedupKeyOf(message: OutgoingMessage): string {
  const address = message.address.toLowerCase();
  const recipient =
    message.userId === null
      ? address
      : message.channel === 'CHAT'
        ? `${message.userId}@${address}`
        : message.userId;
  return `${message.source}|${message.eventId}|${recipient}|${message.channel}`.slice(0, 300);
}

interface Claimed {
  instanceId: number;
  sourceCode: string;
  channel: 'EMAIL' | 'SMS' | 'CHAT' | 'INAPP';
  templateCode: string | null;
  signName: string | null;
  params: Record<string, string> | string | null;
  attachmentIds: string | null;
  /** The sealed one-time code, put back into the text and values when it is sent. */
  secretValue: string | null;
  address: string;
  subject: string | null;
  body: string | null;
  html: string;
  providerId: string;
  attempts: number;
  compenId: number | null;
  businessEntity: string | null;
  businessId: number | null;
}

function systemData(runtime: EntityRuntime, tx: Executor, operation: string): DataApi {
  return dataApi({ actor: SYSTEM_ACTOR, runtime, tx, now: runtime.clock.now() }, operation);
}

export class MessageDispatcher implements BackgroundService, MessageOutbox {
  private beat: NodeJS.Timeout | null = null;
  private readonly delays = retrySeconds();
  private readonly smsPerHour = Number(process.env.SRM_SMS_PER_HOUR) || DEFAULT_SMS_PER_HOUR;
  private readonly smsPerDay = Number(process.env.SRM_SMS_PER_DAY) || DEFAULT_SMS_PER_DAY;

  constructor(private readonly services: BackgroundServices) {
    dispatchers.set(services.runtime, this);
    services.runtime.plugins.messageOutbox = this;
    services.runtime.plugins.messageTemplates = new TemplateStore(services.runtime);
    services.runtime.plugins.messageConfigs = new ConfigStore(services.runtime);
    services.runtime.plugins.messageSources = sourcesOf(services.runtime);
    // A job is a wake-up: its worker drains every instance due, a batch at a time.
    services.jobs.register<Record<string, never>>(MESSAGE_QUEUE, () => this.drain(), {
      workers: Number(process.env.SRM_MESSAGE_WORKERS) || 2,
      retryLimit: 2,
      expireInSeconds: 600,
    });
  }

  async start(): Promise<void> {
    // A node without workers (a web-only node, the API document's) leaves the table to the others.
    if (!this.services.jobs.workers) return;
    await this.declareSources();
    // The recipient directory: users without a row, addresses changed outside the engine.
    await syncDirectory(this.services.runtime);
    // Instances written while no node ran (the demo seeds, a stop) go out now.
    await this.sweep(0);
    this.beat = setInterval(() => {
      this.sweep().catch((error: unknown) =>
        this.services.log('error', 'message sweep failed', { err: error }),
      );
    }, SWEEP_MS);
    this.beat.unref();
  }

  async stop(): Promise<void> {
    if (this.beat) clearInterval(this.beat);
    this.beat = null;
  }

  async enqueue(messages: readonly OutgoingMessage[]): Promise<number> {
    let inserted = 0;
    let pending = false;
    // A send above the threshold waits for a checker, whole: its events are counted first.
    const threshold = Number(process.env.SRM_MESSAGE_CHECK_THRESHOLD) || DEFAULT_CHECK_THRESHOLD;
    const perEvent = new Map<string, number>();
    for (const message of messages) {
      const event = `${message.source}|${message.eventId}`;
      perEvent.set(event, (perEvent.get(event) ?? 0) + 1);
    }
    const bulk = new Set([...perEvent].filter(([, count]) => count > threshold).map(([event]) => event));
    // In slices: a statement carries at most 65,535 parameters (a notice to 10,000 users).
    for (let start = 0; start < messages.length; start += ENQUEUE_SLICE) {
      const written = await this.insert(messages.slice(start, start + ENQUEUE_SLICE), bulk);
      inserted += written.length;
      pending ||= written.some((row) => row.stateCode === 'PENDING');
    }
    // Before the queues exist (the demo seeds) the start's wake-up finds them.
    if (pending && this.services.jobs.ready) await this.services.jobs.send(MESSAGE_QUEUE, {});
    return inserted;
  }

  private async insert(
    messages: readonly OutgoingMessage[],
    bulk: ReadonlySet<string>,
  ): Promise<{ stateCode: string }[]> {
    const { runtime } = this.services;
    const table = runtime.table(messageInstance.name);
    const now = runtime.clock.now();
    const { reasons: suppressed, checked } = await this.suppressions(messages);
    // Raw and in bulk: a notice to thousands of users is a few statements; a dedup key already
    // there (the event given again) adds nothing.
    return queryRows<{ stateCode: string }>(
      runtime.executor(),
      sql`insert into ${table} (source_code, channel, recipient_id, address, language_code, subject, body,
            html_flag, event_id, dedup_key, business_entity, business_id, state_code, suppressed_by, attempts, version_num,
            creation_date, last_update_date, template_code, sign_name, params, attachment_ids, secret_value, chat_id)
          values ${sql.join(
            messages.map((message, index) => {
              const reason = suppressed[index] ?? null;
              const state = reason
                ? 'SUPPRESSED'
                : message.check ||
                    checked.has(message.source) ||
                    bulk.has(`${message.source}|${message.eventId}`)
                  ? 'CHECKING'
                  : 'PENDING';
              const shown = masked(message);
              return sql`(${message.source.slice(0, 60)}, ${message.channel}, ${message.userId}::bigint,
                     ${message.address.slice(0, 240)}, ${message.locale === 'en' ? 'EN' : 'CN'},
                     ${shown.subject.slice(0, 240)}, ${shown.body}, ${message.html ? 'Y' : 'N'},
                     ${message.eventId.slice(0, 200)},
                     ${dedupKeyOf(message)},
                     ${message.businessEntity ?? null}, ${message.businessId ?? null}::bigint,
                     ${state}, ${reason}, 0, 1, ${now}::timestamptz, ${now}::timestamptz,
                     ${message.templateCode?.slice(0, 60) ?? null}, ${message.signName?.slice(0, 60) ?? null},
                     ${shown.params ? JSON.stringify(shown.params) : null}::jsonb,
                     ${message.attachmentIds?.slice(0, 500) || null},
                     ${message.secret ? runtime.sealer.seal(message.secret) : null},
                     ${message.chatId?.slice(0, 64) || null})`;
            }),
            sql`, `,
          )}
          on conflict (dedup_key) do nothing
          returning state_code as "stateCode"`,
    );
  }

  /**
   * Why each message is not to be sent, if it is not: its source is switched off, or its address
   * unsubscribed from the channel (from this source or every optional one) and the source is
   * optional. A source the table does not know is optional and on.
   */
  private async suppressions(
    messages: readonly OutgoingMessage[],
  ): Promise<{ reasons: (SuppressedBy | null)[]; checked: Set<string> }> {
    const executor = this.services.runtime.executor();
    const codes = [...new Set(messages.map((message) => message.source))];
    const sources = new Map(
      (
        await queryRows<{ code: string; category: string; enabled: string; check: string | null }>(
          executor,
          sql`select source_code as code, category, enabled_flag as enabled, check_flag as check
                from ${this.services.runtime.table(messageSource.name)}
               where source_code in (${sql.join(
                 codes.map((code) => sql`${code}`),
                 sql`, `,
               )})`,
        )
      ).map((row) => [row.code, row]),
    );
    const addresses = [...new Set(messages.map((message) => message.address.toLowerCase()))];
    const unsubscribed = new Set(
      (
        await queryRows<{ key: string }>(
          executor,
          sql`select channel || '|' || address || '|' || coalesce(source_code, '') as key
                from ${this.services.runtime.table(messageUnsubscribe.name)}
               where address in (${sql.join(
                 addresses.map((address) => sql`${address}`),
                 sql`, `,
               )})`,
        )
      ).map((row) => row.key),
    );
    // Users who switched a source's e-mail, SMS or work notice off (消息接收设置).
    const userIds = [...new Set(messages.flatMap((message) => (message.userId ? [message.userId] : [])))];
    const switchedOff = new Set(
      userIds.length
        ? (
            await queryRows<{ key: string }>(
              executor,
              sql`select 'EMAIL|' || user_id || '|' || source_code as key from ${baseMessageReceive}
                   where email_flag = 'N' and user_id in (${sql.join(
                     userIds.map((id) => sql`${id}`),
                     sql`, `,
                   )})
                  union all
                  select 'SMS|' || user_id || '|' || source_code from ${baseMessageReceive}
                   where sms_flag = 'N' and user_id in (${sql.join(
                     userIds.map((id) => sql`${id}`),
                     sql`, `,
                   )})
                  union all
                  select 'CHAT|' || user_id || '|' || source_code from ${baseMessageReceive}
                   where chat_flag = 'N' and user_id in (${sql.join(
                     userIds.map((id) => sql`${id}`),
                     sql`, `,
                   )})`,
            )
          ).map((row) => row.key)
        : [],
    );
    const limited = await this.rateLimited(messages);
    const checked = new Set([...sources.values()].filter((row) => row.check === 'Y').map((row) => row.code));
    const reasons = messages.map((message, index): SuppressedBy | null => {
      const source = sources.get(message.source);
      if (source?.enabled === 'N') return 'SOURCE_DISABLED';
      // A number that had its SMS for the hour or the day gets none, a code neither (SMS bombing).
      if (limited[index]) return 'RATE_LIMITED';
      if (source?.category === 'MANDATORY') return null;
      if (switchedOff.has(`${message.channel}|${message.userId}|${message.source}`)) return 'PREFERENCE_OFF';
      const address = `${message.channel}|${message.address.toLowerCase()}|`;
      return unsubscribed.has(address) || unsubscribed.has(address + message.source) ? 'UNSUBSCRIBED' : null;
    });
    return { reasons, checked };
  }

  /**
   * Which of the SMS would take their number past its hour's or day's allowance, counting what
   * the number was sent or is due to be sent (not what was suppressed, cancelled or failed) and
   * the messages before it in this batch.
   */
  private async rateLimited(messages: readonly OutgoingMessage[]): Promise<boolean[]> {
    const numbers = [...new Set(messages.filter((m) => m.channel === 'SMS').map((m) => m.address))];
    if (!numbers.length) return messages.map(() => false);
    const { runtime } = this.services;
    const now = runtime.clock.now();
    const counted = await queryRows<{ address: string; hour: number; day: number }>(
      runtime.executor(),
      sql`select address,
                 count(*) filter (where creation_date > ${new Date(now.getTime() - 3_600_000)})::int as hour,
                 count(*)::int as day
            from ${runtime.table(messageInstance.name)}
           where channel = 'SMS' and address = any(${sql.param(numbers)}::text[])
             and creation_date > ${new Date(now.getTime() - 86_400_000)}
             and state_code in ('CHECKING', 'PENDING', 'SENDING', 'SENT', 'RETRY_WAIT')
           group by address`,
    );
    const sent = new Map(
      counted.map((row) => [row.address, { hour: Number(row.hour), day: Number(row.day) }]),
    );
    return messages.map((message) => {
      if (message.channel !== 'SMS') return false;
      const count = sent.get(message.address) ?? { hour: 0, day: 0 };
      if (count.hour >= this.smsPerHour || count.day >= this.smsPerDay) return true;
      sent.set(message.address, { hour: count.hour + 1, day: count.day + 1 });
      return false;
    });
  }

  /**
   * Adds the sources declared in code that the table does not hold yet (a node starts), audited
   * as the platform's; nodes starting together take turns.
   */
  async declareSources(): Promise<void> {
    const { runtime } = this.services;
    await runtime.transaction(async (tx) => {
      await queryRows(tx, sql`select pg_advisory_xact_lock(hashtext('message-sources'))`);
      const data = systemData(runtime, tx, 'message.sources');
      const rows = await data.list(messageSource, {});
      const known = new Set(rows.map((row) => row.sourceCode));
      const missing = DECLARED_SOURCES.filter((source) => !known.has(source.code));
      // The variables follow the code (a release may add one); the rest is the administrators'.
      for (const row of rows) {
        const declared = declaredSource(row.sourceCode);
        if (declared && row.variables !== variableList(declared))
          await data.patch(messageSource, row.sourceId, { variables: variableList(declared) });
      }
      if (missing.length)
        await data.insert(
          messageSource,
          missing.map((source) => ({
            sourceCode: source.code,
            sourceName: source.name,
            sourceNameEn: source.nameEn,
            category: source.category,
            enabledFlag: 'Y',
            variables: variableList(source),
          })),
        );
    });
  }

  /**
   * Sends every instance due, BATCH at a time, until none is left. SENDING is committed before
   * the channel is called, the outcome after: a crash in between leaves SENDING, taken again
   * once the lease ends.
   */
  async drain(): Promise<number> {
    const messenger = this.services.runtime.plugins.messenger;
    if (!messenger) throw new Error('messaging runs without the messenger');
    let sent = 0;
    for (;;) {
      const batch = await this.claim(BATCH);
      if (!batch.length) return sent;
      await Promise.all(
        batch.map(async (claimed) => {
          const delivery = await this.send(messenger, claimed);
          await this.settle(claimed, delivery);
        }),
      );
      sent += batch.length;
    }
  }

  /** One attempt at a claimed message, on its channel. */
  private async send(messenger: Messenger, claimed: Claimed): Promise<Delivery> {
    switch (claimed.channel) {
      case 'INAPP':
        return this.release(claimed);
      case 'CHAT':
        return this.handOver(claimed);
      case 'SMS':
        return messenger.deliverSms(
          {
            phone: claimed.address,
            text: claimed.body ?? claimed.subject ?? '',
            templateCode: claimed.templateCode,
            signName: claimed.signName,
            params: paramsOf(claimed.params),
            outId: claimed.providerId,
          },
          claimed.sourceCode,
          claimed.subject,
        );
      case 'EMAIL':
        return messenger.deliver({
          to: claimed.address,
          subject: claimed.subject ?? '',
          ...(claimed.html === 'Y' && claimed.body
            ? { text: htmlToText(claimed.body), html: claimed.body }
            : { text: claimed.body ?? claimed.subject ?? '' }),
          purpose: claimed.sourceCode,
          messageId: claimed.providerId,
          ...(await this.filesOf(claimed)),
        });
    }
  }

  /** An in-app copy a checker let go: written to the recipient's messages now. */
  private async release(claimed: Claimed): Promise<Delivery> {
    const messages = this.services.runtime.plugins.siteMessages;
    try {
      if (!messages || !claimed.body) throw new Error('an in-app copy without its messages or its body');
      await messages.deliverHeld(claimed.body);
      return { status: 'SENT', code: null, transient: false, error: null };
    } catch (failure) {
      return {
        status: 'FAILED',
        code: null,
        transient: false,
        error: (failure instanceof Error ? failure.message : String(failure)).slice(0, 500),
      };
    }
  }

  /**
   * The files an e-mail carries, read from the file service on the platform's authority; when
   * together they are larger than SRM_MESSAGE_ATTACHMENT_MB (default 20), none is attached (the
   * recipients read them with the in-app copy). Files gone since are left out.
   */
  private async filesOf(claimed: Claimed): Promise<{ attachments?: EmailAttachment[] }> {
    const ids = (claimed.attachmentIds ?? '')
      .split(',')
      .map(Number)
      .filter((id) => Number.isSafeInteger(id) && id > 0);
    if (!ids.length) return {};
    const { attachments } = this.services;
    const rows = await attachments.rows(ids);
    const limit = (Number(process.env.SRM_MESSAGE_ATTACHMENT_MB) || DEFAULT_ATTACHMENT_MB) * 1024 * 1024;
    if (rows.reduce((total, row) => total + Number(row.fileSize), 0) > limit) return {};
    const files: EmailAttachment[] = [];
    for (const row of rows) {
      const { stream } = await attachments.open(SYSTEM_ACTOR, row.attachmentId);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
      files.push({ filename: row.fileName, content: Buffer.concat(chunks), contentType: row.contentType });
    }
    return { attachments: files };
  }

  /**
   * A chat robot's message goes to the robot's interface definition (its code is the address):
   * the instance becomes the call's document in the interfaces' outbox, which signs, sends,
   * retries and logs it (ADR 0039). Handed over is sent, as far as messaging goes; a definition
   * that is not effective fails the message into compensation. Handed over twice (a node died
   * before it settled), the definition's idempotency key keeps one call.
   */
  private async handOver(claimed: Claimed): Promise<Delivery> {
    const { runtime } = this.services;
    const entity = runtime.registry.get(messageInstance.name);
    try {
      return await runtime.transaction(async (tx) => {
        const data = systemData(runtime, tx, 'message.chat');
        const interfaces = interfaceDispatcherOf(data);
        const definition = await interfaces.effectiveOf(tx, claimed.address, messageInstance.name);
        if (!definition)
          return {
            status: 'FAILED',
            code: null,
            transient: false,
            error: `CHAT: interface ${claimed.address} is not effective for ${messageInstance.name}`,
          };
        const outboxId = await interfaces.enqueue(data, definition, entity, claimed.instanceId, 'MESSAGE');
        return {
          status: 'SENT',
          code: null,
          transient: false,
          error: null,
          providerRef: outboxId ? `intf-outbox-${outboxId}` : null,
        };
      });
    } catch (failure) {
      return {
        status: 'FAILED',
        code: null,
        transient: true,
        error: (failure instanceof Error ? failure.message : String(failure)).slice(0, 500),
      };
    }
  }

  /**
   * Takes up to `limit` instances: due ones waiting, and SENDING ones whose lease ran out (their
   * node died), which keep their Message-ID. Committed at once.
   */
  private async claim(limit: number): Promise<Claimed[]> {
    const { runtime } = this.services;
    const table = runtime.table(messageInstance.name);
    const now = runtime.clock.now();
    const rows = await queryRows<Claimed>(
      runtime.executor(),
      sql`update ${table}
             set state_code = 'SENDING', attempts = attempts + 1,
                 lease_until = ${new Date(now.getTime() + LEASE_MS)},
                 provider_id = coalesce(provider_id, case when channel = 'SMS'
                   then 'srm-sms-' || instance_id || '-' || substr(md5(random()::text), 1, 8)
                   else '<srm-message-' || instance_id || '-' || substr(md5(random()::text), 1, 8) || '@srm.local>' end),
                 last_update_date = ${now}, version_num = version_num + 1
           where instance_id in (
             select instance_id from ${table}
              where (state_code in ('PENDING', 'RETRY_WAIT') and (next_attempt_at is null or next_attempt_at <= ${now}))
                 or (state_code = 'SENDING' and lease_until < ${now})
              order by instance_id
              limit ${limit}
              for update skip locked)
       returning instance_id as "instanceId", source_code as "sourceCode", channel, template_code as "templateCode",
                 sign_name as "signName", params, attachment_ids as "attachmentIds", secret_value as "secretValue",
                 address, subject, body,
                 html_flag as html,
                 provider_id as "providerId", attempts, compen_id as "compenId",
                 business_entity as "businessEntity", business_id as "businessId"`,
    );
    return rows.map((row) =>
      this.unmasked({
        ...row,
        instanceId: Number(row.instanceId),
        attempts: Number(row.attempts),
      }),
    );
  }

  /** A claimed message with its one-time code back in its text and values (only in memory, to send). */
  private unmasked(claimed: Claimed): Claimed {
    if (!claimed.secretValue) return claimed;
    const opened: unknown = this.services.runtime.sealer.open(claimed.secretValue);
    const code = typeof opened === 'string' ? opened : '';
    const show = (text: string | null) => (text === null ? null : text.split(CODE_MASK).join(code));
    return {
      ...claimed,
      subject: show(claimed.subject),
      body: show(claimed.body),
      params: Object.fromEntries(
        Object.entries(paramsOf(claimed.params)).map(([name, value]) => [name, show(value) ?? '']),
      ),
    };
  }

  /** The outcome of an attempt, unless another node took the instance meanwhile (its lease ran out). */
  private async settle(claimed: Claimed, delivery: Delivery): Promise<void> {
    const { runtime, jobs } = this.services;
    const table = runtime.table(messageInstance.name);
    const ours = sql`instance_id = ${claimed.instanceId} and state_code = 'SENDING' and attempts = ${claimed.attempts}`;
    const error = delivery.error?.slice(0, 2000) ?? null;
    await runtime.transaction(async (tx) => {
      const data = systemData(runtime, tx, 'message.dispatch');
      const move = (set: ReturnType<typeof sql>) =>
        queryRows<{ instanceId: number }>(
          tx,
          sql`update ${table} set ${set}, lease_until = null, last_code = ${delivery.code},
                 last_update_date = ${data.now}, version_num = version_num + 1
               where ${ours} returning instance_id as "instanceId"`,
        );
      if (delivery.status !== 'FAILED') {
        const [moved] = await move(
          sql`state_code = 'SENT', sent_at = ${data.now}, last_error = null,
              provider_ref = coalesce(${delivery.providerRef ?? null}, provider_ref)`,
        );
        if (moved && claimed.compenId)
          await this.settleCompensation(data, Number(claimed.compenId), 'doResolve');
        return;
      }
      const retry = delivery.transient ? this.delays[claimed.attempts - 1] : undefined;
      if (retry !== undefined) {
        const [moved] = await move(
          sql`state_code = 'RETRY_WAIT', next_attempt_at = ${new Date(data.now.getTime() + retry * 1000)}, last_error = ${error}`,
        );
        // A wake-up then, from this host's time: the platform's clock may be moved by tests.
        if (moved)
          await jobs.send(
            MESSAGE_QUEUE,
            {},
            { startAfter: new Date(Date.now() + Math.max(retry * 1000, 200)) },
          );
        return;
      }
      const [moved] = await move(sql`state_code = 'FAILED', last_error = ${error}`);
      if (!moved) return;
      const reopened = claimed.compenId
        ? await this.settleCompensation(data, Number(claimed.compenId), 'doReopen')
        : false;
      if (reopened)
        await data.patch(transactionCompen, Number(claimed.compenId), {
          attempts: claimed.attempts,
          lastError: error,
        });
      else await this.compensate(tx, data, claimed, error ?? '');
    });
  }

  /** Moves an instance's compensation on (resolved, or open again) when it waits for this retry. */
  private async settleCompensation(
    data: DataApi,
    compenId: number,
    action: 'doResolve' | 'doReopen',
  ): Promise<boolean> {
    const [row] = await data.list(transactionCompen, { compenId });
    const from = action === 'doResolve' ? ['RETRYING', 'OPEN'] : ['RETRYING'];
    if (!row || !from.includes(row.status)) return false;
    await data.act(transactionCompen, action, [compenId], {});
    return true;
  }

  /** A compensation row for a message that failed for good (its body is not copied: it may hold a code). */
  private async compensate(tx: Executor, data: DataApi, claimed: Claimed, error: string): Promise<void> {
    const [id] = await data.insert(transactionCompen, [
      {
        stepKind: 'MESSAGE',
        stepName: claimed.sourceCode,
        businessEntity: claimed.businessEntity ?? messageInstance.name,
        businessId: Number(claimed.businessId ?? claimed.instanceId),
        businessNumber: claimed.address.slice(0, 60),
        sourceId: claimed.instanceId,
        idempotencyKey: claimed.providerId,
        payload: { address: claimed.address, subject: claimed.subject },
        attempts: claimed.attempts,
        lastError: error.slice(0, 2000),
        occurredAt: data.now.getTime(),
      },
    ]);
    await queryRows(
      tx,
      sql`update ${this.services.runtime.table(messageInstance.name)} set compen_id = ${id!}
           where instance_id = ${claimed.instanceId}`,
    );
  }

  /**
   * A provider's receipts: each SMS it names (by our out id or its own id) is marked delivered
   * or not, with the provider's code and time. Answers how many instances they named.
   */
  async receipts(receipts: readonly SmsReceipt[]): Promise<number> {
    const { runtime } = this.services;
    const table = runtime.table(messageInstance.name);
    const now = runtime.clock.now();
    let matched = 0;
    for (const receipt of receipts) {
      if (!receipt.outId && !receipt.providerRef) continue;
      const named = receipt.outId
        ? sql`provider_id = ${receipt.outId.slice(0, 200)}`
        : sql`provider_ref = ${receipt.providerRef!.slice(0, 120)}`;
      const rows = await queryRows<{ id: number }>(
        runtime.executor(),
        sql`update ${table}
               set delivery_state = ${receipt.delivered ? 'DELIVERED' : 'UNDELIVERED'},
                   delivered_at = ${receipt.at ?? now}, delivery_code = ${receipt.code?.slice(0, 120) ?? null},
                   last_update_date = ${now}, version_num = version_num + 1
             where channel = 'SMS' and ${named} returning instance_id as id`,
      );
      matched += rows.length;
    }
    return matched;
  }

  /**
   * Phones' answers to SMS: TD (退订, T, N, STOP) unsubscribes the number from every optional
   * source's SMS, once. Answers how many numbers were unsubscribed now.
   */
  async replies(replies: readonly SmsReply[]): Promise<number> {
    const numbers = [
      ...new Set(
        replies
          .filter((reply) => UNSUBSCRIBE_REPLIES.has(reply.content.trim().toUpperCase()))
          .map((reply) => localNumber(reply.phone))
          .filter((phone) => /^1[3-9]\d{9}$/.test(phone)),
      ),
    ];
    if (!numbers.length) return 0;
    const { runtime } = this.services;
    return runtime.transaction(async (tx) => {
      const data = systemData(runtime, tx, 'message.unsubscribe');
      const fresh: string[] = [];
      for (const address of numbers)
        if (
          !(await data.list(messageUnsubscribe, { channel: 'SMS', address })).some((row) => !row.sourceCode)
        )
          fresh.push(address);
      if (fresh.length)
        await data.insert(
          messageUnsubscribe,
          fresh.map((address) => ({ channel: 'SMS' as const, address, sourceCode: null, reason: 'SMS TD' })),
        );
      return fresh.length;
    });
  }

  /**
   * Puts failed instances back in the queue (a retry from compensation or the history list),
   * each move audited as the caller's.
   */
  async requeue(data: DataApi, instanceIds: readonly number[]): Promise<number> {
    const rows = instanceIds.length ? await data.lock(messageInstance, instanceIds) : [];
    const failed = rows.filter((row) => row.stateCode === 'FAILED');
    for (const row of failed) {
      await data.patch(messageInstance, row.instanceId, {
        stateCode: 'PENDING',
        nextAttemptAt: null,
        lastError: null,
      });
    }
    if (failed.length) await this.services.jobs.send(MESSAGE_QUEUE, {});
    return failed.length;
  }

  /**
   * A checker's decision on the sends (source and event) of these instances: every instance of
   * them still CHECKING goes (PENDING, and a wake-up) or is stopped (CANCELLED), in one
   * statement per send however many recipients it has. Answers how many changed.
   */
  async decide(
    data: DataApi,
    sends: readonly { sourceCode: string; eventId: string }[],
    pass: boolean,
  ): Promise<number> {
    const { runtime } = this.services;
    const now = runtime.clock.now();
    let changed = 0;
    for (const send of sends) {
      const rows = await queryRows<{ n: number }>(
        runtime.executor(),
        sql`with changed as (
              update ${runtime.table(messageInstance.name)}
                 set state_code = ${pass ? 'PENDING' : 'CANCELLED'}, checked_by = ${data.actor.userId}::bigint,
                     checked_at = ${now}, last_update_date = ${now}, last_updated_by = ${data.actor.userId}::bigint,
                     version_num = version_num + 1
               where state_code = 'CHECKING' and source_code = ${send.sourceCode} and event_id = ${send.eventId}
               returning 1)
            select count(*)::int as n from changed`,
      );
      changed += Number(rows[0]?.n ?? 0);
    }
    if (pass && changed) await this.services.jobs.send(MESSAGE_QUEUE, {});
    return changed;
  }

  /** Cancels instances not sent yet (compensated or ignored, or cancelled from the list), audited. */
  async cancel(data: DataApi, instanceIds: readonly number[]): Promise<number> {
    const rows = instanceIds.length ? await data.lock(messageInstance, instanceIds) : [];
    const open = rows.filter((row) => ['PENDING', 'RETRY_WAIT', 'FAILED'].includes(row.stateCode));
    for (const row of open)
      await data.patch(messageInstance, row.instanceId, { stateCode: 'CANCELLED', nextAttemptAt: null });
    return open.length;
  }

  /**
   * Wakes a worker when instances are due with nobody on them: SENDING past the lease (their
   * node died mid-send), or waiting for a minute (`graceMs`) past their time (their wake-up job
   * was lost).
   */
  async sweep(graceMs = 60_000): Promise<number> {
    const { runtime, jobs } = this.services;
    const table = runtime.table(messageInstance.name);
    const now = runtime.clock.now();
    const [found] = await queryRows<{ n: number }>(
      runtime.executor(),
      sql`select count(*)::int as n from ${table}
           where (state_code = 'SENDING' and lease_until < ${now})
              or (state_code in ('PENDING', 'RETRY_WAIT')
                  and coalesce(next_attempt_at, last_update_date) <= ${new Date(now.getTime() - graceMs)})`,
    );
    const lost = Number(found?.n ?? 0);
    if (lost) await jobs.send(MESSAGE_QUEUE, {});
    return lost;
  }
}
