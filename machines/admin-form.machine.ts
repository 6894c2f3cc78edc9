// Admin record form (every form of the admin area: categories, sub-categories, products, a purchase order, the hero
// and bottom-banner images): load what the form starts from, edit with the form's typing filters, refuse a submit
// with the form's message while a required field or image is missing, save once, show the outcome, and go back to
// the list after the spec's delay. The form's rules are data in domain/admin-forms.ts; the calls are the view's.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { adminFileTooLarge, adminFormComplete, adminForms, adminFormValid } from '../domain/admin-forms';
import type { AdminFormName, PickedFile } from '../domain/admin-forms';
import { notice } from '../domain/notice';
import type { Notice, NoticeKind } from '../domain/notice';
import { errorOf, inputOf, outputOf } from './actor-events';

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

const adminFormSetup = setup({
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
    notify: (_, _params: Notice) => {},
    logError: (_, _params: { error: unknown }) => {},
    goToList: () => {},
    takeInput: assign(({ event }) => ({ form: inputOf<{ form: AdminFormName }>(event).form })),
    fillForm: assign(({ event }) => {
      const loaded = outputOf<AdminFormLoad>(event, 'loadForm');
      return { values: loaded.values, record: loaded.record, submitted: false };
    }),
    changeField: assign({
      values: ({ context, event }) => {
        assertEvent(event, 'field.change');
        const rule = adminForms[context.form].fields[event.field];
        return rule ? { ...context.values, [event.field]: rule.filter(event.value) } : context.values;
      },
    }),
    pickFiles: assign({
      files: ({ context, event }) => {
        assertEvent(event, 'files.change');
        return event.input in adminForms[context.form].files ? { ...context.files, [event.input]: event.files } : context.files;
      },
    }),
    showAllErrors: assign({ submitted: true }),
    countSave: assign({ saves: ({ context }) => context.saves + 1, files: {}, submitted: false }),
  },
  guards: {
    isFileTooLarge: ({ context, event }) =>
      event.type === 'files.change' && event.files.some((file) => adminFileTooLarge(context.form, event.input, file)),
    isIncomplete: ({ context }) => !adminFormComplete(context.form, context.values, context.files),
    isValid: ({ context }) => adminFormValid(context.form, context.values),
    wasSaved: ({ event }) => outputOf<AdminFormOutcome>(event, 'submitForm').ok,
    staysAfterSave: ({ context }) => adminForms[context.form].redirectDelayMs === null,
  },
  delays: {
    backToList: ({ context }) => adminForms[context.form].redirectDelayMs ?? 0,
  },
});

/** The form's own toast: its message and kind, for as long as the form's toasts stay. */
const formNotice = (form: AdminFormName, message: string, kind: NoticeKind): Notice =>
  notice(message, kind, adminForms[form].savedToastMs);

export const adminFormMachine = adminFormSetup.extend({
  actions: {
    notifyFileTooLarge: adminFormSetup.enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'files.change');
      const message = adminForms[context.form].files[event.input]?.tooLargeMessage ?? '';
      enqueue({ type: 'notify', params: formNotice(context.form, message, 'error') });
    }),
    notifyIncomplete: adminFormSetup.enqueueActions(({ context, enqueue }) => {
      enqueue({ type: 'notify', params: formNotice(context.form, adminForms[context.form].requiredMessage, 'error') });
    }),
    notifyRefusal: adminFormSetup.enqueueActions(({ context, event, enqueue }) => {
      const outcome = outputOf<AdminFormOutcome>(event, 'submitForm');
      enqueue({ type: 'notify', params: formNotice(context.form, outcome.ok ? '' : outcome.message, 'error') });
    }),
    notifyUnreachable: adminFormSetup.enqueueActions(({ context, enqueue }) => {
      enqueue({ type: 'notify', params: formNotice(context.form, adminFormUnreachable, 'error') });
    }),
    notifySaved: adminFormSetup.enqueueActions(({ context, enqueue }) => {
      enqueue({ type: 'notify', params: formNotice(context.form, adminForms[context.form].savedMessage, 'success') });
    }),
    logCallError: adminFormSetup.enqueueActions(({ event, enqueue }) => {
      enqueue({ type: 'logError', params: { error: errorOf(event, 'loadForm', 'submitForm') } });
    }),
  },
}).createMachine({
  id: 'adminForm',
  context: { form: 'categoryCreate', values: {}, files: {}, record: null, submitted: false, saves: 0 },
  entry: 'takeInput',
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadForm',
        src: 'loadForm',
        input: ({ context }) => context.form,
        onDone: { target: 'editing', actions: 'fillForm' },
        onError: { target: 'loadFailed', actions: 'logCallError' },
      },
    },
    loadFailed: {
      on: { 'form.retry': 'loading' },
    },
    editing: {
      on: {
        'field.change': { actions: 'changeField' },
        'files.change': [{ guard: 'isFileTooLarge', actions: 'notifyFileTooLarge' }, { actions: 'pickFiles' }],
        'form.submit': [
          { guard: 'isIncomplete', actions: ['showAllErrors', 'notifyIncomplete'] },
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
          { guard: 'wasSaved', target: 'saved' },
          { target: 'editing', actions: 'notifyRefusal' },
        ],
        onError: { target: 'editing', actions: ['logCallError', 'notifyUnreachable'] },
      },
    },
    saved: {
      entry: 'notifySaved',
      // A form with a list goes back to it after the spec's delay; the banner forms stay for the next upload.
      always: { guard: 'staysAfterSave', target: 'editing', actions: 'countSave' },
      after: { backToList: { target: 'done', actions: 'goToList' } },
    },
    done: { type: 'final' },
  },
});
