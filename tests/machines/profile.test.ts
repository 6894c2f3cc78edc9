import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { EventFrom } from 'xstate';
import type { UpdateUserDetailsReply, UserDetails } from '../../domain/account';
import { filterProfileField, profileFormOf } from '../../machines/profile.selectors';
import { profileMachine } from '../../machines/profile.machine';
import type { SaveProfileInput } from '../../machines/profile.machine';
import { machineCoverage } from './machine-graph';
import { eventType, formLoadSteps, heldCalls, typedFieldStep, walkModel } from './machine-test-kit';
import type { Notice } from '../../domain/notice';

type ModelEvent = EventFrom<typeof profileMachine>;

const stored: UserDetails = {
  id: 'u_asha',
  firstName: 'Asha',
  lastName: 'Raman',
  email: 'asha@example.in',
  mobileNumber: '9876543210',
};
const savedReply: UpdateUserDetailsReply = { ...stored, firstName: 'Meena K.', message: 'Profile updated successfully!' };

// A small alphabet keeps the state space finite: each field valid or invalid in one way.
const modelEvents = [
  { type: 'xstate.done.actor.loadProfile', output: stored },
  { type: 'xstate.error.actor.loadProfile', error: new Error('502') },
  { type: 'profile.retry' },
  { type: 'field.change', field: 'firstName', value: 'As' },
  // The typing filter drops the digit.
  { type: 'field.change', field: 'firstName', value: 'Meena K.9' },
  { type: 'field.change', field: 'lastName', value: '' },
  { type: 'field.change', field: 'mobileNumber', value: '98 765' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.saveProfile', output: savedReply },
  { type: 'xstate.error.actor.saveProfile', error: new Error('502') },
] as unknown as ModelEvent[];


function harness() {
  const notices: Notice[] = [];
  const logged: unknown[] = [];
  const loads: string[] = [];
  const saves: SaveProfileInput[] = [];
  const calls = heldCalls();
  const actor = createActor(
    profileMachine.provide({
      actors: {
        loadProfile: calls.holding('loadProfile', loads),
        saveProfile: calls.holding('saveProfile', saves),
      },
      actions: {
        notify: (_, params) => void notices.push(params),
        logError: (_, { error }) => void logged.push(error),
      },
    }),
    {
      input: { userExtId: 'u_asha' },
      inspect: coverage.inspect,
    },
  );
  actor.start();
  return {
    actor,
    notices,
    logged,
    loads,
    saves,
    settle: (which: 'loadProfile' | 'saveProfile', outcome: { output: unknown } | { error: Error }) => calls.answer(which, outcome),
  };
}

const coverage = machineCoverage();

walkModel('profile machine (model-based)', {
  machine: profileMachine,
  coverage,
  events: modelEvents,
  eventKey: eventType,
  input: { userExtId: 'u_asha' },
  morePathsThan: 10,
  harness,
  steps: (h) => ({
    ...formLoadSteps(h, { call: 'loadProfile', retry: 'profile.retry', asked: 'u_asha', form: profileFormOf(stored) }),
    'field.change': typedFieldStep(h.actor, filterProfileField),
    'form.submit': () => {
      const noticesBefore = h.notices.length;
      const savesBefore = h.saves.length;
      const form = h.actor.getSnapshot().context.form;
      h.actor.send({ type: 'form.submit' });
      if (h.actor.getSnapshot().matches('saving')) {
        expect(h.saves.slice(savesBefore)).toEqual([{ userExtId: 'u_asha', profile: form }]);
        expect(h.notices.length).toBe(noticesBefore);
      } else {
        expect(h.saves.length).toBe(savesBefore);
        expect(h.notices.slice(noticesBefore)).toEqual([{ message: 'Please fill in all fields correctly!', kind: 'error', duration: 4000 }]);
        expect(h.actor.getSnapshot().context.submitted).toBe(true);
      }
    },
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
