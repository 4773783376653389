// Message templates (消息模板, spec msgTempleCfg): an administrator's own subject and body for a
// source's messages on a channel, in one language, with `{{variable}}` placeholders naming the
// source's variables only (checked at save). While enabled it replaces the sender's text: the
// e-mail body is HTML, its values escaped; an SMS body is plain text (at most 500 characters), sent
// with the provider's template code and signature written here.
import { checkbox, defineEntity, lookup, ref, text, textarea } from '@srm/kernel';

/** Channels a template may be written for (more as the channels come). */
export const TEMPLATE_CHANNELS = ['EMAIL', 'SMS', 'CHAT'] as const;

/** The longest SMS body (a provider splits a long one into several, and bills each). */
export const SMS_BODY_MAX = 500;

export const messageTemplate = defineEntity('baseMessageTemplate', {
  area: 'messaging',
  service: 'message',
  key: 'templateId',
  display: 'templateName',
  unique: [['sourceId', 'channel', 'languageCode']],
  fields: {
    sourceId: ref('baseMessageSource', { required: true, display: 'sourceName' }),
    channel: lookup('BASE_MESSAGE_CHANNEL', { required: true, codes: TEMPLATE_CHANNELS, default: 'EMAIL' }),
    languageCode: lookup('SYSTEM_LANGUAGE', { required: true, codes: ['CN', 'EN'], default: 'CN' }),
    templateName: text({ required: true, max: 100 }),
    /** Plain text with placeholders. */
    subject: text({ required: true, max: 240 }),
    /** HTML for e-mail, with placeholders; values are escaped when it is rendered. Plain for SMS. */
    body: textarea({ required: true, max: 20_000 }),
    /** An SMS template's code at the provider (阿里云 SMS_123456789): its text must match the body. */
    templateCode: text({ max: 60, format: 'code', appliesWhen: (row) => row.channel === 'SMS' }),
    /** An SMS's signature at the provider (某某科技), without the brackets. */
    signName: text({ max: 60, appliesWhen: (row) => row.channel === 'SMS' }),
    enabledFlag: checkbox({ default: 'Y' }),
  },
  list: {
    columns: [
      'sourceId',
      'channel',
      'languageCode',
      'templateName',
      'subject',
      'templateCode',
      'enabledFlag',
    ],
    filters: ['sourceId', 'channel', 'languageCode', 'templateName', 'enabledFlag'],
    sort: [{ field: 'templateId', order: 'desc' }],
  },
});
