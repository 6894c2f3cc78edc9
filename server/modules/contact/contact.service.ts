/**
 * Contact Us: the message is stored and its mail to the shop queued in one statement, so a mail server that is
 * down never loses a shopper's message, nor its mail (the mail queue sends it when it can).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ContactForm } from '../../../domain/contact';
import type { ShopConfig } from '../../config';
import type { Database } from '../../db/client';
import { contactMessages } from '../../db/schema';
import { queueMailsStatement } from '../mail/mail-queue';
import { composeMail } from '../mail/mail-template';

/** Stores the message and queues its mail, then wakes the mail's job (`wakeMails`, server/jobs/send-mail.job.ts). */
export async function submitContactMessage(
  deps: { db: Database; shop: ShopConfig; wakeMails: (ids: number[]) => Promise<void> },
  form: ContactForm,
): Promise<void> {
  const subject = `New message from ${form.fullName}`;
  const { text, html } = composeMail(deps.shop, {
    heading: subject,
    paragraphs: [form.message],
    details: [
      ['Name', form.fullName],
      ['E-mail', form.userEmail],
      ['Phone', form.phoneNumber],
    ],
  });
  const stored = deps.db
    .insert(contactMessages)
    .values({ fullName: form.fullName, email: form.userEmail, phoneNumber: form.phoneNumber, message: form.message })
    .returning({ id: contactMessages.id });
  // The shop's address, never the adminEmail the browser sends along: the form must not relay mail anywhere. One
  // statement stores the message and queues its mail: both or neither, without a transaction's round trips.
  const mail = { key: `contact:${randomUUID()}`, kind: 'contact' as const, to: deps.shop.email, subject, text, html, replyTo: form.userEmail };
  const result = await deps.db.execute(sql`with stored as (${stored.getSQL()}) ${queueMailsStatement([mail], sql`select 1 from stored`)}`);
  const mailIds = (result as unknown as { rows: { id: number }[] }).rows.map((row) => row.id);
  await deps.wakeMails(mailIds);
}
