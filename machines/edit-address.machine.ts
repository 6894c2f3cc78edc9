// Edit address (User Address): load one saved address, edit it with the address form's rules, save, then go back to
// /account/addresses 3 s after the confirmation. The delay is this machine's, so a view never owns a timer.
import { assertEvent, assign, fromPromise, setup, stopChild } from 'xstate';
import { addressFieldsOf, addressMessages, editAddressFields, emptyAddressForm, filterAddressField } from '../domain/address';
import type { Address, AddressField, AddressFields, AddressFormValues, UpdateAddressReply } from '../domain/address';
import { redirectDelays, toastDurations } from '../domain/limits';
import type { Notice } from '../domain/notice';
import type { PincodeLookup } from '../domain/pincode';
import { errorOf, inputOf, outputOf } from './actor-events';
import { notice } from '../domain/notice';
import { editedAddressToSave } from './edit-address.selectors';
import { refusal } from './refusal';
import { lookupPincodeActor, pincodeLookupId, lookUpNewPincode, pincodeMismatch, suggestFromPincode } from './pincode-lookup';
import type { PincodeLookupEvent } from './pincode-lookup';

export interface EditAddressInput {
  addressId: number;
  userExtId: string;
}

export interface EditAddressContext extends EditAddressInput {
  form: AddressFormValues;
  /** After a refused submit every field shows its message, not only the non-empty ones (SPEC.md §5). */
  submitted: boolean;
  /** The directory's answer for the last complete pincode typed (issue 40). */
  pincodeLookup: PincodeLookup | null;
}

export type EditAddressEvent =
  | { type: 'field.change'; field: AddressField; value: string }
  | { type: 'form.submit' }
  | { type: 'address.retry' }
  | PincodeLookupEvent;

export interface SaveAddressInput {
  addressId: number;
  userExtId: string;
  fields: AddressFields;
}

/** What the save call came back with: the stored address, or a refusal (a non-200). */
export type SaveAddressOutput = { ok: true; address: UpdateAddressReply } | { ok: false; status: number };

const unimplemented = () => Promise.reject(new Error('provided by the view'));

const editAddressSetup = setup({
  types: {} as { context: EditAddressContext; events: EditAddressEvent; input: EditAddressInput },
  actors: {
    loadAddress: fromPromise<Address, number>(unimplemented),
    saveAddress: fromPromise<SaveAddressOutput, SaveAddressInput>(unimplemented),
    lookupPincode: lookupPincodeActor,
  },
  actions: {
    notify: (_, _params: Notice) => {},
    logError: (_, _params: { error: unknown }) => {},
    goToAddresses: () => {},
    takeInput: assign(({ event }) => {
      const { addressId, userExtId } = inputOf<EditAddressInput>(event);
      return { addressId, userExtId };
    }),
    takePincodeLookup: assign(({ context, event }) => {
      assertEvent(event, `xstate.done.actor.${pincodeLookupId}`);
      return { pincodeLookup: event.output, form: suggestFromPincode(context.form, event.output) };
    }),
    /** The answered lookup is let go, so that the snapshot's children show only a lookup still under way. */
    forgetPincodeLookup: stopChild(pincodeLookupId),
    showAllErrors: assign({ submitted: true }),
    fillForm: assign({ form: ({ event }) => addressFieldsOf(outputOf<Address>(event, 'loadAddress')), submitted: false }),
  },
  guards: {
    hasEmptyField: ({ context }) => Object.values(context.form).some((value) => value.trim() === ''),
    isFormValid: ({ context }) => editAddressFields.safeParse(context.form).success,
    pincodeRefused: ({ context }) => pincodeMismatch(context.form, context.pincodeLookup) !== undefined,
    wasSaved: ({ event }) => outputOf<SaveAddressOutput>(event, 'saveAddress').ok,
  },
  delays: {
    afterAddressEdit: redirectDelays.afterAddressEdit,
  },
});

export const editAddressMachine = editAddressSetup.extend({
  actions: {
    changeField: editAddressSetup.enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'field.change');
      const form = { ...context.form, [event.field]: filterAddressField(event.field, event.value) };
      enqueue.assign({ form });
      lookUpNewPincode(enqueue, context.form, form);
    }),
    logCallError: editAddressSetup.enqueueActions(({ event, enqueue }) => {
      enqueue({ type: 'logError', params: { error: errorOf(event, 'loadAddress', 'saveAddress', pincodeLookupId) } });
    }),
  },
}).createMachine({
  id: 'editAddress',
  context: { addressId: 0, userExtId: '', form: { ...emptyAddressForm }, submitted: false, pincodeLookup: null },
  entry: 'takeInput',
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadAddress',
        src: 'loadAddress',
        input: ({ context }) => context.addressId,
        onDone: { target: 'editing', actions: 'fillForm' },
        onError: { target: 'loadFailed', actions: 'logCallError' },
      },
    },
    loadFailed: {
      on: { 'address.retry': 'loading' },
    },
    editing: {
      on: {
        'field.change': { actions: 'changeField' },
        [`xstate.done.actor.${pincodeLookupId}`]: { actions: ['takePincodeLookup', 'forgetPincodeLookup'] },
        // No answer: only logged, the server checks the pincode on save anyway.
        [`xstate.error.actor.${pincodeLookupId}`]: { actions: ['logCallError', 'forgetPincodeLookup'] },
        'form.submit': [
          {
            guard: 'hasEmptyField',
            actions: refusal('showAllErrors', notice(addressMessages.editEmptyField, 'error', toastDurations.addressEdit)),
          },
          { guard: 'pincodeRefused', actions: 'showAllErrors' },
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
          fields: editedAddressToSave(context.form),
        }),
        onDone: [{ guard: 'wasSaved', target: 'saved' }, { target: 'failed' }],
        // SPEC.md §8: a call that got no answer at all is only logged; the form stays as typed.
        onError: { target: 'editing', actions: 'logCallError' },
      },
    },
    saved: {
      entry: {
        type: 'notify',
        params: { message: addressMessages.updated, kind: 'success', duration: toastDurations.addressEdit },
      },
      after: { afterAddressEdit: { target: 'done', actions: 'goToAddresses' } },
    },
    failed: {
      entry: {
        type: 'notify',
        params: { message: addressMessages.updateFailed, kind: 'error', duration: toastDurations.addressEdit },
      },
      always: 'editing',
    },
    done: { type: 'final' },
  },
});
