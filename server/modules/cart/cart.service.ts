/**
 * The bag's rules (SPEC.md §4 "Add to cart", "Cart quantity"; §7 "Cart"): prices and totals come from the database,
 * a line holds 1 to min(10, stock) units, removed products cannot be added and are flagged in a bag that has them,
 * and a guest bag merges into the account at sign-in. Routes have already checked that the caller owns the bag.
 */
import { cartMessages, cartTexts } from '../../../domain/cart';
import type { CartLine, CartReply } from '../../../domain/cart';
import { paiseToRupees } from '../../../domain/money';
import type { Database, Transaction } from '../../db/client';
import { Conflict, NotFound, OutOfStock, Unauthorized } from '../../errors';
import { claimGuestSessionForUser, guestSessionExpiry, touchGuestSession } from '../guest/guest.service';
import type { CartOwner } from './cart-access';
import {
  addOneUnit,
  cartLinesOf,
  deleteCartLines,
  deleteOwnedLine,
  ensureCart,
  findGuestCartId,
  findOwnedLine,
  findProductByExternalId,
  findUserIdByExternalId,
  mergeCartLines,
  setLineQuantity,
} from './cart.queries';
import type { CartLineRow, CartOwnerRef } from './cart.queries';

export const cartServiceMessages = {
  productNotFound: 'Product not found',
  lineNotFound: 'This item is not in your bag.',
  guestSessionExpired: 'Your guest session has expired. Please start again.',
  accountNotFound: 'Your session has expired. Please sign in again.',
  bagMerged: 'Bag merged',
} as const;

function toCartLine(row: CartLineRow): CartLine {
  const sellingPrice = paiseToRupees(row.sellingPricePaise);
  return {
    productItem: {
      id: row.id,
      price: sellingPrice,
      quantity: row.quantity,
      size: row.size,
      totalAmount: paiseToRupees(row.sellingPricePaise * row.quantity),
      ProductDatum: {
        externalId: row.productExtId,
        itemCode: row.itemCode,
        productName: row.productName,
        sellingPrice,
        mrp: paiseToRupees(row.mrpPaise),
        deliveryKind: row.deliveryKind,
        isAddon: row.isAddon,
      },
    },
    productId: row.productExtId,
    productGst: (row.gstRateBp ?? 0) / 100,
    available: Math.max(0, row.stock),
    isRemoved: row.isRemoved,
  };
}

/** The bag as it stands now; an owner without a bag yet has an empty one. Removed lines are listed, not counted. */
export async function getCart(db: Database, owner: CartOwner): Promise<CartReply> {
  const rows = await cartLinesOf(db, owner);
  const counted = rows.filter((row) => !row.isRemoved);
  // Sums in paise, converted once, so rupee fractions never accumulate rounding errors.
  const mrpPaise = counted.reduce((sum, row) => sum + row.mrpPaise * row.quantity, 0);
  const sellingPaise = counted.reduce((sum, row) => sum + row.sellingPricePaise * row.quantity, 0);
  return {
    price: paiseToRupees(mrpPaise),
    gst: counted.some((row) => (row.gstRateBp ?? 0) > 0),
    totalAmount: paiseToRupees(sellingPaise),
    totalCartItems: counted.reduce((sum, row) => sum + row.quantity, 0),
    productList: rows.map(toCartLine),
  };
}

/** The database owner of a bag about to be written; 401 when the session or account behind the token is gone. */
async function writableOwner(db: Database | Transaction, owner: CartOwner, now: Date): Promise<CartOwnerRef> {
  if (owner.kind === 'guest') {
    if (!(await touchGuestSession(db, owner.sessionId, now))) throw new Unauthorized(cartServiceMessages.guestSessionExpired);
    return { guestSessionId: owner.sessionId };
  }
  const userId = await findUserIdByExternalId(db, owner.userExtId);
  if (userId === undefined) throw new Unauthorized(cartServiceMessages.accountNotFound);
  return { userId };
}

export type AddOutcome = typeof cartTexts.added | typeof cartTexts.maximumAdded;

/** One more unit of a product in the bag (the prices the browser sent play no part). */
export async function addToCart(db: Database, owner: CartOwner, productExtId: string, now = new Date()): Promise<AddOutcome> {
  const added = await addOneUnit(db, owner, productExtId, now, guestSessionExpiry(now));
  if (added.stock === null) throw new NotFound(cartServiceMessages.productNotFound);
  if (added.isRemoved) throw new Conflict(cartMessages.productRemoved);
  if (added.stock <= 0) throw new OutOfStock(cartMessages.stockLimit);
  if (!added.ownerFound) {
    throw new Unauthorized(owner.kind === 'guest' ? cartServiceMessages.guestSessionExpired : cartServiceMessages.accountNotFound);
  }
  return added.quantity === null ? cartTexts.maximumAdded : cartTexts.added;
}

export type CheckOutcome = typeof cartTexts.sufficient | typeof cartTexts.insufficient;

/** Whether the shop can sell `quantity` units of a product now. */
export async function checkQuantity(db: Database, productExtId: string, quantity: number): Promise<CheckOutcome> {
  const product = await findProductByExternalId(db, productExtId);
  if (!product) throw new NotFound(cartServiceMessages.productNotFound);
  return !product.isRemoved && product.stock >= quantity ? cartTexts.sufficient : cartTexts.insufficient;
}

export type UpdateOutcome = typeof cartTexts.updated | typeof cartTexts.insufficient;

/** Sets a line's quantity (already 1–10); more than the stock, or a removed product, changes nothing. */
export async function updateLineQuantity(
  db: Database,
  owner: CartOwner,
  cartItemId: number,
  change: { productId: string; quantity: number },
  now = new Date(),
): Promise<UpdateOutcome> {
  return db.transaction(async (tx) => {
    const line = await findOwnedLine(tx, owner, cartItemId);
    if (!line || line.productExtId !== change.productId) throw new NotFound(cartServiceMessages.lineNotFound);
    if (line.isRemoved || line.stock < change.quantity) return cartTexts.insufficient;
    await writableOwner(tx, owner, now);
    // The stock is checked again inside the update: it may have changed since the read above.
    return (await setLineQuantity(tx, line.id, change.quantity, now)) ? cartTexts.updated : cartTexts.insufficient;
  });
}

/** Takes a product out of the bag; a product that is not in it is fine too (the browser may retry). */
export async function removeFromCart(db: Database, owner: CartOwner, productExtId: string): Promise<void> {
  await deleteOwnedLine(db, owner, productExtId);
}

/**
 * Moves a guest bag into a signed-in user's bag, in one transaction: quantities of the same product are added and
 * capped at min(10, stock), removed products are dropped, and the guest bag is left empty, so a second merge changes
 * nothing. An unknown or expired session merges nothing (and is not an error: the browser drops its id either way).
 */
export async function mergeGuestBag(db: Database, sessionId: string, userExtId: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const userId = await findUserIdByExternalId(tx, userExtId);
    if (userId === undefined) throw new Unauthorized(cartServiceMessages.accountNotFound);
    // Locks the session row first: concurrent merges (and guest writes) of this bag queue up behind this one.
    if (!(await claimGuestSessionForUser(tx, sessionId, userId, now))) return;
    const guestCartId = await findGuestCartId(tx, sessionId);
    if (guestCartId === undefined) return;
    const userCartId = await ensureCart(tx, { userId }, now);
    await mergeCartLines(tx, guestCartId, userCartId, now);
    await deleteCartLines(tx, guestCartId);
  });
}
