// When a credential is valid: on every day up to and including its expiry date (the last valid
// day, in the platform's time zone), and on any day when it is long-term valid. So a certificate
// expiring on D is valid on D and invalid from D+1, whatever the hour or the reader's zone.
import { formatDate } from '@srm/kernel';

export interface CredentialDates {
  readonly expiryDate?: string | null;
  readonly longTermFlag?: string | null;
}

/** The day (YYYY-MM-DD) an instant falls on in a time zone. */
export function dayIn(instant: Date, timeZone: string): string {
  return formatDate(instant.getTime(), timeZone);
}

const DAY_MS = 86_400_000;

/** The day (YYYY-MM-DD) `days` after `day` (before it when negative). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whether the credential is valid on `day` (YYYY-MM-DD). */
export function credentialValidOn(credential: CredentialDates, day: string): boolean {
  if (credential.longTermFlag === 'Y') return true;
  return !!credential.expiryDate && day <= credential.expiryDate;
}

/**
 * Days from `day` to the expiry date: 0 on the last valid day, negative once expired, null when
 * long-term valid or without a date.
 */
export function daysToExpiry(credential: CredentialDates, day: string): number | null {
  if (credential.longTermFlag === 'Y' || !credential.expiryDate) return null;
  const ms = Date.parse(`${credential.expiryDate}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`);
  return Math.round(ms / DAY_MS);
}
