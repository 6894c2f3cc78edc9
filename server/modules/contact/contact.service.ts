/**
 * Contact Us: the message is stored first, then mailed to the shop, so a mail server that is down never loses a
 * shopper's message (it stays in contact_messages and the failure is logged).
 */
import type { ContactForm } from '../../../domain/contact';
import type { ShopConfig } from '../../config';
import type { Database } from '../../db/client';
import { contactMessages } from '../../db/schema';
import { composeMail } from '../mail/mail-template';
import type { Mailer } from '../mail/mailer';

interface ContactLog {
  error(payload: object, message: string): void;
}

export async function submitContactMessage(
  deps: { db: Database; mailer: Mailer; shop: ShopConfig; log: ContactLog },
  form: ContactForm,
): Promise<void> {
  const [stored] = await deps.db
    .insert(contactMessages)
    .values({ fullName: form.fullName, email: form.userEmail, phoneNumber: form.phoneNumber, message: form.message })
    .returning({ id: contactMessages.id });

  const { text, html } = composeMail(deps.shop, {
    heading: `New message from ${form.fullName}`,
    paragraphs: [form.message],
    details: [
      ['Name', form.fullName],
      ['E-mail', form.userEmail],
      ['Phone', form.phoneNumber],
    ],
  });
  try {
    // The shop's address, never the adminEmail the browser sends along: the form must not relay mail anywhere.
    await deps.mailer.send({
      to: deps.shop.email,
      subject: `New message from ${form.fullName}`,
      text,
      html,
      replyTo: form.userEmail,
    });
  } catch (error) {
    deps.log.error({ err: error, contactMessageId: stored?.id }, 'contact message stored but could not be mailed to the shop');
  }
}
