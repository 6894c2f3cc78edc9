import { z } from 'zod/mini';
import { indiaDateTime } from './account';
import { rowIdOf } from './fields';

/**
 * The admin's Messages calls (issue 39): the Contact Us messages newest first with their read state, marking one read
 * or unread, and how many are unread; and the reply link the screen offers. Dates are ISO 8601.
 */
export const adminMessageTexts = {
  idInvalid: 'id must be a message id',
  readInvalid: 'read must be true or false',
  notFound: 'Message not found',
  toggleFailed: 'The message could not be updated. Please try again.',
} as const;

/** `GET admin/messages` item and `POST admin/messages/{id}/read` answer. */
export const contactMessageRecord = z.object({
  id: z.number().check(z.int()),
  fullName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  message: z.string(),
  /** When the message arrived. */
  createdAt: z.string(),
  /** When the admin read it; null while unread. */
  readAt: z.nullable(z.string()),
});
export type ContactMessageRecord = z.infer<typeof contactMessageRecord>;
export const contactMessageRecords = z.array(contactMessageRecord);

/** `POST admin/messages/{id}/read` */
export const messageIdParams = z.object({ id: rowIdOf(adminMessageTexts.idInvalid) });
export const markReadRequest = z.object({ read: z.boolean({ error: adminMessageTexts.readInvalid }) });
export type MarkReadRequest = z.infer<typeof markReadRequest>;

/** `GET admin/messages/unread`: the dashboard's count. */
export const unreadMessageCount = z.object({ unread: z.number().check(z.int()) });

export const isUnread = (message: Pick<ContactMessageRecord, 'readAt'>): boolean => message.readAt === null;

/** RFC 6068 wants line breaks in a mailto body as CRLF; every other reserved character percent-encoded. */
const mailtoText = (text: string) => encodeURIComponent(text.replace(/\r\n|\r|\n/g, '\r\n'));

/**
 * The Reply link: a `mailto:` the sender with "Re: your message to <shop>" and their message quoted under when it
 * arrived (India time). The address is encoded around its `@` (the Contact Us pattern lets `?`, `&`, `#` into it),
 * which stays as it is for every mail client to read.
 */
export function replyMailto(message: Pick<ContactMessageRecord, 'email' | 'fullName' | 'message' | 'createdAt'>, shopName: string): string {
  const address = message.email.split('@').map(encodeURIComponent).join('@');
  const quoted = message.message.split(/\r\n|\r|\n/).map((line) => `> ${line}`.trimEnd());
  const body = ['', '', `On ${indiaDateTime(message.createdAt)} IST, ${message.fullName} wrote:`, ...quoted].join('\n');
  return `mailto:${address}?subject=${mailtoText(`Re: your message to ${shopName}`)}&body=${mailtoText(body)}`;
}
