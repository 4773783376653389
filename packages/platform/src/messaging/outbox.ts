// The message outbox as the platform sees it: messages to send after the current transaction
// commits, one per recipient, channel and event. The messaging area implements it (instances, a
// dispatcher with retries and compensation) and plugs it in as `runtime.plugins.messageOutbox`;
// without it, e-mail is sent at once as before.
import type { Locale } from '@srm/kernel';

/**
 * E-mail, SMS, a chat tool's interface (the address is its interface definition's code: a group
 * robot, or a work notice to the person `chatId` names), or an in-app copy held for a checker (the
 * body is the copy, written when the check lets it go).
 */
export type OutgoingChannel = 'EMAIL' | 'SMS' | 'CHAT' | 'INAPP';

export interface OutgoingMessage {
  readonly channel: OutgoingChannel;
  /** The source of the event (PO_RELEASED, BPM_TASK…). */
  readonly source: string;
  /**
   * What happened, as the sender names it (`task-42-ASSIGNED`): the same event given twice makes
   * one message per recipient. Without it every call is an event of its own.
   */
  readonly eventId: string;
  readonly userId: number | null;
  /** The e-mail address, or the mobile number of an SMS. */
  readonly address: string;
  readonly locale: Locale;
  readonly subject: string;
  readonly body: string;
  /** The body is HTML (a template's; its values escaped): sent with a plain-text alternative. */
  readonly html?: boolean;
  readonly businessEntity?: string | null;
  readonly businessId?: number | null;
  /** It waits in 消息审核 for a checker (a message config that needs a check added it). */
  readonly check?: boolean;
  /** An SMS's provider template code and signature (from the message template), and its values. */
  readonly templateCode?: string | null;
  readonly signName?: string | null;
  readonly params?: Readonly<Record<string, string>> | null;
  /**
   * A one-time code the subject, body and values carry: the instance keeps them with the code
   * masked (an administrator reading 消息实例 learns no one's code) and the code itself sealed,
   * put back only when the message is handed to its channel.
   */
  readonly secret?: string | null;
  /** Files an e-mail carries (`1,2,3`, the file service's ids), attached when it is sent. */
  readonly attachmentIds?: string | null;
  /** A work notice's recipient as the chat tool knows them (钉钉 userid, 飞书 open_id). */
  readonly chatId?: string | null;
}

/** A work notice to one user in a chat tool, through the interface definition `code`. */
export interface WorkNotice {
  readonly code: string;
  readonly userId: number;
  readonly chatId: string;
  readonly locale: Locale;
  /** Sent only by configs that need a check: it waits for a checker. */
  readonly checked: boolean;
}

export interface MessageOutbox {
  /**
   * Writes the messages through the open transaction (they exist only if it commits) and has
   * them sent once it does. Answers how many are new (an event given again adds none).
   */
  enqueue(messages: readonly OutgoingMessage[]): Promise<number>;
}

/** A message source as users see it in their preferences. */
export interface MessageSourceInfo {
  readonly code: string;
  readonly name: string;
  readonly nameEn: string | null;
  /** Mandatory sources (security, legal, codes) cannot be switched off. */
  readonly category: 'MANDATORY' | 'OPTIONAL';
}

/** The sources the messaging area keeps (`runtime.plugins.messageSources`). */
export interface MessageSources {
  /** The enabled sources, by code. */
  list(): Promise<MessageSourceInfo[]>;
}

/** Whom an administrator's message configs (msgCfg) tell of one message, besides or instead of its sender's recipients. */
export interface ConfiguredRecipients {
  /** The sender's own recipients are not told (a config says so: 只发配置收件人). */
  readonly replace: boolean;
  /** Users told in-app. */
  readonly inApp: readonly number[];
  /** Of `inApp`, those told only by configs that need a check: their copy waits for a checker. */
  readonly checkedInApp: readonly number[];
  /** Users e-mailed, at their address and in their language. */
  readonly email: readonly number[];
  /** Addresses without an account here (a supplier's contact), e-mailed in Chinese. */
  readonly addresses: readonly string[];
  /** Of `email` and `addresses`, those mailed only by configs that need a check (需审核). */
  readonly checkedEmail: readonly number[];
  readonly checkedAddresses: readonly string[];
  /** Users sent an SMS at their mobile number, in their language. */
  readonly sms: readonly number[];
  /** Mobile numbers without an account here (a supplier's contact), written to in Chinese. */
  readonly mobiles: readonly string[];
  /** Of `sms` and `mobiles`, those sent an SMS only by configs that need a check. */
  readonly checkedSms: readonly number[];
  readonly checkedMobiles: readonly string[];
  /** Chat robots' interface definitions (codes) posted to, once per event each. */
  readonly chats: readonly string[];
  /** Of `chats`, those posted to only by configs that need a check. */
  readonly checkedChats: readonly string[];
  /** Work notices to users who have an id in the config's chat tool (消息用户). */
  readonly workNotices: readonly WorkNotice[];
}

/** A message as the configs see it: its source and the document and supplier it concerns. */
export interface ConfigurableMessage {
  readonly source: string;
  readonly entityName: string | null;
  readonly documentId: number | null;
  readonly supplierId: number | null;
}

/** The messaging area's configs (`runtime.plugins.messageConfigs`). */
export interface MessageConfigs {
  /**
   * For each message, what the enabled configs of its source whose conditions hold add (null: no
   * config applies), read through the open transaction.
   */
  recipientsOf(messages: readonly ConfigurableMessage[]): Promise<(ConfiguredRecipients | null)[]>;
}
