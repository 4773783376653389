// Message templates (消息模板, spec msgTempleCfg): an administrator's own subject and body for a
// source's messages on a channel, in one language, with `{{variable}}` placeholders naming the
// source's variables only (checked at save). While enabled it replaces the sender's text: the
// e-mail body is HTML, its values escaped.
import { checkbox, defineEntity, lookup, ref, text, textarea } from '@srm/kernel';

/** Channels a template may be written for (more as the channels come). */
export const TEMPLATE_CHANNELS = ['EMAIL'] as const;

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
    /** HTML for e-mail, with placeholders; values are escaped when it is rendered. */
    body: textarea({ required: true, max: 20_000 }),
    enabledFlag: checkbox({ default: 'Y' }),
  },
  list: {
    columns: ['sourceId', 'channel', 'languageCode', 'templateName', 'subject', 'enabledFlag'],
    filters: ['sourceId', 'channel', 'languageCode', 'templateName', 'enabledFlag'],
    sort: [{ field: 'templateId', order: 'desc' }],
  },
});
