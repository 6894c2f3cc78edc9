/**
 * The admin's Messages: the Contact Us messages newest first, each read or unread, and the mark that changes it. The
 * first time a message was read is kept when it is marked read again.
 */
import { count, desc, eq, isNull, sql } from 'drizzle-orm';
import { adminMessageTexts } from '../../../domain/admin-messages';
import type { ContactMessageRecord } from '../../../domain/admin-messages';
import type { Database } from '../../db/client';
import { contactMessages } from '../../db/schema';
import { NotFound } from '../../errors';

type MessageRow = typeof contactMessages.$inferSelect;

const toRecord = (row: MessageRow): ContactMessageRecord => ({
  id: row.id,
  fullName: row.fullName,
  email: row.email,
  phoneNumber: row.phoneNumber,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

export async function listMessages(db: Database): Promise<ContactMessageRecord[]> {
  const rows = await db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
  return rows.map(toRecord);
}

export async function markMessageRead(db: Database, id: number, read: boolean): Promise<ContactMessageRecord> {
  const [row] = await db
    .update(contactMessages)
    .set({ readAt: read ? sql`coalesce(${contactMessages.readAt}, now())` : null })
    .where(eq(contactMessages.id, id))
    .returning();
  if (!row) throw new NotFound(adminMessageTexts.notFound);
  return toRecord(row);
}

export async function countUnreadMessages(db: Database): Promise<{ unread: number }> {
  const [row] = await db.select({ unread: count() }).from(contactMessages).where(isNull(contactMessages.readAt));
  return { unread: row?.unread ?? 0 };
}
