import nodemailer from 'nodemailer';
import type { Config } from '../config';

export type EmailAttachment = { filename: string; contentType: string; content: Buffer };

export type EmailMessage = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  attachments: EmailAttachment[];
  /** Extra headers, e.g. RFC 8058's List-Unsubscribe on a return-visit reminder. */
  headers?: Record<string, string>;
};

/**
 * The email adapter: 'smtp' delivers through nodemailer; 'local' is the development stand-in that
 * delivers nothing (the outbox keeps the message as 'stored' for staff to read and logs a line).
 */
export type Mailer = {
  kind: 'smtp' | 'local';
  send(message: EmailMessage): Promise<void>;
  close(): void;
};

/**
 * nodemailer waits up to 2 minutes to connect and 10 minutes on an idle socket by default; these
 * keep one send well inside the outbox's 5-minute claim lease (decision 164), so a slow server
 * never lets another pass pick up a message that is still being sent.
 */
export const SMTP_TIMEOUTS: SmtpTimeouts = {
  connectionTimeout: 15_000,
  greetingTimeout: 15_000,
  socketTimeout: 30_000,
};

export type SmtpTimeouts = { connectionTimeout: number; greetingTimeout: number; socketTimeout: number };

/** `timeouts` is for tests, which prove the give-up path in milliseconds rather than 15 seconds. */
export function createSmtpMailer(smtpUrl: string, timeouts: SmtpTimeouts = SMTP_TIMEOUTS): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...timeouts });
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
        attachments: message.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
        })),
      });
    },
    close: () => transport.close(),
  };
}

export function createLocalMailer(): Mailer {
  return { kind: 'local', async send() {}, close() {} };
}

export function createMailer(config: Pick<Config, 'smtpUrl'>): Mailer {
  return config.smtpUrl ? createSmtpMailer(config.smtpUrl) : createLocalMailer();
}
