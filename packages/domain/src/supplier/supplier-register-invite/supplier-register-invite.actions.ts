// Register invitations on the server. Sending (and sending again) first makes sure the company is
// not already a supplier, registering, or invited by another invitation in force; then issues the
// link's token (one per invitation: a new one voids the old, see identity.issueCode), stamps the
// dates and mails the link. The link opens the invitation only while it is SENT and the token is
// valid; a company registering through it turns it REGISTERED (supplier-register.endpoints.ts).
import type { Locale, RowOf, RuleIssue } from '@srm/kernel';
import { type DataApi, type Executable, defineActions } from '@srm/platform';
import { servicesOf } from '../portal-user';
import { supplierInfo } from '../supplier-info/supplier-info.entity';
import { supplierRegister } from '../supplier-register/supplier-register.entity';
import { supplierRegisterInvite } from './supplier-register-invite.entity';

/** The purpose under which the link's token is kept (identity's one-time codes). */
export const INVITE_TOKEN = 'REGISTER_INVITE';
const DAY = 24 * 3600_000;

const platform = (ctx: DataApi) =>
  ctx.system('an invitation looks across suppliers, registrations and invitations');

/** What sending reads of an invitation: its row as the definition types it. */
type Invitation = Pick<
  RowOf<typeof supplierRegisterInvite>,
  | 'inviteId'
  | 'inviteNumber'
  | 'companyName'
  | 'creditCode'
  | 'contactName'
  | 'contactEmail'
  | 'validDays'
  | 'inviteMessage'
  | 'sendCount'
>;

/** Why this invitation may not be sent: the company is a supplier, registering, or invited already. */
export async function invitationConflict(ctx: DataApi, invite: Invitation): Promise<RuleIssue | null> {
  const code = invite.creditCode?.trim() || null;
  if (code) {
    const [supplier] = await platform(ctx).list(supplierInfo, { creditCode: code }, { limit: 1 });
    if (supplier)
      return {
        field: 'creditCode',
        message: 'srmSupplierRegisterInvite.supplierExists',
        params: { name: supplier.supplierName },
      };
    const [registering] = await platform(ctx).list(
      supplierRegister,
      { creditCode: code, status: ['DRAFT', 'SUBMITTED', 'REJECTED'] },
      { limit: 1 },
    );
    if (registering)
      return {
        field: 'creditCode',
        message: 'srmSupplierRegisterInvite.registering',
        params: { number: registering.registerNumber ?? '' },
      };
  }
  const inForce = [
    ...(await platform(ctx).list(
      supplierRegisterInvite,
      { contactEmail: invite.contactEmail, status: 'SENT' },
      { limit: 5 },
    )),
    ...(code
      ? await platform(ctx).list(supplierRegisterInvite, { creditCode: code, status: 'SENT' }, { limit: 5 })
      : []),
  ].find((other) => other.inviteId !== invite.inviteId);
  if (inForce)
    return {
      field: inForce.contactEmail === invite.contactEmail ? 'contactEmail' : 'creditCode',
      message: 'srmSupplierRegisterInvite.invitedAlready',
      params: { number: inForce.inviteNumber ?? '' },
    };
  return null;
}

/** The link of an invitation: the registration page with the invitation and its token. */
export function inviteLink(ctx: DataApi, inviteId: number, token: string): string {
  return `${ctx.runtime.publicUrl}/register?invite=${inviteId}&token=${encodeURIComponent(token)}`;
}

/** Issues a new token (voiding the old), stamps the dates and mails the link in the buyer's language. */
async function send(ctx: DataApi, invite: Invitation, locale: Locale): Promise<void> {
  const { identity, messenger } = servicesOf(ctx);
  const ttlMs = invite.validDays * DAY;
  const token = await identity.issueCode(INVITE_TOKEN, String(invite.inviteId), { ttlMs, kind: 'token' });
  const expireDate = ctx.now.getTime() + ttlMs;
  await ctx.patch(supplierRegisterInvite, invite.inviteId, {
    sentDate: ctx.now.getTime(),
    expireDate,
    sendCount: (invite.sendCount ?? 0) + 1,
  });
  const t = (key: string, params?: Record<string, string>) => ctx.runtime.t(locale, key, params);
  await messenger.email({
    to: invite.contactEmail,
    subject: t('srmSupplierRegisterInvite.mail.subject', { company: invite.companyName }),
    text: t('srmSupplierRegisterInvite.mail.text', {
      name: invite.contactName,
      company: invite.companyName,
      message: invite.inviteMessage ?? '',
      link: inviteLink(ctx, invite.inviteId, token),
      days: String(invite.validDays),
      number: invite.inviteNumber ?? '',
    }),
    purpose: 'REGISTER_INVITE',
  });
  await ctx.record(supplierRegisterInvite, invite.inviteId, invite.contactEmail);
}

export const supplierRegisterInviteActions = defineActions(supplierRegisterInvite, {
  guards: {
    doSend: (ctx) => invitationConflict(ctx, ctx.row),
    doResend: (ctx) => invitationConflict(ctx, ctx.row),
  },
  actions: {
    doSend: (ctx) => send(ctx, ctx.row, ctx.actor.locale),
    doResend: (ctx) => send(ctx, ctx.row, ctx.actor.locale),
    async doCancel(ctx) {
      await ctx.patch(supplierRegisterInvite, ctx.row.inviteId, {
        cancelReason: (ctx.input.comment ?? '').slice(0, 1000),
      });
    },
  },
});

/**
 * SUPPLIER_INVITE_EXPIRE (a concurrent program, daily): invitations whose link has expired are
 * marked EXPIRED (a buyer may send them again).
 */
export const expireInvitations: Executable = async (context) => {
  const expired = await context.work(async (data) => {
    const now = data.now.getTime();
    const due = (
      await data
        .system('the expiry program reads every invitation sent')
        .list(supplierRegisterInvite, { status: 'SENT' })
    ).filter((invite) => invite.expireDate !== null && invite.expireDate <= now);
    if (due.length)
      await data.act(
        supplierRegisterInvite,
        'doExpire',
        due.map((invite) => invite.inviteId),
      );
    return due.length;
  });
  context.log(`${expired} invitations expired`);
  return `${expired} expired`;
};
