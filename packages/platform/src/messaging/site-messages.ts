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
  /**
   * What happened (`task-42-ASSIGNED`): with the message outbox, the same event given twice
   * sends one e-mail per recipient. Without it each call is an event of its own.
   */
  readonly eventId?: string;
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

  /** The recipients of a message: the users named and the active users of the supplier. */
  async recipients(input: Pick<NotifyInput, 'userIds' | 'supplierId'>): Promise<number[]> {
    const ids = new Set<number>(input.userIds ?? []);
    if (input.supplierId) {
      const rows = await queryRows<{ user_id: number }>(
        this.runtime.executor(),
        sql`select user_id from base_user where supplier_id = ${input.supplierId} and status = 'ACTIVE'`,
      );
      for (const row of rows) ids.add(Number(row.user_id));
    }
    return [...ids].filter((id) => Number.isSafeInteger(id) && id > 0);
  }

  /**
   * Sends a message to each recipient, in the open transaction when there is one. Answers the
   * recipients' user ids.
   */
  async notify(input: NotifyInput, sender?: Actor): Promise<number[]> {
    const userIds = await this.recipients(input);
    if (!userIds.length) return [];
    const text = (key: string | undefined) =>
      key
        ? Object.fromEntries(LOCALES.map((locale) => [locale, this.render(locale, key, input.params)]))
        : null;
    const title = text(input.titleKey)!;
    const content = text(input.contentKey);
    const link = input.link;
    const now = this.runtime.clock.now();
    // The same event told twice (an approval event delivered again) is one message each.
    const eventKey = input.eventId ? `${input.source}|${input.eventId}`.slice(0, 300) : null;
    const linkQuery =
      link && 'route' in link && link.query
        ? new URLSearchParams(
            Object.entries(link.query).map(([name, value]): [string, string] => [name, String(value)]),
          ).toString()
        : null;
    const row = (userId: number) => ({
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
      creationDate: now,
      eventKey,
    });
    // In slices: a statement takes at most 65,535 parameters (a notice to 10,000 users is 140,000).
    const written: { userId: number | string }[] = [];
    for (let start = 0; start < userIds.length; start += INSERT_SLICE)
      written.push(
        ...(await this.runtime
          .executor()
          .insert(baseSiteMessage)
          .values(userIds.slice(start, start + INSERT_SLICE).map(row))
          .onConflictDoNothing()
          .returning({ userId: baseSiteMessage.userId })),
      );
    const told = written.map((row) => Number(row.userId));
    if (!told.length) return userIds;
    // The recipients' open browsers refresh their badge and list once this commits.
    await this.runtime.plugins.realtime?.publish(told, { type: 'message' });
    if (input.email) await this.email(told, title, content, input);
    return userIds;
  }

  /**
   * E-mail to the recipients with an address, in each one's language: through the message
   * outbox (sent after the commit, retried, one per event) when the messaging area runs, else at once.
   */
  private async email(
    userIds: readonly number[],
    title: Record<string, string>,
    content: Record<string, string> | null,
    input: NotifyInput,
  ): Promise<void> {
    const { messenger, messageOutbox } = this.runtime.plugins;
    if (!messenger && !messageOutbox) return;
    const users = await queryRows<{ user_id: number; email: string | null; language_code: string | null }>(
      this.runtime.executor(),
      sql`select user_id, email, language_code from base_user
          where user_id = any(${sql.param([...userIds])}::bigint[]) and email is not null and email <> ''`,
    );
    // An administrator's template of the source, in the user's language, replaces the text.
    const templates = new Map<Locale, MessageTemplateText | null>();
    for (const locale of new Set(users.map((user) => localeOfUser(user.language_code))))
      templates.set(
        locale,
        (await this.runtime.plugins.messageTemplates?.find(
          input.source,
          'EMAIL',
          locale === 'en' ? 'EN' : 'CN',
        )) ?? null,
      );
    const mails = users.map((user) => {
      const locale = localeOfUser(user.language_code);
      const template = templates.get(locale);
      const values = template ? this.values(locale, input.params) : {};
      return {
        userId: Number(user.user_id),
        address: user.email!,
        locale,
        ...(template
          ? {
              subject: renderTemplate(template.subject ?? title[locale]!, values, false),
              body: renderTemplate(template.body, values, true),
              html: true,
            }
          : { subject: title[locale]!, body: content?.[locale] ?? title[locale]!, html: false }),
      };
    });
    if (messageOutbox) {
      const link = input.link && 'entityName' in input.link ? input.link : null;
      const eventId = input.eventId ?? randomUUID();
      await messageOutbox.enqueue(
        mails.map((mail) => ({
          ...mail,
          channel: 'EMAIL' as const,
          source: input.source,
          eventId,
          businessEntity: link?.entityName ?? null,
          businessId: link?.documentId ?? null,
        })),
      );
      return;
    }
    for (const mail of mails)
      await messenger!.email({
        to: mail.address,
        subject: mail.subject,
        ...(mail.html ? { text: htmlToText(mail.body), html: mail.body } : { text: mail.body }),
        purpose: input.source,
      });
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
      readFlag: row.read_flag === 'Y' ? 'Y' : 'N',
      readDate: time(row.read_date),
      creationDate: time(row.creation_date)!,
    };
  }

  /** My messages, newest first (receiveMessageList). */
  async list(actor: Actor, filters: MessageFilters): Promise<{ rows: SiteMessageRow[]; count: number }> {
    const userId = this.own(actor);
    const parts: SQL[] = [sql`m.user_id = ${userId}`];
    if (filters.readFlag) parts.push(sql`m.read_flag = ${filters.readFlag}`);
    if (filters.title) {
      const like = `%${filters.title.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      parts.push(sql`(m.title_zh ilike ${like} or m.title_en ilike ${like})`);
    }
    const where = sql.join(parts, sql` and `);
    const tx = this.runtime.executor();
    const rows = await queryRows<Raw>(
      tx,
      sql`select * from base_site_message m where ${where} order by m.message_id desc
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
      sql`select count(*)::int as n from base_site_message where user_id = ${userId} and read_flag = 'N'`,
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
}
