// Unsubscribes (退订, spec msgTd): an address that asked for no more messages of a channel, from
// one source or (no source) from every optional one. Honoured for optional sources only: a
// password-reset code or a legal notice still arrives. Kept by administrators by hand, and
// written when a phone answers an SMS with TD (the provider's reply callback).
import { PATTERNS, datetime, defineEntity, lookup, text } from '@srm/kernel';
import { PERSONAL_CHANNELS } from '../instance/instance.entity';

export const messageUnsubscribe = defineEntity('baseMessageUnsubscribe', {
  area: 'messaging',
  service: 'message',
  key: 'unsubscribeId',
  display: 'address',
  unique: [['channel', 'address', 'sourceCode']],
  fields: {
    channel: lookup('BASE_MESSAGE_CHANNEL', { required: true, codes: PERSONAL_CHANNELS, default: 'EMAIL' }),
    /** The e-mail address (kept in lower case), or the mobile number of an SMS. */
    address: text({ required: true, max: 240 }),
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
  rules: [
    (row) => {
      const address = String(row.address ?? '').trim();
      if (row.channel === 'SMS')
        return PATTERNS.mobile.test(address) ? null : { field: 'address', message: 'validation.mobile' };
      return PATTERNS.email.test(address) ? null : { field: 'address', message: 'validation.email' };
    },
  ],
});
