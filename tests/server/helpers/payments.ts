/**
 * Buying fixtures for the checkout and payment suites: a signed-in buyer with a saved address and a bag, and the calls
 * a checkout page makes (invoice, the sandbox's card payment, verify) plus the provider's signed webhook.
 */
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { addresses, cartItems, carts, orders, products } from '../../../server/db/schema';
import { sandboxSecret } from '../../../server/modules/payments/sandbox-provider';
import { aUser, signedInAs } from './auth';
import type { TestUser, UserOptions } from './auth';
import { deliveriesFor } from './delivery-choices';
import { aCategory, aProduct, aSubCategory } from './factories';
import type { ProductRow } from './factories';

export interface Buyer {
  user: TestUser;
  addressId: number;
  headers: { authorization: string };
}

export interface Invoice {
  invoiceId: string;
  orderValueId: string;
  amount: number;
  currency: string;
}

/** What the payment dialog hands back on success (Razorpay's three fields). */
export type SignedPayment = Record<'razorpay_order_id' | 'razorpay_payment_id' | 'razorpay_signature', string>;

export const successCard = '4111 1111 1111 1111';

/** A signed-in customer with a saved address (state as given) and `quantity` of `product` in the bag. */
export async function aBuyer(
  app: FastifyInstance,
  product: ProductRow,
  quantity: number,
  options: { state?: string; user?: UserOptions } = {},
): Promise<Buyer> {
  const user = await aUser(app, options.user);
  const [address] = await app.db
    .insert(addresses)
    .values({
      userId: user.id,
      fullName: 'Asha Raman',
      address: '12 Lake Road',
      locality: 'Adyar',
      landmark: 'Near the park',
      city: 'Chennai',
      // A real pincode of the state, as the address forms insist (issue 40).
      pincode: options.state === 'Karnataka' ? '560025' : '600020',
      state: options.state ?? 'Tamil Nadu',
      phoneNumber: '9876543210',
    })
    .returning({ id: addresses.id });
  const [cart] = await app.db.insert(carts).values({ userId: user.id }).returning({ id: carts.id });
  await app.db.insert(cartItems).values({ cartId: cart!.id, productId: product.id, quantity });
  return { user, addressId: address!.id, headers: signedInAs(app, user) };
}

/** A product of a category taxed at 12 % (6 % CGST + 6 % SGST): Rs. 1,120 each, 5 in stock unless overridden. */
export async function aTaxedProduct(app: FastifyInstance, overrides: Partial<ProductRow> = {}): Promise<ProductRow> {
  const category = await aCategory(app.db, { gstRateBp: 600 });
  const subCategory = await aSubCategory(app.db, { categoryId: category.id });
  return aProduct(app.db, { subCategory, sellingPricePaise: 112_000, mrpPaise: 150_000, stock: 5, ...overrides });
}

/**
 * `POST user/{id}/checkoutinvoice` for the buyer's own account and saved address, unless the body says otherwise; a
 * body without `deliveries` gets the first open date (and slot) of each delivery the bag needs.
 */
export async function checkout(app: FastifyInstance, buyer: Buyer, body: Record<string, unknown> = { addressId: buyer.addressId }) {
  const payload = 'deliveries' in body ? body : { ...body, deliveries: await deliveriesFor(app, { userId: buyer.user.id }) };
  return app.inject({ method: 'POST', url: `/api/user/${buyer.user.externalId}/checkoutinvoice`, headers: buyer.headers, payload });
}

/** An invoice the buyer's checkout must be given. */
export async function invoiceFor(app: FastifyInstance, buyer: Buyer): Promise<Invoice> {
  const res = await checkout(app, buyer);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Invoice>();
}

/** The sandbox dialog's card payment for a provider order. */
export function sandboxPay(app: FastifyInstance, orderId: string, cardNumber = successCard) {
  return app.inject({ method: 'POST', url: '/api/payment/sandbox/pay', payload: { orderId, cardNumber, expiry: '12/30', cvv: '123' } });
}

/** A successful card payment: the signed fields the dialog hands to verify. */
export async function paidWithCard(app: FastifyInstance, orderId: string): Promise<SignedPayment> {
  const res = await sandboxPay(app, orderId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SignedPayment>();
}

export function verify(app: FastifyInstance, buyer: Buyer, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/payment/verify', headers: buyer.headers, payload: body });
}

/** The provider's webhook call with this exact body and signature header. */
export function sendWebhook(app: FastifyInstance, body: string, signature: string) {
  return app.inject({
    method: 'POST',
    url: '/api/payment/webhook',
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
    payload: body,
  });
}

/** A `payment.captured` event body for a payment of a provider order. */
export function capturedEvent(orderId: string, paymentId: string): string {
  return JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: { id: paymentId, order_id: orderId } } } });
}

/** The signature the sandbox provider puts on a webhook body (Razorpay: hex HMAC-SHA256 of the raw body). */
export function webhookSignature(app: FastifyInstance, body: string, secret = sandboxSecret(app.config.jwtSecret)): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

export async function stockOf(app: FastifyInstance, product: Pick<ProductRow, 'id'>): Promise<number> {
  const [row] = await app.db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id));
  return row!.stock;
}

export async function orderByProviderId(app: FastifyInstance, providerOrderId: string) {
  const [row] = await app.db.select().from(orders).where(eq(orders.providerOrderId, providerOrderId));
  return row!;
}
