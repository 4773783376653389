// Message templates (msgTempleCfg) over real HTTP, with a real SMTP server in this process: a
// template naming a variable its source does not have, or anything but `{{name}}`, is refused at
// save with the culprit named; the preview renders the source's samples; an enabled template
// replaces the sender's e-mail text in the recipient's language, its values HTML-escaped in the
// HTML part (a `<script>` arrives as text), with a plain-text alternative; disabled, it does not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { type Mailbox, api, startMailbox, startTestServer, type TestServer } from '@srm/platform/testing';
import { serverAreas } from '../../areas.server';
import { messageDispatcherOf } from '../outbox/dispatcher';

type Row = Record<string, unknown>;
let mailbox: Mailbox;
let server: TestServer;
let sourceId = 0;
const users: Record<string, number> = {};

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({ areas: serverAreas, smtpUrl: mailbox.url });
  for (const [name, language] of [
    ['tpl_cn', 'CN'],
    ['tpl_en', 'EN'],
  ] as const) {
    const saved = await server.post<Row>(api('baseUser', 'saveOrUpdate'), {
      userName: name,
      userFullName: name,
      userType: 'INTERNAL',
      email: `${name}@example.com`,
      languageCode: language,
    });
    users[name] = Number(saved.body.data!.userId);
  }
  // A release that changes a source's variables brings the rows in step at the next start.
  await server.runtime
    .executor()
    .execute(sql`update base_message_source set variables = 'old' where source_code = 'PO_RELEASED'`);
  await messageDispatcherOf({ runtime: server.runtime }).declareSources();
  const source = await server.first<Row>('baseMessageSource', { sourceCode: 'PO_RELEASED' });
  sourceId = Number(source.sourceId);
  expect(source.variables).toBe('number, org');
}, 120_000);
afterAll(async () => {
  await server?.close();
  await mailbox?.close();
});

const save = (body: Row, language?: 'CN' | 'EN') =>
  server.post<Row>(api('baseMessageTemplate', 'saveOrUpdate'), body, language ? { language } : {});

const template = (overrides: Row = {}): Row => ({
  sourceId,
  channel: 'EMAIL',
  languageCode: 'CN',
  templateName: '订单发布通知',
  subject: '新订单 {{number}}',
  body: '<p>您好，订单 <b>{{ number }}</b> 已由 {{org}} 发布。</p>',
  ...overrides,
});

describe('message templates', () => {
  it('refuses a variable the source does not have, and anything but {{name}}, naming it', async () => {
    const unknown = await save(template({ body: '<p>{{number}} 金额 {{amount}}</p>' }));
    expect(unknown.httpStatus).toBe(400);
    expect(unknown.body.msg).toContain('{{amount}}');
    expect(unknown.body.msg).toContain('number, org');
    const english = await save(template({ subject: 'Order {{price}}' }), 'EN');
    expect(english.body.msg).toContain('{{price}} is not a variable of this message source');
    for (const body of ['{{#if number}}x{{/if}}', '{{ number.length }}', '订单 {{number']) {
      const malformed = await save(template({ body }));
      expect(malformed.httpStatus, body).toBe(400);
      expect(malformed.body.msg, body).toContain('不是变量占位符');
    }
    expect(await server.count('base_message_template')).toBe(0);
  });

  it('previews a template with the source’s sample values', async () => {
    const preview = await server.post<Row>(api('baseMessageTemplate', 'preview'), {
      sourceId,
      subject: '新订单 {{number}}',
      body: '<p>订单 <b>{{number}}</b> 来自 {{org}}</p>',
    });
    expect(preview.body).toMatchObject({
      status: 'S',
      data: {
        subject: '新订单 PO202611280001',
        html: '<p>订单 <b>PO202611280001</b> 来自 苏州工厂</p>',
        text: '订单 PO202611280001 来自 苏州工厂',
        variables: ['number', 'org'],
      },
    });
    const wrong = await server.post<Row>(api('baseMessageTemplate', 'preview'), {
      sourceId,
      subject: 'x',
      body: '{{amount}}',
    });
    expect(wrong.httpStatus).toBe(400);
  });

  it('sends the template’s text in the recipient’s language, values escaped in HTML', async () => {
    expect((await save(template())).body.status).toBe('S');
    const released = (number: string, eventId: string) =>
      server.runtime.transaction(() =>
        server.runtime.plugins.siteMessages!.notify({
          userIds: [users.tpl_cn!, users.tpl_en!],
          titleKey: 'message.po.releasedTitle',
          contentKey: 'message.po.releasedContent',
          params: { number, org: 'A&B <工厂>' },
          source: 'PO_RELEASED',
          email: true,
          eventId,
        }),
      );
    await released('<script>alert(1)</script>', 'tpl-1');
    await mailbox.waitFor('tpl_cn@example.com', /已由/);
    await mailbox.waitFor('tpl_en@example.com', /script/);
    const cn = mailbox.mails.find((mail) => mail.to.includes('tpl_cn@example.com'))!;
    const html = cn.parts.find((part) => part.type === 'text/html')!.text;
    expect(html).toContain('<b>&lt;script&gt;alert(1)&lt;/script&gt;</b>');
    expect(html).toContain('A&amp;B &lt;工厂&gt;');
    expect(html).not.toContain('<script>');
    // The plain alternative is text, where the value reads as it was written.
    expect(cn.parts.find((part) => part.type === 'text/plain')!.text).toContain(
      '订单 <script>alert(1)</script> 已由 A&B <工厂> 发布。',
    );
    // No English template: the English reader gets the sender's own text, plain.
    const en = mailbox.mails.find((mail) => mail.to.includes('tpl_en@example.com'))!;
    expect(en.parts.map((part) => part.type)).toEqual(['text/plain']);
    expect(en.text).not.toContain('已由');

    // Switched off, the template is not used.
    const saved = await server.first<Row>('baseMessageTemplate', { sourceId });
    const off = await save({
      ...template(),
      templateId: saved.templateId,
      versionNum: saved.versionNum,
      enabledFlag: 'N',
    });
    expect(off.body.msg).toBe('');
    expect(off.body.status).toBe('S');
    await released('PO-2', 'tpl-2');
    await mailbox.waitFor('tpl_cn@example.com', /PO-2/);
    const plain = mailbox.mails.filter((mail) => mail.to.includes('tpl_cn@example.com')).at(-1)!;
    expect(plain.text).not.toContain('已由');
  });
});
