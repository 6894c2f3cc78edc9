/**
 * Outgoing mail. With SMTP_URL set, mail goes out through nodemailer; without it, the dev outbox keeps each mail in
 * the database so that a developer or a test can read one-time codes without a mail server. The log says only that a
 * mail was kept, for whom and where to read it: mails carry one-time codes, which never go to the log.
 */
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { outboxMail } from '../../db/schema';
import type { OutboxAttachment } from '../../db/schema';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Built when the mail is sent (a GST document's PDF), never stored with the queued mail. */
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /**
   * Keeps the mails that `claim`, a data-modifying statement, returns (each row's `to`, `subject`, `text` and `html`)
   * in the same statement: they exist exactly when the claim is made, in one statement (no transaction holding the
   * embedded database, and no statement of its own to read the mail first), with `attachments`. Whether the claim
   * returned a row. Only the dev outbox, which lives in the database, can; null for SMTP.
   */
  sendWithClaim: ((claim: SQL, attachments?: readonly MailAttachment[]) => Promise<boolean>) | null;
  transport: 'smtp' | 'outbox';
  close(): Promise<void>;
}

interface MailLog {
  info(message: string): void;
}

export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'publicBaseUrl' | 'mailDelivery'>,
  db: Database,
  log?: MailLog,
): Mailer {
  if (config.smtpUrl) return smtpMailer(config.smtpUrl, config.mailFrom, config.mailDelivery.smtpTimeoutMs);
  return outboxMailer(db, `${config.publicBaseUrl}/dev/mailbox`, log);
}

function smtpMailer(smtpUrl: string, from: string, timeoutMs: number): Mailer {
  // Loaded here, not with the module: a shop that keeps its mail in the dev outbox starts without nodemailer (about
  // 50 ms of a warm start, docs/performance.md).
  const transporter = import('nodemailer').then(({ default: nodemailer }) =>
    // Bounded waits: an OTP request, or a queued mail's sender, must not hang on a mail server that does not answer.
    nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: timeoutMs / 2,
      greetingTimeout: timeoutMs / 2,
      socketTimeout: timeoutMs,
    }),
  );
  return {
    transport: 'smtp',
    sendWithClaim: null,
    async send(mail) {
      await (await transporter).sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        ...(mail.attachments?.length ? { attachments: mail.attachments.map((file) => ({ ...file })) } : {}),
      });
    },
    async close() {
      (await transporter).close();
    },
  };
}

/** What the outbox keeps of a mail's files: each as a mail server would have received it, base64. */
const outboxAttachments = (attachments: readonly MailAttachment[] | undefined): OutboxAttachment[] | null =>
  attachments?.length
    ? attachments.map((file) => ({ filename: file.filename, contentType: file.contentType, contentBase64: file.content.toString('base64') }))
    : null;

function outboxMailer(db: Database, mailboxUrl: string, log?: MailLog): Mailer {
  const logKept = (mails: readonly Pick<Mail, 'to' | 'subject'>[]) => {
    for (const mail of mails) {
      log?.info(`[outbox] a mail to ${mail.to} ("${mail.subject}") is waiting at ${mailboxUrl}?to=${encodeURIComponent(mail.to)}`);
    }
  };
  const keep = async (mails: readonly Mail[]) => {
    await db
      .insert(outboxMail)
      .values(mails.map((mail) => ({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null, attachments: outboxAttachments(mail.attachments) })));
    logKept(mails);
  };
  const keepWithClaim = async (claim: SQL, attachments?: readonly MailAttachment[]): Promise<boolean> => {
    const files = outboxAttachments(attachments);
    const result = await db.execute(sql`with claimed as (${claim})
      insert into outbox_mail ("to", subject, text, html, attachments)
      select "to", subject, text, html, ${files === null ? null : JSON.stringify(files)}::jsonb from claimed
      returning "to", subject`);
    const kept = (result as unknown as { rows: Pick<Mail, 'to' | 'subject'>[] }).rows;
    logKept(kept);
    return kept.length > 0;
  };
  return {
    transport: 'outbox',
    send: (mail) => keep([mail]),
    sendWithClaim: keepWithClaim,
    async close() {},
  };
}
