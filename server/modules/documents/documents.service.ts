/**
 * An order's GST documents after they are issued (issue 41): the credit note when a documented order is cancelled or
 * its money goes back, and each document as a PDF, for download and for the order confirmation mail.
 */
import type { Config } from '../../config';
import type { Database, Transaction } from '../../db/client';
import { NotFound } from '../../errors';
import type { MailAttachment } from '../mail/mailer';
import { readSettings } from '../settings/settings.service';
import { creditNoteBody } from './document-body';
import { issueDocument, storedDocument } from './document-issue';
import type { DocumentSeries } from './document-issue';
import { drawTaxDocument } from './document-pdf-thread';

export const documentMessages = {
  none: 'This order has no such document.',
} as const;

/**
 * Credits the order's invoice (or bill of supply) in the caller's transaction, which holds the order's row: once,
 * and only for an order that has one. Its number, or null when none was due.
 */
export async function issueCreditNote(tx: Transaction, shop: Config['shop'], orderId: number, now: Date): Promise<string | null> {
  if (await storedDocument(tx, orderId, 'credit_note')) return null;
  const invoice = await storedDocument(tx, orderId, 'invoice');
  if (!invoice) return null;
  const settings = await readSettings(tx, shop);
  return issueDocument(tx, creditNoteBody(invoice, settings, now), settings, orderId, now);
}

export interface DocumentFile {
  /** The number with "/" as "-": a file name cannot hold a slash (PS-26-27-000123.pdf). */
  filename: string;
  pdf: Buffer;
}

/** The stored document drawn as a PDF, the same bytes each time for the same document. */
export async function documentFile(db: Database, orderId: number, series: DocumentSeries): Promise<DocumentFile | undefined> {
  const document = await storedDocument(db, orderId, series);
  if (!document) return undefined;
  return { filename: `${document.number.replaceAll('/', '-')}.pdf`, pdf: await drawTaxDocument(document) };
}

/** As documentFile, 404 when the order has no such document. */
export async function requireDocumentFile(db: Database, orderId: number, series: DocumentSeries): Promise<DocumentFile> {
  const file = await documentFile(db, orderId, series);
  if (!file) throw new NotFound(documentMessages.none);
  return file;
}

/**
 * The files a queued mail carries, built when it is sent: the order confirmation carries the order's invoice or bill
 * of supply (none for an order paid after its stock had gone, which has no document).
 */
export async function mailAttachments(db: Database, mail: { kind: string; orderId: number | null }): Promise<MailAttachment[]> {
  if (mail.kind !== 'order_confirmation' || mail.orderId === null) return [];
  const file = await documentFile(db, mail.orderId, 'invoice');
  return file ? [{ filename: file.filename, contentType: 'application/pdf', content: file.pdf }] : [];
}
