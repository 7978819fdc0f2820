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

export function createSmtpMailer(smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        attachments: message.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
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
