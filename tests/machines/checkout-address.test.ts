// The checkout-address machine, model-based: every state and transition walked with fake calls, checking the address
// preselected after each load (the first, the one kept, the one just saved), the form's typing filters, the 5 s
// snackbars, that an invalid form sends nothing and a valid one sends exactly the parsed fields.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { addressToSelect, checkoutAddressErrors } from '../../machines/checkout-address.selectors';
import { checkoutAddressMachine } from '../../machines/checkout-address.machine';
import type { Notice } from '../../domain/notice';
import { emptyAddressForm, filterAddressField } from '../../domain/address';
import type { Address, AddressField, AddressFields } from '../../domain/address';
import { machineCoverage } from './machine-graph';
import { heldCalls, noticeLog, typedFieldStep, walkModel } from './machine-test-kit';

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
const office = anAddress(2, 'Ravi Kumar');
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


function harness() {
  const notices = noticeLog<Notice>();
  const seen = { notices: notices.notices, loads: 0, saves: [] as AddressFields[], errors: [] as unknown[] };
  const { hold, pending, settle, holding } = heldCalls();
  const actor = createActor(
    checkoutAddressMachine.provide({
      actors: {
        loadAddresses: fromPromise(() => {
          seen.loads += 1;
          return hold('loadAddresses') as Promise<Address[]>;
        }),
        saveAddress: holding('saveAddress', seen.saves),
      },
      actions: {
        notify: notices.notify,
        logError: (_, { error }) => void seen.errors.push(error),
      },
    }),
    {
      inspect: coverage.inspect,
    },
  );
  actor.start();
  return { actor, notices, seen, settle, pending };
}

const coverage = machineCoverage();

walkModel('checkout-address machine (model-based)', {
  machine: checkoutAddressMachine,
  coverage,
  events: eventsFor,
  morePathsThan: 10,
  harness,
  state: (actual) => {
    // The selected address is always one of those listed, and there is one whenever the list is not empty.
    const { addresses, selectedAddressId } = actual.context;
    if (addresses.length > 0) expect(addresses.map((item) => item.id)).toContain(selectedAddressId);
    else expect(selectedAddressId).toBeNull();
  },
  steps: (h) => {
    const expectNotices = (run: () => unknown, expected: string[]) => h.notices.expectMessages(run, expected, 5000);
    return {
      'address.retry': () => {
        const loads = h.seen.loads;
        h.actor.send({ type: 'address.retry' });
        expect(h.seen.loads).toBe(loads + 1);
      },
      'address.select': ({ event }) => {
        h.actor.send(event as ModelEvent);
        expect(h.actor.getSnapshot().context.selectedAddressId).toBe(event.addressId);
      },
      'form.open': () => {
        h.actor.send({ type: 'form.open' });
        expect(h.actor.getSnapshot().context.form).toEqual(emptyAddressForm);
      },
      'form.cancel': () => {
        const { selectedAddressId } = h.actor.getSnapshot().context;
        h.actor.send({ type: 'form.cancel' });
        expect(h.actor.getSnapshot().value).toBe('list');
        expect(h.actor.getSnapshot().context.selectedAddressId).toBe(selectedAddressId);
      },
      'field.change': typedFieldStep(h.actor, filterAddressField),
      'form.submit': async () => {
        const before = h.actor.getSnapshot();
        const saves = h.seen.saves.length;
        const complete = typed.every(([field]) => before.context.form[field] !== '');
        await expectNotices(() => h.actor.send({ type: 'form.submit' }), complete ? [] : ['Please fill all the fields!']);
        // An invalid form sends nothing; a valid one sends exactly the fields as the rules parse them.
        expect(h.seen.saves.slice(saves)).toEqual(complete ? [expectedSaved] : []);
        if (!complete) expect(h.actor.getSnapshot().context.submitted).toBe(true);
      },
      'xstate.done.actor.loadAddresses': async ({ event }) => {
        const before = h.actor.getSnapshot().context;
        await expectNotices(() => h.settle(event), []);
        const after = h.actor.getSnapshot().context;
        const listed = event.output as Address[];
        if (before.idsBeforeSave) expect(after.selectedAddressId).toBe(added.id);
        else if (before.selectedAddressId === null) expect(after.selectedAddressId).toBe(listed[0]?.id ?? null);
        if (listed.length === 0) expect(h.actor.getSnapshot().value).toBe('empty');
      },
      'xstate.error.actor.loadAddresses': async ({ event }) => {
        await expectNotices(() => h.settle(event), []);
        expect(h.seen.errors.at(-1)).toEqual(event.error);
      },
      'xstate.done.actor.saveAddress': async ({ event }) => {
        const loads = h.seen.loads;
        await expectNotices(() => h.settle(event), []);
        // The form closes and the list reloads.
        expect(h.seen.loads).toBe(loads + 1);
        expect(h.actor.getSnapshot().context.form).toEqual(emptyAddressForm);
      },
      'xstate.error.actor.saveAddress': async ({ event }) => {
        const form = h.actor.getSnapshot().context.form;
        await expectNotices(() => h.settle(event), ['An error occurred while processing your request.']);
        // The form stays open as typed.
        expect(h.actor.getSnapshot().context.form).toEqual(form);
      },
    };
  },
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
  });

  it("shows the address form's field messages with the spec's words", () => {
    const errors = checkoutAddressErrors({ ...emptyAddressForm, fullName: 'Me', pincode: '6000' });
    expect(errors.fullName).toBe('Full name must be at least 3 characters long!');
    expect(errors.pincode).toBe('Invalid pincode format!');
    expect(errors.city).toBe('city is required!');
  });
});
