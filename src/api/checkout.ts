// Checkout before payment (SPEC.md §7 "Checkout and payment", "Profile, orders, addresses"): one function per
// endpoint, replies parsed with domain/checkout.ts; failures are ApiCallErrors (call-error.ts).
import { address, addressList } from '../../domain/address';
import type { Address, AddressFields } from '../../domain/address';
import { messageReply, verifyOtpRequest } from '../../domain/auth';
import type { MessageReply } from '../../domain/auth';
import {
  checkEmailAvailabilityReply,
  checkEmailAvailabilityRequest,
  checkQuantityListReply,
  createGuestAddressReply,
  createGuestCheckoutReply,
  createGuestCheckoutRequest,
} from '../../domain/checkout';
import type {
  CheckEmailAvailabilityReply,
  CheckQuantityListReply,
  CreateGuestCheckoutReply,
  CreateGuestCheckoutRequest,
} from '../../domain/checkout';
import { call } from './call-error';
import { api } from './client';

/** `POST checkemailavailability` */
export function checkEmailAvailability(email: string): Promise<CheckEmailAvailabilityReply> {
  return call(
    () => api.post('checkemailavailability', { json: checkEmailAvailabilityRequest.parse({ email }) }).json(),
    checkEmailAvailabilityReply,
  );
}

/** `POST createguestcheckout`: links the guest session to the e-mail's account and mails the code. */
export function createGuestCheckout(body: CreateGuestCheckoutRequest): Promise<CreateGuestCheckoutReply> {
  return call(
    () => api.post('createguestcheckout', { json: createGuestCheckoutRequest.parse(body) }).json(),
    createGuestCheckoutReply,
  );
}

/**
 * `POST verifyotp` with the guest session's token: the code proves the e-mail and verifies the session for checkout.
 * Unlike sign-up's call it may refresh an expired guest token (a wrong code is a 400, never a 401).
 */
export function verifyGuestCheckoutOtp(body: { email: string; otp: string }): Promise<MessageReply> {
  return call(() => api.post('verifyotp', { json: verifyOtpRequest.parse(body) }).json(), messageReply);
}

/** `GET getguestuseraddress?id={sessionId}`: the verified guest's addresses, newest first. */
export function getGuestUserAddresses(sessionId: string): Promise<Address[]> {
  return call(() => api.get('getguestuseraddress', { searchParams: { id: sessionId } }).json(), addressList);
}

/** `POST createguestaddress` */
export async function createGuestAddress(sessionId: string, fields: AddressFields): Promise<void> {
  await call(() => api.post('createguestaddress', { json: { ...fields, sessionId } }).json(), createGuestAddressReply);
}

/** `POST createlogincheckout`: the signed-in user's new address. */
export function createLoginCheckoutAddress(userExtId: string, fields: AddressFields): Promise<Address> {
  return call(() => api.post('createlogincheckout', { json: { ...fields, userId: userExtId } }).json(), address);
}

/** `POST checkquantitylist`: the caller's stored bag against stock (the server ignores what the body claims). */
export function checkQuantityList(): Promise<CheckQuantityListReply> {
  return call(() => api.post('checkquantitylist', { json: { products: [] } }).json(), checkQuantityListReply);
}
