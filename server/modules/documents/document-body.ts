/**
 * What an order's GST document says (issue 41, FLORIST-FACTS.md "GST for a florist"), composed from the order as
 * bought (its lines and delivery fees with their tax, frozen at checkout), the buyer, and the shop's settings now.
 * The body is stored as issued: the number is the only part the issuing statement adds.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { rupeesInWords } from '../../../domain/amount-in-words';
import { indiaDateOf } from '../../../domain/india-time';
import { isIntraState, splitTax } from '../../../domain/gst';
import { gstCodeOf } from '../../../domain/indian-states';
import { addressLinesOf, defaultHsn } from '../../../domain/shop-settings';
import type { ShopSettings } from '../../../domain/shop-settings';
import { documentTotals } from '../../../domain/tax-document';
import type { DocumentLine, DocumentParty, DocumentState, DocumentSupplier, TaxDocument } from '../../../domain/tax-document';
import type { Database, Transaction } from '../../db/client';
import { jsonRows } from '../../db/json-rows';
import { addresses, categories, orderDeliveries, orderItems, orders, products, users } from '../../db/schema';
import type { AddressSnapshot } from '../orders/checkout-bag';
import { readOrderWithBuyer } from '../orders/order-with-buyer';
import type { WhichOrder } from '../orders/order-with-buyer';

/** A document as stored: everything but its number, which the issuing statement gives it. */
export type DocumentBody = Omit<TaxDocument, 'number'>;

const documentState = (state: string): DocumentState => ({ name: state, code: gstCodeOf(state) });

const partyOf = (name: string, address: Omit<AddressSnapshot, 'addressId'>): DocumentParty => ({
  name,
  addressLines: [address.address, address.locality, address.landmark, `${address.city} ${address.pincode}`, `${address.state}, ${address.country}`],
  state: documentState(address.state),
  phone: address.phoneNumber,
});

const supplierOf = (settings: ShopSettings): DocumentSupplier => ({
  legalName: settings.legalName,
  tradeName: settings.tradeName,
  addressLines: addressLinesOf(settings.address),
  state: documentState(settings.state),
  gstin: settings.gstin,
  signatory: settings.signatory,
});

const sameAddress = (a: DocumentParty, b: DocumentParty) => a.addressLines.join('\n') === b.addressLines.join('\n');

interface TaxedAmount {
  totalPaise: number;
  taxablePaise: number;
  taxPaise: number;
  /** The CGST (= SGST) rate in basis points; null or 0 when exempt. */
  rateBp: number | null;
}

/**
 * A line's tax as the document's place of supply splits it: the amounts are the ones charged (the same taxable value
 * and tax); only where the tax goes (CGST + SGST, or IGST) follows the place of supply.
 */
function splitLine(amount: TaxedAmount, intraState: boolean) {
  const rate = amount.rateBp && amount.rateBp > 0 ? amount.rateBp : 0;
  return {
    taxablePaise: amount.taxablePaise,
    ...splitTax(amount.taxPaise, intraState),
    cgstRateBp: intraState ? rate : 0,
    sgstRateBp: intraState ? rate : 0,
    igstRateBp: intraState ? 0 : 2 * rate,
    totalPaise: amount.totalPaise,
  };
}

interface BodyItem extends TaxedAmount {
  productName: string;
  size: string | null;
  quantity: number;
  unitPricePaise: number;
  discountPaise: number;
  hsn: string;
}

interface BodyFee extends TaxedAmount {
  kind: 'hand' | 'courier';
}

/** The buyer's other saved addresses, oldest first: a gift's buyer lives at the first (partyOf's fields). */
const otherAddresses = jsonRows<Omit<AddressSnapshot, 'addressId'>>({
  columns: {
    fullName: addresses.fullName,
    address: addresses.address,
    locality: addresses.locality,
    landmark: addresses.landmark,
    city: addresses.city,
    pincode: addresses.pincode,
    state: addresses.state,
    country: addresses.country,
    phoneNumber: addresses.phoneNumber,
  },
  from: addresses,
  where: and(eq(addresses.userId, orders.userId), sql`${addresses.id} <> (${orders.address} ->> 'addressId')::integer`),
  orderBy: sql`${addresses.id}`,
});

const bodyItems = jsonRows<BodyItem>({
  columns: {
    productName: orderItems.productName,
    size: orderItems.size,
    quantity: orderItems.quantity,
    unitPricePaise: orderItems.unitPricePaise,
    rateBp: orderItems.gstRateBp,
    // What was charged: the line less its share of a coupon's discount (issue 42), on which its tax was computed.
    totalPaise: sql`${orderItems.lineTotalPaise} - ${orderItems.discountPaise}`,
    discountPaise: orderItems.discountPaise,
    taxablePaise: orderItems.taxablePaise,
    taxPaise: sql`${orderItems.cgstPaise} + ${orderItems.sgstPaise} + ${orderItems.igstPaise}`,
    hsn: sql`coalesce(${products.hsnCode}, ${categories.hsnCode}, ${defaultHsn})`,
  },
  from: sql`${orderItems} join ${products} on ${products.id} = ${orderItems.productId} join ${categories} on ${categories.id} = ${products.categoryId}`,
  where: eq(orderItems.orderId, orders.id),
  orderBy: sql`${orderItems.id}`,
});

const bodyFees = jsonRows<BodyFee>({
  columns: {
    kind: orderDeliveries.kind,
    totalPaise: orderDeliveries.feePaise,
    rateBp: orderDeliveries.feeGstRateBp,
    taxablePaise: orderDeliveries.feeTaxablePaise,
    taxPaise: sql`${orderDeliveries.feeCgstPaise} + ${orderDeliveries.feeSgstPaise} + ${orderDeliveries.feeIgstPaise}`,
  },
  from: orderDeliveries,
  where: eq(orderDeliveries.orderId, orders.id),
  orderBy: sql`${orderDeliveries.kind}, ${orderDeliveries.id}`,
});

/**
 * What the invoice's body reads of the order and its buyer, in the order's one statement (its lines, fees and the
 * buyer's other addresses as JSON columns, as json-rows.ts says why); the settle reads it with the order's mails
 * (order-lifecycle.ts).
 */
export const invoiceBodyColumns = {
  number: sql<string>`coalesce(${orders.providerOrderId}, ${orders.invoiceId})`,
  address: orders.address,
  gift: orders.gift,
  firstName: users.firstName,
  lastName: users.lastName,
  otherAddresses,
  invoiceItems: bodyItems,
  fees: bodyFees,
};

/** The order as its invoice's body reads it. */
export type InvoiceBodyOrder = SelectResultFields<typeof invoiceBodyColumns>;

/**
 * The body of the order's invoice or bill of supply as it would be issued `now`; undefined when there is no such
 * order. In the caller's transaction.
 */
export async function composeInvoiceBody(
  db: Database | Transaction,
  settings: ShopSettings,
  which: WhichOrder,
  now: Date,
): Promise<DocumentBody | undefined> {
  const order = await readOrderWithBuyer(db, invoiceBodyColumns, which);
  return order && invoiceBodyOf(order, settings, now);
}

/** The invoice's body from the order as read (invoiceBodyColumns), as it would be issued `now`. */
export function invoiceBodyOf(order: InvoiceBodyOrder, settings: ShopSettings, now: Date): DocumentBody {
  const { invoiceItems: items, fees } = order;
  const delivered = order.address as AddressSnapshot;
  const buyerName = [order.firstName, order.lastName].filter(Boolean).join(' ') || delivered.fullName;

  // A gift goes to someone else: the buyer's own address is the oldest other one they saved, when they saved one.
  const own = order.gift ? order.otherAddresses[0] : undefined;
  const recipient = partyOf(delivered.fullName, delivered);
  const buyer = own ? partyOf(buyerName, own) : { ...recipient, name: buyerName };
  const deliveryAddress = sameAddress(buyer, recipient) && buyer.name === recipient.name ? null : recipient;
  // FLORIST-FACTS.md: where the delivery ends, unless the accountant's setting names the buyer's place for gifts.
  const placeOfSupply = settings.giftPlaceOfSupply === 'buyer' && order.gift ? buyer.state : recipient.state;
  const intraState = isIntraState(placeOfSupply.name);

  const lines: DocumentLine[] = [
    ...items.map((item) => ({
      hsn: item.hsn,
      description: item.size && item.size !== 'Standard' ? `${item.productName} (${item.size})` : item.productName,
      quantity: item.quantity,
      unit: 'pcs',
      unitPricePaise: item.unitPricePaise,
      ...(item.discountPaise > 0 ? { discountPaise: item.discountPaise } : {}),
      ...splitLine(item, intraState),
    })),
    // A delivery fee follows the goods it delivers (a composite supply): their rate, and the HSN of goods at that rate.
    ...fees
      .filter((fee) => fee.totalPaise > 0)
      .map((fee) => ({
        hsn: (items.find((item) => (item.rateBp ?? 0) === (fee.rateBp ?? 0)) ?? items[0])?.hsn ?? defaultHsn,
        description: fee.kind === 'hand' ? 'Delivery by hand' : 'Delivery by courier',
        quantity: 1,
        unit: 'service',
        unitPricePaise: fee.totalPaise,
        ...splitLine(fee, intraState),
      })),
  ];
  const totals = documentTotals(lines);
  const taxed = lines.some((line) => line.cgstRateBp + line.sgstRateBp + line.igstRateBp > 0);
  return {
    kind: taxed ? 'tax_invoice' : 'bill_of_supply',
    issuedOn: indiaDateOf(now),
    orderNumber: order.number,
    supplier: supplierOf(settings),
    buyer,
    deliveryAddress,
    placeOfSupply,
    intraState,
    reverseCharge: false,
    lines,
    totals,
    totalInWords: rupeesInWords(totals.totalPaise),
    against: null,
  };
}

/** A credit note for the whole of `invoice`, issued `now` by the shop as its settings are now. */
export function creditNoteBody(invoice: TaxDocument, settings: ShopSettings, now: Date): DocumentBody {
  const { number: _number, ...body } = invoice;
  return {
    ...body,
    kind: 'credit_note',
    issuedOn: indiaDateOf(now),
    supplier: supplierOf(settings),
    against: { number: invoice.number, issuedOn: invoice.issuedOn },
  };
}
