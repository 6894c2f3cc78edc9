/**
 * Drizzle reads and writes of the bag. Quantity limits that must hold under concurrency (at most min(10, stock) per
 * line, one line per product) are written into the statements themselves, not checked beforehand.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Placeholder, SQL } from 'drizzle-orm';
import { limits } from '../../../domain/limits';
import type { Database, Transaction } from '../../db/client';
import { preparedStatement, rawStatement } from '../../db/prepared';
import { cartItems, carts, categories, products, users } from '../../db/schema';
import { resolvedDeliveryKind } from '../catalog/catalog.queries';
import type { CartOwner } from './cart-access';

type Db = Database | Transaction;

export type CartOwnerRef = { userId: number } | { guestSessionId: string };

const maxLineQuantity = limits.cartLineQuantityMax;

/** Which carts belong to the owner, by the public id the request names (no separate look-up of the user). */
function ownedBy(db: Db, owner: CartOwner | PlaceholderOwner): SQL {
  if (owner.kind === 'guest') return eq(carts.guestSessionId, owner.sessionId);
  return inArray(carts.userId, db.select({ id: users.id }).from(users).where(eq(users.externalId, owner.userExtId)));
}

/** An owner whose id is filled in when a prepared statement runs. */
type PlaceholderOwner = { kind: 'guest'; sessionId: Placeholder } | { kind: 'user'; userExtId: Placeholder };
const placeholderOwner = {
  guest: { kind: 'guest', sessionId: sql.placeholder('sessionId') },
  user: { kind: 'user', userExtId: sql.placeholder('userExtId') },
} as const;

const cartLines = (db: Db, owned: SQL) =>
  db
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
      deliveryKind: resolvedDeliveryKind,
      isAddon: products.isAddon,
    })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(owned)
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));

const guestCartLines = preparedStatement('cart_lines_of_guest', (db) => cartLines(db, ownedBy(db, placeholderOwner.guest)));
const userCartLines = preparedStatement('cart_lines_of_user', (db) => cartLines(db, ownedBy(db, placeholderOwner.user)));

/** Every line of the owner's bag with its product's current prices, stock and GST rate, oldest first: one query. */
export async function cartLinesOf(db: Db, owner: CartOwner) {
  return owner.kind === 'guest' ? guestCartLines(db, { sessionId: owner.sessionId }) : userCartLines(db, { userExtId: owner.userExtId });
}

export type CartLineRow = Awaited<ReturnType<typeof cartLinesOf>>[number];

const userIdByExternalId = preparedStatement('user_id_by_external_id', (db) =>
  db.select({ id: users.id }).from(users).where(eq(users.externalId, sql.placeholder('externalId'))).limit(1),
);

export async function findUserIdByExternalId(db: Db, externalId: string): Promise<number | undefined> {
  const [row] = await userIdByExternalId(db, { externalId });
  return row?.id;
}

const productByExternalId = preparedStatement('product_stock_by_external_id', (db) =>
  db
    .select({ id: products.id, stock: products.stock, isRemoved: products.isRemoved })
    .from(products)
    .where(eq(products.externalId, sql.placeholder('externalId')))
    .limit(1),
);

export async function findProductByExternalId(db: Db, externalId: string) {
  const [row] = await productByExternalId(db, { externalId });
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

/** What adding one unit found and did. */
export interface AddedUnit {
  /** The product's stock, or null when no product has that id. */
  stock: number | null;
  isRemoved: boolean;
  /** The guest session is live, or the account exists (asked only of a product that can be added). */
  ownerFound: boolean;
  /** The line's new quantity, or null when nothing was added (the line was at min(10, stock) already). */
  quantity: number | null;
}

/**
 * One more unit of a product in the owner's bag, in one statement: the product read, the guest session touched (its
 * expiry pushed out to `guestExpiresAt`) or the account found, the bag made on first use, and a new line of 1 or +1
 * on the existing line while it is below min(10, stock). Nothing is written unless the product can be sold and the owner
 * is there. One statement, not a transaction of five: on the embedded database a transaction holds the one connection
 * across a thread round trip per statement, and every other request waits (docs/performance.md).
 */
export async function addOneUnit(db: Database, owner: CartOwner, productExtId: string, now: Date, guestExpiresAt: Date): Promise<AddedUnit> {
  const values = { productExtId, at: now.toISOString(), guestExpiresAt: guestExpiresAt.toISOString() };
  const { rows } =
    owner.kind === 'guest'
      ? await addOneUnitForGuest(db, { ...values, sessionId: owner.sessionId })
      : await addOneUnitForUser(db, { ...values, userExtId: owner.userExtId });
  const [row] = rows as [AddedUnitRow];
  return { stock: row.stock, isRemoved: row.is_removed, ownerFound: row.owner_found, quantity: row.quantity };
}

interface AddedUnitRow {
  stock: number | null;
  is_removed: boolean;
  owner_found: boolean;
  quantity: number | null;
}

function addOneUnitStatement(db: Db, kind: CartOwner['kind']) {
  const at = sql`${sql.placeholder('at')}::timestamptz`;
  const ownerRow =
    kind === 'guest'
      ? sql`update guest_sessions set last_seen_at = ${at}, expires_at = ${sql.placeholder('guestExpiresAt')}::timestamptz
          where id = ${sql.placeholder('sessionId')} and expires_at > ${at} and exists (select 1 from sellable)
          returning null::integer as user_id, id as guest_session_id`
      : sql`select id as user_id, null::text as guest_session_id from users
          where external_id = ${sql.placeholder('userExtId')} and exists (select 1 from sellable) limit 1`;
  // A guest's bag is unique on its session, an account's on its user: safe when two requests make it at once.
  const bagOf = sql.raw(kind === 'guest' ? 'guest_session_id' : 'user_id');
  return rawStatement<AddedUnitRow>(
    db,
    sql`with product as (
      select id, stock, is_removed from products where external_id = ${sql.placeholder('productExtId')} limit 1
    ), sellable as (
      select id from product where not is_removed and stock > 0
    ), owner as (
      ${ownerRow}
    ), bag as (
      insert into carts (user_id, guest_session_id, created_at, updated_at)
      select user_id, guest_session_id, ${at}, ${at} from owner
      on conflict (${bagOf}) do update set updated_at = excluded.updated_at
      returning id
    ), line as (
      insert into cart_items (cart_id, product_id, quantity, created_at, updated_at)
      select bag.id, sellable.id, 1, ${at}, ${at} from bag cross join sellable
      on conflict (cart_id, product_id) do update set quantity = cart_items.quantity + 1, updated_at = excluded.updated_at
        where cart_items.quantity < least(${maxLineQuantity}::integer, (select p.stock from products p where p.id = excluded.product_id))
      returning quantity
    )
    select (select stock from product) as stock, coalesce((select is_removed from product), false) as is_removed,
      exists (select 1 from owner) as owner_found, (select quantity from line) as quantity`,
  );
}

const addOneUnitForGuest = preparedStatement('add_one_unit_for_guest', (db) => addOneUnitStatement(db, 'guest'));
const addOneUnitForUser = preparedStatement('add_one_unit_for_user', (db) => addOneUnitStatement(db, 'user'));

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
