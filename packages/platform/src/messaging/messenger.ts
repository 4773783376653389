// Outgoing e-mail and SMS. E-mail goes through nodemailer to the configured SMTP server
// (SMTP_URL, SMTP_FROM); SMS through a provider adapter, by default one that records the
// message for an administrator to read. Every send is logged in base_message_log.
import type { Transporter } from 'nodemailer';
import type { EntityRuntime } from '../entity/runtime';
import { type SmsDelivery, type SmsProvider, type SmsRequest, recordingSmsProvider } from './sms';

export interface MessengerOptions {
  /** smtp://user:pass@host:port or smtps://…; without it e-mail is only recorded. */
  smtpUrl?: string | undefined;
  from?: string | undefined;
  sms?: SmsProvider;
}

export interface EmailAttachment {
  filename: string;
  content: Buffer;
  contentType?: string;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  /** The HTML body, when there is one (`text` is then its plain alternative). */
  html?: string;
  purpose: string;
  /** Files sent with the mail (an order's PDF); the log records their names only. */
  attachments?: readonly EmailAttachment[];
}

/** How one e-mail went. */
export interface EmailDelivery {
  readonly status: 'SENT' | 'RECORDED' | 'FAILED';
  /** The SMTP reply code, when the server answered. */
  readonly code: number | null;
  /** A failure a later attempt may get past (4xx, no connection). */
  readonly transient: boolean;
  readonly error: string | null;
}

/** The reply code nodemailer reports on a refused message (`responseCode`). */
function smtpCode(failure: unknown): number | null {
  const code = (failure as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 200 && code < 600 ? code : null;
}

/** The reply code at the head of the server's last answer ("250 OK: queued"). */
function replyCode(response: unknown): number | null {
  const code = typeof response === 'string' ? Number(response.slice(0, 3)) : NaN;
  return Number.isInteger(code) && code >= 200 && code < 600 ? code : null;
}

export class Messenger {
  /** Created on the first mail: nodemailer (~15 MB) is loaded only when mail is sent. */
  private transport: Promise<Transporter> | null = null;
  private readonly smtpUrl: string | undefined;
  private readonly from: string;
  private readonly sms: SmsProvider;

  constructor(
    private readonly runtime: EntityRuntime,
    options: MessengerOptions,
  ) {
    this.smtpUrl = options.smtpUrl || undefined;
    this.from = options.from ?? 'SRM <no-reply@srm.local>';
    this.sms = options.sms ?? recordingSmsProvider;
  }

  async email(message: OutgoingEmail): Promise<'SENT' | 'RECORDED' | 'FAILED'> {
    return (await this.deliver(message)).status;
  }

  /**
   * Sends one e-mail and answers how it went: SENT, RECORDED (no SMTP server configured) or
   * FAILED, with the server's reply code and whether a retry may help (a 4xx reply or no
   * connection) or not (a 5xx reply: the address or the message is refused). `messageId` fixes
   * the Message-ID, so that a message sent again after a lost answer is the same message.
   */
  async deliver(message: OutgoingEmail & { readonly messageId?: string }): Promise<EmailDelivery> {
    let delivery: EmailDelivery = { status: 'RECORDED', code: null, transient: false, error: null };
    if (this.smtpUrl) {
      const smtpUrl = this.smtpUrl;
      try {
        this.transport ??= import('nodemailer').then((module) =>
          // Bounded waits: a send that hangs would hold its message past the outbox's lease.
          (module.default ?? module).createTransport({
            url: smtpUrl,
            // A few connections kept open and reused: a notice to many users is not one
            // handshake per message. Closed with the server (close()).
            pool: true,
            maxConnections: Number(process.env.SRM_SMTP_CONNECTIONS) || 4,
            connectionTimeout: 30_000,
            greetingTimeout: 30_000,
            socketTimeout: 60_000,
          }),
        );
        const transport = await this.transport;
        const info = (await transport.sendMail({
          from: this.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.messageId ? { messageId: message.messageId } : {}),
          ...(message.attachments?.length
            ? {
                attachments: message.attachments.map((file) => ({
                  filename: file.filename,
                  content: file.content,
                  ...(file.contentType ? { contentType: file.contentType } : {}),
                })),
              }
            : {}),
        })) as { response?: unknown };
        delivery = { status: 'SENT', code: replyCode(info.response), transient: false, error: null };
      } catch (failure) {
        const code = smtpCode(failure);
        delivery = {
          status: 'FAILED',
          code,
          // No answer at all (refused, timed out) or a 4xx: the server may take it later.
          transient: code === null || code < 500,
          error: (failure instanceof Error ? failure.message : String(failure)).slice(0, 500),
        };
      }
    }
    await this.log({
      channel: 'EMAIL',
      recipient: message.to,
      subject: message.subject,
      content: message.attachments?.length
        ? `${message.text}\n[${message.attachments.map((file) => file.filename).join(', ')}]`
        : message.text,
      purpose: message.purpose,
      sendStatus: delivery.status,
      errorMessage: delivery.error,
    });
    return delivery;
  }

  /** Closes the SMTP connections kept open (the server stops). */
  async close(): Promise<void> {
    const transport = this.transport;
    this.transport = null;
    if (transport) (await transport.catch(() => null))?.close();
  }

  /** An SMS sent at once (no message outbox runs): the text only, without a provider template. */
  async textMessage(phone: string, text: string, purpose: string): Promise<'SENT' | 'RECORDED' | 'FAILED'> {
    const outId = `srm-sms-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;
    return (
      await this.deliverSms({ phone, text, templateCode: null, signName: null, params: {}, outId }, purpose)
    ).status;
  }

  /**
   * Hands one SMS to the provider and answers how it went (a provider that throws is an
   * unanswered call, tried again). The log keeps the text; a one-time code only while the
   * message was merely recorded (no provider), for an administrator to pass on.
   */
  async deliverSms(request: SmsRequest, purpose: string, subject?: string | null): Promise<SmsDelivery> {
    let delivery: SmsDelivery;
    try {
      delivery = await this.sms.send(request);
    } catch (failure) {
      delivery = {
        status: 'FAILED',
        providerRef: null,
        code: null,
        transient: true,
        error: (failure instanceof Error ? failure.message : String(failure)).slice(0, 500),
      };
    }
    await this.log({
      channel: 'SMS',
      recipient: request.phone,
      subject: subject ?? request.templateCode,
      content: request.templateCode ? `${request.text}\n[${request.templateCode}]` : request.text,
      purpose,
      sendStatus: delivery.status,
      errorMessage: delivery.error,
    });
    return delivery;
  }

  private async log(entry: {
    channel: string;
    recipient: string;
    subject: string | null;
    content: string;
    purpose: string;
    sendStatus: string;
    errorMessage: string | null;
  }): Promise<void> {
    if (!this.runtime.registry.find('baseMessageLog')) return;
    const now = this.runtime.clock.now();
    // A delivered message keeps no one-time code in the log; one only recorded (no SMTP server or
    // SMS provider configured) keeps it, so that an administrator can pass it on.
    if (entry.sendStatus === 'SENT')
      entry = { ...entry, content: entry.content.replace(/\b\d{6}\b/g, '******') };
    await this.runtime
      .executor()
      .insert(this.runtime.table('baseMessageLog'))
      .values({ ...entry, sentDate: now, versionNum: 1, creationDate: now, lastUpdateDate: now });
  }
}
