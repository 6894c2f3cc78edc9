// Checkout's delivery address (SPEC.md §2 Checkout left column, §4 "Address saved", §5 Address form): load the signed-in
// user's or the verified guest's addresses, preselect the first, choose one with the radio, or add one with the address
// form; a saved address closes the form, reloads the list and is selected. The selected id is what Place Order sends.
// The pincode the shopper checked delivery for (issue 40) prefers a saved address that has it and starts a new address
// form, whose pincode suggests the city and state (machines/pincode-lookup.ts, as in the edit-address form).
import { assertEvent, assign, fromPromise, setup, stopChild } from 'xstate';
import { addressFields, emptyAddressForm, filterAddressField } from '../domain/address';
import type { Address, AddressField, AddressFields, AddressFormValues } from '../domain/address';
import { checkoutMessages } from '../domain/checkout';
import { toastDurations } from '../domain/limits';
import type { Notice } from '../domain/notice';
import type { PincodeLookup } from '../domain/pincode';
import { errorOf, inputOf, outputOf } from './actor-events';
import { addressToSave, addressToSelect } from './checkout-address.selectors';
import { notice } from '../domain/notice';
import { refusal } from './refusal';
import { lookupPincodeActor, pincodeLookupId, lookUpNewPincode, pincodeMismatch, suggestFromPincode } from './pincode-lookup';
import type { PincodeLookupEvent } from './pincode-lookup';

export interface CheckoutAddressInput {
  /** The pincode kept from the product page's "Check delivery", if any (src/app/delivery-pincode.ts). */
  deliveryPincode?: string | null;
}

export interface CheckoutAddressContext {
  deliveryPincode: string | null;
  addresses: Address[];
  /** The radio's choice, sent by Place Order; null while there is no address. */
  selectedAddressId: number | null;
  form: AddressFormValues;
  /** After a refused submit every field shows its message, not only the non-empty ones (SPEC.md §5). */
  submitted: boolean;
  /**
   * The ids listed before an address was saved, until the list has reloaded: the one id not among them is the new
   * address, which is then selected (createguestaddress does not answer with the address).
   */
  idsBeforeSave: number[] | null;
  /** The directory's answer for the last complete pincode typed (issue 40). */
  pincodeLookup: PincodeLookup | null;
}

export type CheckoutAddressEvent =
  | { type: 'address.select'; addressId: number }
  | { type: 'address.retry' }
  | { type: 'form.open' }
  | { type: 'form.cancel' }
  | { type: 'field.change'; field: AddressField; value: string }
  | { type: 'form.submit' }
  | PincodeLookupEvent;

const unprovided = () => Promise.reject(new Error('provided by the view'));

const checkoutAddressSetup = setup({
  types: {} as { context: CheckoutAddressContext; events: CheckoutAddressEvent; input: CheckoutAddressInput },
  actors: {
    /** The signed-in user's addresses, or the verified guest's (getguestuseraddress). */
    loadAddresses: fromPromise<Address[]>(unprovided),
    /** createlogincheckout for a signed-in user, createguestaddress for a guest. */
    saveAddress: fromPromise<unknown, AddressFields>(unprovided),
    lookupPincode: lookupPincodeActor,
  },
  actions: {
    notify: (_, _params: Notice) => {},
    logError: (_, _params: { error: unknown }) => {},
    takeInput: assign(({ event }) => ({ deliveryPincode: inputOf<CheckoutAddressInput | undefined>(event)?.deliveryPincode ?? null })),
    showAddresses: assign(({ context, event }) => {
      const addresses = outputOf<Address[]>(event, 'loadAddresses');
      return {
        addresses,
        selectedAddressId: addressToSelect(addresses, context.selectedAddressId, context.idsBeforeSave, context.deliveryPincode),
        idsBeforeSave: null,
      };
    }),
    selectAddress: assign({
      selectedAddressId: ({ context, event }) => {
        assertEvent(event, 'address.select');
        return context.addresses.some((item) => item.id === event.addressId) ? event.addressId : context.selectedAddressId;
      },
    }),
    clearForm: assign({ form: () => ({ ...emptyAddressForm }), submitted: false, pincodeLookup: null }),
    takePincodeLookup: assign(({ context, event }) => {
      assertEvent(event, `xstate.done.actor.${pincodeLookupId}`);
      return { pincodeLookup: event.output, form: suggestFromPincode(context.form, event.output) };
    }),
    /** The answered lookup is let go, so that the snapshot's children show only a lookup still under way. */
    forgetPincodeLookup: stopChild(pincodeLookupId),
    showAllErrors: assign({ submitted: true }),
    rememberListedIds: assign({ idsBeforeSave: ({ context }) => context.addresses.map((item) => item.id) }),
    forgetListedIds: assign({ idsBeforeSave: null }),
  },
  guards: {
    hasAddresses: ({ event }) => outputOf<Address[]>(event, 'loadAddresses').length > 0,
    hadAddresses: ({ context }) => context.addresses.length > 0,
    isFormValid: ({ context }) => addressFields.safeParse(context.form).success,
    pincodeRefused: ({ context }) => pincodeMismatch(context.form, context.pincodeLookup) !== undefined,
  },
});

/** The address form's own events, the same whether or not a list stands behind it. */
const addressFormEvents = {
  'field.change': { actions: 'changeField' },
  [`xstate.done.actor.${pincodeLookupId}`]: { actions: ['takePincodeLookup', 'forgetPincodeLookup'] },
  // No answer: only logged, the server checks the pincode on save anyway.
  [`xstate.error.actor.${pincodeLookupId}`]: { actions: ['logCallError', 'forgetPincodeLookup'] },
  'form.submit': [
    // The pincode's own message shows under it (unknown, or another state); nothing is sent.
    { guard: 'pincodeRefused', actions: 'showAllErrors' },
    { guard: 'isFormValid', target: 'saving', actions: 'rememberListedIds' },
    {
      actions: refusal('showAllErrors', notice(checkoutMessages.addressInvalid, 'error', toastDurations.addressForm)),
    },
  ],
} as const;

export const checkoutAddressMachine = checkoutAddressSetup.extend({
  actions: {
    logCallError: checkoutAddressSetup.enqueueActions(({ event, enqueue }) => {
      enqueue({ type: 'logError', params: { error: errorOf(event, 'loadAddresses', 'saveAddress', pincodeLookupId) } });
    }),
    /** A new address starts with the kept pincode, whose city and state are looked up at once. */
    openForm: checkoutAddressSetup.enqueueActions(({ context, enqueue }) => {
      const form = { ...emptyAddressForm, pincode: context.deliveryPincode ?? '' };
      enqueue.assign({ form, submitted: false, pincodeLookup: null });
      lookUpNewPincode(enqueue, emptyAddressForm, form);
    }),
    changeField: checkoutAddressSetup.enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'field.change');
      const form = { ...context.form, [event.field]: filterAddressField(event.field, event.value) };
      enqueue.assign({ form });
      lookUpNewPincode(enqueue, context.form, form);
    }),
  },
}).createMachine({
  id: 'checkoutAddress',
  context: {
    deliveryPincode: null,
    addresses: [],
    selectedAddressId: null,
    form: { ...emptyAddressForm },
    submitted: false,
    idsBeforeSave: null,
    pincodeLookup: null,
  },
  entry: 'takeInput',
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadAddresses',
        src: 'loadAddresses',
        onDone: [
          { guard: 'hasAddresses', target: 'list', actions: 'showAddresses' },
          // No address yet: the form opens by itself.
          { target: 'empty', actions: ['showAddresses', 'openForm'] },
        ],
        // SPEC.md §7: a failed load is only logged; the shopper can try again.
        onError: { target: 'loadFailed', actions: 'logCallError' },
      },
    },
    loadFailed: {
      on: { 'address.retry': 'loading' },
    },
    list: {
      on: {
        'address.select': { actions: 'selectAddress' },
        // "Add New Address Here".
        'form.open': { target: 'editing', actions: 'openForm' },
      },
    },
    // The address form with nothing to go back to.
    // A lookup still under way is let go with the form.
    empty: {
      on: addressFormEvents,
      exit: 'forgetPincodeLookup',
    },
    // The address form over a list, with its cancel icon.
    editing: {
      on: {
        ...addressFormEvents,
        'form.cancel': { target: 'list', actions: 'clearForm' },
      },
      exit: 'forgetPincodeLookup',
    },
    // Nothing is handled while the address is saved, so a double click saves once.
    saving: {
      invoke: {
        id: 'saveAddress',
        src: 'saveAddress',
        input: ({ context }) => addressToSave(context.form),
        onDone: { target: 'loading', actions: 'clearForm' },
        onError: [
          {
            guard: 'hadAddresses',
            target: 'editing',
            actions: [
              'logCallError',
              {
                type: 'notify',
                params: { message: checkoutMessages.requestFailed, kind: 'error', duration: toastDurations.addressForm },
              },
              'forgetListedIds',
            ],
          },
          {
            target: 'empty',
            actions: [
              'logCallError',
              {
                type: 'notify',
                params: { message: checkoutMessages.requestFailed, kind: 'error', duration: toastDurations.addressForm },
              },
              'forgetListedIds',
            ],
          },
        ],
      },
    },
  },
});
