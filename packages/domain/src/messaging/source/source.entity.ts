// Message sources (消息来源, spec msgSourceCfg): the events the platform and the areas send
// messages for, declared in code (sources.ts) and kept here, where administrators describe them,
// switch them off, and say whether they are mandatory (security, legal, codes: an unsubscribe
// never stops them) or optional. A disabled source's messages are written SUPPRESSED, not sent.
import { checkbox, defineEntity, lookup, text, textarea } from '@srm/kernel';

export const SOURCE_CATEGORIES = ['MANDATORY', 'OPTIONAL'] as const;
export type SourceCategory = (typeof SOURCE_CATEGORIES)[number];

export const messageSource = defineEntity('baseMessageSource', {
  area: 'messaging',
  service: 'message',
  key: 'sourceId',
  display: 'sourceName',
  fields: {
    /**
     * The code senders use (PO_RELEASED). Declared in code and added by the platform; a source
     * added by hand is one an integration will send (until then nothing comes from it).
     */
    sourceCode: text({ required: true, unique: true, max: 60, format: 'code' }),
    sourceName: text({ required: true, max: 100, english: 'sourceNameEn' }),
    sourceNameEn: text({ max: 100 }),
    category: lookup('BASE_MESSAGE_SOURCE_CATEGORY', {
      required: true,
      codes: SOURCE_CATEGORIES,
      default: 'OPTIONAL',
    }),
    enabledFlag: checkbox({ default: 'Y' }),
    /** Every send of it waits in 消息审核 until a checker lets it go (a notice to all suppliers). */
    checkFlag: checkbox({ default: 'N' }),
    description: textarea({ max: 500 }),
    /** The variables its templates may use (`number, org`), from the code's declaration. */
    variables: text({ max: 500, readonly: true }),
  },
  list: {
    columns: [
      'sourceCode',
      'sourceName',
      'sourceNameEn',
      'category',
      'enabledFlag',
      'checkFlag',
      'variables',
      'description',
    ],
    filters: [{ field: 'sourceCode', op: 'prefix' }, 'sourceName', 'category', 'enabledFlag'],
    sort: [{ field: 'sourceCode', order: 'asc' }],
  },
});
