import { describe, expect, it } from 'vitest';
import type { AnyEventObject, EventFrom } from 'xstate';
import { filterAddressField } from '../../domain/address';
import { addressFieldsOf as addressFormOf } from '../../domain/address';
import { editAddressMachine } from '../../machines/edit-address.machine';
import type { SaveAddressOutput } from '../../machines/edit-address.machine';
import { anAddress } from '../views/address-fixtures';
import { machineCoverage } from './machine-graph';
import { expectLeavesAfter, formLoadEvents, formLoadSteps, formSubmitStep, startLoadingForm, typedFieldStep, walkModel } from './machine-test-kit';
import { notice } from '../../domain/notice';
import type { PincodeEntry, PincodeLookup } from '../../domain/pincode';
import { pincodeMismatch } from '../../machines/pincode-lookup';
import { fromPromise } from 'xstate';

type ModelEvent = EventFrom<typeof editAddressMachine>;

const stored = anAddress({ User: { externalId: 'u_asha' } });
const input = { addressId: 7, userExtId: 'u_asha' };
const load = { call: 'loadAddress', retry: 'address.retry' };
const afterSaved = 'xstate.after.afterAddressEdit.editAddress.saved';
const bangalore: PincodeEntry = { pincode: '560025', locality: 'Bangalore', district: 'Bangalore', state: 'Karnataka', stateCode: '29', alsoIn: [] };

// Each field is left valid, made invalid in one way, or emptied; the save answers saved or refused.
const modelEvents = [
  ...formLoadEvents(load, stored),
  // The typing filter keeps the five digits: still one short.
  { type: 'field.change', field: 'pincode', value: '6000a6' },
  { type: 'field.change', field: 'city', value: '' },
  { type: 'field.change', field: 'fullName', value: 'Asha R.' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.saveAddress', output: { ok: true, address: { ...stored, message: 'Address updated successfully!' } } },
  { type: 'xstate.done.actor.saveAddress', output: { ok: false, status: 500 } },
  { type: 'xstate.error.actor.saveAddress', error: new TypeError('Failed to fetch') },
  { type: afterSaved },
  // The directory places the stored pincode in another state than the form's: the submit is refused (issue 40).
  { type: 'xstate.done.actor.pincodeLookup', output: { pincode: '600006', entry: { ...bangalore, pincode: '600006' } } },
  { type: 'xstate.error.actor.pincodeLookup', error: new TypeError('Failed to fetch') },
] as unknown as ModelEvent[];


function harness(answer: (pincode: string) => Promise<PincodeLookup> = () => Promise.reject(new Error('offline'))) {
  let wentToAddresses = 0;
  const h = startLoadingForm(editAddressMachine, {
    load: 'loadAddress',
    save: 'saveAddress',
    input,
    coverage,
    provide: {
      actors: { lookupPincode: fromPromise(({ input }: { input: string }) => answer(input)) },
      actions: { goToAddresses: () => void (wentToAddresses += 1) },
    },
  });
  return { ...h, wentToAddresses: () => wentToAddresses };
}

/** Both save answers share one event type; the vertex key tells them apart so that both paths are walked. */
const eventKey = (event: AnyEventObject | undefined) =>
  event?.type === 'xstate.done.actor.saveAddress' ? `${event.type}:${String((event.output as SaveAddressOutput).ok)}` : (event?.type ?? '');

const coverage = machineCoverage();

walkModel('edit-address machine (model-based)', {
  machine: editAddressMachine,
  coverage,
  events: modelEvents,
  eventKey,
  input,
  morePathsThan: 10,
  harness: () => harness(),
  steps: (h) => ({
    ...formLoadSteps(h, { ...load, asked: 7, form: addressFormOf(stored) }),
    'field.change': typedFieldStep(h.actor, filterAddressField),
    'xstate.done.actor.pincodeLookup': ({ event }) => void h.actor.send(event as ModelEvent),
    'xstate.error.actor.pincodeLookup': ({ event }) => {
      const before = h.actor.getSnapshot().context;
      h.actor.send(event as ModelEvent);
      expect(h.actor.getSnapshot().context).toEqual(before);
      expect(h.logged.at(-1)).toBe(event.error);
    },
    'form.submit': formSubmitStep(h, {
      sent: (form) => ({ addressId: 7, userExtId: 'u_asha', fields: form }),
      // A filled but invalid form shows the fields' own messages only.
      refused: (form) => (Object.values(form).includes('') ? notice('Please fill in all fields', 'error', 3000) : null),
    }),
    'xstate.done.actor.saveAddress': async ({ event }) => {
      const before = h.notices.length;
      const output = event.output as SaveAddressOutput;
      await h.settle('saveAddress', { output });
      expect(h.notices.slice(before)).toEqual([
        output.ok
          ? { message: 'Address updated successfully!', kind: 'success', duration: 3000 }
          : { message: 'Address update failed. Please try again.', kind: 'error', duration: 3000 },
      ]);
      expect(h.wentToAddresses()).toBe(0);
    },
    'xstate.error.actor.saveAddress': async ({ event }) => {
      const before = h.notices.length;
      await h.settle('saveAddress', { error: event.error as Error });
      expect(h.notices.length).toBe(before);
      expect(h.logged.at(-1)).toBe(event.error);
    },
    [afterSaved]: () =>
      expectLeavesAfter(h.clock, 3000, h.wentToAddresses, () => expect(h.actor.getSnapshot().matches('saved')).toBe(true)),
  }),
});

describe('edit-address machine rules', () => {
  it('applies the address typing filters of SPEC.md §5', () => {
    expect(filterAddressField('fullName', 'Asha R. 2!')).toBe('Asha R. ');
    expect(filterAddressField('address', '12, Main Rd. #4/B_1-2')).toBe('12 Main Rd 4/B_1-2');
    expect(filterAddressField('locality', 'a'.repeat(40))).toHaveLength(30);
    expect(filterAddressField('landmark', 'b'.repeat(40))).toHaveLength(30);
    expect(filterAddressField('city', 'Chennai-600')).toBe('Chennai');
    expect(filterAddressField('pincode', '600 006 7')).toBe('600006');
    expect(filterAddressField('phoneNumber', '+91 98765-43210')).toBe('9198765432');
  });

  it('sends the fields trimmed', async () => {
    const h = harness();
    await h.settle('loadAddress', { output: stored });
    h.actor.send({ type: 'field.change', field: 'locality', value: ' Adyar ' });
    h.actor.send({ type: 'form.submit' });
    expect(h.saves.at(-1)?.fields.locality).toBe('Adyar');
  });

  it('treats blank-only fields as empty and ignores a second submit while saving', async () => {
    const h = harness();
    await h.settle('loadAddress', { output: stored });
    h.actor.send({ type: 'field.change', field: 'landmark', value: '   ' });
    h.actor.send({ type: 'form.submit' });
    expect(h.notices.at(-1)?.message).toBe('Please fill in all fields');
    h.actor.send({ type: 'field.change', field: 'landmark', value: 'Near the park' });
    h.actor.send({ type: 'form.submit' });
    h.actor.send({ type: 'form.submit' });
    expect(h.saves).toHaveLength(1);
  });

  it('fills an empty city and state from a typed pincode, and refuses a pincode of another state before saving', async () => {
    const asked: string[] = [];
    const h = harness(async (pincode) => {
      asked.push(pincode);
      return { pincode, entry: pincode === '560025' ? bangalore : null };
    });
    await h.settle('loadAddress', { output: stored });
    h.actor.send({ type: 'field.change', field: 'city', value: '' });
    h.actor.send({ type: 'field.change', field: 'state', value: '' });
    h.actor.send({ type: 'field.change', field: 'pincode', value: '56002' });
    expect(asked).toEqual([]);
    h.actor.send({ type: 'field.change', field: 'pincode', value: '560025' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked).toEqual(['560025']);
    expect(h.actor.getSnapshot().context.form).toMatchObject({ city: 'Bangalore', state: 'Karnataka', pincode: '560025' });

    // A chosen state is never overwritten: the mismatch is shown instead, and the save is not sent.
    h.actor.send({ type: 'field.change', field: 'state', value: 'Tamil Nadu' });
    const { form, pincodeLookup } = h.actor.getSnapshot().context;
    expect(pincodeMismatch(form, pincodeLookup)).toBe('Pincode 560025 is in Karnataka, not Tamil Nadu.');
    h.actor.send({ type: 'form.submit' });
    expect(h.saves).toHaveLength(0);
    expect(h.actor.getSnapshot().context.submitted).toBe(true);

    h.actor.send({ type: 'field.change', field: 'pincode', value: '999999' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const unknown = h.actor.getSnapshot().context;
    expect(pincodeMismatch(unknown.form, unknown.pincodeLookup)).toBe('We could not find pincode 999999.');

    h.actor.send({ type: 'field.change', field: 'state', value: 'Karnataka' });
    h.actor.send({ type: 'field.change', field: 'pincode', value: '560025' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    h.actor.send({ type: 'form.submit' });
    expect(h.saves.at(-1)?.fields).toMatchObject({ pincode: '560025', state: 'Karnataka' });
  });
});
