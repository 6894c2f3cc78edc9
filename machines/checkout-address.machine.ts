// Checkout's delivery address (SPEC.md §2 Checkout left column, §4 "Address saved", §5 Address form): load the signed-in
// user's or the verified guest's addresses, preselect the first, choose one with the radio, or add one with the address
// form; a saved address closes the form, reloads the list and is selected. The selected id is what Place Order sends.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { addressFields, emptyAddressForm, filterAddressField } from '../domain/address';
import type { Address, AddressField, AddressFields, AddressFormValues } from '../domain/address';
import { checkoutMessages } from '../domain/checkout';
import { toastDurations } from '../domain/limits';
import type { Notice } from '../domain/notice';
import { errorOf, outputOf } from './actor-events';
import { addressToSave, addressToSelect } from './checkout-address.selectors';
import { notice } from '../domain/notice';
import { refusal } from './refusal';

export interface CheckoutAddressContext {
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
}

export type CheckoutAddressEvent =
  | { type: 'address.select'; addressId: number }
  | { type: 'address.retry' }
  | { type: 'form.open' }
  | { type: 'form.cancel' }
  | { type: 'field.change'; field: AddressField; value: string }
  | { type: 'form.submit' };

const unprovided = () => Promise.reject(new Error('provided by the view'));

const checkoutAddressSetup = setup({
  types: {} as { context: CheckoutAddressContext; events: CheckoutAddressEvent },
  actors: {
    /** The signed-in user's addresses, or the verified guest's (getguestuseraddress). */
    loadAddresses: fromPromise<Address[]>(unprovided),
    /** createlogincheckout for a signed-in user, createguestaddress for a guest. */
    saveAddress: fromPromise<unknown, AddressFields>(unprovided),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    logError: (_, _params: { error: unknown }) => {},
    showAddresses: assign(({ context, event }) => {
      const addresses = outputOf<Address[]>(event, 'loadAddresses');
      return {
        addresses,
        selectedAddressId: addressToSelect(addresses, context.selectedAddressId, context.idsBeforeSave),
        idsBeforeSave: null,
      };
    }),
    selectAddress: assign({
      selectedAddressId: ({ context, event }) => {
        assertEvent(event, 'address.select');
        return context.addresses.some((item) => item.id === event.addressId) ? event.addressId : context.selectedAddressId;
      },
    }),
    clearForm: assign({ form: () => ({ ...emptyAddressForm }), submitted: false }),
    changeField: assign({
      form: ({ context, event }) => {
        assertEvent(event, 'field.change');
        return { ...context.form, [event.field]: filterAddressField(event.field, event.value) };
      },
    }),
    showAllErrors: assign({ submitted: true }),
    rememberListedIds: assign({ idsBeforeSave: ({ context }) => context.addresses.map((item) => item.id) }),
    forgetListedIds: assign({ idsBeforeSave: null }),
  },
  guards: {
    hasAddresses: ({ event }) => outputOf<Address[]>(event, 'loadAddresses').length > 0,
    hadAddresses: ({ context }) => context.addresses.length > 0,
    isFormValid: ({ context }) => addressFields.safeParse(context.form).success,
  },
});

/** The address form's own events, the same whether or not a list stands behind it. */
const addressFormEvents = {
  'field.change': { actions: 'changeField' },
  'form.submit': [
    { guard: 'isFormValid', target: 'saving', actions: 'rememberListedIds' },
    {
      actions: refusal('showAllErrors', notice(checkoutMessages.addressInvalid, 'error', toastDurations.addressForm)),
    },
  ],
} as const;

export const checkoutAddressMachine = checkoutAddressSetup.extend({
  actions: {
    logCallError: checkoutAddressSetup.enqueueActions(({ event, enqueue }) => {
      enqueue({ type: 'logError', params: { error: errorOf(event, 'loadAddresses', 'saveAddress') } });
    }),
  },
}).createMachine({
  id: 'checkoutAddress',
  context: {
    addresses: [],
    selectedAddressId: null,
    form: { ...emptyAddressForm },
    submitted: false,
    idsBeforeSave: null,
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadAddresses',
        src: 'loadAddresses',
        onDone: [
          { guard: 'hasAddresses', target: 'list', actions: 'showAddresses' },
          // No address yet: the form opens by itself.
          { target: 'empty', actions: ['showAddresses', 'clearForm'] },
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
        'form.open': { target: 'editing', actions: 'clearForm' },
      },
    },
    // The address form with nothing to go back to.
    empty: {
      on: addressFormEvents,
    },
    // The address form over a list, with its cancel icon.
    editing: {
      on: {
        ...addressFormEvents,
        'form.cancel': { target: 'list', actions: 'clearForm' },
      },
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
