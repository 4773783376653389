// Unsubscribes (退订, spec msgTd): an address that asked for no more messages of a channel, from
// one source or (no source) from every optional one. Honoured for optional sources only: a
// password-reset code or a legal notice still arrives. Kept by administrators by hand for now.
import { datetime, defineEntity, lookup, text } from '@srm/kernel';
import { INSTANCE_CHANNELS } from '../instance/instance.entity';

export const messageUnsubscribe = defineEntity('baseMessageUnsubscribe', {
  area: 'messaging',
  service: 'message',
  key: 'unsubscribeId',
  display: 'address',
  unique: [['channel', 'address', 'sourceCode']],
  fields: {
    channel: lookup('BASE_MESSAGE_CHANNEL', { required: true, codes: INSTANCE_CHANNELS, default: 'EMAIL' }),
    /** The e-mail address, kept in lower case. */
    address: text({ required: true, max: 240, format: 'email' }),
    /** Blank: every optional source. */
    sourceCode: text({ max: 60 }),
    reason: text({ max: 200 }),
    unsubscribedAt: datetime({ readonly: true }),
  },
  list: {
    columns: ['channel', 'address', 'sourceCode', 'reason', 'unsubscribedAt'],
    filters: ['channel', { field: 'address', op: 'prefix' }, 'sourceCode'],
    sort: [{ field: 'unsubscribeId', order: 'desc' }],
  },
});
