// The form validators of the spec (shell-and-toolkit §5) with its exact messages, as message
// keys (Chinese is the spec's text; English is ours). Isomorphic: forms and the server use them.
import type { MessageParams } from '../i18n/messages';

export interface ValidationIssue {
  /** Message key in the kernel locales. */
  readonly message: string;
  readonly params?: MessageParams;
}

export type Check = (value: unknown) => ValidationIssue | null;

/**
 * A value as text when it is a string, number or boolean, null for anything else. A value from a
 * request is never turned into text by its own `toString` or `valueOf`: `{"toString": 1}` is a
 * bad value, not a crash.
 */
export function textOf(value: unknown): string | null {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    default:
      return null;
  }
}

/** A value as a message shows it: its text or its JSON, without NUL characters, cut short. */
export function shownValue(value: unknown, max = 60): string {
  let text = textOf(value);
  if (text === null) {
    try {
      text = JSON.stringify(value) ?? typeof value;
    } catch {
      text = typeof value;
    }
  }
  return text.split('\u0000').join('').slice(0, max);
}

const isEmpty = (value: unknown) => value === undefined || value === null || textOf(value)?.trim() === '';

export const PATTERNS = {
  integer: /^[+-]?\d+$/,
  quantity: /^[+-]?\d+(\.\d+)?$/,
  score: /^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/,
  email: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/,
  mobile: /^1[3-9]\d{9}$/,
  landline: /^(\d{3,4}-)?\d{7,8}(-\d{3,4})?$/,
  contactMobile: /^1[3-8]\d{9}$/,
  /** Numbers of the spec: positive, positive or zero, positive integer. */
  positive: /^(0\.\d*[1-9]\d*|[1-9]\d*(\.\d+)?)$/,
  positiveOrZero: /^(0|[1-9]\d*)(\.\d+)?$/,
  positiveInteger: /^[1-9]\d*$/,
  /** Unified social credit code: 18 characters of digits and capitals without I, O, S, V, Z. */
  creditCode: /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/,
  /** Bank account: 8-30 digits (mainland accounts), or an IBAN (country, check digits, 10-30 letters or digits). */
  bankAccount: /^(\d{8,30}|[A-Z]{2}\d{2}[A-Z0-9]{10,30})$/,
  /** SWIFT/BIC: bank (4 letters), country (2 letters), location (2), optional branch (3). */
  swift: /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/,
  /** Codes: letters, digits, dash, underscore and dot. */
  code: /^[A-Za-z0-9][A-Za-z0-9_.-]*$/,
} as const;

function pattern(regex: RegExp, message: string, required: boolean): Check {
  return (value) => {
    if (isEmpty(value)) return required ? { message: 'validation.required' } : null;
    const text = textOf(value);
    return text !== null && regex.test(text.trim()) ? null : { message };
  };
}

/** Integer: optional unless required; an optional sign then digits. */
export const checkInteger = (required = false) => pattern(PATTERNS.integer, 'validation.integer', required);
/** Quantity: optional sign, digits with optional decimals. */
export const checkQuantity = (required = false) =>
  pattern(PATTERNS.quantity, 'validation.quantity', required);
/** Score: 0 to 100 with at most two decimals. */
export const checkScore = (required = false) => pattern(PATTERNS.score, 'validation.score', required);
export const checkEmail = (required = false) => pattern(PATTERNS.email, 'validation.email', required);
/** Mobile: 11 digits, 1 then 3-9. */
export const checkMobile = (required = false) => pattern(PATTERNS.mobile, 'validation.mobile', required);
/** Landline: optional area code of 3-4 digits and a dash, 7-8 digits, optional extension. */
export const checkLandline = (required = false) =>
  pattern(PATTERNS.landline, 'validation.landline', required);

/** The 31 characters of a unified social credit code in the order of their values (GB 32100-2015). */
const CREDIT_CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
/** The weights of the first 17 characters: 3 to the power of the position, modulo 31. */
const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/**
 * The check character (the 18th) of a unified social credit code's first 17 characters, per
 * GB 32100-2015: 31 minus the weighted sum modulo 31, with 31 read as 0. Null when the 17
 * characters are not all of the code's alphabet.
 */
export function creditCodeCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = CREDIT_CODE_CHARS.indexOf(first17[i]!);
    if (value < 0) return null;
    sum += value * CREDIT_CODE_WEIGHTS[i]!;
  }
  return CREDIT_CODE_CHARS[(31 - (sum % 31)) % 31]!;
}

/** A whole credit code from its first 17 characters (test data and generators). */
export function withCreditCodeCheck(first17: string): string {
  const check = creditCodeCheckChar(first17);
  if (check === null) throw new ValidatorUsageError(`not the start of a credit code: ${first17}`);
  return first17 + check;
}

/**
 * Unified social credit code: the layout (registration authority and type, six-digit division
 * code, organisation code) and the check character, so one mistyped character is refused.
 */
export const checkCreditCode =
  (required = false): Check =>
  (value) => {
    if (isEmpty(value)) return required ? { message: 'validation.required' } : null;
    const text = (textOf(value) ?? '').trim();
    if (!PATTERNS.creditCode.test(text)) return { message: 'validation.creditCode' };
    return creditCodeCheckChar(text.slice(0, 17)) === text[17]
      ? null
      : { message: 'validation.creditCodeCheck' };
  };

/** Bank account number; spaces between digit groups are allowed and ignored. */
export const checkBankAccount =
  (required = false): Check =>
  (value) => {
    if (isEmpty(value)) return required ? { message: 'validation.required' } : null;
    return PATTERNS.bankAccount.test((textOf(value) ?? '').replace(/\s+/g, '').toUpperCase())
      ? null
      : { message: 'validation.bankAccount' };
  };
export const checkSwift = (required = false) => pattern(PATTERNS.swift, 'validation.swift', required);

/** Contact phone: a mobile (1 then 3-8, 11 digits) or a landline. */
export const checkContactPhone =
  (required = false): Check =>
  (value) => {
    if (isEmpty(value)) return required ? { message: 'validation.required' } : null;
    const text = (textOf(value) ?? '').trim();
    return PATTERNS.contactMobile.test(text) || PATTERNS.landline.test(text)
      ? null
      : { message: 'validation.contactPhone' };
  };

/** Date: the required check only. */
export const checkDate =
  (required = false): Check =>
  (value) =>
    required && isEmpty(value) ? { message: 'validation.required' } : null;

/** String: non-empty. */
export const checkString: Check = (value) => (isEmpty(value) ? { message: 'validation.required' } : null);

/** Bidding time: not earlier than now (`now` from the one clock, never the browser's guess). */
export const checkBiddingTime =
  (now: () => number, required = false): Check =>
  (value) => {
    if (isEmpty(value)) return required ? { message: 'validation.required' } : null;
    const time = typeof value === 'number' ? value : Date.parse(textOf(value) ?? '');
    return Number.isFinite(time) && time >= now() ? null : { message: 'validation.biddingTime' };
  };

export class ValidatorUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ValidatorUsageError';
  }
}

/**
 * The combined validator: runs several form validations at once and calls `onFailure` with
 * every failure when any fails. A missing array or function is a developer error.
 */
export async function validateAll(
  validations: readonly (() => Promise<unknown> | unknown)[],
  onFailure: (errors: unknown[]) => void,
): Promise<boolean> {
  if (!Array.isArray(validations)) throw new ValidatorUsageError('validateAll needs an array of validations');
  if (typeof onFailure !== 'function') throw new ValidatorUsageError('validateAll needs a failure callback');
  for (const validation of validations) {
    if (typeof validation !== 'function') throw new ValidatorUsageError('each validation must be a function');
  }
  const results = await Promise.allSettled(validations.map((validation) => validation()));
  const errors = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
  if (errors.length) onFailure(errors);
  return errors.length === 0;
}

/** Password complexity (complexityPwd on): at least 8 characters with upper, lower, digit and symbol. */
export const PASSWORD_MIN_LENGTH = 8;

export function checkPasswordComplexity(password: unknown): ValidationIssue | null {
  if (typeof password !== 'string' || password === '') return { message: 'validation.required' };
  if ([...password].length < PASSWORD_MIN_LENGTH)
    return { message: 'password.tooShort', params: { min: PASSWORD_MIN_LENGTH } };
  if ([...password].length > 64) return { message: 'password.tooLong', params: { max: 64 } };
  const kinds = [/[A-Z]/, /[a-z]/, /\d/, /[^A-Za-z\d\s]/].filter((kind) => kind.test(password)).length;
  return kinds === 4 && !/\s/.test(password) ? null : { message: 'password.complexity' };
}
