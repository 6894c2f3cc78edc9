// Checkout's delivery address (SPEC.md §2 Checkout left column, §4 "Address saved", §5 Address form): load the signed-in
// user's or the verified guest's addresses, preselect the first, choose one with the radio, or add one with the address
// form; a saved address closes the form, reloads the list and is selected. The selected id is what Place Order sends.
import { assign, fromPromise, setup } from 'xstate';
import { addressFields, emptyAddressForm, filterAddressField } from '../domain/address';
import type { Address, AddressField, AddressFields, AddressFormValues } from '../domain/address';
import { checkoutMessages } from '../domain/checkout';
import { fieldErrors } from '../domain/fields';
import { toastDurations } from '../domain/limits';

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

export interface CheckoutAddressNotice {
  message: string;
  kind: 'success' | 'error';
  duration: number;
}

/** The address form's snackbars stay 5 s (SPEC.md §9). */
const notice = (message: string, kind: CheckoutAddressNotice['kind']): CheckoutAddressNotice => ({
  message,
  kind,
  duration: toastDurations.addressForm,
});

/** The address to select after a load: the newly saved one, else the one already chosen, else the first. */
export function addressToSelect(
  addresses: Address[],
  selected: number | null,
  idsBeforeSave: number[] | null,
): number | null {
  const added = idsBeforeSave ? addresses.find((item) => !idsBeforeSave.includes(item.id)) : undefined;
  if (added) return added.id;
  if (selected !== null && addresses.some((item) => item.id === selected)) return selected;
  return addresses[0]?.id ?? null;
}

const unprovided = () => Promise.reject(new Error('provided by the view'));

export const checkoutAddressMachine = setup({
  types: {} as { context: CheckoutAddressContext; events: CheckoutAddressEvent },
  actors: {
    /** The signed-in user's addresses, or the verified guest's (getguestuseraddress). */
    loadAddresses: fromPromise<Address[]>(unprovided),
    /** createlogincheckout for a signed-in user, createguestaddress for a guest. */
    saveAddress: fromPromise<unknown, AddressFields>(unprovided),
  },
  actions: {
    notify: (_, _params: CheckoutAddressNotice) => {},
    logError: (_, _params: { error: unknown }) => {},
    showAddresses: assign(({ context }, addresses: Address[]) => ({
      addresses,
      selectedAddressId: addressToSelect(addresses, context.selectedAddressId, context.idsBeforeSave),
      idsBeforeSave: null,
    })),
    selectAddress: assign({
      selectedAddressId: ({ context, event }) =>
        event.type === 'address.select' && context.addresses.some((item) => item.id === event.addressId)
          ? event.addressId
          : context.selectedAddressId,
    }),
    clearForm: assign({ form: () => ({ ...emptyAddressForm }), submitted: false }),
    changeField: assign({
      form: ({ context, event }) =>
        event.type === 'field.change'
          ? { ...context.form, [event.field]: filterAddressField(event.field, event.value) }
          : context.form,
    }),
    showAllErrors: assign({ submitted: true }),
    rememberListedIds: assign({ idsBeforeSave: ({ context }) => context.addresses.map((item) => item.id) }),
  },
  guards: {
    hasAddresses: (_, addresses: Address[]) => addresses.length > 0,
    hadAddresses: ({ context }) => context.addresses.length > 0,
    isFormValid: ({ context }) => addressFields.safeParse(context.form).success,
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
          {
            guard: { type: 'hasAddresses', params: ({ event }) => event.output },
            target: 'list',
            actions: { type: 'showAddresses', params: ({ event }) => event.output },
          },
          // No address yet: the form opens by itself.
          { target: 'empty', actions: [{ type: 'showAddresses', params: ({ event }) => event.output }, 'clearForm'] },
        ],
        // SPEC.md §7: a failed load is only logged; the shopper can try again.
        onError: { target: 'loadFailed', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
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
      on: {
        'field.change': { actions: 'changeField' },
        'form.submit': [
          { guard: 'isFormValid', target: 'saving', actions: 'rememberListedIds' },
          { actions: ['showAllErrors', { type: 'notify', params: notice(checkoutMessages.addressInvalid, 'error') }] },
        ],
      },
    },
    // The address form over a list, with its cancel icon.
    editing: {
      on: {
        'field.change': { actions: 'changeField' },
        'form.cancel': { target: 'list', actions: 'clearForm' },
        'form.submit': [
          { guard: 'isFormValid', target: 'saving', actions: 'rememberListedIds' },
          { actions: ['showAllErrors', { type: 'notify', params: notice(checkoutMessages.addressInvalid, 'error') }] },
        ],
      },
    },
    // Nothing is handled while the address is saved, so a double click saves once.
    saving: {
      invoke: {
        id: 'saveAddress',
        src: 'saveAddress',
        input: ({ context }) => addressFields.parse(context.form),
        onDone: { target: 'loading', actions: 'clearForm' },
        onError: [
          {
            guard: 'hadAddresses',
            target: 'editing',
            actions: [
              { type: 'logError', params: ({ event }) => ({ error: event.error }) },
              { type: 'notify', params: notice(checkoutMessages.requestFailed, 'error') },
              assign({ idsBeforeSave: null }),
            ],
          },
          {
            target: 'empty',
            actions: [
              { type: 'logError', params: ({ event }) => ({ error: event.error }) },
              { type: 'notify', params: notice(checkoutMessages.requestFailed, 'error') },
              assign({ idsBeforeSave: null }),
            ],
          },
        ],
      },
    },
  },
});

/** The field messages the form shows (SPEC.md §5), the same rules the server applies. */
export const checkoutAddressErrors = (form: AddressFormValues) => fieldErrors(addressFields, form);
