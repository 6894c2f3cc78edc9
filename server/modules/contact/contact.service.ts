/**
 * Contact Us: the message is stored and its mail to the shop queued in one transaction, so a mail server that is
 * down never loses a shopper's message, nor its mail (the mail queue sends it when it can).
 */
import type { ContactForm } from '../../../domain/contact';
import type { ShopConfig } from '../../config';
import type { Database } from '../../db/client';
import { contactMessages } from '../../db/schema';
import { queueMails } from '../mail/mail-queue';
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
  const mailIds = await deps.db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(contactMessages)
      .values({ fullName: form.fullName, email: form.userEmail, phoneNumber: form.phoneNumber, message: form.message })
      .returning({ id: contactMessages.id });
    // The shop's address, never the adminEmail the browser sends along: the form must not relay mail anywhere.
    return queueMails(tx, [{ key: `contact:${stored!.id}`, kind: 'contact', to: deps.shop.email, subject, text, html, replyTo: form.userEmail }]);
  });
  await deps.wakeMails(mailIds);
}
