/** Reading the dev outbox, newest first. */
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { outboxMail } from '../../db/schema';
import type { OutboxAttachment } from '../../db/schema';

export interface OutboxEntry {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: OutboxAttachment[] | null;
  createdAt: Date;
}

export async function listOutbox(db: Database, options: { to?: string; limit: number }): Promise<OutboxEntry[]> {
  const columns = {
    to: outboxMail.to,
    subject: outboxMail.subject,
    text: outboxMail.text,
    html: outboxMail.html,
    attachments: outboxMail.attachments,
    createdAt: outboxMail.createdAt,
  };
  const base = db.select(columns).from(outboxMail);
  const filtered = options.to ? base.where(eq(sql`lower(${outboxMail.to})`, options.to.toLowerCase())) : base;
  return filtered.orderBy(desc(outboxMail.createdAt), desc(outboxMail.id)).limit(options.limit);
}
