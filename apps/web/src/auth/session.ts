// The signed-in session, kept in localStorage so a reload keeps it: the authorization code, the
// key that signs every request and the user. Listeners hear every change (another browser tab
// signing out included), and why a session ended.
import { useSyncExternalStore } from 'react';

export const SESSION_KEY = 'srm.session';

export interface SessionUser {
  readonly userId: number;
  readonly userName: string;
  readonly userFullName: string;
  readonly userType: 'INTERNAL' | 'EXTERNAL';
  readonly languageCode: string;
}

export interface StoredSession {
  readonly authorizationCode: string;
  readonly signKey: string;
  readonly gatewayTag: string;
  readonly expiresAt: number;
  readonly heartbeatMs: number;
  readonly mustChangePassword: boolean;
  readonly responsibilityId: number | null;
  readonly user: SessionUser;
}

/** The session of a sign-in answer (`/auth/login`'s data). */
export function sessionOf(data: Record<string, unknown>): StoredSession {
  return {
    authorizationCode: String(data.authorizationCode),
    signKey: String(data.signKey),
    gatewayTag: String(data.gatewayTag ?? 'default'),
    expiresAt: Number(data.expiresAt ?? 0),
    heartbeatMs: Number(data.heartbeatMs ?? 0),
    mustChangePassword: data.mustChangePassword === true,
    responsibilityId: typeof data.responsibilityId === 'number' ? data.responsibilityId : null,
    user: {
      userId: Number(data.userId),
      userName: String(data.userName ?? ''),
      userFullName: String(data.userFullName ?? data.userName ?? ''),
      userType: data.userType === 'EXTERNAL' ? 'EXTERNAL' : 'INTERNAL',
      languageCode: String(data.languageCode ?? 'CN'),
    },
  };
}

function parse(text: string | null | undefined): StoredSession | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<StoredSession>;
    if (typeof value.authorizationCode !== 'string' || typeof value.signKey !== 'string' || !value.user)
      return null;
    return value as StoredSession;
  } catch {
    return null;
  }
}

const storage = () => globalThis.localStorage as Storage | undefined;
let cached: { text: string | null; session: StoredSession | null } = { text: null, session: null };
/** The server's message when it ended the last session. */
let endedMessage: string | null = null;

/** The stored session, or null when signed out. */
export function currentSession(): StoredSession | null {
  const text = storage()?.getItem(SESSION_KEY) ?? null;
  if (text !== cached.text) cached = { text, session: parse(text) };
  return cached.session;
}

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

globalThis.addEventListener?.('storage', (event: StorageEvent) => {
  if (event.key === SESSION_KEY || event.key === null) notify();
});

export function saveSession(session: StoredSession): void {
  endedMessage = null;
  storage()?.setItem(SESSION_KEY, JSON.stringify(session));
  notify();
}

export function updateSession(change: Partial<StoredSession>): void {
  const session = currentSession();
  if (session) saveSession({ ...session, ...change });
}

export function clearSession(): void {
  endedMessage = null;
  storage()?.removeItem(SESSION_KEY);
  notify();
}

/** Why the last session ended, when the server ended it (null after signing out or in). */
export function lastEndedMessage(): string | null {
  return endedMessage;
}

type EndedListener = (message: string) => void;
const endedListeners = new Set<EndedListener>();

/** Hears a session the server ended (a 401): the app clears its caches and shows the login page. */
export function onSessionEnded(listener: EndedListener): () => void {
  endedListeners.add(listener);
  return () => endedListeners.delete(listener);
}

let renewing: string | null = null;

/**
 * Runs work that ends the session on purpose and signs in again (a password change): refusals of
 * the old session meanwhile do not send the user to the login page.
 */
export async function renewingSession<T>(work: () => Promise<T>): Promise<T> {
  renewing = currentSession()?.authorizationCode ?? null;
  try {
    return await work();
  } finally {
    renewing = null;
  }
}

/** Ends the session that signed a refused request (once, however many requests were refused). */
export function endSession(authorizationCode: string, message: string): void {
  if (authorizationCode === renewing) return;
  if (currentSession()?.authorizationCode !== authorizationCode) return;
  storage()?.removeItem(SESSION_KEY);
  endedMessage = message;
  notify();
  endedListeners.forEach((listener) => listener(message));
}

export function useStoredSession(): StoredSession | null {
  return useSyncExternalStore(subscribeSession, currentSession, () => null);
}
