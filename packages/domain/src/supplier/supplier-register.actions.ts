// Supplier self-registration: public endpoints for the company (start with a captcha, confirm
// the e-mail with a code, complete, submit, withdraw — each proven by the registration token
// handed out at start), and the buyer's approval, which creates the supplier and its first
// external user with an initial password sent by e-mail.
import { type FieldDef, type Locale, json, number, text } from '@srm/kernel';
import { AppError, type HookContext, type Row, SYSTEM_ACTOR, legacyActions } from '@srm/platform';
import { supplierRegister } from './supplier-register.entity';
import { createPortalUser, mailBothLanguages } from './portal-user';

/** The registration's fields a company fills in, as the definition declares them. */
function fieldsOf(...names: string[]): Record<string, FieldDef> {
  return Object.fromEntries(
    names.map((name) => [
      name,
      supplierRegister.ownFields[name as keyof typeof supplierRegister.ownFields] as FieldDef,
    ]),
  );
}

const startFields = fieldsOf(
  'companyName',
  'creditCode',
  'contactName',
  'contactEmail',
  'contactMobile',
  'contactPhone',
  'userName',
);
/** For saveMine every field is optional: only what is sent changes (required ones stay checked on the stored row). */
const infoFields = Object.fromEntries(
  Object.entries({
    ...startFields,
    ...fieldsOf(
      'supplierType',
      'legalPerson',
      'registeredCapital',
      'capitalCurrency',
      'establishDate',
      'districtId',
      'address',
      'website',
      'businessScope',
    ),
  }).map(([name, field]) => [name, { ...field, required: false }]),
) as Record<string, FieldDef>;

const ACCESS = 'REGISTER_ACCESS';
const EMAIL_CODE = 'REGISTER_EMAIL';
const WEEK = 7 * 24 * 3600_000;

function identityOf(context: HookContext) {
  const identity = context.runtime.plugins.identity;
  const messenger = context.runtime.plugins.messenger;
  if (!identity || !messenger) throw new Error('Registration needs the identity and messaging services');
  return { identity, messenger };
}

const registrations = (context: HookContext) => context.runtime.service('srmSupplierRegister');

/** The registration a token opens, or a 403. */
async function ownRegistration(context: HookContext, body: Readonly<Row>): Promise<Row> {
  const { identity } = identityOf(context);
  const registerId = body.registerId as number;
  if (!(await identity.checkCode(ACCESS, String(registerId), body.registerToken, false))) {
    throw new AppError(403, 'srmSupplierRegister.badToken');
  }
  return registrations(context).find(SYSTEM_ACTOR, registerId);
}

/** What the company may see of its registration. */
function forCompany(row: Row): Row {
  const { reviewComment, supplierId, supplierName, createdBy, lastUpdatedBy, ...visible } = row;
  void supplierId;
  void supplierName;
  void createdBy;
  void lastUpdatedBy;
  return { ...visible, reviewComment: row.status === 'REJECTED' ? reviewComment : null };
}

/** Credit code and login name must be free: no supplier, user or open registration holds them. */
async function assertAvailable(
  context: HookContext,
  row: Readonly<Row>,
  exceptRegisterId?: number,
): Promise<void> {
  const suppliers = await context.runtime.service('srmSupplierInfo').list(SYSTEM_ACTOR, {
    pageIndex: 1,
    pageRows: 1,
    filters: [{ field: 'creditCode', op: 'eq', value: row.creditCode }],
    sort: [],
  });
  if (suppliers.rows.length) throw new AppError(409, 'srmSupplierRegister.creditCodeTaken');
  const open = await registrations(context).list(SYSTEM_ACTOR, {
    pageIndex: 1,
    pageRows: 5,
    filters: [
      { field: 'creditCode', op: 'eq', value: row.creditCode },
      { field: 'status', op: 'in', value: ['DRAFT', 'SUBMITTED'] },
    ],
    sort: [],
  });
  if (open.rows.some((other) => other.registerId !== exceptRegisterId))
    throw new AppError(409, 'srmSupplierRegister.alreadyRegistering');
  const { identity } = identityOf(context);
  if (await identity.findUser({ userName: String(row.userName) }))
    throw new AppError(409, 'srmSupplierRegister.userNameTaken');
}

async function sendEmailCode(context: HookContext, row: Row, locale: Locale): Promise<void> {
  const { identity, messenger } = identityOf(context);
  const code = await identity.issueCode(EMAIL_CODE, String(row.registerId), {
    ttlMs: 30 * 60_000,
    kind: 'digits',
    channel: 'EMAIL',
    minIntervalMs: 60_000,
  });
  await messenger.email({
    to: String(row.contactEmail),
    subject: context.runtime.t(locale, 'srmSupplierRegister.mail.confirmSubject'),
    text: context.runtime.t(locale, 'srmSupplierRegister.mail.confirmText', {
      name: String(row.contactName),
      company: String(row.companyName),
      code,
    }),
    purpose: 'REGISTER_CONFIRM_EMAIL',
  });
}

const access = {
  registerId: number({ required: true, min: 1 }),
  registerToken: text({ required: true, max: 100 }),
};

export const supplierRegisterActions = legacyActions(supplierRegister, {
  endpoints: {
    /** /register: a company starts a registration; answers its id and the token to continue. */
    start: {
      public: true,
      input: {
        ...startFields,
        captchaId: text({ required: true, max: 40 }),
        captchaCode: text({ required: true, max: 10 }),
      },
      async handle(context, body) {
        const input = body as Row;
        const { identity } = identityOf(context);
        if (!(await identity.checkCaptcha(input.captchaId, input.captchaCode)))
          throw new AppError(400, 'auth.captchaWrong');
        const { captchaId, captchaCode, ...fields } = input;
        void captchaId;
        void captchaCode;
        await assertAvailable(context, fields);
        const saved = await registrations(context).save(SYSTEM_ACTOR, fields);
        const registerToken = await identity.issueCode(ACCESS, String(saved.registerId), {
          ttlMs: WEEK,
          kind: 'token',
        });
        await sendEmailCode(context, saved, context.actor.locale);
        return {
          data: { registerId: saved.registerId, registerNumber: saved.registerNumber, registerToken },
        };
      },
    },
    confirmEmail: {
      public: true,
      input: { ...access, code: text({ required: true, max: 10 }) },
      async handle(context, body) {
        const input = body as Row;
        const row = await ownRegistration(context, input);
        const { identity } = identityOf(context);
        if (!(await identity.checkCode(EMAIL_CODE, String(row.registerId), input.code, true))) {
          throw new AppError(400, 'auth.badCode');
        }
        await registrations(context).writeSystemFields(
          SYSTEM_ACTOR,
          row.registerId as number,
          { emailConfirmed: 'Y' },
          'confirmEmail',
        );
        return {
          data: forCompany(await registrations(context).find(SYSTEM_ACTOR, row.registerId as number)),
        };
      },
    },
    resendCode: {
      public: true,
      input: access,
      async handle(context, body) {
        const row = await ownRegistration(context, body as Row);
        if (row.emailConfirmed !== 'Y') await sendEmailCode(context, row, context.actor.locale);
        return { data: null };
      },
    },
    findMine: {
      public: true,
      read: true,
      input: access,
      async handle(context, body) {
        return { data: forCompany(await ownRegistration(context, body as Row)) };
      },
    },
    saveMine: {
      public: true,
      input: {
        ...access,
        versionNum: number({ required: true, min: 0 }),
        ...infoFields,
        // The lines, checked by the engine like any save (line-numbered messages).
        contacts: json(),
        accounts: json(),
      },
      async handle(context, body) {
        const input = body as Row;
        const row = await ownRegistration(context, input);
        const { registerToken, ...changes } = input;
        void registerToken;
        for (const collection of ['contacts', 'accounts']) {
          if (changes[collection] === null || changes[collection] === undefined) delete changes[collection];
        }
        if (changes.creditCode !== undefined || changes.userName !== undefined) {
          await assertAvailable(context, { ...row, ...changes }, row.registerId as number);
        }
        let saved = await registrations(context).save(SYSTEM_ACTOR, changes);
        if (changes.contactEmail !== undefined && changes.contactEmail !== row.contactEmail) {
          // A new address must be confirmed again.
          await registrations(context).writeSystemFields(
            SYSTEM_ACTOR,
            row.registerId as number,
            { emailConfirmed: 'N' },
            'changeEmail',
          );
          saved = await registrations(context).find(SYSTEM_ACTOR, row.registerId as number);
          await sendEmailCode(context, saved, context.actor.locale);
        }
        return { data: forCompany(saved) };
      },
    },
    submitMine: {
      public: true,
      input: access,
      async handle(context, body) {
        const row = await ownRegistration(context, body as Row);
        if (row.emailConfirmed !== 'Y') throw new AppError(409, 'srmSupplierRegister.emailNotConfirmed');
        await registrations(context).act(
          SYSTEM_ACTOR,
          'doSubmit',
          [row.registerId as number],
          {},
          { fromHttp: false },
        );
        return {
          data: forCompany(await registrations(context).find(SYSTEM_ACTOR, row.registerId as number)),
        };
      },
    },
    withdrawMine: {
      public: true,
      input: access,
      async handle(context, body) {
        const row = await ownRegistration(context, body as Row);
        const approvals = context.runtime.approvals;
        if (!approvals) throw new Error('Registration needs the approval engine');
        // The process ends (withdrawn) and moves the registration back to draft.
        await approvals.withdraw(SYSTEM_ACTOR, 'srmSupplierRegister', row.registerId as number, {});
        return {
          data: forCompany(await registrations(context).find(SYSTEM_ACTOR, row.registerId as number)),
        };
      },
    },
  },
  guards: {
    doApproval: async (context, { previous }) => {
      if (previous.emailConfirmed !== 'Y') return { message: 'srmSupplierRegister.emailNotConfirmed' };
      try {
        await assertAvailable(context, previous, previous.registerId as number);
      } catch (error) {
        if (error instanceof AppError) return { message: error.messageKey };
        throw error;
      }
      return null;
    },
  },
  actions: {
    /** Creates the supplier with the registration's contacts and accounts, its first user, and tells the company. */
    doApproval: async (context, { row, input }) => {
      const stored = await registrations(context).find(SYSTEM_ACTOR, row.registerId as number);
      const contacts = ((stored.contacts as Row[] | undefined) ?? []).map((line) => ({
        contactName: line.contactName,
        contactRole: line.contactRole,
        position: line.position ?? null,
        mobile: line.mobile ?? null,
        phone: line.phone ?? null,
        email: line.email ?? null,
      }));
      const accounts = ((stored.accounts as Row[] | undefined) ?? []).map((line) => ({
        bankName: line.bankName,
        bankBranch: line.bankBranch ?? null,
        bankAccountName: line.bankAccountName,
        bankAccountNumber: line.bankAccountNumber,
        swiftCode: line.swiftCode ?? null,
        primaryFlag: line.primaryFlag ?? 'N',
      }));
      const supplier = await context.runtime.service('srmSupplierInfo').save(SYSTEM_ACTOR, {
        supplierName: row.companyName,
        creditCode: row.creditCode,
        supplierType: row.supplierType ?? 'PRODUCTION',
        legalPerson: row.legalPerson ?? null,
        registeredCapital: row.registeredCapital ?? null,
        capitalCurrency: row.capitalCurrency ?? 'CNY',
        establishDate: row.establishDate ?? null,
        districtId: row.districtId ?? null,
        address: row.address ?? null,
        website: row.website ?? null,
        businessScope: row.businessScope ?? null,
        attachmentIds: row.attachmentIds ?? null,
        contactName: row.contactName,
        contactMobile: row.contactMobile,
        contactPhone: row.contactPhone ?? null,
        contactEmail: row.contactEmail,
        contacts: contacts.length
          ? contacts
          : [
              {
                contactName: row.contactName,
                contactRole: 'BUSINESS',
                mobile: row.contactMobile,
                phone: row.contactPhone ?? null,
                email: row.contactEmail,
                primaryFlag: 'Y',
              },
            ],
        accounts,
        locations: row.address
          ? [{ locationType: 'REGISTERED', districtId: row.districtId ?? null, address: row.address }]
          : [],
      });
      await context.runtime
        .service('srmSupplierInfo')
        .writeSystemFields(
          SYSTEM_ACTOR,
          supplier.supplierId as number,
          { registerId: row.registerId },
          'fromRegistration',
        );
      const { password } = await createPortalUser(context, {
        supplierId: supplier.supplierId as number,
        userName: String(row.userName),
        fullName: String(row.contactName),
        email: String(row.contactEmail),
        mobile: (row.contactMobile as string | null) ?? null,
      });
      await registrations(context).writeSystemFields(
        SYSTEM_ACTOR,
        row.registerId as number,
        { supplierId: supplier.supplierId, reviewComment: (input.comment as string | undefined) ?? null },
        'createSupplier',
      );
      await mailBothLanguages(
        context,
        String(row.contactEmail),
        'srmSupplierRegister.mail.approvedSubject',
        'srmSupplierRegister.mail.approvedText',
        {
          name: String(row.contactName),
          company: String(row.companyName),
          userName: String(row.userName),
          password,
        },
        'REGISTER_APPROVED',
      );
    },
    doReject: async (context, { row, input }) => {
      await registrations(context).writeSystemFields(
        SYSTEM_ACTOR,
        row.registerId as number,
        { reviewComment: String(input.comment ?? '') },
        'review',
      );
      await mailBothLanguages(
        context,
        String(row.contactEmail),
        'srmSupplierRegister.mail.rejectedSubject',
        'srmSupplierRegister.mail.rejectedText',
        {
          name: String(row.contactName),
          company: String(row.companyName),
          comment: String(input.comment ?? ''),
        },
        'REGISTER_REJECTED',
      );
    },
  },
});
