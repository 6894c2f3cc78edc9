// Checkout's address step's rules outside the machine: which address is selected after a load, and the form's field
// messages (SPEC.md §5), the same rules the server applies.
import { addressFields } from '../domain/address';
import type { Address, AddressFormValues } from '../domain/address';
import { fieldErrors } from '../domain/fields';

/**
 * The address to select after a load: the newly saved one, else the one already chosen, else the first with the
 * pincode the shopper checked delivery for (issue 40), else the first.
 */
export function addressToSelect(
  addresses: Address[],
  selected: number | null,
  idsBeforeSave: number[] | null,
  deliveryPincode: string | null = null,
): number | null {
  const added = idsBeforeSave ? addresses.find((item) => !idsBeforeSave.includes(item.id)) : undefined;
  if (added) return added.id;
  if (selected !== null && addresses.some((item) => item.id === selected)) return selected;
  const checked = deliveryPincode === null ? undefined : addresses.find((item) => item.pincode === deliveryPincode);
  return checked?.id ?? addresses[0]?.id ?? null;
}

/** The address as the save call sends it: the form checked and trimmed by the server's own schema. */
export const addressToSave = (form: AddressFormValues) => addressFields.parse(form);

/** The field messages the form shows (SPEC.md §5), the same rules the server applies. */
export const checkoutAddressErrors = (form: AddressFormValues) => fieldErrors(addressFields, form);
