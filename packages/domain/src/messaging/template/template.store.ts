// The templates as the platform asks for them when it writes a message (`messageTemplates`).
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import type { EntityRuntime, MessageTemplateText, MessageTemplates } from '@srm/platform';
import { messageSource } from '../source/source.entity';
import { messageTemplate } from './template.entity';

export class TemplateStore implements MessageTemplates {
  constructor(private readonly runtime: EntityRuntime) {}

  async find(
    source: string,
    channel: 'EMAIL' | 'SMS',
    language: 'CN' | 'EN',
  ): Promise<MessageTemplateText | null> {
    const [row] = await queryRows<MessageTemplateText>(
      this.runtime.executor(),
      sql`select t.subject, t.body, t.template_code as "templateCode", t.sign_name as "signName"
            from ${this.runtime.table(messageTemplate.name)} t
            join ${this.runtime.table(messageSource.name)} s on s.source_id = t.source_id
           where s.source_code = ${source} and t.channel = ${channel}
             and t.language_code = ${language} and t.enabled_flag = 'Y'
           limit 1`,
    );
    return row ?? null;
  }
}
