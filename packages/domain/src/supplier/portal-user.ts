// A supplier's portal login (外部用户): created when a registration is approved or when a buyer
// opens the portal for a supplier created internally (toPortal). The user gets the default
// supplier responsibility and an initial password that must be changed at first sign-in; the
// password goes to the contact's e-mail through the platform mailer. Shared by the supplier
// master and the registration.
import { type Locale, responsibility, user } from '@srm/kernel';
import type { DataApi } from '@srm/platform';

/** The responsibility a supplier's first user gets. */
export const DEFAULT_SUPPLIER_RESPONSIBILITY = 'SUPPLIER_PORTAL';

export function servicesOf(ctx: DataApi) {
  const { identity, messenger } = ctx.services;
  if (!identity || !messenger) throw new Error('Supplier logins need the identity and messaging services');
  return { identity, messenger };
}

/**
 * The platform's users: a supplier's login is created (and looked up) on the platform's
 * authority, whoever approved the registration or opened the portal.
 */
const platform = (ctx: DataApi) => ctx.system('supplier portal logins are the platform’s users');

/** The first portal user of a supplier already linked to it, if any. */
export async function portalUserOf(ctx: DataApi, supplierId: number) {
  const [found] = await platform(ctx).list(user, { supplierId }, { limit: 1 });
  return found;
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
  ctx: DataApi,
  portal: PortalUser,
): Promise<{ userId: number; password: string }> {
  const { identity } = servicesOf(ctx);
  const [role] = await platform(ctx).list(
    responsibility,
    { responsibilityCode: DEFAULT_SUPPLIER_RESPONSIBILITY },
    { limit: 1 },
  );
  const saved = await platform(ctx).save(user, {
    userName: portal.userName,
    userFullName: portal.fullName,
    userType: 'EXTERNAL',
    supplierId: portal.supplierId,
    email: portal.email,
    mobile: portal.mobile ?? null,
    languageCode: 'CN',
    responsibilities: role ? [{ responsibilityId: role.responsibilityId, defaultFlag: 'Y' }] : [],
  });
  const password = identity.initialPassword();
  await identity.setPassword(saved.userId, password, true);
  return { userId: saved.userId, password };
}

/** Sends a mail in both languages (the company's language is not known yet). */
export async function mailBothLanguages(
  ctx: DataApi,
  to: string,
  subjectKey: string,
  textKey: string,
  params: Readonly<Record<string, string>>,
  purpose: string,
): Promise<void> {
  const { messenger } = servicesOf(ctx);
  const t = (locale: Locale, key: string) => ctx.runtime.t(locale, key, params);
  await messenger.email({
    to,
    subject: `${t('zh-CN', subjectKey)} / ${t('en', subjectKey)}`,
    text: `${t('zh-CN', textKey)}\n\n----------\n\n${t('en', textKey)}`,
    purpose,
  });
}
