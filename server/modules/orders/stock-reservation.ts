/**
 * Stock moves of an order. Taking is one conditional UPDATE per product (`stock >= q` in the statement itself), so
 * concurrent buyers of the last units can never drive stock below zero; products are taken in id order so two
 * transactions never wait on each other in opposite orders.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { products } from '../../db/schema';

export interface StockNeed {
  productId: number;
  quantity: number;
}

/** Sums quantities per product, in product id order. */
function byProduct(needs: readonly StockNeed[]): StockNeed[] {
  const total = new Map<number, number>();
  for (const need of needs) total.set(need.productId, (total.get(need.productId) ?? 0) + need.quantity);
  return [...total.entries()].sort(([a], [b]) => a - b).map(([productId, quantity]) => ({ productId, quantity }));
}

/**
 * Takes every need or none: the products that fell short, with what is left of them. When any fell short the
 * caller must roll back (the ones already taken are only undone by the rollback).
 */
export async function takeStock(tx: Transaction, needs: readonly StockNeed[]): Promise<{ productId: number; available: number }[]> {
  const short: { productId: number; available: number }[] = [];
  for (const need of byProduct(needs)) {
    const taken = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${need.quantity}` })
      .where(and(eq(products.id, need.productId), gte(products.stock, need.quantity)))
      .returning({ id: products.id });
    if (taken.length === 0) {
      const [left] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, need.productId));
      short.push({ productId: need.productId, available: left?.stock ?? 0 });
    }
  }
  return short;
}

export async function returnStock(tx: Transaction, needs: readonly StockNeed[]): Promise<void> {
  for (const need of byProduct(needs)) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${need.quantity}` })
      .where(eq(products.id, need.productId));
  }
}
