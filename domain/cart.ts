import { z } from 'zod/mini';
import { deliveryKind } from './delivery-kind';
import { rowIdOf } from './fields';
import { limits } from './limits';

/**
 * The bag (SPEC.md §3 Cart, §4 Add to cart / Cart quantity, §7 Cart, §8). Money is rupees on the wire; every price and
 * total is computed by the server from the database — prices the browser sends are ignored.
 */
export const cartTexts = {
  /** `createusercart` body texts (text/plain, status 200). */
  added: 'quantity added to cart',
  maximumAdded: 'maximum quantity added to cart',
  /** `checkquantity` body texts. */
  sufficient: 'Quantity is sufficient',
  /** `user/{id}/cart/{cartItemId}` body texts (`insufficient` also answers checkquantity). */
  updated: 'Quantity updated successfully',
  insufficient: 'Insufficient quantity available',
} as const;

export const cartMessages = {
  addedToCart: 'Product added to cart',
  stockLimit: "You've reached the maximum quantity available in stock.",
  addFailed: 'Failed to add to cart. Please try again.',
  networkError: 'An error occurred. Please try again later.',
  proceedingToCheckout: 'Proceeding to Checkout',
  emptyTitle: 'Your Bag is Empty',
  emptyText: 'Please do some shopping and add items to your cart.',
  goShopping: 'Go to Shopping Page',
  taxNote: 'Tax included and shipping calculated at checkout',
  removedProduct: 'This product is no longer available. Please remove it from your bag.',
  productRemoved: 'This product is no longer available.',
  removedFromCart: 'Removed from your bag.',
} as const;

/** Whose bag: a signed-in user's (by external id) or a guest session's. */
export type CartOwner = { kind: 'user'; userExtId: string } | { kind: 'guest'; sessionId: string };

/** A guest session's id: ≥ 128 random bits, base64url (the guest's bearer secret for its bag). */
export const sessionId = z.string().check(z.regex(/^[A-Za-z0-9_-]{22,64}$/, { error: 'Invalid session id' }));
export const externalId = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'Invalid id' }));

/** `GET getSessionId`. The refresh token travels only as the HttpOnly cookie `refreshToken`. */
export const guestSessionReply = z.object({ sessionId: z.string(), accessToken: z.string() });
export type GuestSessionReply = z.infer<typeof guestSessionReply>;

export const cartLine = z.object({
  productItem: z.object({
    /** The cart item's id: the `{cartItemId}` of the quantity call. */
    id: z.number().check(z.int()),
    /** Selling price of one unit. */
    price: z.number(),
    quantity: z.number().check(z.int()),
    size: z.string(),
    /** price × quantity */
    totalAmount: z.number(),
    ProductDatum: z.object({
      externalId: z.string(),
      itemCode: z.string(),
      productName: z.string(),
      sellingPrice: z.number(),
      mrp: z.number(),
      /** Resolved as in the catalogue (issue 40): the bag splits into deliveries by it. */
      deliveryKind,
      /** An add-on (issue 42) travels with the flowers (domain/delivery-split.ts); absent on bags older than it. */
      isAddon: z.optional(z.boolean()),
    }),
  }),
  /** The product's external id (what createusercart, checkquantity and removecartitem name). */
  productId: z.string(),
  /** The CGST rate (= the SGST rate) in percent; 0 when the product is nil-rated. */
  productGst: z.number(),
  /** Units the shop can still sell; the line cannot go above min(10, available). */
  available: z.number().check(z.int()),
  /** The product was taken off the storefront after it was put in the bag: it cannot be bought. */
  isRemoved: z.boolean(),
});
export type CartLine = z.infer<typeof cartLine>;

/** `GET user/{userExtId}/cart`, `GET guest/{sessionId}/cart` */
export const cartReply = z.object({
  /** Σ MRP × quantity */
  price: z.number(),
  /** Whether any line carries GST. */
  gst: z.boolean(),
  /** Σ selling price × quantity (SPEC.md §9 Cart total) */
  totalAmount: z.number(),
  /** Σ quantity: the badge's count. */
  totalCartItems: z.number().check(z.int()),
  productList: z.array(cartLine),
});
export type CartReply = z.infer<typeof cartReply>;

/** `POST createusercart`: adds one unit. userId for signed-in users, sessionId for guests; the prices are ignored. */
export const addToCartRequest = z
  .object({
    productExtId: externalId,
    userId: z.optional(externalId),
    sessionId: z.optional(sessionId),
    isItemRemoved: z.optional(z.boolean()),
    price: z.optional(z.number()),
    discountedPrice: z.optional(z.number()),
    totalAmount: z.optional(z.number()),
  })
  .check(
    z.refine((body) => Boolean(body.userId) !== Boolean(body.sessionId), {
      error: 'Send either userId (signed in) or sessionId (guest).',
    }),
  );
export type AddToCartRequest = z.infer<typeof addToCartRequest>;

const quantity = z
  .number({ error: 'Quantity must be a whole number from 1 to 10' })
  .check(
    z.int({ error: 'Quantity must be a whole number from 1 to 10' }),
    z.minimum(limits.cartLineQuantityMin, { error: 'Quantity must be a whole number from 1 to 10' }),
    z.maximum(limits.cartLineQuantityMax, { error: 'Quantity must be a whole number from 1 to 10' }),
  );

/** `POST checkquantity` */
export const checkQuantityRequest = z.object({ productId: externalId, quantity });

/** `POST user/{id or sessionId}/cart/{cartItemId}` */
export const updateCartItemParams = z.object({
  owner: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'Invalid id' })),
  cartItemId: rowIdOf('Invalid cart item id'),
});
export const updateCartItemRequest = z.object({
  productId: externalId,
  size: z.optional(z.string().check(z.maxLength(30))),
  quantity,
});

/** `POST removecartitem`: userExtId for signed-in users, guestSessionId for guests. */
export const removeCartItemRequest = z
  .object({
    productId: externalId,
    userExtId: z.nullable(z.optional(externalId)),
    guestSessionId: z.nullable(z.optional(sessionId)),
  })
  .check(
    z.refine((body) => Boolean(body.userExtId) !== Boolean(body.guestSessionId), {
      error: 'Send either userExtId (signed in) or guestSessionId (guest).',
    }),
  );

/** `POST syncGuestLoggedInCart`: merges the guest bag into the signed-in caller's bag. */
export const syncGuestCartRequest = z.object({ sessionId, userExtId: externalId });

export const cartMessageReply = z.object({ message: z.string() });
