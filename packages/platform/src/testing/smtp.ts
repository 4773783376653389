// A real SMTP server in the test process: the platform sends through nodemailer to it, and the
// tests read what arrived.
import { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface MailPart {
  /** Its media type (`text/plain`, `text/html`). */
  type: string;
  text: string;
}

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The decoded text of every part, in order (quoted-printable and base64 bodies decoded). */
  text: string;
  /** The decoded leaf parts (a mail with HTML: its plain and HTML alternatives). */
  parts: MailPart[];
}

export interface Mailbox {
  url: string;
  mails: ReceivedMail[];
  /** The first mail to an address whose text matches, waiting for it to arrive. */
  waitFor(to: string, pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  close(): Promise<void>;
}

/** The leaf parts of a MIME message, decoded: a multipart's parts in order, else the body itself. */
export function partsOf(raw: string): MailPart[] {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const boundary = /content-type:\s*multipart\/[^;]+;[\s\S]*?boundary="?([^"\r\n;]+)"?/i.exec(head)?.[1];
  if (boundary)
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .flatMap((part) => partsOf(part.replace(/^\r?\n/, '')));
  const type = /content-type:\s*([^;\r\n]+)/i.exec(head)?.[1]?.trim().toLowerCase() ?? 'text/plain';
  return [{ type, text: decode(raw) }];
}

function decode(raw: string): string {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(head))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

export async function startMailbox(): Promise<Mailbox> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const parts = partsOf(raw);
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: parts.map((part) => part.text).join('\n'),
          parts,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(to, pattern, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        for (const mail of mails) {
          if (!mail.to.includes(to)) continue;
          const match = pattern.exec(mail.text);
          if (match) return match;
        }
        if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${pattern}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An SMTP server whose answer to each message a test decides, counting what it accepted. */
export interface ScriptedSmtp {
  url: string;
  /** Accepted messages per Message-ID. */
  accepted: Map<string, number>;
  /** Every message that reached DATA, accepted or refused, per Message-ID. */
  seen: Map<string, number>;
  close(): Promise<void>;
}

/**
 * Starts a scripted SMTP server: `refuse(messageId)` answers a reply code to refuse the message
 * with (451: try later, 550: never), or nothing to accept it.
 */
export async function startScriptedSmtp(
  refuse: (messageId: string) => number | undefined,
): Promise<ScriptedSmtp> {
  const accepted = new Map<string, number>();
  const seen = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const id = /^message-id:\s*(\S+)/im.exec(raw)?.[1] ?? '?';
        seen.set(id, (seen.get(id) ?? 0) + 1);
        const code = refuse(id);
        if (code) {
          const message = code < 500 ? 'try again later' : 'mailbox unavailable';
          callback(Object.assign(new Error(message), { responseCode: code }));
          return;
        }
        accepted.set(id, (accepted.get(id) ?? 0) + 1);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
