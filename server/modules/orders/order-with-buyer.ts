/**
 * One order with its buyer, in the columns its caller names (its mails', its GST document's, or both at once for the
 * settle): one statement, the order found by its id or by the payment provider's order id.
 */
import { eq } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Database, Transaction } from '../../db/client';
import { orders, users } from '../../db/schema';

export type WhichOrder = { id: number } | { providerOrderId: string };

export async function readOrderWithBuyer<Columns extends SelectedFields>(
  db: Database | Transaction,
  columns: Columns,
  which: WhichOrder,
): Promise<SelectResultFields<Columns> | undefined> {
  // Drizzle's builder types do not follow a generic selection through the join; the row is the selection's shape.
  const [order] = await db
    .select(columns as SelectedFields)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where('id' in which ? eq(orders.id, which.id) : eq(orders.providerOrderId, which.providerOrderId))
    .limit(1);
  return order as SelectResultFields<Columns> | undefined;
}
