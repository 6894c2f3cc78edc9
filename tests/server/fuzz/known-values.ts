/**
 * Real values for fields whose meaning no schema states: the caller's own ids first (so that a well-formed request
 * gets past the access checks into the services), then someone else's, then ids that exist nowhere; and what the
 * forms' cross-field rules need to accept a request (fresh names, prices in range, the test cards).
 */
import fc from 'fast-check';
import { defaultTestPassword } from '../helpers/auth';
import type { CallerName, FuzzWorld } from './fuzz-world';
import type { FuzzTarget, IdMeaning } from './fuzz-targets';
import { MISSING } from './schema-arbitraries';
import type { Known, KnownByName } from './schema-arbitraries';

const unknownUser = 'no-such-user';
const unknownSession = 'AAAAAAAAAAAAAAAAAAAAAAAA';
const unknownRow = 999_999;

/**
 * The caller's own values most of the time (so requests get past the access checks), someone else's the rest. A
 * caller with none of its own mostly leaves the field out, as its browser does (a signed-in bag names no session).
 */
function mineFirst(own: readonly unknown[], others: readonly unknown[]): Known {
  const mine = own.length > 0 ? fc.constantFrom(...own) : fc.constant(MISSING);
  return fc.oneof({ weight: 3, arbitrary: mine }, { weight: 1, arbitrary: fc.constantFrom(...others) });
}

/** A fresh name per request, as an admin types a new product's. */
const fresh = (prefix: string) => fc.nat({ max: 1_000_000 }).map((n) => `${prefix} ${n}`);

export function knownValues(world: FuzzWorld, target: FuzzTarget, caller: CallerName): KnownByName {
  const { customer, other, admin, guest, otherGuest } = world;
  const ownAccount = { anonymous: [], guest: [], customer: [customer.externalId], admin: [admin.externalId] }[caller];
  const ownSession = caller === 'guest' ? [guest.sessionId] : [];
  const otherUsers = [customer.externalId, other.externalId, admin.externalId, unknownUser];
  const users = mineFirst(ownAccount, otherUsers);
  // A verified guest buys for the account its session is linked to: that is the user id its checkout names.
  const buyers = mineFirst(caller === 'guest' ? [guest.userExtId] : ownAccount, otherUsers);
  const sessions = mineFirst(ownSession, [guest.sessionId, otherGuest.sessionId, unknownSession]);
  const owners = mineFirst([...ownAccount, ...ownSession], [...otherUsers, guest.sessionId, otherGuest.sessionId]);
  const products = [world.product.externalId, world.removedProduct.externalId, world.soldOutProduct.externalId, 'no-such-product'];
  const addressIds = mineFirst(caller === 'customer' ? [customer.addressId] : [], [customer.addressId, other.addressId, unknownRow]);
  const cartItemIds = mineFirst(
    caller === 'customer' ? [customer.cartItemId] : caller === 'guest' ? [guest.cartItemId] : [],
    [customer.cartItemId, guest.cartItemId, other.cartItemId, unknownRow],
  );
  const emails: Known = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(customer.email, world.passwordless.email, world.unverified.email, admin.email) },
    { weight: 1, arbitrary: fc.nat({ max: 10_000 }).map((n) => `fuzz-${n}@example.in`) },
  );

  const byId: Record<IdMeaning, Known> = {
    user: buyers,
    address: addressIds,
    guestSession: sessions,
    category: [world.categoryId, unknownRow],
    subCategory: [world.subCategoryId, world.strangerSubCategoryId, unknownRow],
    purchase: [world.purchaseId, unknownRow],
    contactMessage: [world.contactMessageId, unknownRow],
    mail: [world.failedMailId, unknownRow],
    // Migration 0016 seeds the Standard slot first.
    deliverySlot: [1, unknownRow],
    deliveryArea: [world.deliveryAreaId, unknownRow],
    delivery: [world.deliveryId, unknownRow],
    review: [world.reviewId, unknownRow],
    coupon: [world.couponId, unknownRow],
    product: products,
  };

  return {
    ...(target.id ? { id: byId[target.id] } : {}),
    sessionId: sessions,
    guestSessionId: sessions,
    userId: users,
    userExtId: users,
    owner: owners,
    productExtId: products,
    productId: products,
    flower_ext_id: products,
    product_ext_id: products,
    addressId: addressIds,
    cartItemId: cartItemIds,
    categoryId: [world.categoryId, unknownRow],
    productCategoryName: [world.categoryId, String(world.categoryId), unknownRow],
    flowerCategoryName: [String(world.categoryId)],
    flowerSubCategoryName: [String(world.subCategoryId), String(world.strangerSubCategoryId)],
    flowerName: fresh('Fuzz Rose'),
    flowerItemCode: fresh('FZ'),
    mrp: ['1500', ''],
    sellingPrice: ['1250'],
    Quantity: ['7', '0'],
    categoryName: fresh('Fuzz Category'),
    subCategoryName: fresh('Fuzz Sub'),
    sys_name: [world.pictureItemCode, world.product.itemCode, 'NO-SUCH-CODE'],
    email: emails,
    userEmail: emails,
    to: emails,
    password: [defaultTestPassword, 'Newer@123'],
    confirmPassword: [defaultTestPassword, 'Newer@123'],
    otp: ['000000', '123456', '999999'],
    razorpay_order_id: [world.pendingPayment.razorpay_order_id, 'order_Unknown1234567'],
    orderId: [world.pendingPayment.razorpay_order_id, 'order_Unknown1234567'],
    order_id: [world.pendingPayment.razorpay_order_id],
    razorpay_payment_id: [world.pendingPayment.razorpay_payment_id],
    razorpay_signature: [world.pendingPayment.razorpay_signature],
    cardNumber: ['4111 1111 1111 1111', '4000 0000 0000 0002'],
    expiry: ['12/30'],
    cvv: ['123'],
    isRemoved: ['true', 'false'],
    userTrackingUrl: ['https://track.example.in/1', ''],
    refreshToken: world.refreshTokens,
    // Inside the world's delivery area, outside every area (Leh), and a pincode India Post does not have.
    pincode: [world.deliveryAreaPincode, '194101', '999999'],
    // The checkout invoice's choices: the world's bags go by courier.
    deliveries: [world.deliveries, [], [{ kind: 'hand', date: world.deliveries[0]!.date, slotId: 1 }]],
    // The world's coupon (issue 42) as typed, and a code no coupon has.
    code: ['FUZZ10', 'fuzz10 ', 'NOSUCH1'],
    couponCode: ['FUZZ10', 'NOSUCH1', null],
  };
}
