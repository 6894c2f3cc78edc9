/**
 * Stock moves of an order. Taking locks the products' rows in id order and checks them after the lock, so concurrent
 * buyers of the last units can never drive stock below zero and two transactions never wait on each other in
 * opposite orders.
 */
import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { products } from '../../db/schema';

export interface StockNeed {
  productId: number;
  quantity: number;
}

/** A product that fell short, with what is left of it. */
export interface Shortfall {
  productId: number;
  available: number;
}

/**
 * Takes every need or none, in one call of the database's take_stock (migrations 0005 and 0006, which
 * checkout_invoice uses too): the products' rows are locked in id order, then each is taken only when every one has
 * enough. Answers the products that fell short, with what is left of them; none when all was taken.
 */
export async function takeStock(tx: Transaction, needs: readonly StockNeed[]): Promise<Shortfall[]> {
  if (needs.length === 0) return [];
  const result = await tx.execute(sql`select take_stock(${JSON.stringify(needs)}::jsonb) as shortfalls`);
  return (result as unknown as { rows: [{ shortfalls: Shortfall[] }] }).rows[0].shortfalls;
}

/** Sums quantities per product, in product id order (the order rows are locked in). */
export function byProduct(needs: readonly StockNeed[]): StockNeed[] {
  const total = new Map<number, number>();
  for (const need of needs) total.set(need.productId, (total.get(need.productId) ?? 0) + need.quantity);
  return [...total.entries()].sort(([a], [b]) => a - b).map(([productId, quantity]) => ({ productId, quantity }));
}

export async function returnStock(tx: Transaction, needs: readonly StockNeed[]): Promise<void> {
  for (const need of byProduct(needs)) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${need.quantity}` })
      .where(eq(products.id, need.productId));
  }
}
