// Message configs (消息配置, spec msgCfg): an administrator binds a source to channels and to
// recipients of their own — named users, holders of a role or a position, a user a field of the document
// names (its buyer), the supplier's portal users, or the supplier's contacts of one role (业务,
// 质量, 财务…) — under conditions on the document's fields. When the source fires, every enabled
// config of it whose conditions hold adds its recipients (or, with 只发配置收件人, replaces the
// sender's own), each told once per event and channel (docs/messages.md).
import { CONDITION_OPERATORS, checkbox, defineEntity, lookup, ref, text, textarea } from '@srm/kernel';

export const CONFIG_RECIPIENT_TYPES = [
  'USER',
  'ROLE',
  'POSITION',
  'DOCUMENT_USER',
  'SUPPLIER_USERS',
  'SUPPLIER_CONTACT',
] as const;
export type ConfigRecipientType = (typeof CONFIG_RECIPIENT_TYPES)[number];

/** The field a recipient line of each type names (none: the type says it all). */
export const RECIPIENT_FIELD: Readonly<Record<ConfigRecipientType, string | null>> = {
  USER: 'userId',
  ROLE: 'roleId',
  POSITION: 'positionId',
  DOCUMENT_USER: 'fieldName',
  SUPPLIER_USERS: null,
  SUPPLIER_CONTACT: 'contactRole',
};

/** The chat tools whose ids the recipient directory (消息用户) keeps. */
const CHAT_ID_TYPES = ['DINGTALK', 'WECOM', 'FEISHU'] as const;
export type ChatIdType = (typeof CHAT_ID_TYPES)[number];
/** The directory's field holding each tool's id. */
export const CHAT_ID_FIELDS = {
  DINGTALK: 'dingtalkUserId',
  WECOM: 'wecomUserId',
  FEISHU: 'feishuOpenId',
} as const satisfies Record<ChatIdType, string>;

/** The contact roles of a supplier (srmSupplierContact.contactRole). */
const CONTACT_ROLES = ['BUSINESS', 'QUALITY', 'FINANCE', 'TECHNICAL', 'MANAGEMENT'] as const;

const parent = { entity: 'baseMessageConfig', field: 'configId' } as const;

/** The web's choices of a field of the config's document: those naming a user, or any. */
export const USER_FIELD_EDITOR = 'messageDocumentUserField';
export const DOCUMENT_FIELD_EDITOR = 'messageDocumentField';

export const messageConfigRecipient = defineEntity('baseMessageConfigRecipient', {
  area: 'messaging',
  service: 'message',
  key: 'recipientId',
  parent,
  fields: {
    recipientType: lookup('BASE_MESSAGE_RECIPIENT_TYPE', {
      required: true,
      codes: CONFIG_RECIPIENT_TYPES,
      default: 'USER',
    }),
    userId: ref('baseUser', { display: 'userFullName', displayAs: 'recipientUserName' }),
    roleId: ref('baseRole', { display: 'roleName' }),
    /** The holders of a position (岗位): its employees' users, by their main position or an allotment in force. */
    positionId: ref('basePosition', { display: 'positionName' }),
    /** A field of the source's document naming a user (`createdBy`), chosen from that document's. */
    fieldName: text({ max: 60, editor: USER_FIELD_EDITOR }),
    contactRole: lookup('SRM_SUPPLIER_CONTACT_ROLE', { codes: CONTACT_ROLES }),
  },
  list: { columns: ['recipientType', 'userId', 'roleId', 'positionId', 'fieldName', 'contactRole'] },
  rules: [
    (row) => {
      const field = RECIPIENT_FIELD[row.recipientType as ConfigRecipientType];
      if (!field) return null;
      const value = (row as Record<string, unknown>)[field];
      return value === null || value === undefined || value === ''
        ? { field, message: 'baseMessageConfigRecipient.needsValue' }
        : null;
    },
  ],
});

export const messageConfigCondition = defineEntity('baseMessageConfigCondition', {
  area: 'messaging',
  service: 'message',
  key: 'conditionId',
  parent,
  fields: {
    /** A field of the source's document (`amountInclTax`), chosen from that document's. */
    fieldName: text({ required: true, max: 60, editor: DOCUMENT_FIELD_EDITOR }),
    // The approval engine's operators, compared as its conditions are (numbers as numbers).
    operator: lookup('BPM_CONDITION_OPERATOR', {
      required: true,
      codes: CONDITION_OPERATORS,
      default: 'EQ',
    }),
    /** The value compared with; for 属于 (IN) the values separated by commas. */
    compareValue: text({ max: 240 }),
  },
  list: { columns: ['fieldName', 'operator', 'compareValue'] },
  rules: [
    (row) =>
      row.operator !== 'EMPTY' && row.operator !== 'NOT_EMPTY' && !row.compareValue
        ? { field: 'compareValue', message: 'baseMessageConfigCondition.needsValue' }
        : null,
  ],
});

export const messageConfig = defineEntity('baseMessageConfig', {
  area: 'messaging',
  service: 'message',
  key: 'configId',
  display: 'configName',
  fields: {
    configName: text({ required: true, max: 100 }),
    sourceId: ref('baseMessageSource', { required: true, display: 'sourceName' }),
    /** 站内信 to the recipients who are users. */
    inAppFlag: checkbox({ default: 'Y' }),
    /** E-mail to the recipients with an address (a contact without an account too). */
    emailFlag: checkbox({ default: 'N' }),
    /** SMS to the recipients with a mobile number (a contact without an account too). */
    smsFlag: checkbox({ default: 'N' }),
    /**
     * A chat robot's interface definition (its code; business object 消息实例): every message
     * of the source is posted to that group once (钉钉, 企业微信, 飞书 robots; docs/messages.md).
     */
    chatInterface: text({ max: 60, format: 'code' }),
    /**
     * 工作通知: an interface definition (business object 消息实例) that sends one person a message
     * in a chat tool (钉钉工作通知, 企业微信应用消息, 飞书消息): each recipient who is a user with
     * an id in that tool (消息用户) gets one, in their language.
     */
    workNoticeInterface: text({ max: 60, format: 'code' }),
    /** Which of the recipients' ids the tool knows them by. */
    workNoticeIdType: lookup('BASE_MESSAGE_CHAT_ID_TYPE', { codes: CHAT_ID_TYPES }),
    /** Only this config's recipients: the sender's own (all the supplier's users…) are not told. */
    replaceFlag: checkbox({ default: 'N' }),
    /** 需审核: the e-mails and SMS it adds wait in 消息审核 until a checker lets them go (or stops them). */
    checkFlag: checkbox({ default: 'N' }),
    enabledFlag: checkbox({ default: 'Y' }),
    description: textarea({ max: 500 }),
  },
  lines: { recipients: messageConfigRecipient, conditions: messageConfigCondition },
  list: {
    columns: [
      'configName',
      'sourceId',
      'inAppFlag',
      'emailFlag',
      'smsFlag',
      'chatInterface',
      'workNoticeInterface',
      'replaceFlag',
      'checkFlag',
      'enabledFlag',
      'description',
    ],
    filters: [{ field: 'configName', op: 'contains' }, 'sourceId', 'enabledFlag'],
    sort: [{ field: 'configId', order: 'desc' }],
  },
  form: {
    sections: [
      { key: 'basic', fields: ['configName', 'sourceId', 'enabledFlag', 'description'] },
      {
        key: 'channels',
        fields: [
          'inAppFlag',
          'emailFlag',
          'smsFlag',
          'chatInterface',
          'workNoticeInterface',
          'workNoticeIdType',
          'replaceFlag',
          'checkFlag',
        ],
      },
    ],
  },
});
