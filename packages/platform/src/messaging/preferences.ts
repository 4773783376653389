// Each user's message preferences (消息接收设置, spec msgReceive): per source, whether it comes by
// e-mail, by SMS and as a work notice in a chat tool too (in-app always does). A mandatory source (security, legal, codes) cannot
// be switched off. Users read and change only their own; the dispatcher writes an optional
// source's e-mail, SMS or work notice to someone who switched it off as SUPPRESSED (接收人已关闭).
import { eq } from 'drizzle-orm';
import type { Actor } from '../access/actor';
import type { EntityRuntime } from '../entity/runtime';
import { AppError } from '../http/errors';
import type { MessageSourceInfo } from './outbox';
import { baseMessageReceive } from './site-message.tables';

export interface MessagePreference {
  readonly sourceCode: string;
  readonly sourceName: string;
  readonly category: MessageSourceInfo['category'];
  readonly emailFlag: 'Y' | 'N';
  readonly smsFlag: 'Y' | 'N';
  readonly chatFlag: 'Y' | 'N';
}

/** The switches a user has per source. */
export type PreferenceFlag = 'emailFlag' | 'smsFlag' | 'chatFlag';

export class MessagePreferences {
  constructor(private readonly runtime: EntityRuntime) {}

  private own(actor: Actor): number {
    if (actor.userId === null) throw new AppError(401, 'auth.required');
    return actor.userId;
  }

  private async sources(): Promise<MessageSourceInfo[]> {
    return (await this.runtime.plugins.messageSources?.list()) ?? [];
  }

  /** Every enabled source with my e-mail, SMS and work-notice switches (on unless I switched them off). */
  async mine(actor: Actor): Promise<MessagePreference[]> {
    const userId = this.own(actor);
    const rows = await this.runtime
      .executor()
      .select({
        sourceCode: baseMessageReceive.sourceCode,
        emailFlag: baseMessageReceive.emailFlag,
        smsFlag: baseMessageReceive.smsFlag,
        chatFlag: baseMessageReceive.chatFlag,
      })
      .from(baseMessageReceive)
      .where(eq(baseMessageReceive.userId, userId));
    const mine = new Map(rows.map((row) => [row.sourceCode, row]));
    return (await this.sources()).map((source) => {
      const optional = source.category === 'OPTIONAL';
      const row = mine.get(source.code);
      return {
        sourceCode: source.code,
        sourceName: actor.locale === 'en' && source.nameEn ? source.nameEn : source.name,
        category: source.category,
        emailFlag: optional && row?.emailFlag === 'N' ? 'N' : 'Y',
        smsFlag: optional && row?.smsFlag === 'N' ? 'N' : 'Y',
        chatFlag: optional && row?.chatFlag === 'N' ? 'N' : 'Y',
      };
    });
  }

  /** Switches a source's e-mail, SMS or work notice (any of them) on or off for me. */
  async save(
    actor: Actor,
    sourceCode: string,
    flags: Partial<Record<PreferenceFlag, 'Y' | 'N'>>,
  ): Promise<void> {
    const userId = this.own(actor);
    const source = (await this.sources()).find((candidate) => candidate.code === sourceCode);
    if (!source) throw new AppError(404, 'message.receive.unknownSource', { source: sourceCode });
    if (source.category === 'MANDATORY' && Object.values(flags).includes('N'))
      throw new AppError(409, 'message.receive.mandatory', { source: source.name });
    const now = this.runtime.clock.now();
    const set = {
      ...(flags.emailFlag ? { emailFlag: flags.emailFlag } : {}),
      ...(flags.smsFlag ? { smsFlag: flags.smsFlag } : {}),
      ...(flags.chatFlag ? { chatFlag: flags.chatFlag } : {}),
      lastUpdateDate: now,
    };
    await this.runtime
      .executor()
      .insert(baseMessageReceive)
      .values({ userId, sourceCode, ...set })
      .onConflictDoUpdate({ target: [baseMessageReceive.userId, baseMessageReceive.sourceCode], set });
  }
}
