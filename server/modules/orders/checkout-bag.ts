/**
 * The buyer's bag as the checkout prices it, in one call (checkout_buyer, migrations 0005 and 0009, its lines from
 * checkout_bag, migration 0024): the checkout invoice prices and reserves it, and the coupon check prices a code on it.
 */
import { sql } from 'drizzle-orm';
import type { DeliveryKind } from '../../../domain/delivery-kind';
import type { Database } from '../../db/client';
import { preparedStatement, rawStatement } from '../../db/prepared';
import type { cartItems } from '../../db/schema';
import { NotFound } from '../../errors';
import type { Buyer } from '../checkout/buyer-access';

/** The address as the order keeps it (jsonb): what the mails and the admin show, plus where it came from. */
export interface AddressSnapshot {
  addressId: number;
  fullName: string;
  address: string;
  locality: string;
  landmark: string;
  city: string;
  pincode: string;
  state: string;
  country: string;
  phoneNumber: string;
}

/** A line of the bag, priced from the catalogue as it is now. */
export interface BagLine {
  /** The bag line's id (the cart's `productItem.id`): what the coupon check names each line's share by. */
  cartItemId: number;
  productId: number;
  productName: string;
  itemCode: string;
  size: (typeof cartItems.$inferSelect)['size'];
  quantity: number;
  unitPricePaise: number;
  mrpPaise: number;
  isRemoved: boolean;
  categoryId: number | null;
  gstRateBp: number | null;
  deliveryKind: DeliveryKind;
  isAddon: boolean;
}

/** What checkout_buyer answers: the buyer, the address as the order keeps it, the bag priced. */
export interface PricedBag {
  userId: number;
  address: AddressSnapshot | null;
  cartId: number | null;
  lines: BagLine[];
  /** What each of the bag's products has left, by product id. */
  stock: Record<string, number>;
  /** An invoice of this buyer to this address is pending. */
  pending: boolean;
}

const checkoutBuyer = preparedStatement('checkout_buyer', (db) =>
  rawStatement<{ bag: PricedBag | null }>(
    db,
    sql`select checkout_buyer(${sql.placeholder('userExtId')}::text, ${sql.placeholder('sessionId')}::text,
      ${sql.placeholder('addressId')}::integer, ${sql.placeholder('now')}::timestamptz) as bag`,
  ),
);

/** A verified guest buys the bag of its session, else the user's own; `addressId` null when no address is asked for. */
export async function readCheckoutBag(db: Database, buyer: Buyer, addressId: number | null, now: Date): Promise<PricedBag> {
  const sessionId = buyer.kind === 'guest' ? buyer.sessionId : null;
  const { rows } = await checkoutBuyer(db, { userExtId: buyer.userExtId, sessionId, addressId, now: now.toISOString() });
  const [{ bag }] = rows as [{ bag: PricedBag | null }];
  if (!bag) throw new NotFound('This account no longer exists.');
  return bag;
}
