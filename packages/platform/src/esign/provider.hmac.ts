// How the provider and its client prove who sent a message: an HMAC-SHA256 over the time and
// the payload under the application's secret, in three headers. Requests to the provider sign
// their method, path and body; callbacks from it sign their body. A message older (or newer) than
// five minutes is refused, so that a captured one cannot be played again later; within that
// window the event's serial number makes a replay harmless.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type CallbackRequest, headerValue } from './provider';

export const APP_ID_HEADER = 'x-esign-app-id';
export const TIMESTAMP_HEADER = 'x-esign-timestamp';
export const SIGNATURE_HEADER = 'x-esign-signature';
const TOLERANCE_MS = 5 * 60_000;

const mac = (secret: string, timestamp: string, payload: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');

/** The payload a request signs: its method, path (with query) and body. */
export const requestPayload = (method: string, path: string, body: string) => `${method} ${path}\n${body}`;

export function signedHeaders(appId: string, secret: string, payload: string, now = Date.now()) {
  const timestamp = String(now);
  return {
    [APP_ID_HEADER]: appId,
    [TIMESTAMP_HEADER]: timestamp,
    [SIGNATURE_HEADER]: mac(secret, timestamp, payload),
  };
}

/** Whether the message was signed by `appId` with `secret` over `payload`, within the window. */
export function isSigned(
  request: Pick<CallbackRequest, 'headers'>,
  appId: string,
  secret: string,
  payload: string,
  now = Date.now(),
): boolean {
  const timestamp = headerValue(request as CallbackRequest, TIMESTAMP_HEADER) ?? '';
  const signature = headerValue(request as CallbackRequest, SIGNATURE_HEADER) ?? '';
  if (headerValue(request as CallbackRequest, APP_ID_HEADER) !== appId) return false;
  if (!/^\d{1,15}$/.test(timestamp) || Math.abs(now - Number(timestamp)) > TOLERANCE_MS) return false;
  const expected = Buffer.from(mac(secret, timestamp, payload), 'hex');
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(signature) ? signature : '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
