// In-app messages (站内信): one row per recipient, with the title and text in both languages
// (rendered from message keys when sent, so each reader sees their language), a link to the
// document or screen it is about, and the read flag. Written by the platform only.
import { bigint, char, index, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

const moment = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

export const baseSiteMessage = pgTable(
  'base_site_message',
  {
    messageId: bigint('message_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** The recipient. */
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** Set when the message was addressed to a supplier (all its users). */
    supplierId: bigint('supplier_id', { mode: 'number' }),
    titleZh: varchar('title_zh', { length: 240 }).notNull(),
    titleEn: varchar('title_en', { length: 240 }).notNull(),
    contentZh: text('content_zh'),
    contentEn: text('content_en'),
    /** What sent it (BPM_TASK, BPM_REMIND, BPM_ESCALATE, PO_RELEASED…). */
    source: varchar('source', { length: 60 }).notNull(),
    /** The document it is about (opens its edit screen)… */
    entityName: varchar('entity_name', { length: 80 }),
    documentId: bigint('document_id', { mode: 'number' }),
    /** …or a screen route with its query (`myApproval`, `a=1&b=2`). */
    linkRoute: varchar('link_route', { length: 200 }),
    linkQuery: varchar('link_query', { length: 500 }),
    readFlag: char('read_flag', { length: 1 }).notNull().default('N'),
    readDate: moment('read_date'),
    createdBy: bigint('created_by', { mode: 'number' }),
    creationDate: moment('creation_date').notNull(),
    /** `source|eventId` when the sender named its event: the same event twice is one message. */
    eventKey: varchar('event_key', { length: 300 }),
    /**
     * Files the message carries (`1,2,3`: a written message's attachments). They stay the sending
     * document's: the recipient reads them through its area's file readers.
     */
    attachmentIds: varchar('attachment_ids', { length: 500 }),
    /**
     * The recipient deleted it (删除, for them only): gone from their list and count, kept for
     * the sender's delivery view (who read a written message).
     */
    deletedFlag: char('deleted_flag', { length: 1 }).notNull().default('N'),
  },
  (t) => [
    index('base_site_message_inbox_idx').on(t.userId, t.messageId),
    index('base_site_message_unread_idx').on(t.userId, t.readFlag, t.messageId),
    uniqueIndex('base_site_message_event_uq').on(t.userId, t.eventKey),
  ],
);

/**
 * What each user receives by e-mail and by SMS per message source (消息接收设置, spec msgReceive):
 * a row only where the user switched a source's channel off (or on again). Mandatory sources
 * cannot be switched off.
 */
export const baseMessageReceive = pgTable(
  'base_message_receive',
  {
    receiveId: bigint('receive_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    sourceCode: varchar('source_code', { length: 60 }).notNull(),
    emailFlag: char('email_flag', { length: 1 }).notNull().default('Y'),
    smsFlag: char('sms_flag', { length: 1 }).notNull().default('Y'),
    /** Work notices in a chat tool (钉钉, 企业微信, 飞书). */
    chatFlag: char('chat_flag', { length: 1 }).notNull().default('Y'),
    lastUpdateDate: moment('last_update_date').notNull(),
  },
  (t) => [uniqueIndex('base_message_receive_user_source_uq').on(t.userId, t.sourceCode)],
);

export const siteMessageTables = { baseSiteMessage, baseMessageReceive };
