// Admin record form (every form of the admin area: categories, sub-categories, products, a purchase order, the hero
// and bottom-banner images): load what the form starts from, edit with the form's typing filters, refuse a submit
// with the form's message while a required field or image is missing, save once, show the outcome, and go back to
// the list after the spec's delay. The form's rules are data in domain/admin-forms.ts; the calls are the view's.
import { assign, fromPromise, not, setup } from 'xstate';
import { adminFileTooLarge, adminFormComplete, adminForms, adminFormValid } from '../domain/admin-forms';
import type { AdminFormName, PickedFile } from '../domain/admin-forms';

export interface AdminFormContext {
  form: AdminFormName;
  values: Record<string, string>;
  /** Picked files by input name (opaque to the machine beyond name, size and type). */
  files: Record<string, PickedFile[]>;
  /** What the form was loaded from (the record being updated), for the view to show; null until loaded. */
  record: unknown;
  /** After a refused submit every field shows its message, not only the non-empty ones (SPEC.md §5). */
  submitted: boolean;
  /** How many saves this form has made: a form that stays (banner images) shows the new image after each. */
  saves: number;
}

export type AdminFormEvent =
  | { type: 'field.change'; field: string; value: string }
  | { type: 'files.change'; input: string; files: PickedFile[] }
  | { type: 'form.submit' }
  | { type: 'form.retry' };

export interface AdminFormNotice {
  message: string;
  kind: 'success' | 'error';
  duration: number;
}

/** What a form starts from: the values of its fields and, for an update, the record itself. */
export interface AdminFormLoad {
  values: Record<string, string>;
  record: unknown;
}

export interface AdminFormSubmission {
  values: Record<string, string>;
  files: Record<string, PickedFile[]>;
  /** What the form was loaded from, for a save that needs more of it than the fields (an order's e-mail). */
  record: unknown;
}

/** The save's answer: saved, or refused with the message to show (a 4xx). A call with no answer rejects. */
export type AdminFormOutcome = { ok: true } | { ok: false; message: string };

const unimplemented = () => Promise.reject(new Error('provided by the view'));

/** Shown when the save got no answer at all (network, time-out): the form stays as typed. */
export const adminFormUnreachable = 'We could not reach the shop. Please check your connection and try again.';

export const adminFormMachine = setup({
  types: {} as {
    context: AdminFormContext;
    events: AdminFormEvent;
    input: { form: AdminFormName };
  },
  actors: {
    loadForm: fromPromise<AdminFormLoad, AdminFormName>(unimplemented),
    submitForm: fromPromise<AdminFormOutcome, AdminFormSubmission>(unimplemented),
  },
  actions: {
    notify: (_, _params: AdminFormNotice) => {},
    logError: (_, _params: { error: unknown }) => {},
    goToList: () => {},
    fillForm: assign((_, loaded: AdminFormLoad) => ({ values: loaded.values, record: loaded.record, submitted: false })),
    changeField: assign({
      values: ({ context, event }) => {
        if (event.type !== 'field.change') return context.values;
        const rule = adminForms[context.form].fields[event.field];
        return rule ? { ...context.values, [event.field]: rule.filter(event.value) } : context.values;
      },
    }),
    pickFiles: assign({
      files: ({ context, event }) =>
        event.type === 'files.change' && event.input in adminForms[context.form].files
          ? { ...context.files, [event.input]: event.files }
          : context.files,
    }),
    showAllErrors: assign({ submitted: true }),
    countSave: assign({ saves: ({ context }) => context.saves + 1, files: {}, submitted: false }),
  },
  guards: {
    isFileTooLarge: ({ context, event }) =>
      event.type === 'files.change' && event.files.some((file) => adminFileTooLarge(context.form, event.input, file)),
    isIncomplete: ({ context }) => !adminFormComplete(context.form, context.values, context.files),
    isValid: ({ context }) => adminFormValid(context.form, context.values),
    wasSaved: (_, outcome: AdminFormOutcome) => outcome.ok,
    leavesAfterSave: ({ context }) => adminForms[context.form].redirectDelayMs !== null,
  },
  delays: {
    backToList: ({ context }) => adminForms[context.form].redirectDelayMs ?? 0,
  },
}).createMachine({
  id: 'adminForm',
  context: ({ input }) => ({ form: input.form, values: {}, files: {}, record: null, submitted: false, saves: 0 }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadForm',
        src: 'loadForm',
        input: ({ context }) => context.form,
        onDone: { target: 'editing', actions: { type: 'fillForm', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      on: { 'form.retry': 'loading' },
    },
    editing: {
      on: {
        'field.change': { actions: 'changeField' },
        'files.change': [
          {
            guard: 'isFileTooLarge',
            actions: {
              type: 'notify',
              params: ({ context, event }) => ({
                message: adminForms[context.form].files[event.input]?.tooLargeMessage ?? '',
                kind: 'error',
                duration: adminForms[context.form].savedToastMs,
              }),
            },
          },
          { actions: 'pickFiles' },
        ],
        'form.submit': [
          {
            guard: 'isIncomplete',
            actions: [
              'showAllErrors',
              {
                type: 'notify',
                params: ({ context }) => ({
                  message: adminForms[context.form].requiredMessage,
                  kind: 'error',
                  duration: adminForms[context.form].savedToastMs,
                }),
              },
            ],
          },
          { guard: 'isValid', target: 'saving' },
          { actions: 'showAllErrors' },
        ],
      },
    },
    saving: {
      invoke: {
        id: 'submitForm',
        src: 'submitForm',
        input: ({ context }) => ({ values: context.values, files: context.files, record: context.record }),
        onDone: [
          { guard: { type: 'wasSaved', params: ({ event }) => event.output }, target: 'saved' },
          {
            target: 'editing',
            actions: {
              type: 'notify',
              params: ({ context, event }) => ({
                message: event.output.ok ? '' : event.output.message,
                kind: 'error',
                duration: adminForms[context.form].savedToastMs,
              }),
            },
          },
        ],
        onError: {
          target: 'editing',
          actions: [
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            {
              type: 'notify',
              params: ({ context }) => ({ message: adminFormUnreachable, kind: 'error', duration: adminForms[context.form].savedToastMs }),
            },
          ],
        },
      },
    },
    saved: {
      entry: {
        type: 'notify',
        params: ({ context }) => ({
          message: adminForms[context.form].savedMessage,
          kind: 'success',
          duration: adminForms[context.form].savedToastMs,
        }),
      },
      // A form with a list goes back to it after the spec's delay; the banner forms stay for the next upload.
      always: { guard: not('leavesAfterSave'), target: 'editing', actions: 'countSave' },
      after: { backToList: { target: 'done', actions: 'goToList' } },
    },
    done: { type: 'final' },
  },
});
