// Contact Us "Get in Touch" form: typing filters, validation with the spec's messages, and sending the message once.
import { assign, fromPromise, setup } from 'xstate';
import { contactForm, contactMessages } from '../domain/contact';
import type { ContactForm } from '../domain/contact';
import { limits, toastDurations } from '../domain/limits';
import { typingFilters } from '../domain/fields';

export type ContactField = keyof ContactForm;

export interface ContactContext {
  form: ContactForm;
  /** After a refused submit every field shows its message, not only the non-empty ones (SPEC.md §5). */
  submitted: boolean;
}

export type ContactEvent = { type: 'field.change'; field: ContactField; value: string } | { type: 'form.submit' };

export interface ContactNotice {
  message: string;
  kind: 'success' | 'error';
  duration: number;
}

export const emptyContactForm: ContactForm = { fullName: '', userEmail: '', phoneNumber: '', message: '' };

/** SPEC.md §5: typing filters ignore characters a field can never hold. */
const filters: Record<ContactField, (value: string) => string> = {
  fullName: (value) => typingFilters.lettersAndSpaces(value, limits.nameMax),
  userEmail: (value) => typingFilters.maxLength(value, limits.emailMax),
  phoneNumber: (value) => typingFilters.digits(value, limits.mobileLength),
  message: (value) => typingFilters.maxLength(value, limits.contactMessageMax),
};

export function filterContactField(field: ContactField, value: string): string {
  return filters[field](value);
}

const notice = (message: string, kind: ContactNotice['kind']): ContactNotice => ({
  message,
  kind,
  duration: toastDurations.default,
});

export const contactMachine = setup({
  types: {} as { context: ContactContext; events: ContactEvent },
  actors: {
    // The view provides the real request; it answers the server's confirmation message.
    sendMessage: fromPromise<{ message: string }, ContactForm>(() =>
      Promise.reject(new Error('sendMessage is provided by the view')),
    ),
  },
  actions: {
    notify: (_, _params: ContactNotice) => {},
    changeField: assign({
      form: ({ context, event }) =>
        event.type === 'field.change'
          ? { ...context.form, [event.field]: filterContactField(event.field, event.value) }
          : context.form,
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
            actions: ['showAllErrors', { type: 'notify', params: notice(contactMessages.invalidForm, 'error') }],
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
      entry: ['clearForm', { type: 'notify', params: notice(contactMessages.sent, 'success') }],
      always: 'editing',
    },
    failed: {
      // The form keeps what was typed so that the shopper can simply try again.
      entry: { type: 'notify', params: notice(contactMessages.failed, 'error') },
      always: 'editing',
    },
  },
});
