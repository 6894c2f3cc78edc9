// The address forms' pincode suggestion (issue 40), shared by the machines that hold an address form: once six digits
// are typed the machine spawns its `lookupPincode` actor; the answer fills an empty city and state, and a pincode
// that is unknown or of another state shows its message before any submit. The server checks the same rule again.
import { fromPromise } from 'xstate';
import { filterAddressField } from '../domain/address';
import type { AddressFormValues } from '../domain/address';
import { pincodeProblem } from '../domain/pincode';
import type { PincodeLookup } from '../domain/pincode';
import { limits } from '../domain/limits';

/** The child's id: its answer arrives as `xstate.done.actor.pincodeLookup`, a newer lookup replaces an older one. */
export const pincodeLookupId = 'pincodeLookup';
export type PincodeLookupEvent =
  | { type: `xstate.done.actor.${typeof pincodeLookupId}`; output: PincodeLookup }
  | { type: `xstate.error.actor.${typeof pincodeLookupId}`; error: unknown };

/** The actor each machine names in its setup; the view provides the API call. */
export const lookupPincodeActor = fromPromise<PincodeLookup, string>(() => Promise.reject(new Error('provided by the view')));

/** A lookup is due when a change left the pincode complete and different from before. */
export function pincodeToLookUp(before: AddressFormValues, after: AddressFormValues): string | undefined {
  return after.pincode.length === limits.pincodeLength && after.pincode !== before.pincode ? after.pincode : undefined;
}

/** What an `enqueueActions` of a machine naming `lookupPincode` in its setup can do, as far as a lookup needs. */
interface LookupEnqueue {
  stopChild(id: string): void;
  spawnChild(src: 'lookupPincode', options: { id: string; input: string }): void;
}

/** Starts a lookup (replacing one under way) when a change left a new complete pincode in the form. */
export function lookUpNewPincode(enqueue: LookupEnqueue, before: AddressFormValues, after: AddressFormValues): void {
  const pincode = pincodeToLookUp(before, after);
  if (!pincode) return;
  enqueue.stopChild(pincodeLookupId);
  enqueue.spawnChild('lookupPincode', { id: pincodeLookupId, input: pincode });
}

/** The form with an empty city and state filled from the directory's answer, when it is still for the typed pincode. */
export function suggestFromPincode(form: AddressFormValues, lookup: PincodeLookup): AddressFormValues {
  if (!lookup.entry || lookup.pincode !== form.pincode) return form;
  return {
    ...form,
    city: form.city.trim() === '' ? filterAddressField('city', lookup.entry.district) : form.city,
    state: form.state === '' ? lookup.entry.state : form.state,
  };
}

/** The pincode's message for the form ("Pincode 600004 is in Tamil Nadu, not Karnataka."), once its lookup answered. */
export function pincodeMismatch(form: AddressFormValues, lookup: PincodeLookup | null): string | undefined {
  if (!lookup || lookup.pincode !== form.pincode) return undefined;
  return pincodeProblem(form.pincode, form.state, lookup.entry);
}
