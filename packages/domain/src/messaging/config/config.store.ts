// The message configs as the platform asks for them when it writes a message
// (`runtime.plugins.messageConfigs`): the enabled configs of the messages' sources in one
// statement (none: nothing more is read), then for each message the document it is about, the
// configs whose conditions hold on it, and their recipients as users and addresses (and, for a
// work notice, the users' ids in the chat tool, from the recipient directory).
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import {
  type ConditionOperator,
  employee,
  positionAllot,
  responsibilityRole,
  user,
  userResponsibility,
} from '@srm/kernel';
import {
  type ConfigurableMessage,
  type ConfiguredRecipients,
  type EntityRuntime,
  type MessageConfigs,
  SYSTEM_ACTOR,
  type WorkNotice,
  businessDay,
  conditionHolds,
} from '@srm/platform';
import { messageSource } from '../source/source.entity';
import { declaredSource } from '../source/sources';
import { messageUser } from '../user/message-user.entity';
import {
  CHAT_ID_FIELDS,
  type ChatIdType,
  type ConfigRecipientType,
  messageConfig,
  messageConfigCondition,
  messageConfigRecipient,
} from './config.entity';

interface StoredConfig {
  configId: number;
  sourceCode: string;
  inApp: boolean;
  email: boolean;
  sms: boolean;
  chat: string | null;
  workNotice: { code: string; idType: ChatIdType } | null;
  replace: boolean;
  check: boolean;
  recipients: {
    type: ConfigRecipientType;
    userId: number | null;
    roleId: number | null;
    positionId: number | null;
    fieldName: string | null;
    contactRole: string | null;
  }[];
  conditions: { fieldName: string; operator: ConditionOperator; value: string | null }[];
}

type DocumentRow = Readonly<Record<string, unknown>>;

/** The users a work notice of one tool goes to, each with whether only checked configs send it. */
interface WorkNoticeTool {
  readonly code: string;
  readonly idType: ChatIdType;
  readonly users: Map<number, boolean>;
}

export class ConfigStore implements MessageConfigs {
  constructor(private readonly runtime: EntityRuntime) {}

  async recipientsOf(messages: readonly ConfigurableMessage[]): Promise<(ConfiguredRecipients | null)[]> {
    const configs = await this.configsOf([...new Set(messages.map((message) => message.source))]);
    if (!configs.length) return messages.map(() => null);
    const documents = new Map<string, DocumentRow | null>();
    const answers: (ConfiguredRecipients | null)[] = [];
    for (const message of messages) {
      const own = configs.filter((config) => config.sourceCode === message.source);
      if (!own.length) {
        answers.push(null);
        continue;
      }
      const row = await this.documentOf(message, documents);
      const holding = own.filter((config) =>
        config.conditions.every(
          (condition) =>
            row !== null && conditionHolds(row[condition.fieldName], condition.operator, condition.value),
        ),
      );
      if (!holding.length) {
        answers.push(null);
        continue;
      }
      // A supplier hears only of its own documents, and only from a source written for it.
      const supplierId = declaredSource(message.source)?.toSupplier
        ? Number(row?.supplierId ?? message.supplierId) || null
        : null;
      const inApp = new Set<number>();
      // Told in-app only by configs that need a check: those copies wait for a checker too.
      const uncheckedInApp = new Set<number>();
      const email = new Set<number>();
      const addresses = new Set<string>();
      const sms = new Set<number>();
      const mobiles = new Set<string>();
      // Reached only by configs that need a check: those e-mails and SMS wait for a checker.
      const unchecked = new Set<number | string>();
      const uncheckedSms = new Set<number | string>();
      const chats = new Set<string>();
      const uncheckedChats = new Set<string>();
      // Work notices by tool (code and id type), then by user; false: a config without a check sends it.
      const notices = new Map<string, WorkNoticeTool>();
      for (const config of holding) {
        if (config.chat) {
          chats.add(config.chat);
          if (!config.check) uncheckedChats.add(config.chat);
        }
        const reached = await this.resolve(config, row, supplierId);
        if (config.workNotice) {
          const key = `${config.workNotice.idType}|${config.workNotice.code}`;
          const tool = notices.get(key) ?? { ...config.workNotice, users: new Map<number, boolean>() };
          notices.set(key, tool);
          const { users } = tool;
          for (const userId of reached.users) users.set(userId, (users.get(userId) ?? true) && config.check);
        }
        for (const userId of reached.users) {
          if (config.inApp) inApp.add(userId);
          if (config.inApp && !config.check) uncheckedInApp.add(userId);
          if (config.email) email.add(userId);
          if (config.email && !config.check) unchecked.add(userId);
          if (config.sms) sms.add(userId);
          if (config.sms && !config.check) uncheckedSms.add(userId);
        }
        if (config.email)
          for (const address of reached.addresses) {
            addresses.add(address);
            if (!config.check) unchecked.add(address.toLowerCase());
          }
        if (config.sms)
          for (const mobile of reached.mobiles) {
            mobiles.add(mobile);
            if (!config.check) uncheckedSms.add(mobile);
          }
      }
      answers.push({
        replace: holding.some((config) => config.replace),
        inApp: [...inApp],
        checkedInApp: [...inApp].filter((userId) => !uncheckedInApp.has(userId)),
        email: [...email],
        addresses: [...addresses],
        checkedEmail: [...email].filter((userId) => !unchecked.has(userId)),
        checkedAddresses: [...addresses].filter((address) => !unchecked.has(address.toLowerCase())),
        sms: [...sms],
        mobiles: [...mobiles],
        checkedSms: [...sms].filter((userId) => !uncheckedSms.has(userId)),
        checkedMobiles: [...mobiles].filter((mobile) => !uncheckedSms.has(mobile)),
        chats: [...chats],
        checkedChats: [...chats].filter((chat) => !uncheckedChats.has(chat)),
        workNotices: await this.workNotices(notices),
      });
    }
    return answers;
  }

  /** The work notices to users who have an id in the tool (消息用户), in each one's language. */
  private async workNotices(notices: ReadonlyMap<string, WorkNoticeTool>): Promise<WorkNotice[]> {
    const everyone = [...new Set([...notices.values()].flatMap((tool) => [...tool.users.keys()]))];
    if (!everyone.length) return [];
    const t = this.runtime.table(messageUser.name);
    const ids = Object.entries(CHAT_ID_FIELDS).map(
      ([type, field]) => sql`${t[field]!} as ${sql.identifier(type)}`,
    );
    const directory = new Map(
      (
        await queryRows<{ userId: number; language: string | null } & Record<ChatIdType, string | null>>(
          this.runtime.executor(),
          sql`select ${t.userId} as "userId", ${t.languageCode} as language, ${sql.join(ids, sql`, `)}
                from ${t} where ${t.userId} = any(${sql.param(everyone)}::bigint[])`,
        )
      ).map((entry) => [Number(entry.userId), entry]),
    );
    const found: WorkNotice[] = [];
    for (const { idType, code, users } of notices.values()) {
      for (const [userId, checked] of users) {
        const entry = directory.get(userId);
        const chatId = entry?.[idType]?.trim();
        if (!entry || !chatId) continue;
        found.push({ code, userId, chatId, locale: entry.language === 'EN' ? 'en' : 'zh-CN', checked });
      }
    }
    return found;
  }

  /** The enabled configs of these sources, with their lines (three statements, or one when none). */
  private async configsOf(sources: readonly string[]): Promise<StoredConfig[]> {
    const tx = this.runtime.executor();
    const headers = await queryRows<{
      configId: number;
      sourceCode: string;
      inApp: string;
      email: string;
      sms: string;
      chat: string | null;
      workNotice: string | null;
      idType: ChatIdType | null;
      replace: string;
      check: string;
    }>(
      tx,
      sql`select c.config_id as "configId", s.source_code as "sourceCode", c.in_app_flag as "inApp",
                 c.email_flag as "email", c.sms_flag as "sms", c.chat_interface as "chat",
                 c.work_notice_interface as "workNotice", c.work_notice_id_type as "idType", c.replace_flag as "replace", c.check_flag as "check"
            from ${this.runtime.table(messageConfig.name)} c
            join ${this.runtime.table(messageSource.name)} s on s.source_id = c.source_id
           where c.enabled_flag = 'Y' and s.source_code = any(${sql.param(sources)}::text[])
           order by c.config_id`,
    );
    if (!headers.length) return [];
    const ids = sql.param(headers.map((header) => Number(header.configId)));
    const recipients = await queryRows<{
      configId: number;
      type: ConfigRecipientType;
      userId: number | null;
      roleId: number | null;
      positionId: number | null;
      fieldName: string | null;
      contactRole: string | null;
    }>(
      tx,
      sql`select config_id as "configId", recipient_type as "type", user_id as "userId", role_id as "roleId",
                 position_id as "positionId",
                 field_name as "fieldName", contact_role as "contactRole"
            from ${this.runtime.table(messageConfigRecipient.name)}
           where config_id = any(${ids}::bigint[]) order by recipient_id`,
    );
    const conditions = await queryRows<{
      configId: number;
      fieldName: string;
      operator: ConditionOperator;
      value: string | null;
    }>(
      tx,
      sql`select config_id as "configId", field_name as "fieldName", operator, compare_value as "value"
            from ${this.runtime.table(messageConfigCondition.name)}
           where config_id = any(${ids}::bigint[]) order by condition_id`,
    );
    return headers.map((header) => ({
      configId: Number(header.configId),
      sourceCode: header.sourceCode,
      inApp: header.inApp === 'Y',
      email: header.email === 'Y',
      sms: header.sms === 'Y',
      chat: header.chat || null,
      workNotice:
        header.workNotice && header.idType ? { code: header.workNotice, idType: header.idType } : null,
      replace: header.replace === 'Y',
      check: header.check === 'Y',
      recipients: recipients
        .filter((line) => Number(line.configId) === Number(header.configId))
        .map((line) => ({
          type: line.type,
          userId: line.userId === null ? null : Number(line.userId),
          roleId: line.roleId === null ? null : Number(line.roleId),
          positionId: line.positionId === null ? null : Number(line.positionId),
          fieldName: line.fieldName,
          contactRole: line.contactRole,
        })),
      conditions: conditions.filter((line) => Number(line.configId) === Number(header.configId)),
    }));
  }

  /** The document a message is about, read on the platform's authority (once per document). */
  private async documentOf(
    message: ConfigurableMessage,
    documents: Map<string, DocumentRow | null>,
  ): Promise<DocumentRow | null> {
    if (!message.entityName || !message.documentId || !this.runtime.registry.find(message.entityName))
      return null;
    const key = `${message.entityName}:${message.documentId}`;
    if (!documents.has(key)) {
      let row: DocumentRow | null = null;
      try {
        row = await this.runtime.service(message.entityName).find(SYSTEM_ACTOR, message.documentId);
      } catch {
        // Gone in the meantime: the configs that need it do not apply.
      }
      documents.set(key, row);
    }
    return documents.get(key) ?? null;
  }

  /**
   * A config's recipients for one document: active users, and contacts' addresses without an
   * account. `supplierId` is the document's supplier when the source speaks to it, else null: no
   * supplier's user or contact is then told, whatever the config names.
   */
  private async resolve(
    config: StoredConfig,
    row: DocumentRow | null,
    supplierId: number | null,
  ): Promise<{ users: number[]; addresses: string[]; mobiles: string[] }> {
    const users = new Set<number>();
    const addresses = new Set<string>();
    const mobiles = new Set<string>();
    const tx = this.runtime.executor();
    const u = this.runtime.table(user.name);
    // Internal users, and the users of the document's supplier when the source speaks to it.
    const allowed = sql`(u.supplier_id is null or u.supplier_id = ${supplierId ?? -1})`;
    const active = async (ids: readonly number[]) =>
      ids.length
        ? (
            await queryRows<{ id: number }>(
              tx,
              sql`select u.user_id as id from ${u} u
                   where u.user_id = any(${sql.param([...ids])}::bigint[]) and u.status = 'ACTIVE' and ${allowed}`,
            )
          ).map((found) => Number(found.id))
        : [];
    const named: number[] = [];
    for (const line of config.recipients) {
      switch (line.type) {
        case 'USER':
          if (line.userId) named.push(line.userId);
          break;
        case 'DOCUMENT_USER': {
          const id = Number(row?.[line.fieldName ?? '']);
          if (Number.isSafeInteger(id) && id > 0) named.push(id);
          break;
        }
        case 'ROLE': {
          const held = this.runtime.table(userResponsibility.name);
          const roles = this.runtime.table(responsibilityRole.name);
          const found = await queryRows<{ id: number }>(
            tx,
            sql`select distinct u.user_id as id from ${u} u
                  join ${held} h on h.user_id = u.user_id
                  join ${roles} r on r.responsibility_id = h.responsibility_id
                 where r.role_id = ${line.roleId ?? -1} and u.status = 'ACTIVE' and ${allowed}`,
          );
          for (const user of found) users.add(Number(user.id));
          break;
        }
        case 'POSITION': {
          // Its holders today: by their main position, or an allotment in force (as approvals find them).
          const e = this.runtime.table(employee.name);
          const allot = this.runtime.table(positionAllot.name);
          const today = businessDay(this.runtime.clock.now(), this.runtime.timeZone);
          const position = line.positionId ?? -1;
          const found = await queryRows<{ id: number }>(
            tx,
            sql`select distinct u.user_id as id from ${u} u join ${e} e on e.employee_id = u.employee_id
                 where u.status = 'ACTIVE' and u.supplier_id is null
                   and (e.position_id = ${position} or exists (
                     select 1 from ${allot} a where a.position_id = ${position} and a.employee_id = e.employee_id
                        and (a.start_date is null or a.start_date <= ${today}::date)
                        and (a.end_date is null or a.end_date >= ${today}::date)))`,
          );
          for (const user of found) users.add(Number(user.id));
          break;
        }
        case 'SUPPLIER_USERS': {
          if (!supplierId) break;
          const found = await queryRows<{ id: number }>(
            tx,
            sql`select user_id as id from ${u} where supplier_id = ${supplierId} and status = 'ACTIVE'`,
          );
          for (const user of found) users.add(Number(user.id));
          break;
        }
        case 'SUPPLIER_CONTACT': {
          if (!supplierId || !this.runtime.registry.find('srmSupplierContact')) break;
          // A contact who is also one of the supplier's portal users (the same address or mobile)
          // is told as that user (in-app too, in their language); the others get the e-mail or
          // SMS only.
          const found = await queryRows<{
            email: string | null;
            mobile: string | null;
            userId: number | null;
          }>(
            tx,
            sql`select c.email, c.mobile, (select min(u.user_id) from ${u} u
                                  where u.supplier_id = c.supplier_id and u.status = 'ACTIVE'
                                    and (lower(u.email) = lower(c.email) or u.mobile = c.mobile)) as "userId"
                  from ${this.runtime.table('srmSupplierContact')} c
                 where c.supplier_id = ${supplierId} and c.contact_role = ${line.contactRole ?? ''}
                   and (coalesce(c.email, '') <> '' or coalesce(c.mobile, '') <> '')`,
          );
          for (const contact of found)
            if (contact.userId !== null) users.add(Number(contact.userId));
            else {
              if (contact.email) addresses.add(contact.email);
              if (contact.mobile) mobiles.add(contact.mobile);
            }
          break;
        }
      }
    }
    for (const id of await active(named)) users.add(id);
    return { users: [...users], addresses: [...addresses], mobiles: [...mobiles] };
  }
}
