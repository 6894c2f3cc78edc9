/**
 * Stock moves of an order. Taking is one conditional UPDATE (`stock >= q` in the statement itself), so concurrent
 * buyers of the last units can never drive stock below zero; products are locked and moved in id order so two
 * transactions never wait on each other in opposite orders.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
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

/** Sums quantities per product, in product id order. */
function byProduct(needs: readonly StockNeed[]): StockNeed[] {
  const total = new Map<number, number>();
  for (const need of needs) total.set(need.productId, (total.get(need.productId) ?? 0) + need.quantity);
  return [...total.entries()].sort(([a], [b]) => a - b).map(([productId, quantity]) => ({ productId, quantity }));
}

/**
 * Takes every need or none, in one statement (every statement of a transaction is time the embedded database serves no
 * one else): the products' rows are locked in id order first, and each is taken only when it has enough. Nothing is
 * taken when `unlessAny` (a query) finds a row: then null. Otherwise the products that fell short, with what is left
 * of them; when any did, the caller must roll back (the ones taken are only undone by the rollback).
 */
export async function takeStockUnless(
  tx: Transaction,
  needs: readonly StockNeed[],
  unlessAny: SQL,
): Promise<Shortfall[] | null> {
  const summed = byProduct(needs);
  if (summed.length === 0) return []; // nothing to take (and no VALUES list to write)
  const need = sql.join(
    summed.map((n) => sql`(${n.productId}::integer, ${n.quantity}::integer)`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    with blocker as materialized (${unlessAny}),
    need (id, quantity) as (values ${need}),
    locked as materialized (
      select p.id from products p
      where p.id in (select id from need) and not exists (select 1 from blocker)
      order by p.id
      for update
    ),
    taken as (
      update products set stock = products.stock - need.quantity
      from need
      where products.id = need.id and products.id in (select id from locked) and products.stock >= need.quantity
      returning products.id
    )
    select exists (select 1 from blocker) as blocked, coalesce((select json_agg(id) from taken), '[]'::json) as taken`);
  const [answer] = (result as unknown as { rows: { blocked: boolean; taken: number[] }[] }).rows;
  if (answer!.blocked) return null;
  const taken = new Set(answer!.taken);
  const short = summed.filter((n) => !taken.has(n.productId));
  if (short.length === 0) return [];
  // Rare: what is left of the products that fell short, read after the statement so that the message is current.
  const left = await tx
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(inArray(products.id, short.map((n) => n.productId)));
  const stockOf = new Map(left.map((row) => [row.id, row.stock]));
  return short.map((n) => ({ productId: n.productId, available: stockOf.get(n.productId) ?? 0 }));
}

/** takeStockUnless with nothing that could stop it (so never null). */
export async function takeStock(tx: Transaction, needs: readonly StockNeed[]): Promise<Shortfall[]> {
  return (await takeStockUnless(tx, needs, sql`select 1 where false`)) ?? [];
}

export async function returnStock(tx: Transaction, needs: readonly StockNeed[]): Promise<void> {
  for (const need of byProduct(needs)) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${need.quantity}` })
      .where(eq(products.id, need.productId));
  }
}
