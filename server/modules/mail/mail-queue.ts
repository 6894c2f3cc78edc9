/**
 * The mail queue's entry: every mail the shop sends (one-time codes aside) is a row in `mails`, written in the
 * transaction of what caused it (the payment, the status update, the stored message), so that the cause and its mail
 * commit together or not at all. After the commit its own job sends it (server/jobs/send-mail.job.ts, mail-delivery.ts).
 */
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import type { MailKind } from '../../../domain/admin-mail';
import type { Mail } from './mailer';

export interface QueuedMail extends Mail {
  /** Names the mail's cause (`order:12:confirmation`): a cause queued again queues nothing. */
  key: string;
  kind: MailKind;
  orderId?: number | null;
}

/**
 * The statement that queues `list` (only when the query `onlyIf` returns a row), returning the new rows' ids. For a
 * cause written in one statement, as the payment is: the mails join it as a `with` of that statement.
 */
export function queueMailsStatement(list: readonly QueuedMail[], onlyIf?: SQL): SQL {
  const rows = list.map(
    (mail) =>
      sql`(${mail.key}::text, ${mail.kind}::text, ${mail.to}::text, ${mail.replyTo ?? null}::text, ${mail.subject}::text, ${mail.text}::text, ${mail.html ?? null}::text, ${mail.orderId ?? null}::integer)`,
  );
  return sql`insert into mails (key, kind, "to", reply_to, subject, text, html, order_id)
    select * from (values ${sql.join(rows, sql`, `)}) as mail (key, kind, "to", reply_to, subject, text, html, order_id)
    ${onlyIf ? sql`where exists (${onlyIf})` : sql``}
    on conflict (key) do nothing
    returning id`;
}

/** Queues `list` in the caller's transaction; the ids newly queued, for sendQueuedMails once it has committed. */
export async function queueMails(tx: Database | Transaction, list: readonly QueuedMail[]): Promise<number[]> {
  if (list.length === 0) return [];
  const result = await tx.execute(queueMailsStatement(list));
  return (result as unknown as { rows: { id: number }[] }).rows.map((row) => row.id);
}

/** Queues one mail in the caller's transaction; its id, or null when its key was queued before. */
export async function queueMail(tx: Database | Transaction, mail: QueuedMail): Promise<number | null> {
  const [id] = await queueMails(tx, [mail]);
  return id ?? null;
}
