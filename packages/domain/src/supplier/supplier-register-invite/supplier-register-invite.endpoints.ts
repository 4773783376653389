// The invitation's link, opened by a company that is not signed in: `openInvite` answers what the
// registration page fills in (company, contact) and the buyer's questions. The link works while
// the invitation is SENT and its token valid (SUPPLIER_INVITE_EXPIRE marks expired ones for the
// buyer). Every failure reads the same to the company — the link is not valid, used or expired —
// whether the invitation never existed, was cancelled, used or expired, so a made-up link says
// nothing about other invitations.
import { ref, text } from '@srm/kernel';
import { AppError, type DataApi, defineEndpoints, endpoint } from '@srm/platform';
import { servicesOf } from '../portal-user';
import { INVITE_TOKEN } from './supplier-register-invite.actions';
import { supplierRegisterInvite, supplierRegisterInviteQuestion } from './supplier-register-invite.entity';

const platform = (ctx: DataApi) => ctx.system('a company opens its invitation, proven by its token');

export const inviteAccess = {
  inviteId: ref('srmSupplierRegisterInvite', { required: true }),
  inviteToken: text({ required: true, max: 100 }),
};

/** The invitation a link opens, with its questions, or a 403 (`consume` uses the token up: the company registers). */
export async function invitationOf(
  ctx: DataApi,
  given: { inviteId: number; inviteToken: string },
  consume: boolean,
) {
  const { identity } = servicesOf(ctx);
  const [invite] = await platform(ctx).list(
    supplierRegisterInvite,
    { inviteId: given.inviteId },
    { limit: 1 },
  );
  const valid =
    invite?.status === 'SENT' &&
    (await identity.checkCode(INVITE_TOKEN, String(given.inviteId), given.inviteToken, consume));
  if (!invite || !valid) throw new AppError(403, 'srmSupplierRegisterInvite.linkInvalid');
  const questions = await platform(ctx).lines(supplierRegisterInviteQuestion, invite.inviteId);
  return { invite, questions };
}

export const supplierRegisterInviteEndpoints = defineEndpoints(supplierRegisterInvite, {
  /** /register?invite=…&token=…: what the registration page fills in, and the questions to answer. */
  openInvite: endpoint({
    summary: 'A company opens the link of its invitation: its name, contact and the questions to answer',
    input: inviteAccess,
    scope: supplierRegisterInvite,
    resource: 'public',
    async handle(ctx, input) {
      const { invite, questions } = await invitationOf(ctx, input, false);
      return {
        data: {
          inviteNumber: invite.inviteNumber,
          companyName: invite.companyName,
          creditCode: invite.creditCode,
          contactName: invite.contactName,
          contactEmail: invite.contactEmail,
          contactMobile: invite.contactMobile,
          inviteMessage: invite.inviteMessage,
          expireDate: invite.expireDate,
          questions: questions.map((line) => ({
            inviteQuestionId: line.inviteQuestionId,
            question: line.question,
            requiredFlag: line.requiredFlag,
          })),
        },
      };
    },
  }),
});
