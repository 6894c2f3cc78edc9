// Edit address (User Address): load one saved address, edit it with the address form's rules, save, then go back to
// /account/addresses 3 s after the confirmation. The delay is this machine's, so a view never owns a timer.
import { assign, fromPromise, setup } from 'xstate';
import {
  addressFieldsOf,
  addressMessages,
  editAddressFields,
  emptyAddressForm,
  filterAddressField,
} from '../domain/address';
import type { Address, AddressField, AddressFields, AddressFormValues, UpdateAddressReply } from '../domain/address';
import { redirectDelays, toastDurations } from '../domain/limits';

export interface EditAddressContext {
  addressId: number;
  userExtId: string;
  form: AddressFormValues;
  /** After a refused submit every field shows its message, not only the non-empty ones (SPEC.md §5). */
  submitted: boolean;
}

export type EditAddressEvent =
  | { type: 'field.change'; field: AddressField; value: string }
  | { type: 'form.submit' }
  | { type: 'address.retry' };

export interface EditAddressNotice {
  message: string;
  kind: 'success' | 'error';
  duration: number;
}

export interface SaveAddressInput {
  addressId: number;
  userExtId: string;
  fields: AddressFields;
}

/** What the save call came back with: the stored address, or a refusal (a non-200). */
export type SaveAddressOutput = { ok: true; address: UpdateAddressReply } | { ok: false; status: number };

export function addressFormOf(address: Address): AddressFormValues {
  return addressFieldsOf(address);
}

const notice = (message: string, kind: EditAddressNotice['kind']): EditAddressNotice => ({
  message,
  kind,
  duration: toastDurations.addressEdit,
});

const unimplemented = () => Promise.reject(new Error('provided by the view'));

export const editAddressMachine = setup({
  types: {} as {
    context: EditAddressContext;
    events: EditAddressEvent;
    input: { addressId: number; userExtId: string };
  },
  actors: {
    loadAddress: fromPromise<Address, number>(unimplemented),
    saveAddress: fromPromise<SaveAddressOutput, SaveAddressInput>(unimplemented),
  },
  actions: {
    notify: (_, _params: EditAddressNotice) => {},
    logError: (_, _params: { error: unknown }) => {},
    goToAddresses: () => {},
    changeField: assign({
      form: ({ context, event }) =>
        event.type === 'field.change'
          ? { ...context.form, [event.field]: filterAddressField(event.field, event.value) }
          : context.form,
    }),
    showAllErrors: assign({ submitted: true }),
    fillForm: assign({ form: (_, address: Address) => addressFormOf(address), submitted: false }),
  },
  guards: {
    hasEmptyField: ({ context }) => Object.values(context.form).some((value) => value.trim() === ''),
    isFormValid: ({ context }) => editAddressFields.safeParse(context.form).success,
    wasSaved: (_, output: SaveAddressOutput) => output.ok,
  },
}).createMachine({
  id: 'editAddress',
  context: ({ input }) => ({
    addressId: input.addressId,
    userExtId: input.userExtId,
    form: { ...emptyAddressForm },
    submitted: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadAddress',
        src: 'loadAddress',
        input: ({ context }) => context.addressId,
        onDone: { target: 'editing', actions: { type: 'fillForm', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      on: { 'address.retry': 'loading' },
    },
    editing: {
      on: {
        'field.change': { actions: 'changeField' },
        'form.submit': [
          {
            guard: 'hasEmptyField',
            actions: ['showAllErrors', { type: 'notify', params: notice(addressMessages.editEmptyField, 'error') }],
          },
          { guard: 'isFormValid', target: 'saving' },
          { actions: 'showAllErrors' },
        ],
      },
    },
    saving: {
      invoke: {
        id: 'saveAddress',
        src: 'saveAddress',
        input: ({ context }) => ({
          addressId: context.addressId,
          userExtId: context.userExtId,
          fields: editAddressFields.parse(context.form),
        }),
        onDone: [
          { guard: { type: 'wasSaved', params: ({ event }) => event.output }, target: 'saved' },
          { target: 'failed' },
        ],
        // SPEC.md §8: a call that got no answer at all is only logged; the form stays as typed.
        onError: { target: 'editing', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saved: {
      entry: { type: 'notify', params: notice(addressMessages.updated, 'success') },
      after: { [redirectDelays.afterAddressEdit]: { target: 'done', actions: 'goToAddresses' } },
    },
    failed: {
      entry: { type: 'notify', params: notice(addressMessages.updateFailed, 'error') },
      always: 'editing',
    },
    done: { type: 'final' },
  },
});
