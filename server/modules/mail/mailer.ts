/**
 * Outgoing mail. With SMTP_URL set, mail goes out through nodemailer; without it, the dev outbox keeps each mail in
 * the database (and the log) so that a developer or a test can read one-time codes without a mail server.
 */
import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { outboxMail } from '../../db/schema';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  transport: 'smtp' | 'outbox';
  close(): Promise<void>;
}

interface MailLog {
  info(message: string): void;
}

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>, db: Database, log?: MailLog): Mailer {
  if (config.smtpUrl) return smtpMailer(config.smtpUrl, config.mailFrom);
  return outboxMailer(db, log);
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  // Bounded waits: a contact form or an OTP request must not hang on a mail server that does not answer.
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    transport: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      });
    },
    async close() {
      transporter.close();
    },
  };
}

function outboxMailer(db: Database, log?: MailLog): Mailer {
  return {
    transport: 'outbox',
    async send(mail) {
      await db.insert(outboxMail).values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null });
      log?.info(`[outbox] to=${mail.to} subject=${mail.subject}`);
    },
    async close() {},
  };
}
