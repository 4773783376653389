// A template names only its source's variables, in `{{name}}` placeholders and nothing else; it
// is refused at save otherwise, naming the culprit and what may be used. `preview` renders a
// template being written with the source's sample values, as the recipient would get it.
import {
  AppError,
  checkTemplate,
  defineActions,
  defineEndpoints,
  endpoint,
  htmlToText,
  renderTemplate,
} from '@srm/platform';
import { type RuleIssue, lookup, ref, text, textarea } from '@srm/kernel';
import { sourceCodeOf } from '../source/source-code';
import { declaredSource } from '../source/sources';
import { SMS_BODY_MAX, TEMPLATE_CHANNELS, messageTemplate } from './template.entity';

/** What is wrong with a subject and body for this source's variables (nothing: []). */
function templateIssues(sourceCode: string, texts: { subject: string; body: string }): RuleIssue[] {
  const allowed = (declaredSource(sourceCode)?.variables ?? []).map((variable) => variable.name);
  const issues: RuleIssue[] = [];
  for (const field of ['subject', 'body'] as const) {
    const check = checkTemplate(texts[field]);
    if (check.malformed.length)
      issues.push({ field, message: 'message.template.malformed', params: { text: check.malformed[0]! } });
    const unknown = check.variables.find((name) => !allowed.includes(name));
    if (unknown)
      issues.push({
        field,
        message: 'message.template.unknownVariable',
        params: { name: unknown, allowed: allowed.length ? allowed.join(', ') : '-' },
      });
  }
  return issues;
}

export const templateActions = defineActions(messageTemplate, {
  async beforeSave(ctx) {
    const { row } = ctx;
    const issues = templateIssues(await sourceCodeOf(ctx, row.sourceId), {
      subject: row.subject,
      body: row.body,
    });
    if (row.channel === 'SMS' && row.body.length > SMS_BODY_MAX)
      issues.push({ field: 'body', message: 'message.template.smsTooLong', params: { max: SMS_BODY_MAX } });
    return issues.length ? issues : null;
  },
});

export const templateEndpoints = defineEndpoints(messageTemplate, {
  preview: endpoint({
    summary: "A template rendered with its source's sample values (subject, HTML body, plain-text body)",
    input: {
      sourceId: ref('baseMessageSource', { required: true }),
      subject: text({ required: true, max: 240 }),
      body: textarea({ required: true, max: 20_000 }),
      channel: lookup('BASE_MESSAGE_CHANNEL', { codes: TEMPLATE_CHANNELS }),
    },
    scope: messageTemplate,
    resource: 'read',
    sides: ['internal'],
    async handle(data, input) {
      const code = await sourceCodeOf(data, input.sourceId);
      const [issue] = templateIssues(code, input);
      if (issue) throw new AppError(400, issue.message, issue.params);
      const samples = Object.fromEntries(
        (declaredSource(code)?.variables ?? []).map((variable) => [variable.name, variable.sample]),
      );
      // An SMS is plain text: no HTML to show, its values as they are.
      const sms = input.channel === 'SMS';
      const html: string | null = sms ? null : renderTemplate(input.body, samples, true);
      return {
        data: {
          subject: renderTemplate(input.subject, samples, false),
          html,
          text: html === null ? renderTemplate(input.body, samples, false) : htmlToText(html),
          variables: Object.keys(samples),
        },
      };
    },
  }),
});
