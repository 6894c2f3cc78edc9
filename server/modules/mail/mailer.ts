/**
 * Outgoing mail. With SMTP_URL set, mail goes out through nodemailer; without it, the dev outbox keeps each mail in
 * the database so that a developer or a test can read one-time codes without a mail server. The log says only that a
 * mail was kept, for whom and where to read it: mails carry one-time codes, which never go to the log.
 */
import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { Database, Transaction } from '../../db/client';
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
  /**
   * Keeps a mail as part of a database transaction, so that it exists exactly when the transaction commits. Only the
   * dev outbox, which lives in the database, can; null for SMTP.
   */
  sendInTransaction: ((tx: Transaction, mails: readonly Mail[]) => Promise<void>) | null;
  transport: 'smtp' | 'outbox';
  close(): Promise<void>;
}

interface MailLog {
  info(message: string): void;
}

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'publicBaseUrl'>, db: Database, log?: MailLog): Mailer {
  if (config.smtpUrl) return smtpMailer(config.smtpUrl, config.mailFrom);
  return outboxMailer(db, `${config.publicBaseUrl}/dev/mailbox`, log);
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
    sendInTransaction: null,
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

function outboxMailer(db: Database, mailboxUrl: string, log?: MailLog): Mailer {
  const keep = async (into: Database | Transaction, mails: readonly Mail[]) => {
    if (mails.length === 0) return;
    await into.insert(outboxMail).values(mails.map((mail) => ({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null })));
    for (const mail of mails) {
      log?.info(`[outbox] a mail to ${mail.to} ("${mail.subject}") is waiting at ${mailboxUrl}?to=${encodeURIComponent(mail.to)}`);
    }
  };
  return {
    transport: 'outbox',
    send: (mail) => keep(db, [mail]),
    sendInTransaction: keep,
    async close() {},
  };
}
