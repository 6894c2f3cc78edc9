// Profile, orders and addresses (SPEC.md §7 "Profile, orders, addresses"): one function per endpoint, each reply
// parsed with its domain/ contract. Calls go through the authenticated client (401 → one refresh, then retry).
import { HTTPError } from 'ky';
import { accountOrders, updateUserDetailsReply, userDetails } from '../../domain/account';
import type { AccountOrder, ProfileFields, UpdateUserDetailsReply, UserDetails } from '../../domain/account';
import { address, addressList, updateAddressReply } from '../../domain/address';
import type { Address, AddressFields, UpdateAddressReply } from '../../domain/address';
import { api } from './client';
import { downloadedFile } from './file-download';
import type { DocumentSeries, DownloadedFile } from './file-download';

/** `GET getsingleuserdetails?id={userExtId}` */
export async function getUserDetails(userExtId: string): Promise<UserDetails> {
  return userDetails.parse(await api.get('getsingleuserdetails', { searchParams: { id: userExtId } }).json());
}

/** `POST updateuserdetails?id={userExtId}`: the e-mail travels along as the spec's client sends it; the server ignores it. */
export async function updateUserDetails(
  userExtId: string,
  profile: ProfileFields & { email: string },
): Promise<UpdateUserDetailsReply> {
  const json = { userId: userExtId, ...profile };
  return updateUserDetailsReply.parse(await api.post('updateuserdetails', { searchParams: { id: userExtId }, json }).json());
}

/** `GET userorderslist?id={userExtId}`: paid orders, newest first. */
export async function getUserOrders(userExtId: string): Promise<AccountOrder[]> {
  return accountOrders.parse(await api.get('userorderslist', { searchParams: { id: userExtId } }).json());
}

/** `GET userorderdocument`: the caller's order's invoice (or credit note) as a PDF file. */
export const getOrderDocument = (userExtId: string, orderNumber: string, series: DocumentSeries): Promise<DownloadedFile> =>
  downloadedFile('userorderdocument', { id: userExtId, order: orderNumber, series }, 'document.pdf');

/** `GET getuseraddresses?id={userExtId}`: saved addresses, newest first. */
export async function getUserAddresses(userExtId: string): Promise<Address[]> {
  return addressList.parse(await api.get('getuseraddresses', { searchParams: { id: userExtId } }).json());
}

/** `GET getsingleuseraddressdetails?id={addressId}` */
export async function getUserAddress(addressId: number): Promise<Address> {
  return address.parse(await api.get('getsingleuseraddressdetails', { searchParams: { id: addressId } }).json());
}

/** The server answered, with the saved address or with a refusal (SPEC.md §8: a non-200 has its own message). */
export type AddressUpdateOutcome = { ok: true; address: UpdateAddressReply } | { ok: false; status: number };

/**
 * `POST updateuseraddress?id={id}&userId={userExtId}`. A refusal resolves `{ ok: false }`; only a call that got no
 * answer (network, time-out) rejects.
 */
export async function updateUserAddress(
  addressId: number,
  userExtId: string,
  fields: AddressFields,
): Promise<AddressUpdateOutcome> {
  try {
    const reply = await api
      .post('updateuseraddress', {
        searchParams: { id: addressId, userId: userExtId },
        json: { id: addressId, userId: userExtId, ...fields },
      })
      .json();
    return { ok: true, address: updateAddressReply.parse(reply) };
  } catch (error) {
    if (error instanceof HTTPError) return { ok: false, status: error.response.status };
    throw error;
  }
}
