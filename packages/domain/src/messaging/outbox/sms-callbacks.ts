// An SMS provider's callbacks (POST /api/hook/v1/smsReceipts and /smsReplies): delivery receipts
// (the phone had it, or not) and phones' answers (TD: 退订). Providers that push these cannot sign
// them, so the address carries a shared token (`?token=`, SRM_SMS_CALLBACK_TOKEN; without one
// set the callbacks are off: 404). The body is Aliyun's push, a JSON array; another provider's
// adapter maps to the same fields. The answer is what Aliyun expects: `{ code: 0, msg: '成功' }`.
import { timingSafeEqual } from 'node:crypto';
import { AppError, type Webhook, type WebhookRequest } from '@srm/platform';
import { type SmsReceipt, type SmsReply, messageDispatcherOf } from './dispatcher';

export const SMS_RECEIPTS_HOOK = 'smsReceipts';
export const SMS_REPLIES_HOOK = 'smsReplies';

/** Callbacks carry a few hundred items at most. */
const MAX_ITEMS = 1_000;

const ACCEPTED = { code: 0, msg: '成功' } as const;

function prove(request: WebhookRequest): void {
  const expected = process.env.SRM_SMS_CALLBACK_TOKEN;
  if (!expected) throw new AppError(404, 'error.routeNotFound', { path: 'sms' });
  const given = Buffer.from(request.query.token ?? '');
  const wanted = Buffer.from(expected);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted))
    throw new AppError(401, 'message.sms.badToken');
}

/** The body's items: a JSON array of objects, else 422. */
function itemsOf(body: string): Readonly<Record<string, unknown>>[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new AppError(422, 'message.sms.badCallback');
  }
  if (!Array.isArray(parsed) || parsed.length > MAX_ITEMS) throw new AppError(422, 'message.sms.badCallback');
  return parsed.filter(
    (item): item is Readonly<Record<string, unknown>> =>
      !!item && typeof item === 'object' && !Array.isArray(item),
  );
}

const textOf = (value: unknown): string | null =>
  typeof value === 'string' && value ? value : typeof value === 'number' ? String(value) : null;

/** A provider's local time ("2026-12-05 10:30:00", China time), or null. */
function timeOf(value: unknown): Date | null {
  const text = textOf(value);
  if (!text || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return null;
  const time = new Date(`${text.replace(' ', 'T')}+08:00`);
  return Number.isNaN(time.getTime()) ? null : time;
}

export const smsReceiptsHook: Webhook = {
  summary: "An SMS provider's delivery receipts: each names an SMS by its out id (or the provider's id)",
  async handle(data, request) {
    prove(request);
    const receipts: SmsReceipt[] = itemsOf(request.body).map((item) => ({
      outId: textOf(item.out_id),
      providerRef: textOf(item.biz_id),
      delivered: item.success === true || item.success === 'true',
      code: textOf(item.err_code),
      at: timeOf(item.report_time),
    }));
    await messageDispatcherOf(data).receipts(receipts);
    return ACCEPTED;
  },
};

export const smsRepliesHook: Webhook = {
  summary: "Phones' answers to SMS from the provider: TD unsubscribes the number from optional SMS",
  async handle(data, request) {
    prove(request);
    const replies: SmsReply[] = itemsOf(request.body).flatMap((item) => {
      const phone = textOf(item.phone_number);
      const content = textOf(item.content);
      return phone && content ? [{ phone, content }] : [];
    });
    await messageDispatcherOf(data).replies(replies);
    return ACCEPTED;
  },
};
