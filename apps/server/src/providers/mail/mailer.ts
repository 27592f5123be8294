import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

interface MailReceipt {
  /** 'smtp' when handed to the SMTP server, 'outbox' when written as an .eml file. */
  via: 'smtp' | 'outbox';
  messageId: string;
  /** The .eml file, for the outbox. */
  file: string | null;
}

export interface Mailer {
  send(message: MailMessage): Promise<MailReceipt>;
}

interface MailerOptions {
  smtpUrl?: string | undefined;
  outboxDir: string;
  from: string;
}

/**
 * Sends over SMTP when SMTP_URL is set; otherwise writes each message, attachments included, as a
 * standard .eml file into the outbox folder, where any mail client can open it.
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        const info = await transport.sendMail({ from: options.from, ...message });
        return { via: 'smtp', messageId: info.messageId, file: null };
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
      );
      await writeFile(file, info.message);
      return { via: 'outbox', messageId: info.messageId, file };
    },
  };
}
