// Request signing of docs/api.md in the browser, with WebCrypto: appsign is the timestamp hashed
// twice with the application id; parameterSignature is an HMAC-SHA256, keyed with the session's
// sign key, of the method, the path with its query, the timestamp and the exact body text.
export const APP_ID = 'srm-web';

const encoder = new TextEncoder();

function toHex(buffer: ArrayBuffer): string {
  return [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function toBase64(buffer: ArrayBuffer): string {
  let text = '';
  for (const byte of new Uint8Array(buffer)) text += String.fromCharCode(byte);
  return btoa(text);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export async function sha256hex(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

export async function appSignOf(appId: string, timestamp: string): Promise<string> {
  return sha256hex(await sha256hex(`${appId}:${timestamp}`));
}

const hmacKeys = new Map<string, Promise<CryptoKey>>();

function hmacKey(signKey: string): Promise<CryptoKey> {
  let key = hmacKeys.get(signKey);
  if (!key) {
    hmacKeys.clear();
    key = crypto.subtle.importKey('raw', encoder.encode(signKey), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
    ]);
    hmacKeys.set(signKey, key);
  }
  return key;
}

export async function parameterSignatureOf(
  signKey: string,
  method: string,
  path: string,
  timestamp: string,
  body: string,
): Promise<string> {
  const text = `${method}\n${path}\n${timestamp}\n${body}`;
  return toBase64(await crypto.subtle.sign('HMAC', await hmacKey(signKey), encoder.encode(text)));
}

let lastTimestamp = 0;

/**
 * A fresh millisecond for every request: two identical requests in the same millisecond would
 * carry the same signature, and the server refuses the second as a replay.
 */
export function nextTimestamp(now = Date.now()): string {
  // Ahead of the clock by a few requests at most; when the clock itself went back (the PC's time
  // corrected), follow it: staying ahead would sign with a time the server refuses as stale.
  lastTimestamp = now < lastTimestamp - 1000 ? now : Math.max(now, lastTimestamp + 1);
  return String(lastTimestamp);
}

export interface SigningSession {
  readonly authorizationCode: string;
  readonly signKey: string;
}

/** The headers of a signed request (docs/api.md, "Signing every request"). */
export async function signedHeaders(
  session: SigningSession,
  method: string,
  path: string,
  body: string,
  timestamp = nextTimestamp(),
): Promise<Record<string, string>> {
  return {
    AuthorizationCode: session.authorizationCode,
    appId: APP_ID,
    timestamp,
    appsign: await appSignOf(APP_ID, timestamp),
    parameterSignature: await parameterSignatureOf(session.signKey, method, path, timestamp, body),
  };
}
