// Signing in for browser tests while the web app has no sign-in page yet: the test signs in
// through the API (docs/api.md) and signs every request the page sends, as the web client will.
import type { Page } from '@playwright/test';

export const DEMO_ADMIN = { userName: 'admin', password: 'Srm@2026' };
const APP_ID = 'srm-web';
const encoder = new TextEncoder();

export interface Session {
  authorizationCode: string;
  signKey: string;
}

const hex = (buffer: ArrayBuffer) => Buffer.from(buffer).toString('hex');
const sha256hex = async (text: string) => hex(await crypto.subtle.digest('SHA-256', encoder.encode(text)));

async function post<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const text = JSON.stringify(body);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: text,
  });
  const envelope = (await response.json()) as { status: string; msg: string; data: T };
  if (envelope.status !== 'S') throw new Error(`${url}: ${envelope.msg}`);
  return envelope.data;
}

export async function signIn(baseURL: string, user = DEMO_ADMIN): Promise<Session> {
  const { publicKey } = await post<{ publicKey: string }>(`${baseURL}/api/base/v1/auth/publicKey`, {});
  const key = await crypto.subtle.importKey(
    'spki',
    Buffer.from(publicKey, 'base64'),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const password = Buffer.from(
    await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, encoder.encode(user.password)),
  ).toString('base64');
  return post<Session>(`${baseURL}/api/base/v1/auth/login`, { userName: user.userName, password });
}

let lastTimestamp = 0;

/** The signing headers of a request (a fresh millisecond each, so no two look like a replay). */
export async function signedHeaders(
  session: Session,
  path: string,
  body: string,
): Promise<Record<string, string>> {
  lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
  const timestamp = String(lastTimestamp);
  const hmac = await crypto.subtle.importKey(
    'raw',
    encoder.encode(session.signKey),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const signature = await crypto.subtle.sign(
    'HMAC',
    hmac,
    encoder.encode(`POST\n${path}\n${timestamp}\n${body}`),
  );
  return {
    AuthorizationCode: session.authorizationCode,
    appId: APP_ID,
    timestamp,
    appsign: await sha256hex(await sha256hex(`${APP_ID}:${timestamp}`)),
    parameterSignature: Buffer.from(signature).toString('base64'),
  };
}

/** Signs every API request of the page with the session. */
export async function signPageRequests(page: Page, session: Session): Promise<void> {
  await page.route('**/api/**', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const headers = await signedHeaders(session, `${url.pathname}${url.search}`, request.postData() ?? '');
    await route.continue({ headers: { ...request.headers(), ...headers } });
  });
}

/** A signed API call from the test itself. */
export async function signedPost<T>(
  baseURL: string,
  session: Session,
  path: string,
  body: unknown,
): Promise<T> {
  return post<T>(`${baseURL}${path}`, body, await signedHeaders(session, path, JSON.stringify(body)));
}
