/**
 * Drizzle reads and writes of the bag. Quantity limits that must hold under concurrency (at most min(10, stock) per
 * line, one line per product) are written into the statements themselves, not checked beforehand.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { limits } from '../../../domain/limits';
import type { Database, Transaction } from '../../db/client';
import { cartItems, carts, categories, products, users } from '../../db/schema';
import type { CartOwner } from './cart-access';

type Db = Database | Transaction;

export type CartOwnerRef = { userId: number } | { guestSessionId: string };

const maxLineQuantity = limits.cartLineQuantityMax;

/** Which carts belong to the owner, by the public id the request names (no separate look-up of the user). */
function ownedBy(db: Db, owner: CartOwner): SQL {
  if (owner.kind === 'guest') return eq(carts.guestSessionId, owner.sessionId);
  return inArray(carts.userId, db.select({ id: users.id }).from(users).where(eq(users.externalId, owner.userExtId)));
}

/** Every line of the owner's bag with its product's current prices, stock and GST rate, oldest first: one query. */
export async function cartLinesOf(db: Db, owner: CartOwner) {
  return db
    .select({
      id: cartItems.id,
      quantity: cartItems.quantity,
      size: cartItems.size,
      productExtId: products.externalId,
      itemCode: products.itemCode,
      productName: products.name,
      sellingPricePaise: products.sellingPricePaise,
      mrpPaise: products.mrpPaise,
      stock: products.stock,
      isRemoved: products.isRemoved,
      gstRateBp: categories.gstRateBp,
    })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(ownedBy(db, owner))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

export type CartLineRow = Awaited<ReturnType<typeof cartLinesOf>>[number];

export async function findUserIdByExternalId(db: Db, externalId: string): Promise<number | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.externalId, externalId)).limit(1);
  return row?.id;
}

export async function findProductByExternalId(db: Db, externalId: string) {
  const [row] = await db
    .select({ id: products.id, stock: products.stock, isRemoved: products.isRemoved })
    .from(products)
    .where(eq(products.externalId, externalId))
    .limit(1);
  return row;
}

/** The owner's cart id, creating the cart on first use (safe when two requests create it at once). */
export async function ensureCart(tx: Transaction, owner: CartOwnerRef, now: Date): Promise<number> {
  const values = 'userId' in owner ? { userId: owner.userId } : { guestSessionId: owner.guestSessionId };
  const [row] = await tx
    .insert(carts)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: 'userId' in owner ? carts.userId : carts.guestSessionId, set: { updatedAt: now } })
    .returning({ id: carts.id });
  return row!.id;
}

export async function findGuestCartId(db: Db, sessionId: string): Promise<number | undefined> {
  const [row] = await db.select({ id: carts.id }).from(carts).where(eq(carts.guestSessionId, sessionId)).limit(1);
  return row?.id;
}

/**
 * One more unit of the product: a new line of 1, or +1 on the existing line while it is below min(10, stock) read in
 * the same statement. The new quantity, or undefined when the line was already at its maximum.
 */
export async function addOneUnit(tx: Transaction, cartId: number, productId: number, now: Date): Promise<number | undefined> {
  const [row] = await tx
    .insert(cartItems)
    .values({ cartId, productId, quantity: 1, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [cartItems.cartId, cartItems.productId],
      set: { quantity: sql`cart_items.quantity + 1`, updatedAt: now },
      setWhere: sql`cart_items.quantity < least(${maxLineQuantity}, (select p.stock from products p where p.id = ${productId}))`,
    })
    .returning({ quantity: cartItems.quantity });
  return row?.quantity;
}

/** One line of the owner's bag by its id, with what decides whether its quantity may change. */
export async function findOwnedLine(db: Db, owner: CartOwner, cartItemId: number) {
  const [row] = await db
    .select({
      id: cartItems.id,
      productId: cartItems.productId,
      productExtId: products.externalId,
      stock: products.stock,
      isRemoved: products.isRemoved,
    })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(and(eq(cartItems.id, cartItemId), ownedBy(db, owner)))
    .limit(1);
  return row;
}

/** Sets the quantity only while the product is on sale with that many units; false when it was refused. */
export async function setLineQuantity(tx: Transaction, cartItemId: number, quantity: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(cartItems)
    .set({ quantity, updatedAt: now })
    .where(
      and(
        eq(cartItems.id, cartItemId),
        inArray(
          cartItems.productId,
          tx
            .select({ id: products.id })
            .from(products)
            .where(and(sql`${products.stock} >= ${quantity}`, eq(products.isRemoved, false))),
        ),
      ),
    )
    .returning({ id: cartItems.id });
  return rows.length > 0;
}

/** Removes the owner's line of that product; nothing happens when there is none. */
export async function deleteOwnedLine(db: Db, owner: CartOwner, productExtId: string): Promise<void> {
  await db
    .delete(cartItems)
    .where(
      and(
        inArray(cartItems.cartId, db.select({ id: carts.id }).from(carts).where(ownedBy(db, owner))),
        inArray(cartItems.productId, db.select({ id: products.id }).from(products).where(eq(products.externalId, productExtId))),
      ),
    );
}

/**
 * Adds every line of one cart to another in one statement: the same product's quantities are summed, capped at
 * min(10, stock), and an existing line is never lowered by the merge. Removed and sold-out products are left out.
 */
export async function mergeCartLines(tx: Transaction, fromCartId: number, toCartId: number, now: Date): Promise<void> {
  await tx.execute(sql`
    insert into cart_items (cart_id, product_id, quantity, size, created_at, updated_at)
    select ${toCartId}::integer, line.product_id, least(line.quantity, ${maxLineQuantity}::integer, p.stock), line.size,
           ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    from cart_items line
    join products p on p.id = line.product_id
    where line.cart_id = ${fromCartId}::integer and not p.is_removed and p.stock > 0
    order by line.created_at, line.id
    on conflict (cart_id, product_id) do update
    set quantity = greatest(
          cart_items.quantity,
          least(
            cart_items.quantity + excluded.quantity,
            ${maxLineQuantity}::integer,
            (select p2.stock from products p2 where p2.id = excluded.product_id)
          )
        ),
        updated_at = excluded.updated_at`);
}

export async function deleteCartLines(tx: Transaction, cartId: number): Promise<void> {
  await tx.delete(cartItems).where(eq(cartItems.cartId, cartId));
}
