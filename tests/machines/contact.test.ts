import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { EventFrom } from 'xstate';
import { contactMachine } from '../../machines/contact.machine';
import { emptyContactForm, filterContactField } from '../../machines/contact.selectors';
import type { Notice } from '../../domain/notice';
import type { ContactForm } from '../../domain/contact';
import { contactMessages } from '../../domain/contact';
import { machineCoverage } from './machine-graph';
import { eventType, typedFieldStep, walkModel } from './machine-test-kit';

type ModelEvent = EventFrom<typeof contactMachine>;

const valid: ContactForm = {
  fullName: 'Asha Raman',
  userEmail: 'asha@example.in',
  phoneNumber: '9876543210',
  message: 'Could you deliver a posy to Adyar on Friday?',
};

// A small alphabet keeps the state space finite: each field is empty, valid, or (e-mail) badly formed.
const modelEvents = [
  { type: 'field.change', field: 'fullName', value: 'Asha Raman' },
  { type: 'field.change', field: 'userEmail', value: valid.userEmail },
  { type: 'field.change', field: 'userEmail', value: 'asha@' },
  // The typing filter drops the spaces and letters and stops at ten digits.
  { type: 'field.change', field: 'phoneNumber', value: '98765 43210x9' },
  { type: 'field.change', field: 'message', value: valid.message },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.sendMessage', output: { message: 'Thank You for Your Response!!' } },
  { type: 'xstate.error.actor.sendMessage', error: new Error('502') },
] as unknown as ModelEvent[];

/** A live actor with fake implementations, recording what a shopper and the server would see. */
function harness() {
  const notices: Notice[] = [];
  const requests: ContactForm[] = [];
  let pending: { resolve: (value: { message: string }) => void; reject: (error: Error) => void } | undefined;
  const actor = createActor(
    contactMachine.provide({
      actors: {
        sendMessage: fromPromise<{ message: string }, ContactForm>(({ input }) => {
          requests.push(input);
          return new Promise((resolve, reject) => {
            pending = { resolve, reject };
          });
        }),
      },
      actions: { notify: (_, params) => void notices.push(params) },
    }),
    {
      inspect: coverage.inspect,
    },
  );
  actor.start();
  return {
    actor,
    notices,
    requests,
    settle: async (outcome: 'done' | 'error') => {
      if (!pending) throw new Error('no request in flight');
      if (outcome === 'done') pending.resolve({ message: contactMessages.sent });
      else pending.reject(new Error('502'));
      pending = undefined;
      await waitFor(actor, (snapshot) => !snapshot.matches('sending'));
    },
  };
}

const coverage = machineCoverage();

walkModel('contact machine (model-based)', {
  machine: contactMachine,
  coverage,
  events: modelEvents,
  eventKey: eventType,
  morePathsThan: 10,
  harness,
  steps: (h) => {
    let noticesBefore = 0;
    let requestsBefore = 0;
    return {
      'field.change': typedFieldStep(h.actor, filterContactField),
      'form.submit': () => {
        noticesBefore = h.notices.length;
        requestsBefore = h.requests.length;
        const form = h.actor.getSnapshot().context.form;
        h.actor.send({ type: 'form.submit' });
        if (h.actor.getSnapshot().matches('sending')) {
          expect(h.requests.slice(requestsBefore)).toEqual([form]);
          expect(h.notices.length).toBe(noticesBefore);
        } else {
          // An invalid form sends nothing and says so.
          expect(h.requests.length).toBe(requestsBefore);
          expect(h.notices.slice(noticesBefore)).toEqual([
            { message: 'Something went wrong', kind: 'error', duration: 4000 },
          ]);
          expect(h.actor.getSnapshot().context.submitted).toBe(true);
        }
      },
      'xstate.done.actor.sendMessage': async () => {
        noticesBefore = h.notices.length;
        await h.settle('done');
        expect(h.notices.slice(noticesBefore)).toEqual([
          { message: 'Thank You for Your Response!!', kind: 'success', duration: 4000 },
        ]);
        expect(h.actor.getSnapshot().context).toEqual({ form: emptyContactForm, submitted: false });
      },
      'xstate.error.actor.sendMessage': async () => {
        noticesBefore = h.notices.length;
        const form = h.actor.getSnapshot().context.form;
        await h.settle('error');
        expect(h.notices.slice(noticesBefore)).toEqual([
          { message: 'Something went wrong: An error occurred during submission', kind: 'error', duration: 4000 },
        ]);
        expect(h.actor.getSnapshot().context.form).toEqual(form);
      },
    };
  },
});

describe('contact machine rules', () => {
  it('applies the typing filters of SPEC.md §5', () => {
    expect(filterContactField('fullName', 'Asha R4man!')).toBe('Asha Rman');
    expect(filterContactField('phoneNumber', '+91 98765-43210')).toBe('9198765432');
    expect(filterContactField('userEmail', `${'a'.repeat(60)}@x.in`)).toHaveLength(50);
  });

  it('keeps the typed form after a failed send so that the shopper can retry', async () => {
    const h = harness();
    for (const [field, value] of Object.entries(valid)) {
      h.actor.send({ type: 'field.change', field: field as keyof ContactForm, value });
    }
    h.actor.send({ type: 'form.submit' });
    await h.settle('error');
    h.actor.send({ type: 'form.submit' });
    expect(h.requests).toEqual([valid, valid]);
    await h.settle('done');
    expect(h.actor.getSnapshot().context.form).toEqual(emptyContactForm);
  });

  it('ignores a second submit while a message is on its way', () => {
    const h = harness();
    for (const [field, value] of Object.entries(valid)) {
      h.actor.send({ type: 'field.change', field: field as keyof ContactForm, value });
    }
    h.actor.send({ type: 'form.submit' });
    expect(h.actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    h.actor.send({ type: 'form.submit' });
    expect(h.requests).toHaveLength(1);
  });
});
