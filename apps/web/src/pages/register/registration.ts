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

/** Starts a registration (with a captcha); the answer's token opens it later. */
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
