// The recipient directory's behaviour. Each user's row follows the user (a save or action of the
// user refreshes it; a node's start fills in whoever has none and catches up with changes made
// outside the engine); a changed e-mail or mobile is no longer verified. Every user verifies their
// own address: a six-digit code goes to it through the message outbox (the mandatory source
// CONTACT_VERIFY_CODE, at most one a minute, valid ten minutes, bound to that very address), and
// typing it back marks it verified. Administrators keep the chat ids; nobody writes the rest.
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import { type RowOf, lookup, text, user } from '@srm/kernel';
import {
  type ActionObserver,
  AppError,
  type DataApi,
  type EntityRuntime,
  SYSTEM_ACTOR,
  dataApi,
  defineActions,
  defineEndpoints,
  endpoint,
  renderTemplate,
} from '@srm/platform';
import { PERSONAL_CHANNELS } from '../instance/instance.entity';
import { messageUser } from './message-user.entity';

/** The message source of verification codes (mandatory: declared in sources.ts). */
export const CONTACT_VERIFY_SOURCE = 'CONTACT_VERIFY_CODE';
const CODE_MINUTES = 10;

type Channel = (typeof PERSONAL_CHANNELS)[number];
type DirectoryRow = RowOf<typeof messageUser>;

/** What the directory keeps of a user. */
interface Copied {
  userName: string;
  supplierId: number | null;
  email: string | null;
  mobile: string | null;
  languageCode: 'CN' | 'EN';
}

function copiedFrom(row: Readonly<Record<string, unknown>>): Copied {
  const textOf = (value: unknown) => (typeof value === 'string' && value ? value : null);
  return {
    userName: textOf(row.userName) ?? '',
    supplierId: typeof row.supplierId === 'number' ? row.supplierId : null,
    email: textOf(row.email),
    mobile: textOf(row.mobile),
    languageCode: row.languageCode === 'EN' ? 'EN' : 'CN',
  };
}

const sameAddress = (a: string | null, b: string | null) =>
  (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

/** The changes that bring a directory row up to its user: an address changed is unverified. */
function catchUp(row: DirectoryRow, copied: Copied): Partial<DirectoryRow> | null {
  const changes: Partial<DirectoryRow> = {};
  if (row.userName !== copied.userName) changes.userName = copied.userName;
  if (row.supplierId !== copied.supplierId) changes.supplierId = copied.supplierId;
  if (row.languageCode !== copied.languageCode) changes.languageCode = copied.languageCode;
  if (!sameAddress(row.email, copied.email)) {
    changes.email = copied.email;
    changes.emailVerifiedFlag = 'N';
    changes.emailVerifiedAt = null;
  } else if (row.email !== copied.email) changes.email = copied.email;
  if (!sameAddress(row.mobile, copied.mobile)) {
    changes.mobile = copied.mobile;
    changes.mobileVerifiedFlag = 'N';
    changes.mobileVerifiedAt = null;
  }
  return Object.keys(changes).length ? changes : null;
}

/** The user's directory row, written or brought up to date on the platform's authority. */
async function directoryRowOf(data: DataApi, userId: number): Promise<DirectoryRow> {
  const platform = data.system('the recipient directory follows the users');
  const [account] = await platform.list(user, { userId });
  if (!account) throw new AppError(404, 'entity.notFound', { id: userId });
  const copied = copiedFrom(account);
  const [row] = await platform.list(messageUser, { userId });
  if (!row) {
    const [id] = await platform.insert(messageUser, [
      { userId, ...copied, emailVerifiedFlag: 'N', mobileVerifiedFlag: 'N' },
    ]);
    return (await platform.list(messageUser, { messageUserId: id! }))[0]!;
  }
  const changes = catchUp(row, copied);
  if (!changes) return row;
  await platform.patch(messageUser, row.messageUserId, changes);
  return { ...row, ...changes };
}

/** A user saved or acted on (disabled, renamed, a new e-mail): their directory row follows. */
export const directoryFollowsUsers: ActionObserver = async (context, change) => {
  if (change.entity !== user.name) return;
  const userId = change.row.userId;
  if (typeof userId !== 'number') return;
  await directoryRowOf(dataApi({ ...context, actor: SYSTEM_ACTOR }, 'message.directory'), userId);
};

/**
 * Fills in the directory for users who have no row (written before it existed, or outside the
 * engine) and catches up with addresses changed outside it, in two statements (a node starts).
 */
export async function syncDirectory(runtime: EntityRuntime): Promise<void> {
  const table = runtime.table(messageUser.name);
  const users = runtime.table(user.name);
  const now = runtime.clock.now();
  await queryRows(
    runtime.executor(),
    sql`insert into ${table} (user_id, user_name, supplier_id, email, mobile, language_code,
          email_verified_flag, mobile_verified_flag, version_num, creation_date, last_update_date)
        select u.user_id, u.user_name, u.supplier_id, u.email, u.mobile, u.language_code, 'N', 'N', 1, ${now}, ${now}
          from ${users} u
         where not exists (select 1 from ${table} m where m.user_id = u.user_id)
        on conflict do nothing`,
  );
  await queryRows(
    runtime.executor(),
    sql`update ${table} m
           set user_name = u.user_name, supplier_id = u.supplier_id, language_code = u.language_code,
               email_verified_flag = case when lower(coalesce(m.email, '')) = lower(coalesce(u.email, ''))
                                          then m.email_verified_flag else 'N' end,
               email_verified_at = case when lower(coalesce(m.email, '')) = lower(coalesce(u.email, ''))
                                        then m.email_verified_at end,
               mobile_verified_flag = case when coalesce(m.mobile, '') = coalesce(u.mobile, '')
                                           then m.mobile_verified_flag else 'N' end,
               mobile_verified_at = case when coalesce(m.mobile, '') = coalesce(u.mobile, '')
                                         then m.mobile_verified_at end,
               email = u.email, mobile = u.mobile,
               version_num = m.version_num + 1, last_update_date = ${now}
          from ${users} u
         where u.user_id = m.user_id
           and (m.user_name is distinct from u.user_name or m.supplier_id is distinct from u.supplier_id
                or m.language_code is distinct from u.language_code or m.email is distinct from u.email
                or m.mobile is distinct from u.mobile)`,
  );
}

export const messageUserActions = defineActions(messageUser, {
  async beforeSave(ctx) {
    // What the directory keeps of the user is the user's, whatever was sent.
    const [account] = await ctx
      .system('the directory copies its user')
      .list(user, { userId: ctx.row.userId });
    if (!account) return { field: 'userId', message: 'entity.notFound', params: { id: ctx.row.userId } };
    const copied = copiedFrom(account);
    const changes = ctx.previous ? catchUp(ctx.previous, copied) : null;
    Object.assign(ctx.row, copied, changes ?? {});
    return null;
  },
});

/** My row as the personal centre shows it. */
function mineOf(row: DirectoryRow) {
  return {
    email: row.email,
    emailVerifiedFlag: row.emailVerifiedFlag,
    emailVerifiedAt: row.emailVerifiedAt,
    mobile: row.mobile,
    mobileVerifiedFlag: row.mobileVerifiedFlag,
    mobileVerifiedAt: row.mobileVerifiedAt,
    dingtalkUserId: row.dingtalkUserId,
    wecomUserId: row.wecomUserId,
    feishuOpenId: row.feishuOpenId,
  };
}

function callerOf(data: DataApi): number {
  const { userId } = data.actor;
  if (userId === null) throw new AppError(401, 'auth.required');
  return userId;
}

/** The caller, their directory row, and its address on the channel asked for. */
async function addressOf(data: DataApi, asked: string) {
  const userId = callerOf(data);
  const row = await directoryRowOf(data, userId);
  const channel: Channel = asked === 'SMS' ? 'SMS' : 'EMAIL';
  return { userId, row, channel, address: channel === 'SMS' ? row.mobile : row.email };
}

/** The code's purpose and subject: bound to the user and the very address it went to. */
const codeKey = (channel: Channel, userId: number, address: string) => ({
  purpose: `VERIFY_${channel}`,
  subject: `${userId}:${address.toLowerCase()}`.slice(0, 200),
});

const channelInput = lookup('BASE_MESSAGE_CHANNEL', { required: true, codes: PERSONAL_CHANNELS });

export const messageUserEndpoints = defineEndpoints(messageUser, {
  findMine: endpoint({
    summary: "The caller's e-mail and mobile with whether each is verified, and their chat ids",
    input: {},
    scope: messageUser,
    resource: 'signedIn',
    sides: ['internal', 'supplier'],
    write: true,
    async handle(data) {
      return { data: mineOf(await directoryRowOf(data, callerOf(data))) };
    },
  }),
  sendVerifyCode: endpoint({
    summary: "Sends a code to the caller's own e-mail or mobile (at most one a minute, valid 10 minutes)",
    input: { channel: channelInput },
    scope: messageUser,
    resource: 'signedIn',
    sides: ['internal', 'supplier'],
    write: true,
    async handle(data, input) {
      const { userId, row, channel, address } = await addressOf(data, input.channel);
      if (!address) throw new AppError(422, `baseMessageUser.no${channel === 'SMS' ? 'Mobile' : 'Email'}`);
      const { identity, messageOutbox, messageTemplates } = data.runtime.plugins;
      if (!identity || !messageOutbox) throw new Error('verification needs identity and the message outbox');
      const key = codeKey(channel, userId, address);
      const code = await identity.issueCode(key.purpose, key.subject, {
        ttlMs: CODE_MINUTES * 60_000,
        kind: 'digits',
        channel,
        minIntervalMs: 60_000,
      });
      const locale = row.languageCode === 'EN' ? 'en' : 'zh-CN';
      const params = { name: row.userName ?? '', code, minutes: String(CODE_MINUTES) };
      const template = await messageTemplates?.find(
        CONTACT_VERIFY_SOURCE,
        channel,
        row.languageCode === 'EN' ? 'EN' : 'CN',
      );
      await messageOutbox.enqueue([
        {
          channel,
          source: CONTACT_VERIFY_SOURCE,
          eventId: `verify-${key.subject}-${data.now.getTime()}`,
          userId,
          address,
          locale,
          subject: data.runtime.t(locale, 'baseMessageUser.verifySubject'),
          body: template
            ? renderTemplate(template.body, params, channel === 'EMAIL')
            : data.runtime.t(locale, 'baseMessageUser.verifyText', params),
          html: !!template && channel === 'EMAIL',
          templateCode: template?.templateCode ?? null,
          signName: template?.signName ?? null,
          params: channel === 'SMS' ? params : null,
          secret: code,
        },
      ]);
      return { data: { sentTo: address } };
    },
  }),
  verify: endpoint({
    summary: 'Checks the code the caller typed: their e-mail or mobile is then verified',
    input: { channel: channelInput, code: text({ required: true, max: 10 }) },
    scope: messageUser,
    resource: 'signedIn',
    sides: ['internal', 'supplier'],
    write: true,
    async handle(data, input) {
      const { userId, row, channel, address } = await addressOf(data, input.channel);
      const identity = data.runtime.plugins.identity;
      if (!identity) throw new Error('verification needs identity');
      const key = address ? codeKey(channel, userId, address) : null;
      if (!key || !(await identity.checkCode(key.purpose, key.subject, input.code, true)))
        throw new AppError(400, 'baseMessageUser.badCode');
      const verified =
        channel === 'SMS'
          ? { mobileVerifiedFlag: 'Y' as const, mobileVerifiedAt: data.now.getTime() }
          : { emailVerifiedFlag: 'Y' as const, emailVerifiedAt: data.now.getTime() };
      await data.system('a user verifies their own address').patch(messageUser, row.messageUserId, verified);
      return { data: mineOf({ ...row, ...verified }) };
    },
  }),
});
