// 发送 of a message people write: at least one recipient line; the recipients resolved once (the
// suppliers' active portal users and the colleagues named, each once) and told in-app, and by
// e-mail when asked, as one event (the same send told again tells nobody twice). 送达情况
// (`deliveries`) answers, to whoever may read the send, each recipient with their read state and
// the e-mail's.
import { and, eq, sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import { type RowOf, number, user } from '@srm/kernel';
import {
  AppError,
  type DataApi,
  baseSiteMessage,
  defineActions,
  defineEndpoints,
  endpoint,
} from '@srm/platform';
import { messageInstance } from '../instance/instance.entity';
import { messageSend, messageSendTarget } from './send.entity';

export const SEND_SOURCE = 'MESSAGE_SEND';
const eventOf = (sendId: number) => `send-${sendId}`;

/** The active users the lines name: each supplier's portal users, and the colleagues. */
async function recipientsOf(ctx: DataApi, targets: readonly RowOf<typeof messageSendTarget>[]) {
  const suppliers = targets.flatMap((line) =>
    line.targetType === 'SUPPLIER' && line.supplierId ? [line.supplierId] : [],
  );
  const users = targets.flatMap((line) => (line.targetType === 'USER' && line.userId ? [line.userId] : []));
  const u = ctx.runtime.table(user.name);
  // Raw: the portal users of suppliers are not the sender's to list (the user directory is closed).
  const rows = await queryRows<{ id: number }>(
    ctx.tx,
    sql`select user_id as id from ${u}
         where status = 'ACTIVE'
           and (supplier_id = any(${sql.param(suppliers)}::bigint[])
                or (user_id = any(${sql.param(users)}::bigint[]) and user_type = 'INTERNAL'))
         order by user_id`,
  );
  return rows.map((row) => Number(row.id));
}

export const sendActions = defineActions(messageSend, {
  guards: {
    async doSend(ctx) {
      const targets = await ctx.lines(messageSendTarget, ctx.previous.sendId);
      return targets.length ? null : [{ message: 'baseMessageSend.noTargets' }];
    },
  },
  actions: {
    async doSend(ctx) {
      const row = ctx.row;
      const userIds = await recipientsOf(ctx, await ctx.lines(messageSendTarget, row.sendId));
      if (!userIds.length) throw new AppError(409, 'baseMessageSend.nobody');
      await ctx.services.siteMessages?.notify(
        {
          userIds,
          titleKey: 'baseMessageSend.message.title',
          contentKey: 'baseMessageSend.message.content',
          params: { title: row.title, content: row.content },
          // Opened, it shows whole in 我的消息 with its files (the envelope shows its first line).
          link: { route: 'receiveMessageList' },
          source: SEND_SOURCE,
          email: row.emailFlag === 'Y',
          eventId: eventOf(row.sendId),
          attachmentIds: row.attachmentIds,
        },
        ctx.actor,
      );
      await ctx.patch(messageSend, row.sendId, { sentAt: ctx.now.getTime(), recipientCount: userIds.length });
    },
  },
});

/**
 * May the caller read the files of this sent message: were they told of it (their own message of
 * the send, found by its event)? The message carries the file ids; the files stay the send's.
 */
export async function toldOfSend(data: DataApi, sendId: number): Promise<boolean> {
  if (data.actor.userId === null) return false;
  const [told] = await data.tx
    .select({ id: baseSiteMessage.messageId })
    .from(baseSiteMessage)
    .where(
      and(
        eq(baseSiteMessage.userId, data.actor.userId),
        eq(baseSiteMessage.eventKey, `${SEND_SOURCE}|${eventOf(sendId)}`),
      ),
    )
    .limit(1);
  return told !== undefined;
}

export interface Delivery {
  readonly userId: number;
  readonly userName: string;
  readonly userFullName: string;
  readonly supplierName: string | null;
  readonly readFlag: 'Y' | 'N';
  readonly readDate: number | null;
  /** The e-mail's state (PENDING, SENT, FAILED…), none when no e-mail went to them. */
  readonly emailState: string | null;
}

export const sendEndpoints = defineEndpoints(messageSend, {
  deliveries: endpoint({
    summary: 'Who a sent message went to: each recipient, whether and when they read it, and its e-mail',
    input: { sendId: number({ required: true }) },
    scope: messageSend,
    resource: 'read',
    sides: ['internal'],
    async handle(data, input) {
      // Only a send the caller may read, found in their scope.
      const [send] = await data.list(messageSend, { sendId: input.sendId }, { limit: 1 });
      if (!send) throw new AppError(404, 'error.notFound');
      const u = data.runtime.table(user.name);
      const rows = await queryRows<Delivery & { readDate: string | null }>(
        data.tx,
        sql`select m.user_id::int as "userId", u.user_name as "userName", u.user_full_name as "userFullName",
                   s.supplier_name as "supplierName", m.read_flag as "readFlag", m.read_date as "readDate",
                   (select i.state_code from ${data.runtime.table(messageInstance.name)} i
                     where i.source_code = ${SEND_SOURCE} and i.event_id = ${eventOf(send.sendId)}
                       and i.recipient_id = m.user_id limit 1) as "emailState"
              from ${baseSiteMessage} m
              join ${u} u on u.user_id = m.user_id
              left join ${data.runtime.table('srmSupplierInfo')} s on s.supplier_id = u.supplier_id
             where m.event_key = ${`${SEND_SOURCE}|${eventOf(send.sendId)}`}
             order by s.supplier_name nulls first, u.user_name`,
      );
      return {
        data: rows.map((row) => ({
          ...row,
          readDate: row.readDate === null ? null : new Date(row.readDate).getTime(),
        })),
      };
    },
  }),
});
