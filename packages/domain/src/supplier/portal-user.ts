// A supplier's portal login (外部用户): created when a registration is approved or when a buyer
// opens the portal for a supplier created internally (toPortal). The user gets the default
// supplier responsibility and an initial password that must be changed at first sign-in; the
// password goes to the contact's e-mail through the platform mailer.
import type { Locale } from '@srm/kernel';
import { type HookContext, type Row, SYSTEM_ACTOR } from '@srm/platform';

/** The responsibility a supplier's first user gets. */
export const DEFAULT_SUPPLIER_RESPONSIBILITY = 'SUPPLIER_PORTAL';

export function servicesOf(context: HookContext) {
  const identity = context.runtime.plugins.identity;
  const messenger = context.runtime.plugins.messenger;
  if (!identity || !messenger) throw new Error('Supplier logins need the identity and messaging services');
  return { identity, messenger };
}

async function defaultSupplierResponsibility(context: HookContext): Promise<number | null> {
  const { rows } = await context.runtime.service('baseResponsibility').list(SYSTEM_ACTOR, {
    pageIndex: 1,
    pageRows: 1,
    filters: [{ field: 'responsibilityCode', op: 'eq', value: DEFAULT_SUPPLIER_RESPONSIBILITY }],
    sort: [],
  });
  return (rows[0]?.responsibilityId as number | undefined) ?? null;
}

/** The first portal user of a supplier already linked to it, if any. */
export async function portalUserOf(context: HookContext, supplierId: number): Promise<Row | null> {
  const { rows } = await context.runtime.service('baseUser').list(SYSTEM_ACTOR, {
    pageIndex: 1,
    pageRows: 1,
    filters: [{ field: 'supplierId', op: 'eq', value: supplierId }],
    sort: [],
  });
  return rows[0] ?? null;
}

export interface PortalUser {
  supplierId: number;
  userName: string;
  fullName: string;
  email: string;
  mobile?: string | null;
}

/** Creates the external user with an initial password; answers the user and the password. */
export async function createPortalUser(
  context: HookContext,
  user: PortalUser,
): Promise<{ userId: number; password: string }> {
  const { identity } = servicesOf(context);
  const responsibilityId = await defaultSupplierResponsibility(context);
  const saved = await context.runtime.service('baseUser').save(SYSTEM_ACTOR, {
    userName: user.userName,
    userFullName: user.fullName,
    userType: 'EXTERNAL',
    supplierId: user.supplierId,
    email: user.email,
    mobile: user.mobile ?? null,
    languageCode: 'CN',
    responsibilities: responsibilityId ? [{ responsibilityId, defaultFlag: 'Y' }] : [],
  });
  const password = identity.initialPassword();
  await identity.setPassword(saved.userId as number, password, true);
  return { userId: saved.userId as number, password };
}

/** Sends a mail in both languages (the company's language is not known yet). */
export async function mailBothLanguages(
  context: HookContext,
  to: string,
  subjectKey: string,
  textKey: string,
  params: Readonly<Record<string, string>>,
  purpose: string,
): Promise<void> {
  const { messenger } = servicesOf(context);
  const t = (locale: Locale, key: string) => context.runtime.t(locale, key, params);
  await messenger.email({
    to,
    subject: `${t('zh-CN', subjectKey)} / ${t('en', subjectKey)}`,
    text: `${t('zh-CN', textKey)}\n\n----------\n\n${t('en', textKey)}`,
    purpose,
  });
}
