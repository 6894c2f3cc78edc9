import { describe, expect, it } from 'vitest';
import type { EventFrom } from 'xstate';
import type { UpdateUserDetailsReply, UserDetails } from '../../domain/account';
import { filterProfileField, profileFormOf } from '../../machines/profile.selectors';
import { profileMachine } from '../../machines/profile.machine';
import { machineCoverage } from './machine-graph';
import { eventType, formLoadEvents, formLoadSteps, formSubmitStep, startLoadingForm, typedFieldStep, walkModel } from './machine-test-kit';
import { notice } from '../../domain/notice';

type ModelEvent = EventFrom<typeof profileMachine>;

const stored: UserDetails = {
  id: 'u_asha',
  firstName: 'Asha',
  lastName: 'Raman',
  email: 'asha@example.in',
  mobileNumber: '9876543210',
};
const load = { call: 'loadProfile', retry: 'profile.retry' };
const savedReply: UpdateUserDetailsReply = { ...stored, firstName: 'Meena K.', message: 'Profile updated successfully!' };

// A small alphabet keeps the state space finite: each field valid or invalid in one way.
const modelEvents = [
  ...formLoadEvents(load, stored),
  { type: 'field.change', field: 'firstName', value: 'As' },
  // The typing filter drops the digit.
  { type: 'field.change', field: 'firstName', value: 'Meena K.9' },
  { type: 'field.change', field: 'lastName', value: '' },
  { type: 'field.change', field: 'mobileNumber', value: '98 765' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.saveProfile', output: savedReply },
  { type: 'xstate.error.actor.saveProfile', error: new Error('502') },
] as unknown as ModelEvent[];

const input = { userExtId: 'u_asha' };
const coverage = machineCoverage();
const harness = () => startLoadingForm(profileMachine, { load: 'loadProfile', save: 'saveProfile', input, coverage });

walkModel('profile machine (model-based)', {
  machine: profileMachine,
  coverage,
  events: modelEvents,
  eventKey: eventType,
  input,
  morePathsThan: 10,
  harness,
  steps: (h) => ({
    ...formLoadSteps(h, { ...load, asked: 'u_asha', form: profileFormOf(stored) }),
    'field.change': typedFieldStep(h.actor, filterProfileField),
    'form.submit': formSubmitStep(h, {
      sent: (form) => ({ userExtId: 'u_asha', profile: form }),
      refused: () => notice('Please fill in all fields correctly!', 'error', 4000),
    }),
    'xstate.done.actor.saveProfile': async ({ event }) => {
      const before = h.notices.length;
      await h.settle('saveProfile', { output: event.output });
      expect(h.notices.slice(before)).toEqual([{ message: 'Profile updated successfully!', kind: 'success', duration: 4000 }]);
      expect(h.actor.getSnapshot().context.form.firstName).toBe('Meena K.');
    },
    'xstate.error.actor.saveProfile': async ({ event }) => {
      const before = h.notices.length;
      const form = h.actor.getSnapshot().context.form;
      await h.settle('saveProfile', { error: event.error as Error });
      // SPEC.md §8: a failed profile call is only logged; the typed form stays.
      expect(h.notices.length).toBe(before);
      expect(h.logged.at(-1)).toBe(event.error);
      expect(h.actor.getSnapshot().context.form).toEqual(form);
    },
  }),
});

describe('profile machine rules', () => {
  it('applies the typing filters of SPEC.md §5 Profile', () => {
    expect(filterProfileField('firstName', 'Asha R. 2!')).toBe('Asha R. ');
    expect(filterProfileField('lastName', 'O’Neil-Raman')).toBe('ONeilRaman');
    expect(filterProfileField('mobileNumber', '+91 98765-43210')).toBe('9198765432');
    expect(filterProfileField('firstName', 'a'.repeat(60))).toHaveLength(50);
  });

  it('fills missing values from the server with empty fields', () => {
    expect(profileFormOf({ ...stored, firstName: null, lastName: null, mobileNumber: null })).toEqual({
      firstName: '',
      lastName: '',
      email: 'asha@example.in',
      mobileNumber: '',
    });
  });

  it('never lets the e-mail be edited and ignores a second submit while saving', async () => {
    const h = harness();
    await h.settle('loadProfile', { output: stored });
    h.actor.send({ type: 'field.change', field: 'email', value: 'other@example.in' } as never);
    expect(h.actor.getSnapshot().context.form.email).toBe('asha@example.in');
    h.actor.send({ type: 'form.submit' });
    expect(h.actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    h.actor.send({ type: 'form.submit' });
    expect(h.saves).toHaveLength(1);
  });
});
