// The sign-in calls of /api/base/v1/auth (routes.ts on the server), over the one client: the
// password always travels RSA-OAEP (SHA-256) encrypted with the server's public key.
import { apiCall, apiPost } from '../api';
import {
  type StoredSession,
  clearSession,
  currentSession,
  endSession,
  renewingSession,
  saveSession,
  sessionOf,
} from './session';
import { fromBase64, toBase64 } from './signing';

export const AUTH = '/api/base/v1/auth';

/** RSA-OAEP (SHA-256) with the server's public key, as base64 (docs/api.md, "Signing in"). */
export async function encryptPassword(plain: string): Promise<string> {
  const { publicKey } = await apiPost<{ publicKey: string }>(`${AUTH}/publicKey`, {}, { anonymous: true });
  const key = await crypto.subtle.importKey(
    'spki',
    fromBase64(publicKey),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  return toBase64(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(plain)));
}

export interface Captcha {
  captchaId: string;
  /** PNG data URL. */
  image: string;
}

export const newCaptcha = () => apiPost<Captcha>(`${AUTH}/generateRandomValidate`, {}, { anonymous: true });

export async function captchaRequired(userName: string): Promise<boolean> {
  if (!userName.trim()) return false;
  const answer = await apiPost<{ required: boolean }>(
    `${AUTH}/captchaRequired`,
    { userName: userName.trim() },
    { anonymous: true },
  );
  return answer.required;
}

/** Signs in and stores the session; answers it with the server's welcome. */
export async function signIn(
  userName: string,
  password: string,
  captcha?: { captchaId: string; captchaCode: string },
): Promise<{ session: StoredSession; message: string }> {
  const answer = await apiCall<Record<string, unknown>>(
    `${AUTH}/login`,
    { userName: userName.trim(), password: await encryptPassword(password), ...captcha },
    { anonymous: true },
  );
  const session = sessionOf(answer.data);
  saveSession(session);
  return { session, message: answer.msg };
}

/** Ends the session on the server (best effort) and here. */
export async function signOut(): Promise<void> {
  const session = currentSession();
  if (!session) return;
  try {
    await apiCall(`${AUTH}/logout`, {});
  } catch {
    // Gone already: nothing to end on the server.
  }
  clearSession();
}

/**
 * Changes the password. The server ends every session of the user, so the user is signed in
 * again with the new password and keeps working.
 */
export async function changePassword(oldPassword: string, newPassword: string): Promise<string> {
  const session = currentSession();
  if (!session) throw new Error('Not signed in');
  const body = {
    oldPassword: await encryptPassword(oldPassword),
    newPassword: await encryptPassword(newPassword),
  };
  const outcome: { changed: string | null } = { changed: null };
  try {
    return await renewingSession(async () => {
      const changed = (await apiCall(`${AUTH}/changePassword`, body)).msg;
      outcome.changed = changed;
      await signIn(session.user.userName, newPassword);
      return changed;
    });
  } catch (error) {
    // Changed, but signing in again failed: the old session is gone, back to the login page.
    if (outcome.changed !== null) endSession(session.authorizationCode, outcome.changed);
    throw error;
  }
}
