/**
 * The checkout invoice (SPEC.md §4 Place Order, §7): the bag priced from the database (checkout_buyer), its deliveries'
 * choices checked and their fees priced on the server's clock (delivery/checkout-deliveries.ts), a provider order for
 * the whole, then the stock reserved, the hand delivery's slot booked and the order written with its items, deliveries
 * and address snapshot, atomically (checkout_invoice, migration 0025): two calls of the database functions in all. A
 * double submit gets the same pending invoice back, never a second. A coupon (issue 42) is priced here and its limits
 * checked again by checkout_invoice under the coupon's row lock; each line is taxed on its value after its share of
 * the discount, and delivery fees are never discounted.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { couponTexts } from '../../../domain/coupons';
import type { OrderCoupon } from '../../../domain/coupons';
import { lineTax, orderTotals } from '../../../domain/gst';
import { paiseToRupees } from '../../../domain/money';
import { paymentMessages } from '../../../domain/payment';
import type { CheckoutInvoiceReply } from '../../../domain/payment';
import type { GiftMessage } from '../../../domain/gift-message';
import type { DeliveryChoiceRequest } from '../../../domain/payment';
import type { Database } from '../../db/client';
import { preparedStatement, rawStatement } from '../../db/prepared';
import { Conflict, HttpError, NotFound, NotReady } from '../../errors';
import type { PaymentProvider } from '../payments/provider';
import { ProviderError } from '../payments/provider';
import type { Buyer } from '../checkout/buyer-access';
import { checkCoupon, couponLinesOf, CouponRefused, lockedRefusals } from '../coupons/coupons.service';
import type { LockedRefusal, PricedCoupon } from '../coupons/coupons.service';
import { priceDeliveries, slotTakenMeanwhile } from '../delivery/checkout-deliveries';
import type { PricedDelivery } from '../delivery/checkout-deliveries';
import { readCheckoutBag } from './checkout-bag';
import type { BagLine } from './checkout-bag';
import { byProduct } from './stock-reservation';
import type { Shortfall } from './stock-reservation';

export class OutOfStockLines extends HttpError {
  constructor(readonly lines: { productName: string; size: string; available: number }[]) {
    const detail = lines.map((l) => `${l.productName} (${l.size}): ${l.available} left`).join('; ');
    super(409, 'OUT_OF_STOCK', `${paymentMessages.shortfall}: ${detail}`);
  }
}

export interface InvoiceDeps {
  db: Database;
  provider: PaymentProvider;
  /** How long the invoice holds its stock (config.reservationMinutes). */
  reservationMinutes: number;
  /** The server's clock (AppDeps.now): the delivery choices' cut-offs and the reservation are read on it. */
  now?: () => Date;
}

const checkoutInvoice = preparedStatement('checkout_invoice', (db) =>
  rawStatement<{ answer: CheckoutOutcome }>(
    db,
    sql`select checkout_invoice(${sql.placeholder('userId')}::integer, ${sql.placeholder('cartId')}::integer,
      ${sql.placeholder('addressId')}::integer, ${sql.placeholder('now')}::timestamptz, ${sql.placeholder('lines')}::jsonb,
      ${sql.placeholder('invoice')}::jsonb, ${sql.placeholder('items')}::jsonb, ${sql.placeholder('deliveries')}::jsonb,
      ${sql.placeholder('coupon')}::jsonb) as answer`,
  ),
);

/** The buyer's bag priced for an invoice to the address: refused when the address, the bag or a product is gone. */
async function pricedBag(db: Database, buyer: Buyer, addressId: number, now: Date) {
  const bag = await readCheckoutBag(db, buyer, addressId, now);
  const { address, cartId, lines } = bag;
  if (!address) throw new NotFound(paymentMessages.unknownAddress);
  if (cartId === null || lines.length === 0) throw new Conflict(paymentMessages.emptyBag);
  if (lines.some((line) => line.isRemoved)) throw new Conflict(paymentMessages.removedProduct);
  return { ...bag, address, cartId };
}

type CheckoutOutcome =
  | { outcome: 'changed' | 'created' }
  | { outcome: 'pending'; invoiceId: string; providerOrderId: string; totalPaise: number }
  | { outcome: 'short'; shortfalls: Shortfall[] }
  /** The hand delivery's slot was full when its place was to be taken: nothing was written. */
  | { outcome: 'full' }
  /** The coupon could not be used once its row was locked: nothing was written. */
  | { outcome: 'coupon'; reason: LockedRefusal };

/** A bag that changes under every attempt is refused rather than priced for ever. */
const pricingAttempts = 3;

/** What the buyer adds to the order beyond the bag and the address. */
export interface InvoiceExtras {
  /** The gift card, parsed by domain/gift-message.ts; null: none. */
  gift?: GiftMessage | null;
  /** A date (and slot) per delivery kind the bag needs; checked against the server's schedule. */
  deliveries?: readonly DeliveryChoiceRequest[];
  /** A coupon code as couponCode parsed it; null: none. */
  couponCode?: string | null;
}

/** The coupon's discount per line of the bag (by its index), after every rule but the limits' locked recount. */
function pricedCoupon(db: Database, code: string, buyerId: number, lines: readonly BagLine[], now: Date): Promise<PricedCoupon<number>> {
  return checkCoupon(db, code, buyerId, couponLinesOf(lines, (_line, index) => index), now);
}

export async function createCheckoutInvoice(
  deps: InvoiceDeps,
  buyer: Buyer,
  addressId: number,
  extras: InvoiceExtras = {},
): Promise<CheckoutInvoiceReply> {
  for (let attempt = 1; attempt <= pricingAttempts; attempt += 1) {
    const now = deps.now?.() ?? new Date();
    const { userId, address, cartId, lines, stock, pending } = await pricedBag(deps.db, buyer, addressId, now);
    // A double submit may find its own invoice holding the last units: only checkout_invoice can tell.
    if (!pending) refuseShortfalls(lines, shortfallsOf(lines, stock));

    const coupon = extras.couponCode ? await pricedCoupon(deps.db, extras.couponCode, userId, lines, now) : null;
    // Each line is taxed on what is paid for it: its value less its share of the discount.
    const priced = lines.map((line, index) => {
      const lineTotalPaise = line.unitPricePaise * line.quantity;
      const discountPaise = coupon?.shares.get(index) ?? 0;
      const paidPaise = lineTotalPaise - discountPaise;
      return { line, lineTotalPaise, discountPaise, paidPaise, tax: lineTax(paidPaise, line.gstRateBp, address.state) };
    });
    const deliveries = await priceDeliveries(deps.db, {
      lines: priced.map((p) => ({
        deliveryKind: p.line.deliveryKind,
        totalPaise: p.lineTotalPaise,
        rateBp: p.line.gstRateBp,
        isAddon: p.line.isAddon,
      })),
      choices: extras.deliveries ?? [],
      address,
      now,
    });
    // Each delivery's fee is a line of the bill, taxed at its own rate: the same sum the checkout page makes.
    const totals = orderTotals(
      [
        ...priced.map((p) => ({ totalPaise: p.paidPaise, rateBp: p.line.gstRateBp })),
        ...deliveries.map((delivery) => ({ totalPaise: delivery.fee_paise, rateBp: delivery.fee_gst_rate_bp })),
      ],
      address.state,
    );
    const invoiceId = `inv_${randomBytes(12).toString('base64url')}`;
    // Asked before the stock is taken, so that taking it and writing the order are one call: a bag refused after this
    // leaves the provider an order that is never paid, as an abandoned checkout does.
    const providerOrder = await deps.provider.createOrder({ amountPaise: totals.totalPaise, receipt: invoiceId }).catch((error: unknown) => {
      if (error instanceof ProviderError) throw new NotReady('The payment service is unavailable. Please try again shortly.');
      throw error;
    });
    const invoice = {
      invoice_id: invoiceId,
      provider_order_id: providerOrder.id,
      address,
      subtotal_paise: totals.taxablePaise,
      tax_paise: totals.taxPaise,
      total_paise: totals.totalPaise,
      reservation_expires_at: new Date(now.getTime() + deps.reservationMinutes * 60_000).toISOString(),
      // Written with the order by checkout_invoice (migration 0018), in the same transaction.
      gift: extras.gift ?? null,
      coupon_id: coupon?.coupon.id ?? null,
      coupon_code: coupon?.coupon.code ?? null,
      discount_paise: coupon?.discountPaise ?? 0,
    };
    const orderCoupon: OrderCoupon = coupon ? { code: coupon.coupon.code, discountPaise: coupon.discountPaise } : null;
    const items = priced.map(({ line, lineTotalPaise, discountPaise, tax }) => ({
      product_id: line.productId,
      product_name: line.productName,
      item_code: line.itemCode,
      size: line.size,
      quantity: line.quantity,
      unit_price_paise: line.unitPricePaise,
      mrp_paise: line.mrpPaise,
      gst_rate_bp: line.gstRateBp,
      line_total_paise: lineTotalPaise,
      discount_paise: discountPaise,
      taxable_paise: tax.taxablePaise,
      cgst_paise: tax.cgstPaise,
      sgst_paise: tax.sgstPaise,
      igst_paise: tax.igstPaise,
    }));
    const { rows } = await checkoutInvoice(deps.db, {
      userId,
      cartId,
      addressId: address.addressId,
      now: now.toISOString(),
      lines: JSON.stringify(lines),
      invoice: JSON.stringify(invoice),
      items: JSON.stringify(items),
      deliveries: JSON.stringify(deliveries),
      // Compared to the locked row to the millisecond: an edit since it was priced prices the bag again.
      coupon: JSON.stringify(coupon ? { id: coupon.coupon.id, updatedAt: coupon.coupon.updatedAt.toISOString() } : null),
    });
    const [{ answer }] = rows as [{ answer: CheckoutOutcome }];
    switch (answer.outcome) {
      case 'created':
        return reply(invoiceId, providerOrder.id, totals.totalPaise, deps.reservationMinutes, deliveries, orderCoupon);
      case 'pending':
        // Found only with the same coupon and discount (checkout_invoice).
        return reply(answer.invoiceId, answer.providerOrderId, answer.totalPaise, deps.reservationMinutes, deliveries, orderCoupon);
      case 'coupon':
        throw new CouponRefused(lockedRefusals[answer.reason] ?? couponTexts.unknown);
      case 'short':
        refuseShortfalls(lines, answer.shortfalls);
        break;
      case 'full':
        throw await slotTakenMeanwhile(deps.db, deliveries, now);
      case 'changed':
        break; // priced again
    }
  }
  throw new Conflict(paymentMessages.bagChanged);
}

/** The products whose stock is below what the bag asks of them (a product may be on several lines). */
function shortfallsOf(lines: readonly BagLine[], stock: Record<string, number>): Shortfall[] {
  return byProduct(lines)
    .filter((need) => (stock[need.productId] ?? 0) < need.quantity)
    .map((need) => ({ productId: need.productId, available: stock[need.productId] ?? 0 }));
}

function refuseShortfalls(lines: readonly BagLine[], short: readonly Shortfall[]): void {
  if (short.length === 0) return;
  throw new OutOfStockLines(
    short.map((s) => {
      const line = lines.find((l) => l.productId === s.productId)!;
      return { productName: line.productName, size: line.size, available: s.available };
    }),
  );
}

function reply(
  invoiceId: string,
  providerOrderId: string,
  totalPaise: number,
  reservationMinutes: number,
  deliveries: readonly PricedDelivery[],
  coupon: OrderCoupon,
): CheckoutInvoiceReply {
  return {
    invoiceId,
    orderValueId: providerOrderId,
    amount: paiseToRupees(totalPaise),
    currency: 'INR',
    paymentTimeoutSeconds: reservationMinutes * 60,
    deliveries: deliveries.map((delivery) => ({
      kind: delivery.kind,
      date: delivery.date,
      slotName: delivery.slot_name,
      windowStartMinute: delivery.window_start_minute,
      windowEndMinute: delivery.window_end_minute,
      feePaise: delivery.fee_paise,
    })),
    coupon,
  };
}
