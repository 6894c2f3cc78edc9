// Account › Profile: load the caller's details, edit names and mobile number (the e-mail is shown, never edited),
// validate with the spec's rules and save. A failed save is only logged (SPEC.md §8); a failed load can be retried.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { profileFields, profileMessages } from '../domain/account';
import type { ProfileFields, ProfileForm, UpdateUserDetailsReply, UserDetails } from '../domain/account';
import { toastDurations } from '../domain/limits';
import type { Notice } from '../domain/notice';
import { errorOf, inputOf, outputOf } from './actor-events';
import { emptyProfileForm, filterProfileField, isProfileField, profileFormOf, profileToSave } from './profile.selectors';
import type { ProfileField } from './profile.selectors';
import { notice } from '../domain/notice';
import { refusal } from './refusal';

export type { ProfileField } from './profile.selectors';

export interface ProfileInput {
  userExtId: string;
}

export interface ProfileContext extends ProfileInput {
  form: ProfileForm;
  /** After a refused submit every field shows its message, not only the non-empty ones (SPEC.md §5). */
  submitted: boolean;
}

export type ProfileEvent =
  | { type: 'field.change'; field: ProfileField; value: string }
  | { type: 'form.submit' }
  | { type: 'profile.retry' };

export interface SaveProfileInput {
  userExtId: string;
  profile: ProfileFields & { email: string };
}

const unimplemented = () => Promise.reject(new Error('provided by the view'));

const profileSetup = setup({
  types: {} as { context: ProfileContext; events: ProfileEvent; input: ProfileInput },
  actors: {
    loadProfile: fromPromise<UserDetails, string>(unimplemented),
    saveProfile: fromPromise<UpdateUserDetailsReply, SaveProfileInput>(unimplemented),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    logError: (_, _params: { error: unknown }) => {},
    takeInput: assign(({ event }) => ({ userExtId: inputOf<ProfileInput>(event).userExtId })),
    changeField: assign({
      form: ({ context, event }) => {
        assertEvent(event, 'field.change');
        // The e-mail is read-only: a change naming any other field is ignored.
        if (!isProfileField(event.field)) return context.form;
        return { ...context.form, [event.field]: filterProfileField(event.field, event.value) };
      },
    }),
    showAllErrors: assign({ submitted: true }),
    fillForm: assign({
      form: ({ event }) => profileFormOf(outputOf<UserDetails>(event, 'loadProfile', 'saveProfile')),
      submitted: false,
    }),
  },
  guards: {
    isFormValid: ({ context }) => profileFields.safeParse(context.form).success,
  },
});

export const profileMachine = profileSetup.extend({
  actions: {
    logCallError: profileSetup.enqueueActions(({ event, enqueue }) => {
      enqueue({ type: 'logError', params: { error: errorOf(event, 'loadProfile', 'saveProfile') } });
    }),
  },
}).createMachine({
  id: 'profile',
  context: { userExtId: '', form: { ...emptyProfileForm }, submitted: false },
  entry: 'takeInput',
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        input: ({ context }) => context.userExtId,
        onDone: { target: 'editing', actions: 'fillForm' },
        onError: { target: 'loadFailed', actions: 'logCallError' },
      },
    },
    loadFailed: {
      on: { 'profile.retry': 'loading' },
    },
    editing: {
      on: {
        'field.change': { actions: 'changeField' },
        'form.submit': [
          { guard: 'isFormValid', target: 'saving' },
          {
            actions: refusal('showAllErrors', notice(profileMessages.invalidSubmit, 'error', toastDurations.default)),
          },
        ],
      },
    },
    saving: {
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context }) => ({
          userExtId: context.userExtId,
          profile: profileToSave(context.form),
        }),
        onDone: {
          target: 'editing',
          actions: [
            'fillForm',
            { type: 'notify', params: { message: profileMessages.updated, kind: 'success', duration: toastDurations.default } },
          ],
        },
        // SPEC.md §8: a failed profile call is only logged; what was typed stays for another try.
        onError: { target: 'editing', actions: 'logCallError' },
      },
    },
  },
});
