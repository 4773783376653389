// Supplier self-registration's public endpoints: a company starts (with a captcha, or through the
// link of an invitation, which also fills in and confirms its e-mail), confirms its e-mail with a
// code, completes, submits and withdraws its registration. No one is signed in:
// each call after `start` is proven by the registration token handed out at start, which the
// handler checks before anything else; what the company then reads and writes of its own
// registration is done on the platform's authority, audited like any write.
import {
  type EntityDef,
  type FieldDef,
  type FoundRowOf,
  type RefField,
  type Locale,
  type SaveBodyOf,
  fieldsOf,
  ref,
  rows,
  number,
  text,
  textarea,
  textIn,
} from '@srm/kernel';
import { category } from '../../base-data';
import { AppError, type DataApi, defineEndpoints, endpoint, throttle } from '@srm/platform';
import { companyRecord, prefillOf } from '../business-info/business-info';
import { servicesOf } from '../portal-user';
import { supplierRegisterInvite } from '../supplier-register-invite/supplier-register-invite.entity';
import { invitationOf } from '../supplier-register-invite/supplier-register-invite.endpoints';
import { supplierRegister } from './supplier-register.entity';
import {
  supplierRegisterAccount,
  supplierRegisterBrand,
  supplierRegisterCategory,
  supplierRegisterContact,
  supplierRegisterCredential,
  supplierRegisterDevice,
  supplierRegisterLocation,
  supplierRegisterSite,
  REGISTER_LINE_FIELDS,
} from './supplier-register-lines.entity';
import { INDIRECT_FIELDS } from '../supplier-info/indirect-profile';
import { assertAvailable } from './supplier-register.rules';

const ACCESS = 'REGISTER_ACCESS';
/** More categories than a company could pick from are not offered. */
const CATEGORY_LIMIT = 5000;
const EMAIL_CODE = 'REGISTER_EMAIL';
const WEEK = 7 * 24 * 3600_000;

/** A field of a definition as an optional input: only what is sent changes. */
function optional<F extends FieldDef>(field: F): Omit<F, 'required'> & { readonly required: false } {
  return { ...field, required: false };
}

const startFields = fieldsOf(supplierRegister, [
  'companyName',
  'creditCode',
  'contactName',
  'contactEmail',
  'contactMobile',
  'contactPhone',
  'userName',
]);
const own = supplierRegister.ownFields;

/** The registration a token opens: its id and the token. */
const access = {
  registerId: ref('srmSupplierRegister', { required: true }),
  registerToken: text({ required: true, max: 100 }),
};
type Access = { registerId: number; registerToken: string };

/** The company's own registration, read and written on the platform's authority once its token is checked. */
const platform = (ctx: DataApi) => ctx.system('a company’s own registration, proven by its token');

/** The registration a token opens, or a 403. */
async function ownRegistration(ctx: DataApi, given: Access) {
  const { identity } = servicesOf(ctx);
  if (!(await identity.checkCode(ACCESS, String(given.registerId), given.registerToken, false)))
    throw new AppError(403, 'srmSupplierRegister.badToken');
  return platform(ctx).find(supplierRegister, given.registerId);
}

/** What the company may see of its registration: not the buyer's side of it. */
function forCompany(row: FoundRowOf<typeof supplierRegister>) {
  const { reviewComment, supplierId, supplierName, createdBy, lastUpdatedBy, ...visible } = row;
  void supplierId;
  void supplierName;
  void createdBy;
  void lastUpdatedBy;
  return { ...visible, reviewComment: row.status === 'REJECTED' ? reviewComment : null };
}

async function sendEmailCode(
  ctx: DataApi,
  row: { registerId: number; contactEmail: string; contactName: string; companyName: string },
  locale: Locale,
): Promise<void> {
  const { identity, messenger } = servicesOf(ctx);
  const code = await identity.issueCode(EMAIL_CODE, String(row.registerId), {
    ttlMs: 30 * 60_000,
    kind: 'digits',
    channel: 'EMAIL',
    minIntervalMs: 60_000,
  });
  await messenger.email({
    to: row.contactEmail,
    subject: ctx.runtime.t(locale, 'srmSupplierRegister.mail.confirmSubject'),
    text: ctx.runtime.t(locale, 'srmSupplierRegister.mail.confirmText', {
      name: row.contactName,
      company: row.companyName,
      code,
    }),
    purpose: 'REGISTER_CONFIRM_EMAIL',
  });
}

/**
 * The answers to an invitation's questions as registration lines, each with the question's text
 * as it was asked; a required question left empty is refused with the question named.
 */
function answersTo(
  questions: readonly { inviteQuestionId: number; question: string; requiredFlag: string | null }[],
  given: readonly { inviteQuestionId: number; answer?: string | null }[],
): { question: string; answer: string | null }[] {
  const byQuestion = new Map(given.map((line) => [line.inviteQuestionId, line.answer?.trim() || null]));
  for (const id of byQuestion.keys())
    if (!questions.some((question) => question.inviteQuestionId === id))
      throw new AppError(400, 'srmSupplierRegisterInvite.unknownQuestion');
  const missing = questions.filter(
    (question) => question.requiredFlag === 'Y' && !byQuestion.get(question.inviteQuestionId),
  );
  if (missing.length)
    throw new AppError(400, 'srmSupplierRegisterInvite.answerRequired', {
      question: missing.map((question) => question.question).join('；'),
    });
  return questions.map((question) => ({
    question: question.question,
    answer: byQuestion.get(question.inviteQuestionId) ?? null,
  }));
}

/** How often a registration may ask the business register (a paid service per query). */
const LOOKUP_INTERVAL_MS = 30_000;

/**
 * A registration asks the register at most once in LOOKUP_INTERVAL_MS, whatever the answer (a
 * code the register does not know costs a query too) and whichever node it asks; 429 with the
 * seconds to wait otherwise.
 */
async function throttleLookup(ctx: DataApi, registerId: number): Promise<void> {
  const wait = await throttle(
    ctx.runtime,
    `srmSupplierRegister.lookupMine:${registerId}`,
    LOOKUP_INTERVAL_MS,
  );
  if (wait > 0)
    throw new AppError(429, 'srmSupplierRegister.lookupTooSoon', { seconds: Math.ceil(wait / 1000) });
}

/** Fields the definition requires may be left out of saveMine, not emptied. */
const REQUIRED_START_FIELDS = [
  'companyName',
  'creditCode',
  'contactName',
  'contactEmail',
  'contactMobile',
  'userName',
] as const;

/** Lines as the save takes them: a line given without its key is a new one. */
function asSaved<L extends Record<string, unknown>, K extends keyof L & string>(
  lines: readonly L[],
  key: K,
): (Omit<L, K> & { [P in K]?: NonNullable<L[K]> })[] {
  return lines.map((line) => {
    const { [key]: id, ...values } = line;
    return id ? { ...values, [key]: id } : values;
  }) as (Omit<L, K> & { [P in K]?: NonNullable<L[K]> })[];
}

/** A line collection as saveMine takes it: the line's key when stored, and the fields given. */
function lineRows<const K extends string, const F extends Record<string, FieldDef>>(
  line: EntityDef<Record<string, FieldDef>, K>,
  fields: F,
) {
  return rows({ [line.key]: ref(line.name), ...fields } as { [P in K]: RefField } & F, { max: 100 });
}

const saveMineInput = {
  ...access,
  versionNum: number({ required: true, min: 0 }),
  // Only what is sent changes: the fields the definition requires may be left out here.
  companyName: optional(own.companyName),
  creditCode: optional(own.creditCode),
  contactName: optional(own.contactName),
  contactEmail: optional(own.contactEmail),
  contactMobile: optional(own.contactMobile),
  userName: optional(own.userName),
  ...fieldsOf(supplierRegister, [
    'contactPhone',
    'supplierType',
    'legalPerson',
    'registeredCapital',
    'capitalCurrency',
    'establishDate',
    'districtId',
    'address',
    'website',
    'businessScope',
  ]),
  ...fieldsOf(supplierRegister, INDIRECT_FIELDS),
  // The lines as a save takes them: a stored line with its key, a new one without; each field is
  // checked by its kind with the save's line-numbered messages, and the save merges them.
  contacts: lineRows(
    supplierRegisterContact,
    fieldsOf(supplierRegisterContact, ['contactName', 'contactRole', 'position', 'mobile', 'phone', 'email']),
  ),
  accounts: lineRows(
    supplierRegisterAccount,
    fieldsOf(supplierRegisterAccount, [
      'bankName',
      'bankBranch',
      'bankAccountName',
      'bankAccountNumber',
      'swiftCode',
      'primaryFlag',
    ]),
  ),
  credentials: lineRows(
    supplierRegisterCredential,
    fieldsOf(supplierRegisterCredential, REGISTER_LINE_FIELDS.credentials),
  ),
  sites: lineRows(supplierRegisterSite, fieldsOf(supplierRegisterSite, REGISTER_LINE_FIELDS.sites)),
  locations: lineRows(
    supplierRegisterLocation,
    fieldsOf(supplierRegisterLocation, REGISTER_LINE_FIELDS.locations),
  ),
  categories: lineRows(
    supplierRegisterCategory,
    fieldsOf(supplierRegisterCategory, REGISTER_LINE_FIELDS.categories),
  ),
  brands: lineRows(supplierRegisterBrand, fieldsOf(supplierRegisterBrand, REGISTER_LINE_FIELDS.brands)),
  devices: lineRows(supplierRegisterDevice, fieldsOf(supplierRegisterDevice, REGISTER_LINE_FIELDS.devices)),
};

export const supplierRegisterEndpoints = defineEndpoints(supplierRegister, {
  /** /register: a company starts a registration; answers its id and the token to continue. */
  start: endpoint({
    summary: 'A company starts its registration (with a captcha); answers the token that opens it later',
    input: {
      ...startFields,
      // A captcha, or the link of an invitation (with the answers to its questions).
      captchaId: text({ max: 40 }),
      captchaCode: text({ max: 10 }),
      inviteId: ref('srmSupplierRegisterInvite'),
      inviteToken: text({ max: 100 }),
      answers: rows(
        {
          inviteQuestionId: ref('srmSupplierRegisterInviteQuestion', { required: true }),
          answer: textarea({ max: 2000 }),
        },
        { max: 50 },
      ),
    },
    scope: supplierRegister,
    resource: 'public',
    write: true,
    async handle(ctx, input) {
      const { captchaId, captchaCode, inviteId, inviteToken, answers, ...fields } = input;
      const { identity } = servicesOf(ctx);
      const invited =
        inviteId != null && inviteToken ? await invitationOf(ctx, { inviteId, inviteToken }, true) : null;
      if (!invited && !(captchaId && captchaCode && (await identity.checkCaptcha(captchaId, captchaCode))))
        throw new AppError(400, 'auth.captchaWrong');
      await assertAvailable(ctx, fields);
      const answered = invited ? answersTo(invited.questions, answers ?? []) : [];
      let saved = await platform(ctx).save(supplierRegister, { ...fields, answers: answered });
      if (invited) {
        // The link came to the invited address: the same address needs no code.
        const sameAddress = invited.invite.contactEmail.toLowerCase() === fields.contactEmail.toLowerCase();
        await platform(ctx).patch(supplierRegister, saved.registerId, {
          inviteId: invited.invite.inviteId,
          ...(sameAddress ? { emailConfirmed: 'Y' } : {}),
        });
        await platform(ctx).act(supplierRegisterInvite, 'doRegistered', [invited.invite.inviteId]);
        await platform(ctx).patch(supplierRegisterInvite, invited.invite.inviteId, {
          registerId: saved.registerId,
        });
        saved = await platform(ctx).find(supplierRegister, saved.registerId);
      }
      const registerToken = await identity.issueCode(ACCESS, String(saved.registerId), {
        ttlMs: WEEK,
        kind: 'token',
      });
      if (saved.emailConfirmed !== 'Y') await sendEmailCode(ctx, saved, ctx.actor.locale);
      return { data: { registerId: saved.registerId, registerNumber: saved.registerNumber, registerToken } };
    },
  }),

  /** The code mailed at start (or resent) confirms the contact's e-mail address. */
  confirmEmail: endpoint({
    summary: "The company confirms its contact's e-mail address with the code mailed to it",
    input: { ...access, code: text({ required: true, max: 10 }) },
    scope: supplierRegister,
    resource: 'public',
    write: true,
    async handle(ctx, input) {
      const row = await ownRegistration(ctx, input);
      const { identity } = servicesOf(ctx);
      if (!(await identity.checkCode(EMAIL_CODE, String(row.registerId), input.code, true)))
        throw new AppError(400, 'auth.badCode');
      await platform(ctx).patch(supplierRegister, row.registerId, { emailConfirmed: 'Y' });
      return { data: forCompany(await platform(ctx).find(supplierRegister, row.registerId)) };
    },
  }),

  resendCode: endpoint({
    summary: 'Mail the e-mail confirmation code again (at most once a minute)',
    input: access,
    scope: supplierRegister,
    resource: 'public',
    write: true,
    async handle(ctx, input) {
      const row = await ownRegistration(ctx, input);
      if (row.emailConfirmed !== 'Y') await sendEmailCode(ctx, row, ctx.actor.locale);
      return { data: null };
    },
  }),

  findMine: endpoint({
    summary: 'The company reads its own registration',
    input: access,
    scope: supplierRegister,
    resource: 'public',
    async handle(ctx, input) {
      return { data: forCompany(await ownRegistration(ctx, input)) };
    },
  }),

  /**
   * 工商信息: the register's record of the registration's own credit code (never another's), for
   * the company to fill its legal data from; nothing is saved.
   */
  lookupMine: endpoint({
    summary: "The register's record of the registration's credit code, to pre-fill its legal data",
    input: access,
    scope: supplierRegister,
    resource: 'public',
    async handle(ctx, input) {
      const own = await ownRegistration(ctx, input);
      await throttleLookup(ctx, own.registerId);
      return { data: prefillOf(await companyRecord(ctx, own.creditCode)) };
    },
  }),

  /**
   * The buyer's categories a company may say it offers (enabled ones, as a tree by parent), in
   * the reader's language: the registration's picker of categories offered.
   */
  categoriesMine: endpoint({
    summary: 'The categories a registering company may offer, to pick from (enabled ones)',
    input: access,
    scope: supplierRegister,
    resource: 'public',
    async handle(ctx, input) {
      await ownRegistration(ctx, input);
      const rows = await platform(ctx).list(
        category,
        { enabledFlag: 'Y' },
        { limit: CATEGORY_LIMIT, orderBy: [{ field: 'categoryCode', order: 'asc' }] },
      );
      return {
        data: rows.map((row) => ({
          categoryId: row.categoryId,
          categoryCode: row.categoryCode,
          categoryName: textIn(ctx.actor.locale, category.fields, row, 'categoryName'),
          parentCategoryId: row.parentCategoryId,
        })),
      };
    },
  }),

  /** /registerInfoEdit: the company completes its information; a new e-mail address is confirmed again. */
  saveMine: endpoint({
    summary: 'The company completes its registration (a changed e-mail address is confirmed again)',
    input: saveMineInput,
    scope: supplierRegister,
    resource: 'public',
    write: true,
    async handle(ctx, input) {
      const row = await ownRegistration(ctx, input);
      const emptied = REQUIRED_START_FIELDS.filter((name) => input[name] === null);
      if (emptied.length)
        throw ctx.runtime
          .service(supplierRegister.name)
          .validationError(emptied.map((name) => ({ path: [name], message: 'validation.required' })));
      const {
        registerToken,
        contacts,
        accounts,
        credentials,
        sites,
        locations,
        categories,
        brands,
        devices,
        companyName,
        creditCode,
        contactName,
        contactEmail,
        contactMobile,
        userName,
        ...rest
      } = input;
      void registerToken;
      if (creditCode != null || userName != null) {
        await assertAvailable(
          ctx,
          { creditCode: creditCode ?? row.creditCode, userName: userName ?? row.userName },
          row.registerId,
        );
      }
      // Only what is sent changes; the fields the definition requires were not emptied (above).
      // A line without its key is a new one.
      const body: SaveBodyOf<typeof supplierRegister> = {
        ...rest,
        ...(companyName != null ? { companyName } : {}),
        ...(creditCode != null ? { creditCode } : {}),
        ...(contactName != null ? { contactName } : {}),
        ...(contactEmail != null ? { contactEmail } : {}),
        ...(contactMobile != null ? { contactMobile } : {}),
        ...(userName != null ? { userName } : {}),
        ...(contacts ? { contacts: asSaved(contacts, 'registerContactId') } : {}),
        ...(accounts ? { accounts: asSaved(accounts, 'registerAccountId') } : {}),
        ...(credentials ? { credentials: asSaved(credentials, 'registerCredentialId') } : {}),
        ...(sites ? { sites: asSaved(sites, 'registerSiteId') } : {}),
        ...(locations ? { locations: asSaved(locations, 'registerLocationId') } : {}),
        ...(categories ? { categories: asSaved(categories, 'registerCategoryId') } : {}),
        ...(brands ? { brands: asSaved(brands, 'registerBrandId') } : {}),
        ...(devices ? { devices: asSaved(devices, 'registerDeviceId') } : {}),
      };
      let saved = await platform(ctx).save(supplierRegister, body);
      if (contactEmail && contactEmail !== row.contactEmail) {
        // A new address must be confirmed again.
        await platform(ctx).patch(supplierRegister, row.registerId, { emailConfirmed: 'N' });
        saved = await platform(ctx).find(supplierRegister, row.registerId);
        await sendEmailCode(ctx, saved, ctx.actor.locale);
      }
      return { data: forCompany(saved) };
    },
  }),

  submitMine: endpoint({
    summary: 'The company submits its registration for approval (after confirming its e-mail)',
    input: access,
    scope: supplierRegister,
    resource: 'public',
    write: true,
    async handle(ctx, input) {
      const row = await ownRegistration(ctx, input);
      if (row.emailConfirmed !== 'Y') throw new AppError(409, 'srmSupplierRegister.emailNotConfirmed');
      await platform(ctx).act(supplierRegister, 'doSubmit', [row.registerId]);
      return { data: forCompany(await platform(ctx).find(supplierRegister, row.registerId)) };
    },
  }),

  withdrawMine: endpoint({
    summary: 'The company withdraws its submitted registration (before anyone decided)',
    input: access,
    scope: supplierRegister,
    resource: 'public',
    write: true,
    async handle(ctx, input) {
      const row = await ownRegistration(ctx, input);
      const approvals = ctx.runtime.approvals;
      if (!approvals) throw new Error('Registration needs the approval engine');
      // The process ends (withdrawn) and moves the registration back to draft; the platform
      // submitted it for the company, so the platform withdraws it.
      await approvals.withdraw(platform(ctx).actor, supplierRegister.name, row.registerId, {});
      return { data: forCompany(await platform(ctx).find(supplierRegister, row.registerId)) };
    },
  }),
});
