// Contact Us "Get in Touch" form: typing filters, validation with the spec's messages, and sending the message once.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { contactForm, contactMessages } from '../domain/contact';
import type { ContactForm } from '../domain/contact';
import { toastDurations } from '../domain/limits';
import type { Notice } from '../domain/notice';
import { emptyContactForm, filterContactField } from './contact.selectors';
import type { ContactField } from './contact.selectors';
import { notice } from '../domain/notice';
import { refusal } from './refusal';

export type { ContactField } from './contact.selectors';

export interface ContactContext {
  form: ContactForm;
  /** After a refused submit every field shows its message, not only the non-empty ones (SPEC.md §5). */
  submitted: boolean;
}

export type ContactEvent = { type: 'field.change'; field: ContactField; value: string } | { type: 'form.submit' };

export const contactMachine = setup({
  types: {} as { context: ContactContext; events: ContactEvent },
  actors: {
    // The view provides the real request; it answers the server's confirmation message.
    sendMessage: fromPromise<{ message: string }, ContactForm>(() =>
      Promise.reject(new Error('sendMessage is provided by the view')),
    ),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    changeField: assign({
      form: ({ context, event }) => {
        assertEvent(event, 'field.change');
        return { ...context.form, [event.field]: filterContactField(event.field, event.value) };
      },
    }),
    showAllErrors: assign({ submitted: true }),
    clearForm: assign({ form: () => ({ ...emptyContactForm }), submitted: false }),
  },
  guards: {
    isFormValid: ({ context }) => contactForm.safeParse(context.form).success,
  },
}).createMachine({
  id: 'contact',
  context: { form: { ...emptyContactForm }, submitted: false },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: 'changeField' },
        'form.submit': [
          { guard: 'isFormValid', target: 'sending' },
          {
            actions: refusal('showAllErrors', notice(contactMessages.invalidForm, 'error', toastDurations.default)),
          },
        ],
      },
    },
    sending: {
      invoke: {
        id: 'sendMessage',
        src: 'sendMessage',
        input: ({ context }) => context.form,
        onDone: 'sent',
        onError: 'failed',
      },
    },
    sent: {
      entry: [
        'clearForm',
        { type: 'notify', params: { message: contactMessages.sent, kind: 'success', duration: toastDurations.default } },
      ],
      always: 'editing',
    },
    failed: {
      // The form keeps what was typed so that the shopper can simply try again.
      entry: { type: 'notify', params: { message: contactMessages.failed, kind: 'error', duration: toastDurations.default } },
      always: 'editing',
    },
  },
});
