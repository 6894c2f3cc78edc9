// The checkout-address machine, model-based: every state and transition walked with fake calls, checking the address
// preselected after each load (the first, the one kept, the one just saved), the form's typing filters, the 5 s
// snackbars, that an invalid form sends nothing and a valid one sends exactly the parsed fields; with a pincode kept from
// "Check delivery" (issue 40), that the address with it is preselected and a new address starts with it, and that a
// pincode the directory does not know (or places in another state) stops the submit.
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { addressToSelect, checkoutAddressErrors } from '../../machines/checkout-address.selectors';
import { checkoutAddressMachine } from '../../machines/checkout-address.machine';
import type { Notice } from '../../domain/notice';
import { emptyAddressForm, filterAddressField } from '../../domain/address';
import type { Address, AddressField, AddressFields, AddressFormValues } from '../../domain/address';
import type { PincodeEntry, PincodeLookup } from '../../domain/pincode';
import { pincodeMismatch } from '../../machines/pincode-lookup';
import type { CheckoutAddressInput } from '../../machines/checkout-address.machine';
import { machineCoverage } from './machine-graph';
import { heldCalls, noticeLog, retryStep, startMachine, typedFieldStep, walkModel } from './machine-test-kit';

type AddressSnapshot = SnapshotFrom<typeof checkoutAddressMachine>;
type ModelEvent = EventFrom<typeof checkoutAddressMachine>;

const anAddress = (id: number, fullName: string): Address => ({
  id,
  fullName,
  address: '12 Car Street',
  locality: 'Mylapore',
  landmark: 'Near the tank',
  city: 'Chennai',
  pincode: '600004',
  state: 'Tamil Nadu',
  country: 'India',
  phoneNumber: '9840012345',
  User: { externalId: 'u_kavya' },
});
const home = anAddress(1, 'Kavya Iyer');
/** The address at the pincode the shopper checked delivery for in one situation. */
const office = { ...anAddress(2, 'Ravi Kumar'), pincode: '600017' };
const tNagar: PincodeEntry = { pincode: '600017', locality: 'T Nagar', district: 'Chennai', state: 'Tamil Nadu', stateCode: '33', alsoIn: [] };
const offline = new TypeError('Failed to fetch');
/** The address the model's save creates: the list then holds it under this id. */
const added = anAddress(3, 'Meena S.');

/** The form filled in one order; the full name is typed with a digit the filter drops. */
const typed: [AddressField, string][] = [
  ['fullName', 'Meena 2S.'],
  ['address', '4/7 Temple Road!'],
  ['locality', 'T Nagar'],
  ['landmark', 'Opp. bus stand'],
  ['city', 'Chennai'],
  ['pincode', '600 017'],
  ['state', 'Tamil Nadu'],
  ['phoneNumber', '+91 98400 55555'],
];
const expectedSaved: AddressFields = {
  fullName: 'Meena S.',
  address: '4/7 Temple Road',
  locality: 'T Nagar',
  landmark: 'Opp bus stand',
  city: 'Chennai',
  pincode: '600017',
  state: 'Tamil Nadu',
  country: 'India',
  phoneNumber: '9198400555',
};

const failure = (status: number | null) => ({ status, code: null, serverMessage: null });

/** The form as a new address starts: empty but for the kept pincode. */
const openedForm = (input: CheckoutAddressInput): AddressFormValues => ({ ...emptyAddressForm, pincode: input.deliveryPincode ?? '' });

function eventsFor(snapshot: AddressSnapshot): ModelEvent[] {
  const { addresses, selectedAddressId, form, idsBeforeSave } = snapshot.context;
  const candidates: object[] = [];
  if (snapshot.matches('loading')) {
    if (idsBeforeSave) {
      candidates.push({ type: 'xstate.done.actor.loadAddresses', output: [...addresses, added] });
    } else {
      candidates.push(
        { type: 'xstate.done.actor.loadAddresses', output: [home, office] },
        { type: 'xstate.done.actor.loadAddresses', output: [] },
      );
    }
    candidates.push({ type: 'xstate.error.actor.loadAddresses', error: failure(500) });
  }
  candidates.push({ type: 'address.retry' });
  if (addresses.some((item) => item.id === 2) && selectedAddressId !== 2) {
    candidates.push({ type: 'address.select', addressId: 2 });
  }
  if (!addresses.some((item) => item.id === added.id)) candidates.push({ type: 'form.open' });
  candidates.push({ type: 'form.cancel' });
  // The directory's answers for the pincode in the form, once it is complete: known (in Tamil Nadu), unknown, or none.
  if (form.pincode.length === 6) {
    candidates.push(
      { type: 'xstate.done.actor.pincodeLookup', output: { pincode: form.pincode, entry: { ...tNagar, pincode: form.pincode } } },
      { type: 'xstate.done.actor.pincodeLookup', output: { pincode: form.pincode, entry: null } },
      { type: 'xstate.error.actor.pincodeLookup', error: offline },
    );
  }
  const next = typed.find(([field]) => form[field] === emptyAddressForm[field]);
  if (next) candidates.push({ type: 'field.change', field: next[0], value: next[1] });
  // A submit with nothing typed and one with everything typed.
  if (!next || form.fullName === '') candidates.push({ type: 'form.submit' });
  candidates.push(
    { type: 'xstate.done.actor.saveAddress', output: { userExtId: 'u_meena' } },
    { type: 'xstate.error.actor.saveAddress', error: failure(400) },
  );
  return (candidates as ModelEvent[]).filter((event) => snapshot.can(event));
}


/** A harness whose directory knows T Nagar's pincode only, recording what it is asked. */
function harnessAnswering(deliveryPincode: string, asked: string[]) {
  return harness({ deliveryPincode }, async (pincode) => {
    asked.push(pincode);
    return { pincode, entry: pincode === tNagar.pincode ? tNagar : null };
  });
}

function harness(input: CheckoutAddressInput = {}, answer: (pincode: string) => Promise<PincodeLookup> = () => Promise.reject(offline)) {
  const notices = noticeLog<Notice>(5000);
  const seen = { loads: [] as unknown[], saves: [] as AddressFields[], errors: [] as unknown[] };
  const { pending, settle, holding } = heldCalls();
  const { actor } = startMachine(
    checkoutAddressMachine.provide({
      actors: {
        loadAddresses: holding('loadAddresses', seen.loads),
        saveAddress: holding('saveAddress', seen.saves),
        // The model sends the directory's answers itself; the lookup the machine starts gets none by default.
        lookupPincode: fromPromise(({ input: pincode }: { input: string }) => answer(pincode)),
      },
      actions: {
        notify: notices.notify,
        logError: (_, { error }) => void seen.errors.push(error),
      },
    }),
    coverage,
    input,
  );
  return { actor, notices, seen, settle, pending };
}

const coverage = machineCoverage();

walkModel('checkout-address machine (model-based)', {
  machine: checkoutAddressMachine,
  coverage,
  events: eventsFor,
  /** The eventKey tells the two lookup answers apart, and the three loads. */
  eventKey: (event) =>
    event?.type === 'xstate.done.actor.pincodeLookup'
      ? `${event.type}:${(event.output as { entry: unknown }).entry ? 'known' : 'unknown'}`
      : JSON.stringify(event ?? null),
  situations: {
    'no pincode checked': {},
    'a pincode checked on a product page': { deliveryPincode: '600017' },
  },
  morePathsThan: 10,
  harness,
  state: (actual) => {
    // The selected address is always one of those listed, and there is one whenever the list is not empty.
    const { addresses, selectedAddressId } = actual.context;
    if (addresses.length > 0) expect(addresses.map((item) => item.id)).toContain(selectedAddressId);
    else expect(selectedAddressId).toBeNull();
  },
  steps: (h, input) => ({
    'address.retry': retryStep(h.actor, 'address.retry', () => h.seen.loads.length),
    'address.select': ({ event }) => {
      h.actor.send(event as ModelEvent);
      expect(h.actor.getSnapshot().context.selectedAddressId).toBe(event.addressId);
    },
    'form.open': () => {
      h.actor.send({ type: 'form.open' });
      expect(h.actor.getSnapshot().context.form).toEqual(openedForm(input));
    },
    'form.cancel': () => {
      const { selectedAddressId } = h.actor.getSnapshot().context;
      h.actor.send({ type: 'form.cancel' });
      expect(h.actor.getSnapshot().value).toBe('list');
      expect(h.actor.getSnapshot().context.selectedAddressId).toBe(selectedAddressId);
    },
    'field.change': typedFieldStep(h.actor, filterAddressField),
    'xstate.done.actor.pincodeLookup': ({ event }) => {
      const before = h.actor.getSnapshot().context.form;
      h.actor.send(event as ModelEvent);
      const after = h.actor.getSnapshot().context.form;
      // A known pincode fills an empty city and state, never a typed one.
      const known = (event.output as { entry: PincodeEntry | null }).entry !== null;
      expect(after.state).toBe(before.state || (known ? 'Tamil Nadu' : ''));
      expect(after.city).toBe(before.city || (known ? 'Chennai' : ''));
    },
    'xstate.error.actor.pincodeLookup': ({ event }) => {
      const before = h.actor.getSnapshot().context;
      h.actor.send(event as ModelEvent);
      expect(h.actor.getSnapshot().context).toEqual(before);
      expect(h.seen.errors.at(-1)).toBe(event.error);
    },
    'form.submit': async () => {
      const before = h.actor.getSnapshot();
      const saves = h.seen.saves.length;
      const { form, pincodeLookup } = before.context;
      const unknownPincode = pincodeLookup?.pincode === form.pincode && pincodeLookup.entry === null;
      const complete = typed.every(([field]) => form[field] !== '');
      await h.notices.expectMessages(() => h.actor.send({ type: 'form.submit' }), complete || unknownPincode ? [] : ['Please fill all the fields!']);
      // An invalid form or an unknown pincode sends nothing; a valid one sends exactly the fields as the rules parse them.
      const sent = complete && !unknownPincode;
      expect(h.seen.saves.slice(saves)).toEqual(sent ? [{ ...expectedSaved, pincode: form.pincode }] : []);
      if (!sent) expect(h.actor.getSnapshot().context.submitted).toBe(true);
    },
    'xstate.done.actor.loadAddresses': async ({ event }) => {
      const before = h.actor.getSnapshot().context;
      await h.notices.expectMessages(() => h.settle(event), []);
      const after = h.actor.getSnapshot().context;
      const listed = event.output as Address[];
      if (before.idsBeforeSave) expect(after.selectedAddressId).toBe(added.id);
      else if (before.selectedAddressId === null) {
        // The address at the checked pincode first, else the first.
        const checked = listed.find((item) => item.pincode === input.deliveryPincode);
        expect(after.selectedAddressId).toBe(checked?.id ?? listed[0]?.id ?? null);
      }
      if (listed.length === 0) {
        expect(h.actor.getSnapshot().value).toBe('empty');
        expect(after.form).toEqual(openedForm(input));
      }
    },
    'xstate.error.actor.loadAddresses': async ({ event }) => {
      await h.notices.expectMessages(() => h.settle(event), []);
      expect(h.seen.errors.at(-1)).toEqual(event.error);
    },
    'xstate.done.actor.saveAddress': async ({ event }) => {
      const loads = h.seen.loads.length;
      await h.notices.expectMessages(() => h.settle(event), []);
      // The form closes and the list reloads.
      expect(h.seen.loads).toHaveLength(loads + 1);
      expect(h.actor.getSnapshot().context.form).toEqual(emptyAddressForm);
    },
    'xstate.error.actor.saveAddress': async ({ event }) => {
      const form = h.actor.getSnapshot().context.form;
      await h.notices.expectMessages(() => h.settle(event), ['An error occurred while processing your request.']);
      // The form stays open as typed.
      expect(h.actor.getSnapshot().context.form).toEqual(form);
    },
  }),
});

describe('checkout-address machine rules', () => {
  it('saves once however often the form is submitted while saving', async () => {
    const h = harness();
    await h.settle({ type: 'xstate.done.actor.loadAddresses', output: [] });
    for (const [field, value] of typed) h.actor.send({ type: 'field.change', field, value });
    h.actor.send({ type: 'form.submit' });
    h.actor.send({ type: 'form.submit' });
    h.actor.send({ type: 'form.cancel' });
    expect(h.seen.saves).toEqual([expectedSaved]);
    expect(h.actor.getSnapshot().value).toBe('saving');
  });

  it('ignores a choice of an address that is not listed', async () => {
    const h = harness();
    await h.settle({ type: 'xstate.done.actor.loadAddresses', output: [home, office] });
    h.actor.send({ type: 'address.select', addressId: 99 });
    expect(h.actor.getSnapshot().context.selectedAddressId).toBe(home.id);
  });

  it('keeps the chosen address over a reload and falls back to the first when it is gone', () => {
    expect(addressToSelect([home, office], office.id, null)).toBe(office.id);
    expect(addressToSelect([home], office.id, null)).toBe(home.id);
    expect(addressToSelect([home, office, added], home.id, [1, 2])).toBe(added.id);
    expect(addressToSelect([], null, null)).toBeNull();
    // The pincode checked on a product page picks its address only when nothing else is chosen.
    expect(addressToSelect([home, office], null, null, '600017')).toBe(office.id);
    expect(addressToSelect([home, office], home.id, null, '600017')).toBe(home.id);
    expect(addressToSelect([home, office], null, null, '110001')).toBe(home.id);
  });

  it('starts a new address with the checked pincode, filled from the directory, and refuses one of another state', async () => {
    const asked: string[] = [];
    const h = harnessAnswering('600017', asked);
    await h.settle({ type: 'xstate.done.actor.loadAddresses', output: [] });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked).toEqual(['600017']);
    expect(h.actor.getSnapshot().context.form).toMatchObject({ pincode: '600017', city: 'Chennai', state: 'Tamil Nadu' });

    for (const [field, value] of typed.filter(([name]) => !['pincode', 'city', 'state'].includes(name))) {
      h.actor.send({ type: 'field.change', field, value });
    }
    h.actor.send({ type: 'field.change', field: 'state', value: 'Karnataka' });
    const { form, pincodeLookup } = h.actor.getSnapshot().context;
    expect(pincodeMismatch(form, pincodeLookup)).toBe('Pincode 600017 is in Tamil Nadu, not Karnataka.');
    h.actor.send({ type: 'form.submit' });
    expect(h.seen.saves).toEqual([]);
    expect(h.actor.getSnapshot().context.submitted).toBe(true);

    h.actor.send({ type: 'field.change', field: 'state', value: 'Tamil Nadu' });
    h.actor.send({ type: 'form.submit' });
    expect(h.seen.saves).toEqual([expectedSaved]);
  });

  it("shows the address form's field messages with the spec's words", () => {
    const errors = checkoutAddressErrors({ ...emptyAddressForm, fullName: 'Me', pincode: '6000' });
    expect(errors.fullName).toBe('Full name must be at least 3 characters long!');
    expect(errors.pincode).toBe('Invalid pincode format!');
    expect(errors.city).toBe('city is required!');
  });
});
