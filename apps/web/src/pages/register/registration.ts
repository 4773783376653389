// A company's own registration, through the public endpoints of srmSupplierRegister: every call
// after `start` is proven by the registration id and token, kept in localStorage so the company
// can come back to /registerInfoEdit.
import { apiCall, apiPost } from '../../api';

const STORAGE_KEY = 'srm.register';
const BASE = '/api/srm/v1/srmSupplierRegisterRestful';
const anonymous = { anonymous: true };

export interface RegistrationToken {
  registerId: number;
  registerToken: string;
}

export type Registration = Record<string, unknown> & {
  registerId: number;
  registerNumber: string;
  companyName: string;
  contactEmail: string;
  emailConfirmed: 'Y' | 'N';
  status: 'DRAFT' | 'SUBMITTED' | 'APPROVED' | 'REJECTED';
  reviewComment: string | null;
  versionNum: number;
};

export function savedRegistration(): RegistrationToken | null {
  try {
    const value = JSON.parse(
      globalThis.localStorage?.getItem(STORAGE_KEY) ?? 'null',
    ) as Partial<RegistrationToken> | null;
    return value && typeof value.registerId === 'number' && typeof value.registerToken === 'string'
      ? { registerId: value.registerId, registerToken: value.registerToken }
      : null;
  } catch {
    return null;
  }
}

export function saveRegistration(token: RegistrationToken): void {
  globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(token));
}

export function forgetRegistration(): void {
  globalThis.localStorage?.removeItem(STORAGE_KEY);
}

const INVITE_BASE = '/api/srm/v1/srmSupplierRegisterInviteRestful';

export interface InviteLink {
  inviteId: number;
  inviteToken: string;
}

export interface Invitation {
  inviteNumber: string;
  companyName: string;
  creditCode: string | null;
  contactName: string;
  contactEmail: string;
  contactMobile: string | null;
  inviteMessage: string | null;
  expireDate: number | null;
  questions: { inviteQuestionId: number; question: string; requiredFlag: 'Y' | 'N' | null }[];
}

/** The invitation in the page's address (/register?invite=…&token=…), if any. */
export function inviteInAddress(search: string): InviteLink | null {
  const params = new URLSearchParams(search);
  const inviteId = Number(params.get('invite'));
  const inviteToken = params.get('token');
  return Number.isInteger(inviteId) && inviteId > 0 && inviteToken ? { inviteId, inviteToken } : null;
}

/** What the invitation's link opens: the company's data and the buyer's questions. */
export const openInvite = (link: InviteLink) =>
  apiPost<Invitation>(`${INVITE_BASE}/openInvite`, link, anonymous);

/** Starts a registration (with a captcha, or an invitation's link); the answer's token opens it later. */
export async function startRegistration(
  body: Record<string, unknown>,
): Promise<RegistrationToken & { registerNumber: string }> {
  return apiPost(`${BASE}/start`, body, anonymous);
}

export const findMine = (token: RegistrationToken) =>
  apiPost<Registration>(`${BASE}/findMine`, token, anonymous);

export const confirmEmail = (token: RegistrationToken, code: string) =>
  apiPost<Registration>(`${BASE}/confirmEmail`, { ...token, code }, anonymous);

export const resendCode = (token: RegistrationToken) => apiCall(`${BASE}/resendCode`, token, anonymous);

export const saveMine = (token: RegistrationToken, versionNum: number, changes: Record<string, unknown>) =>
  apiPost<Registration>(`${BASE}/saveMine`, { ...token, versionNum, ...changes }, anonymous);

export const submitMine = (token: RegistrationToken) =>
  apiPost<Registration>(`${BASE}/submitMine`, token, anonymous);

export const withdrawMine = (token: RegistrationToken) =>
  apiPost<Registration>(`${BASE}/withdrawMine`, token, anonymous);

/** The business register's record of the registration's own credit code (工商信息), to pre-fill from. */
export interface CompanyRecord {
  companyName: string;
  legalPerson: string | null;
  registeredCapital: number | null;
  capitalCurrency: string | null;
  establishDate: string | null;
  address: string | null;
  businessScope: string | null;
  registrationStatus: string | null;
  trading: boolean;
}

export const lookupMine = (token: RegistrationToken) =>
  apiPost<CompanyRecord>(`${BASE}/lookupMine`, token, anonymous);

/** A category the company may say it offers (enabled, in the reader's language). */
export interface OfferedCategory {
  categoryId: number;
  categoryCode: string;
  categoryName: string;
  parentCategoryId: number | null;
}

export const categoriesMine = (token: RegistrationToken) =>
  apiPost<OfferedCategory[]>(`${BASE}/categoriesMine`, token, anonymous);
