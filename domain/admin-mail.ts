import { z } from 'zod/mini';
import { rowIdOf } from './fields';

/**
 * The admin's Mail screen calls (docs/api.md "Admin"): the mails the mail server refused for good, and Resend, which
 * queues one of them again. Dates are ISO 8601.
 */
export const mailKinds = ['order_confirmation', 'order_notice', 'order_status', 'order_cancelled', 'order_refunded', 'order_delivered', 'payment_due_back', 'contact', 'low_stock'] as const;
export type MailKind = (typeof mailKinds)[number];

export const adminMailMessages = {
  idInvalid: 'id must be a mail id',
  notFound: 'Mail not found',
  notFailed: 'Only a failed mail can be sent again',
  resent: 'The mail will be sent again',
} as const;

/** `GET admin/mails?status=failed`: only failed mails are listed (the others are on their way, or sent). */
export const adminMailsQuery = z.object({ status: z.literal('failed', { error: 'status must be failed' }) });

export const failedMail = z.object({
  id: z.number().check(z.int()),
  kind: z.enum(mailKinds),
  to: z.string(),
  subject: z.string(),
  attempts: z.number().check(z.int()),
  /** The mail server's refusal, as it said it. */
  refusal: z.nullable(z.string()),
  /** When it was last tried and given up on. */
  failedAt: z.string(),
});
export type FailedMail = z.infer<typeof failedMail>;
export const failedMails = z.array(failedMail);

export const mailIdParams = z.object({ id: rowIdOf(adminMailMessages.idInvalid) });

/** `POST admin/mails/{id}/resend` answer. */
export const resendMailReply = z.object({ message: z.string() });
