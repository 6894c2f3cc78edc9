/**
 * The account area's rules: a signed-in user reads and changes only their own profile and addresses and sees only
 * their own paid orders. Routes have already checked that the `?id=` / `userId` they name is the caller; addresses
 * are checked here against their owner.
 */
import type { AccountOrder, UserDetails } from '../../../domain/account';
import { profileMessages } from '../../../domain/account';
import type { Address, AddressFields } from '../../../domain/address';
import { addressFieldsOf, addressMessages } from '../../../domain/address';
import { paiseToRupees } from '../../../domain/money';
import type { Database, Transaction } from '../../db/client';
import { Forbidden, NotFound, Unauthorized } from '../../errors';
import {
  addressesOf,
  findAddressWithOwner,
  findUserByExternalId,
  paidOrdersOf,
  updateAddress,
  updateUserProfile,
} from './account.queries';
import type { AddressRow, ProfileChanges, UserRow } from './account.queries';
import { assertPincodeInState } from '../delivery/pincode-directory';
import { deliveriesOfOrders, shownDelivery } from '../delivery/order-deliveries.queries';
import { orderCouponOf } from '../coupons/order-coupon';

function toUserDetails(user: UserRow): UserDetails {
  return {
    id: user.externalId,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    mobileNumber: user.mobileNumber,
  };
}

/** An address row as the API returns it (account screens and checkout alike). */
export function toAddress(row: AddressRow, ownerExternalId: string): Address {
  return {
    id: row.id,
    fullName: row.fullName,
    address: row.address,
    locality: row.locality,
    landmark: row.landmark,
    city: row.city,
    pincode: row.pincode,
    // Written only through the address rules, so the stored text is one of the listed states and countries.
    state: row.state as Address['state'],
    country: row.country as Address['country'],
    phoneNumber: row.phoneNumber,
    User: { externalId: ownerExternalId },
  };
}

/** A valid token for a user that no longer exists is no session at all: 401 sends the browser to sign in again. */
async function signedInUser(db: Database, userExtId: string): Promise<UserRow> {
  const user = await findUserByExternalId(db, userExtId);
  if (!user) throw new Unauthorized();
  return user;
}

export async function getUserDetails(db: Database, userExtId: string): Promise<UserDetails> {
  return toUserDetails(await signedInUser(db, userExtId));
}

/** The e-mail is read-only: only names and mobile number change, whatever else the request carries. */
export async function updateUserDetails(
  db: Database,
  userExtId: string,
  changes: ProfileChanges,
): Promise<UserDetails & { message: string }> {
  const user = await signedInUser(db, userExtId);
  const updated = await updateUserProfile(db, user.id, changes);
  if (!updated) throw new Unauthorized();
  return { message: profileMessages.updated, ...toUserDetails(updated) };
}

export async function listUserOrders(db: Database, userExtId: string): Promise<AccountOrder[]> {
  const user = await signedInUser(db, userExtId);
  const rows = await paidOrdersOf(db, user.id);
  const deliveries = await deliveriesOfOrders(db, rows.map((order) => order.id));
  return rows.map((order) => ({
    status: order.status,
    userTrackingUrl: order.trackingUrl,
    UserOrder: {
      // A paid order always has its provider order id; the invoice id stands in should one ever lack it.
      rpayOrderId: order.providerOrderId ?? order.invoiceId,
      createdAt: order.createdAt.toISOString(),
      price: paiseToRupees(order.totalPaise),
      gift: order.gift ?? null,
      deliveries: (deliveries.get(order.id) ?? []).map(shownDelivery),
      UserOrderItems: order.lines.map((line) => ({ quantity: line.quantity, ProductDatum: { productName: line.productName, externalId: line.externalId } })),
      documents: { invoice: order.invoiceNumber, creditNote: order.creditNoteNumber },
      coupon: orderCouponOf(order),
    },
  }));
}

export async function listUserAddresses(db: Database, userExtId: string): Promise<Address[]> {
  const user = await signedInUser(db, userExtId);
  return (await addressesOf(db, user.id)).map((row) => toAddress(row, user.externalId));
}

/** 404 for an unknown address, 403 for someone else's. */
async function ownAddress(db: Database | Transaction, addressId: number, callerExtId: string) {
  const found = await findAddressWithOwner(db, addressId);
  if (!found) throw new NotFound('Address not found');
  if (found.ownerExternalId !== callerExtId) throw new Forbidden();
  return found;
}

export async function getUserAddress(db: Database, addressId: number, callerExtId: string): Promise<Address> {
  const found = await ownAddress(db, addressId, callerExtId);
  return toAddress(found, found.ownerExternalId);
}

export async function updateUserAddress(
  db: Database,
  addressId: number,
  callerExtId: string,
  fields: AddressFields,
): Promise<Address & { message: string }> {
  return db.transaction(async (tx) => {
    const found = await ownAddress(tx, addressId, callerExtId);
    assertPincodeInState(fields.pincode, fields.state);
    const updated = await updateAddress(tx, addressId, addressFieldsOf(fields));
    if (!updated) throw new NotFound('Address not found');
    return { message: addressMessages.updated, ...toAddress(updated, found.ownerExternalId) };
  });
}
