// Logs (日志) the platform writes as the system: sign-in events and the messages (e-mail, SMS)
// it sends. Nobody saves them over the API; administrators read them, newest first.
import { defineEntity } from '../entity/define';
import { datetime, lookup, ref, text, textarea } from '../entity/fields';

export const LOGIN_RESULTS = ['SUCCESS', 'FAILURE', 'LOCKED', 'LOGOUT'] as const;
export type LoginResult = (typeof LOGIN_RESULTS)[number];

export const MESSAGE_CHANNELS = ['EMAIL', 'SMS'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** SENT: handed to the provider; RECORDED: logged only (no provider configured); FAILED: refused. */
export const MESSAGE_SEND_STATUSES = ['SENT', 'RECORDED', 'FAILED'] as const;
export type MessageSendStatus = (typeof MESSAGE_SEND_STATUSES)[number];

/** Login log (登录日志): one row per sign-in attempt, lock-out and sign-out. */
export const loginLog = defineEntity('baseLoginLog', {
  area: 'system',
  service: 'base',
  table: 'base_login_log',
  key: 'loginLogId',
  display: 'userName',
  writableBy: [],
  fields: {
    /** The user name as typed (also for unknown users). */
    userName: text({ required: true, max: 60 }),
    /** The account, when the user name matched one. */
    userId: ref('baseUser', { display: 'userFullName', displayAs: 'userFullName', onDelete: 'set null' }),
    loginResult: lookup('BASE_LOGIN_RESULT', { required: true, codes: LOGIN_RESULTS }),
    clientIp: text({ max: 64 }),
    userAgent: text({ max: 500 }),
    loginDate: datetime({ required: true }),
    message: text({ max: 1000 }),
  },
  list: {
    columns: ['loginDate', 'userName', 'userFullName', 'loginResult', 'clientIp', 'userAgent', 'message'],
    filters: [{ field: 'userName', op: 'prefix' }, 'userId', 'loginResult', 'clientIp', 'loginDate'],
    sort: [
      { field: 'loginDate', order: 'desc' },
      { field: 'loginLogId', order: 'desc' },
    ],
    seek: true,
  },
});

/** Message log (消息发送日志): every e-mail and SMS the platform sent or tried to send. */
export const messageLog = defineEntity('baseMessageLog', {
  area: 'system',
  // With the rest of messaging under /api/message (issue 17's baseMessageLogRestful).
  service: 'message',
  table: 'base_message_log',
  key: 'messageLogId',
  display: 'subject',
  writableBy: [],
  fields: {
    channel: lookup('BASE_MESSAGE_CHANNEL', { required: true, codes: MESSAGE_CHANNELS }),
    /** E-mail address or mobile number. */
    recipient: text({ required: true, max: 240 }),
    subject: text({ max: 240 }),
    content: textarea(),
    /** What the message was for (a code such as PASSWORD_RESET). */
    purpose: text({ max: 60 }),
    sendStatus: lookup('BASE_MESSAGE_SEND_STATUS', { required: true, codes: MESSAGE_SEND_STATUSES }),
    errorMessage: text({ max: 1000 }),
    sentDate: datetime({ required: true }),
  },
  list: {
    columns: ['sentDate', 'channel', 'recipient', 'subject', 'purpose', 'sendStatus', 'errorMessage'],
    filters: ['channel', 'recipient', 'subject', 'purpose', 'sendStatus', 'sentDate'],
    sort: [
      { field: 'sentDate', order: 'desc' },
      { field: 'messageLogId', order: 'desc' },
    ],
    seek: true,
  },
});

export const logEntities = [loginLog, messageLog];
