// In-app messages (站内信) as a platform service: domain code calls `notify` inside its own
// transaction (the messages exist only if it commits), addressing users or every active user
// of a supplier; titles and texts are rendered from message keys in both languages when sent,
// and each reader gets their own language. Readers see only their own messages.
import { randomUUID } from 'node:crypto';
import { type SQL, and, eq, inArray, sql } from 'drizzle-orm';
import type { Locale, MessageParams } from '@srm/kernel';
import { queryRows } from '@srm/db';
import type { Actor } from '../access/actor';
import type { EntityRuntime } from '../entity/runtime';
import { AppError } from '../http/errors';
import { baseSiteMessage } from './site-message.tables';
import type { OutgoingMessage, WorkNotice } from './outbox';
import { type MessageTemplateText, htmlToText, renderTemplate } from './template';

/** A parameter of a message: a value, a message key rendered in each language, or both texts. */
export type MessageParam =
  | string
  | number
  | { readonly key: string; readonly params?: MessageParams }
  | { readonly zh: string; readonly en?: string | null };

export type MessageLink =
  | { readonly entityName: string; readonly documentId: number }
  | { readonly route: string; readonly query?: Readonly<Record<string, string | number>> };

/** An in-app copy as it waits for a checker (the row, without its date). */
type HeldCopy = Omit<typeof baseSiteMessage.$inferInsert, 'creationDate' | 'messageId'> & { userId: number };

/** One message's recipients on a channel (e-mail or SMS), with its texts in both languages. */
interface ChannelBatch {
  readonly input: NotifyInput;
  readonly told: readonly number[];
  /** Addresses or numbers without an account (a supplier's contact), written to in Chinese. */
  readonly addresses: readonly string[];
  /** Users and addresses (e-mail in lower case) whose message waits for a checker. */
  readonly checked: ReadonlySet<number | string>;
  readonly title: Record<string, string>;
  readonly content: Record<string, string> | null;
}

/** Messages written per statement (14 parameters each, well under PostgreSQL's 65,535). */
const INSERT_SLICE = 2_000;

export interface NotifyInput {
  /** Users to tell. */
  readonly userIds?: readonly number[];
  /** Every active user of this supplier (its portal logins). */
  readonly supplierId?: number | null;
  readonly titleKey: string;
  readonly contentKey?: string;
  readonly params?: Readonly<Record<string, MessageParam>>;
  readonly link?: MessageLink;
  /** What sends it, a code (BPM_TASK, BPM_REMIND, PO_RELEASED…). */
  readonly source: string;
  /** Also send an e-mail, in the user's language, to recipients with an address. */
  readonly email?: boolean;
  /** Also send an SMS, in the user's language, to recipients with a mobile number (through the outbox only). */
  readonly sms?: boolean;
  /**
   * What happened (`task-42-ASSIGNED`): with the message outbox, the same event given twice
   * sends one e-mail per recipient. Without it each call is an event of its own.
   */
  readonly eventId?: string;
  /**
   * Files the message carries (`1,2,3`), shown with it in 我的消息. They stay the sending
   * document's: its area lets the recipients read them (`fileReaders`).
   */
  readonly attachmentIds?: string | null;
}

export interface SiteMessageRow {
  messageId: number;
  title: string;
  content: string | null;
  source: string;
  entityName: string | null;
  documentKey: string | null;
  documentId: number | null;
  linkRoute: string | null;
  linkQuery: string | null;
  attachmentIds: string | null;
  readFlag: 'Y' | 'N';
  readDate: number | null;
  creationDate: number;
}

export interface MessageFilters {
  readonly pageIndex: number;
  readonly pageRows: number;
  readonly readFlag?: 'Y' | 'N' | undefined;
  readonly title?: string | undefined;
}

const LOCALES: readonly Locale[] = ['zh-CN', 'en'];
const localeOfUser = (languageCode: string | null): Locale => (languageCode === 'EN' ? 'en' : 'zh-CN');
type Raw = Record<string, unknown>;
const time = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string).getTime();

/** The longest list of documents a realtime hint names (a NOTIFY carries at most 8,000 bytes). */
const MAX_DOCUMENTS_HINT = 2_000;

export class SiteMessages {
  constructor(private readonly runtime: EntityRuntime) {}

  /** The parameters as plain values in one language (labels rendered). */
  values(locale: Locale, params?: Readonly<Record<string, MessageParam>>): Record<string, string | number> {
    const plain: Record<string, string | number> = {};
    for (const [name, value] of Object.entries(params ?? {})) {
      plain[name] =
        typeof value !== 'object'
          ? value
          : 'key' in value
            ? this.runtime.t(locale, value.key, value.params)
            : locale === 'en' && value.en
              ? value.en
              : value.zh;
    }
    return plain;
  }

  /** Renders a key with its parameters in one language. */
  render(locale: Locale, key: string, params?: Readonly<Record<string, MessageParam>>): string {
    return this.runtime.t(locale, key, this.values(locale, params));
  }

  /**
   * Tells the recipients' open browsers, once this commits, to re-read their badge and list, and
   * which documents their new messages are about (`documents`: `entityName:id` joined by commas),
   * so that a page showing one of them reads it again (an order approved while its submitter has
   * it open). Each user is told of its own messages only; users told of the same documents share
   * a notification. A hint naming more than fit in one notification (a daily job telling a buyer of
   * thousands of certificates) names none: the badge and list are read again all the same.
   */
  private async hint(
    written: readonly {
      userId: number | string;
      entityName: string | null;
      documentId: number | string | null;
    }[],
  ): Promise<void> {
    const documentsOf = new Map<number, Set<string>>();
    for (const row of written) {
      const documents = documentsOf.get(Number(row.userId)) ?? new Set<string>();
      if (row.entityName && row.documentId != null)
        documents.add(`${row.entityName}:${Number(row.documentId)}`);
      documentsOf.set(Number(row.userId), documents);
    }
    const usersOf = new Map<string, number[]>();
    for (const [userId, documents] of documentsOf) {
      const key = [...documents].sort().join(',');
      usersOf.set(key, [...(usersOf.get(key) ?? []), userId]);
    }
    for (const [documents, userIds] of usersOf)
      await this.runtime.plugins.realtime?.publish(userIds, {
        type: 'message',
        ...(documents && documents.length <= MAX_DOCUMENTS_HINT ? { documents } : {}),
      });
  }

  /** The recipients of a message: the users named and the active users of the supplier. */
  async recipients(input: Pick<NotifyInput, 'userIds' | 'supplierId'>): Promise<number[]> {
    return (await this.recipientsOf([input]))[0]!;
  }

  /** The recipients of each message, with one query for all the suppliers' users. */
  private async recipientsOf(
    inputs: readonly Pick<NotifyInput, 'userIds' | 'supplierId'>[],
  ): Promise<number[][]> {
    const suppliers = [
      ...new Set(inputs.map((input) => input.supplierId).filter((id): id is number => !!id)),
    ];
    const usersOf = new Map<number, number[]>();
    if (suppliers.length) {
      const rows = await queryRows<{ user_id: number | string; supplier_id: number | string }>(
        this.runtime.executor(),
        sql`select user_id, supplier_id from base_user
             where supplier_id = any(${sql.param(suppliers)}::bigint[]) and status = 'ACTIVE'
             order by user_id`,
      );
      for (const row of rows) {
        const supplierId = Number(row.supplier_id);
        usersOf.set(supplierId, [...(usersOf.get(supplierId) ?? []), Number(row.user_id)]);
      }
    }
    return inputs.map((input) => {
      const ids = new Set<number>(input.userIds ?? []);
      if (input.supplierId) for (const id of usersOf.get(input.supplierId) ?? []) ids.add(id);
      return [...ids].filter((id) => Number.isSafeInteger(id) && id > 0);
    });
  }

  /**
   * Sends a message to each recipient, in the open transaction when there is one. Answers the
   * recipients' user ids.
   */
  async notify(input: NotifyInput, sender?: Actor): Promise<number[]> {
    return (await this.notifyMany([input], sender))[0]!;
  }

  /**
   * Sends many messages at once (a program telling 2,000 suppliers): one query for the
   * recipients, multi-row inserts, one realtime hint, one batch of e-mails to the outbox. Each
   * message is what `notify` would send; answers each one's recipients.
   */
  async notifyMany(inputs: readonly NotifyInput[], sender?: Actor): Promise<number[][]> {
    const defaults = await this.recipientsOf(inputs);
    // An administrator's configs of the source (msgCfg) add recipients, or put theirs instead.
    const configured =
      (await this.runtime.plugins.messageConfigs?.recipientsOf(
        inputs.map((input) => ({
          source: input.source,
          entityName: input.link && 'entityName' in input.link ? input.link.entityName : null,
          documentId: input.link && 'entityName' in input.link ? input.link.documentId : null,
          supplierId: input.supplierId ?? null,
        })),
      )) ?? inputs.map(() => null);
    // Told in-app only by configs that need a check: held for a checker (with the outbox).
    const held = inputs.map((_, index) => {
      const config = configured[index];
      if (!this.runtime.plugins.messageOutbox || !config?.checkedInApp.length) return [];
      const own = new Set(config.replace ? [] : defaults[index]!);
      return config.checkedInApp.filter((userId) => !own.has(userId));
    });
    const recipients = inputs.map((_, index) => {
      const config = configured[index];
      const waiting = new Set(held[index]);
      return [...new Set([...(config?.replace ? [] : defaults[index]!), ...(config?.inApp ?? [])])].filter(
        (userId) => !waiting.has(userId),
      );
    });
    const now = this.runtime.clock.now();
    const rows: (typeof baseSiteMessage.$inferInsert)[] = [];
    const heldRows: { input: NotifyInput; row: HeldCopy }[] = [];
    const texts = inputs.map((input, index) => {
      const text = (key: string | undefined) =>
        key
          ? Object.fromEntries(LOCALES.map((locale) => [locale, this.render(locale, key, input.params)]))
          : null;
      const title = text(input.titleKey)!;
      const content = text(input.contentKey);
      const link = input.link;
      // The same event told twice (an approval event delivered again) is one message each.
      const eventKey = input.eventId ? `${input.source}|${input.eventId}`.slice(0, 300) : null;
      const linkQuery =
        link && 'route' in link && link.query
          ? new URLSearchParams(
              Object.entries(link.query).map(([name, value]): [string, string] => [name, String(value)]),
            ).toString()
          : null;
      const copyFor = (userId: number): HeldCopy => ({
        userId,
        supplierId: input.supplierId ?? null,
        titleZh: title['zh-CN']!.slice(0, 240),
        titleEn: title.en!.slice(0, 240),
        contentZh: content?.['zh-CN'] ?? null,
        contentEn: content?.en ?? null,
        source: input.source.slice(0, 60),
        entityName: link && 'entityName' in link ? link.entityName : null,
        documentId: link && 'entityName' in link ? link.documentId : null,
        linkRoute: link && 'route' in link ? link.route : null,
        linkQuery,
        createdBy: sender?.userId ?? null,
        eventKey,
        attachmentIds: input.attachmentIds?.slice(0, 500) || null,
      });
      for (const userId of recipients[index]!) rows.push({ ...copyFor(userId), creationDate: now });
      for (const userId of held[index]!) heldRows.push({ input, row: copyFor(userId) });
      return { title, content };
    });
    // In slices: a statement takes at most 65,535 parameters (a notice to 10,000 users is 140,000).
    const written: {
      userId: number | string;
      eventKey: string | null;
      entityName: string | null;
      documentId: number | string | null;
    }[] = [];
    for (let start = 0; start < rows.length; start += INSERT_SLICE)
      written.push(
        ...(await this.runtime
          .executor()
          .insert(baseSiteMessage)
          .values(rows.slice(start, start + INSERT_SLICE))
          .onConflictDoNothing()
          .returning({
            userId: baseSiteMessage.userId,
            eventKey: baseSiteMessage.eventKey,
            entityName: baseSiteMessage.entityName,
            documentId: baseSiteMessage.documentId,
          })),
      );
    if (written.length) await this.hint(written);
    if (heldRows.length)
      await this.runtime.plugins.messageOutbox!.enqueue(
        heldRows.map(({ input, row }) => ({
          channel: 'INAPP',
          source: input.source,
          eventId: input.eventId ?? `${input.source}-${now.getTime()}-${row.userId}`,
          userId: row.userId,
          address: `user:${row.userId}`,
          locale: 'zh-CN',
          subject: row.titleZh,
          body: JSON.stringify(row),
          businessEntity: row.entityName,
          businessId: row.documentId,
          check: true,
        })),
      );
    // The sender's mail goes to those told now (a message already written for the event is not
    // mailed again); a config's, to its recipients (the outbox keeps one per event and address).
    const toldNow = new Set(written.map((row) => `${Number(row.userId)}|${row.eventKey ?? ''}`));
    const mailed = inputs
      .map((input, index) => {
        const config = configured[index];
        const eventKey = input.eventId ? `${input.source}|${input.eventId}`.slice(0, 300) : '';
        const own =
          input.email && !config?.replace
            ? defaults[index]!.filter((userId) => !input.eventId || toldNow.has(`${userId}|${eventKey}`))
            : [];
        const told = [...new Set([...own, ...(config?.email ?? [])])];
        // Mailed only by a config that needs a check: waits for a checker (the sender's own do not).
        const mine = new Set(own);
        const checked = new Set<number | string>([
          ...(config?.checkedEmail ?? []).filter((userId) => !mine.has(userId)),
          ...(config?.checkedAddresses ?? []).map((address) => address.toLowerCase()),
        ]);
        return { input, told, addresses: config?.addresses ?? [], checked, ...texts[index]! };
      })
      .filter((item) => item.told.length || item.addresses.length);
    if (mailed.length) await this.email(mailed);
    // SMS the same way: the sender's own when asked, a config's to its recipients' mobiles.
    const texted = inputs
      .map((input, index) => {
        const config = configured[index];
        const eventKey = input.eventId ? `${input.source}|${input.eventId}`.slice(0, 300) : '';
        const own =
          input.sms && !config?.replace
            ? defaults[index]!.filter((userId) => !input.eventId || toldNow.has(`${userId}|${eventKey}`))
            : [];
        const mine = new Set(own);
        const checked = new Set<number | string>([
          ...(config?.checkedSms ?? []).filter((userId) => !mine.has(userId)),
          ...(config?.checkedMobiles ?? []),
        ]);
        const told = [...new Set([...own, ...(config?.sms ?? [])])];
        return { input, told, addresses: config?.mobiles ?? [], checked, ...texts[index]! };
      })
      .filter((item) => item.told.length || item.addresses.length);
    if (texted.length) await this.textMessages(texted);
    // A config's chat robots: one post per event and robot, in Chinese (a group reads it); its
    // work notices: one per event, tool and person, in the person's language.
    const posted = inputs.flatMap((input, index) => {
      const config = configured[index];
      return config?.chats.length || config?.workNotices.length
        ? [
            {
              input,
              chats: config.chats,
              checked: new Set(config.checkedChats),
              workNotices: config.workNotices,
              ...texts[index]!,
            },
          ]
        : [];
    });
    if (posted.length) await this.chatMessages(posted);
    return recipients;
  }

  /** An administrator's templates of one channel, by source and language, each read once per send. */
  private templates(
    channel: 'EMAIL' | 'SMS' | 'CHAT',
  ): (source: string, locale: Locale) => Promise<MessageTemplateText | null> {
    const found = new Map<string, Promise<MessageTemplateText | null>>();
    return (source, locale) => {
      const key = `${source}|${locale}`;
      if (!found.has(key))
        found.set(
          key,
          this.runtime.plugins.messageTemplates
            ?.find(source, channel, locale === 'en' ? 'EN' : 'CN')
            .then((template) => template ?? null) ?? Promise.resolve(null),
        );
      return found.get(key)!;
    };
  }

  /**
   * E-mail to the recipients with an address, in each one's language: through the message
   * outbox (sent after the commit, retried, one per event) when the messaging area runs, else at once.
   */
  private async email(messages: readonly ChannelBatch[]): Promise<void> {
    const { messenger, messageOutbox } = this.runtime.plugins;
    if (!messenger && !messageOutbox) return;
    const everyone = [...new Set(messages.flatMap((message) => message.told))];
    const users = new Map(
      (
        await queryRows<{ user_id: number; email: string | null; language_code: string | null }>(
          this.runtime.executor(),
          sql`select user_id, email, language_code from base_user
              where user_id = any(${sql.param(everyone)}::bigint[]) and email is not null and email <> ''`,
        )
      ).map((user) => [Number(user.user_id), user]),
    );
    // An administrator's template of the source, in the user's language, replaces the text.
    const templateOf = this.templates('EMAIL');
    const outgoing = [];
    for (const { input, told, addresses, checked, title, content } of messages) {
      const link = input.link && 'entityName' in input.link ? input.link : null;
      const eventId = input.eventId ?? randomUUID();
      const mailOf = async (userId: number | null, address: string, locale: Locale) => {
        const template = await templateOf(input.source, locale);
        const values = template ? this.values(locale, input.params) : {};
        return {
          userId,
          address,
          locale,
          ...(template
            ? {
                subject: renderTemplate(template.subject ?? title[locale]!, values, false),
                body: renderTemplate(template.body, values, true),
                html: true,
              }
            : { subject: title[locale]!, body: content?.[locale] ?? title[locale]!, html: false }),
          source: input.source,
          eventId,
          businessEntity: link?.entityName ?? null,
          businessId: link?.documentId ?? null,
          // A written message's files go with its e-mail too.
          attachmentIds: input.attachmentIds ?? null,
          ...(checked.has(userId ?? address.toLowerCase()) ? { check: true } : {}),
        };
      };
      const usersAddresses = new Set<string>();
      for (const userId of told) {
        const user = users.get(userId);
        if (!user) continue;
        usersAddresses.add(user.email!.toLowerCase());
        outgoing.push(await mailOf(userId, user.email!, localeOfUser(user.language_code)));
      }
      for (const address of addresses)
        if (!usersAddresses.has(address.toLowerCase())) outgoing.push(await mailOf(null, address, 'zh-CN'));
    }
    if (messageOutbox) {
      if (outgoing.length)
        await messageOutbox.enqueue(outgoing.map((mail) => ({ ...mail, channel: 'EMAIL' as const })));
      return;
    }
    for (const mail of outgoing)
      await messenger!.email({
        to: mail.address,
        subject: mail.subject,
        ...(mail.html ? { text: htmlToText(mail.body), html: mail.body } : { text: mail.body }),
        purpose: mail.source,
      });
  }

  /**
   * SMS to the recipients with a mobile number, in each one's language, through the message
   * outbox (none runs: nothing is sent, SMS are the outbox's only). An administrator's SMS
   * template of the source gives the text (values plain) and the provider's template code and
   * signature; without one the message's own text goes.
   */
  private async textMessages(messages: readonly ChannelBatch[]): Promise<void> {
    const { messageOutbox } = this.runtime.plugins;
    if (!messageOutbox) return;
    const everyone = [...new Set(messages.flatMap((message) => message.told))];
    const users = new Map(
      (
        await queryRows<{ user_id: number; mobile: string; language_code: string | null }>(
          this.runtime.executor(),
          sql`select user_id, mobile, language_code from base_user
              where user_id = any(${sql.param(everyone)}::bigint[]) and mobile is not null and mobile <> ''`,
        )
      ).map((user) => [Number(user.user_id), user]),
    );
    const templateOf = this.templates('SMS');
    const outgoing: OutgoingMessage[] = [];
    for (const { input, told, addresses, checked, title, content } of messages) {
      const link = input.link && 'entityName' in input.link ? input.link : null;
      const eventId = input.eventId ?? randomUUID();
      const textOf = async (
        userId: number | null,
        phone: string,
        locale: Locale,
      ): Promise<OutgoingMessage> => {
        const template = await templateOf(input.source, locale);
        const values = Object.fromEntries(
          Object.entries(this.values(locale, input.params)).map(([name, value]) => [name, String(value)]),
        );
        return {
          channel: 'SMS',
          userId,
          address: phone,
          locale,
          subject: title[locale]!,
          body: template
            ? renderTemplate(template.body, values, false)
            : (content?.[locale] ?? title[locale]!),
          templateCode: template?.templateCode ?? null,
          signName: template?.signName ?? null,
          params: template ? values : {},
          source: input.source,
          eventId,
          businessEntity: link?.entityName ?? null,
          businessId: link?.documentId ?? null,
          ...(checked.has(userId ?? phone) ? { check: true } : {}),
        };
      };
      const numbers = new Set<string>();
      for (const userId of told) {
        const user = users.get(userId);
        if (!user) continue;
        numbers.add(user.mobile);
        outgoing.push(await textOf(userId, user.mobile, localeOfUser(user.language_code)));
      }
      for (const phone of addresses)
        if (!numbers.has(phone)) outgoing.push(await textOf(null, phone, 'zh-CN'));
    }
    if (outgoing.length) await messageOutbox.enqueue(outgoing);
  }

  /**
   * Posts to chat robots and sends work notices through the message outbox: the instance is
   * handed to the tool's interface definition, which signs, sends, retries and logs the call. The
   * text is an administrator's chat template of the source (a robot's in Chinese, a person's in
   * their language), or the message's title and text.
   */
  private async chatMessages(
    messages: readonly {
      readonly input: NotifyInput;
      readonly chats: readonly string[];
      readonly checked: ReadonlySet<string>;
      readonly workNotices: readonly WorkNotice[];
      readonly title: Record<string, string>;
      readonly content: Record<string, string> | null;
    }[],
  ): Promise<void> {
    const { messageOutbox } = this.runtime.plugins;
    if (!messageOutbox) return;
    const templateOf = this.templates('CHAT');
    const textOf = async (input: NotifyInput, locale: Locale, title: string, content: string | undefined) => {
      const template = await templateOf(input.source, locale);
      if (!template) return [title, content].filter(Boolean).join('\n');
      const values = Object.fromEntries(
        Object.entries(this.values(locale, input.params)).map(([name, value]) => [name, String(value)]),
      );
      return renderTemplate(template.body, values, false);
    };
    const outgoing: OutgoingMessage[] = [];
    for (const { input, chats, checked, workNotices, title, content } of messages) {
      const link = input.link && 'entityName' in input.link ? input.link : null;
      const common = {
        channel: 'CHAT',
        source: input.source,
        eventId: input.eventId ?? randomUUID(),
        businessEntity: link?.entityName ?? null,
        businessId: link?.documentId ?? null,
      } as const;
      const inChinese = await textOf(input, 'zh-CN', title['zh-CN']!, content?.['zh-CN']);
      for (const code of chats)
        outgoing.push({
          ...common,
          userId: null,
          address: code,
          locale: 'zh-CN',
          subject: title['zh-CN']!,
          body: inChinese,
          ...(checked.has(code) ? { check: true } : {}),
        });
      for (const notice of workNotices)
        outgoing.push({
          ...common,
          userId: notice.userId,
          address: notice.code,
          chatId: notice.chatId,
          locale: notice.locale,
          subject: title[notice.locale]!,
          body: await textOf(input, notice.locale, title[notice.locale]!, content?.[notice.locale]),
          ...(notice.checked ? { check: true } : {}),
        });
    }
    if (outgoing.length) await messageOutbox.enqueue(outgoing);
  }

  /**
   * Writes an in-app copy a checker let go (held by a config that needs a check): the copy as it
   * was made when the event happened, dated now, once (the event's key keeps a second out), and
   * the recipient's browsers told. Answers whether it was written now.
   */
  async deliverHeld(body: string): Promise<boolean> {
    const parsed: unknown = JSON.parse(body);
    if (!parsed || typeof parsed !== 'object' || !('userId' in parsed) || typeof parsed.userId !== 'number')
      throw new Error('a held in-app copy names no recipient');
    // Written by heldRows above, from the same type.
    const copy = parsed as HeldCopy;
    const written = await this.runtime
      .executor()
      .insert(baseSiteMessage)
      .values({ ...copy, creationDate: this.runtime.clock.now() })
      .onConflictDoNothing()
      .returning({
        userId: baseSiteMessage.userId,
        entityName: baseSiteMessage.entityName,
        documentId: baseSiteMessage.documentId,
      });
    if (written.length) await this.hint(written);
    return written.length > 0;
  }

  // ------------------------------------------------------------------ the reader's side

  private own(actor: Actor): number {
    if (actor.userId === null) throw new AppError(401, 'auth.required');
    return actor.userId;
  }

  private row(locale: Locale, row: Raw): SiteMessageRow {
    const entityName = (row.entity_name as string | null) ?? null;
    const en = locale === 'en';
    return {
      messageId: Number(row.message_id),
      title: (en ? row.title_en : row.title_zh) as string,
      content: ((en ? row.content_en : row.content_zh) as string | null) ?? null,
      source: row.source as string,
      entityName,
      documentKey: entityName ? (this.runtime.registry.find(entityName)?.key ?? null) : null,
      documentId: row.document_id === null ? null : Number(row.document_id),
      linkRoute: (row.link_route as string | null) ?? null,
      linkQuery: (row.link_query as string | null) ?? null,
      attachmentIds: (row.attachment_ids as string | null) ?? null,
      readFlag: row.read_flag === 'Y' ? 'Y' : 'N',
      readDate: time(row.read_date),
      creationDate: time(row.creation_date)!,
    };
  }

  /** My messages, unread first, then newest first (receiveMessageList); none I deleted. */
  async list(actor: Actor, filters: MessageFilters): Promise<{ rows: SiteMessageRow[]; count: number }> {
    const userId = this.own(actor);
    const parts: SQL[] = [sql`m.user_id = ${userId}`, sql`m.deleted_flag = 'N'`];
    if (filters.readFlag) parts.push(sql`m.read_flag = ${filters.readFlag}`);
    if (filters.title) {
      const like = `%${filters.title.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      parts.push(sql`(m.title_zh ilike ${like} or m.title_en ilike ${like})`);
    }
    const where = sql.join(parts, sql` and `);
    const tx = this.runtime.executor();
    const rows = await queryRows<Raw>(
      tx,
      sql`select * from base_site_message m where ${where} order by m.read_flag asc, m.message_id desc
          limit ${filters.pageRows} offset ${(filters.pageIndex - 1) * filters.pageRows}`,
    );
    const counted = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from base_site_message m where ${where}`,
    );
    return { rows: rows.map((row) => this.row(actor.locale, row)), count: Number(counted[0]!.n) };
  }

  async countUnread(actor: Actor): Promise<number> {
    const userId = this.own(actor);
    const counted = await queryRows<{ n: number }>(
      this.runtime.executor(),
      sql`select count(*)::int as n from base_site_message
           where user_id = ${userId} and read_flag = 'N' and deleted_flag = 'N'`,
    );
    return Number(counted[0]!.n);
  }

  /** Marks my messages read (the given ones, or all); answers how many changed. */
  async markRead(actor: Actor, messageIds: readonly number[] | 'all'): Promise<number> {
    const userId = this.own(actor);
    const now = this.runtime.clock.now();
    const changed = await this.runtime
      .executor()
      .update(baseSiteMessage)
      .set({ readFlag: 'Y', readDate: now })
      .where(
        and(
          eq(baseSiteMessage.userId, userId),
          eq(baseSiteMessage.readFlag, 'N'),
          ...(messageIds === 'all' ? [] : [inArray(baseSiteMessage.messageId, [...messageIds])]),
        ),
      )
      .returning({ messageId: baseSiteMessage.messageId });
    return changed.length;
  }

  /** Deletes my messages for me (gone from my list and count); answers how many. */
  async remove(actor: Actor, messageIds: readonly number[]): Promise<number> {
    const userId = this.own(actor);
    const changed = await this.runtime
      .executor()
      .update(baseSiteMessage)
      .set({ deletedFlag: 'Y' })
      .where(
        and(
          eq(baseSiteMessage.userId, userId),
          eq(baseSiteMessage.deletedFlag, 'N'),
          inArray(baseSiteMessage.messageId, [...messageIds]),
        ),
      )
      .returning({ messageId: baseSiteMessage.messageId });
    return changed.length;
  }
}
