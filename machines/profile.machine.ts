// Account › Profile: load the caller's details, edit names and mobile number (the e-mail is shown, never edited),
// validate with the spec's rules and save. A failed save is only logged (SPEC.md §8); a failed load can be retried.
import { assign, fromPromise, setup } from 'xstate';
import { profileFields, profileMessages } from '../domain/account';
import type { ProfileFields, ProfileForm, UpdateUserDetailsReply, UserDetails } from '../domain/account';
import { typingFilters } from '../domain/fields';
import { limits, toastDurations } from '../domain/limits';

export type ProfileField = Exclude<keyof ProfileForm, 'email'>;

export interface ProfileContext {
  userExtId: string;
  form: ProfileForm;
  /** After a refused submit every field shows its message, not only the non-empty ones (SPEC.md §5). */
  submitted: boolean;
}

export type ProfileEvent =
  | { type: 'field.change'; field: ProfileField; value: string }
  | { type: 'form.submit' }
  | { type: 'profile.retry' };

export interface ProfileNotice {
  message: string;
  kind: 'success' | 'error';
  duration: number;
}

export interface SaveProfileInput {
  userExtId: string;
  profile: ProfileFields & { email: string };
}

export const emptyProfileForm: ProfileForm = { firstName: '', lastName: '', email: '', mobileNumber: '' };

/** SPEC.md §5 Profile: names take letters, spaces and dots; the mobile number digits, at most 10. */
const filters: Record<ProfileField, (value: string) => string> = {
  firstName: (value) => typingFilters.lettersSpacesAndDots(value, limits.nameMax),
  lastName: (value) => typingFilters.lettersSpacesAndDots(value, limits.nameMax),
  mobileNumber: (value) => typingFilters.digits(value, limits.mobileLength),
};

export function filterProfileField(field: ProfileField, value: string): string {
  return filters[field](value);
}

/** The form as the server last stored it; missing values become empty fields. */
export function profileFormOf(details: UserDetails): ProfileForm {
  return {
    firstName: details.firstName ?? '',
    lastName: details.lastName ?? '',
    email: details.email,
    mobileNumber: details.mobileNumber ?? '',
  };
}

const notice = (message: string, kind: ProfileNotice['kind']): ProfileNotice => ({
  message,
  kind,
  duration: toastDurations.default,
});

const unimplemented = () => Promise.reject(new Error('provided by the view'));

export const profileMachine = setup({
  types: {} as { context: ProfileContext; events: ProfileEvent; input: { userExtId: string } },
  actors: {
    loadProfile: fromPromise<UserDetails, string>(unimplemented),
    saveProfile: fromPromise<UpdateUserDetailsReply, SaveProfileInput>(unimplemented),
  },
  actions: {
    notify: (_, _params: ProfileNotice) => {},
    logError: (_, _params: { error: unknown }) => {},
    changeField: assign({
      form: ({ context, event }) =>
        // The e-mail is read-only: a change naming any other field is ignored.
        event.type === 'field.change' && Object.hasOwn(filters, event.field)
          ? { ...context.form, [event.field]: filterProfileField(event.field, event.value) }
          : context.form,
    }),
    showAllErrors: assign({ submitted: true }),
    fillForm: assign({ form: (_, details: UserDetails) => profileFormOf(details), submitted: false }),
  },
  guards: {
    isFormValid: ({ context }) => profileFields.safeParse(context.form).success,
  },
}).createMachine({
  id: 'profile',
  context: ({ input }) => ({ userExtId: input.userExtId, form: { ...emptyProfileForm }, submitted: false }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        input: ({ context }) => context.userExtId,
        onDone: { target: 'editing', actions: { type: 'fillForm', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
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
          { actions: ['showAllErrors', { type: 'notify', params: notice(profileMessages.invalidSubmit, 'error') }] },
        ],
      },
    },
    saving: {
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context }) => ({
          userExtId: context.userExtId,
          profile: { ...profileFields.parse(context.form), email: context.form.email },
        }),
        onDone: {
          target: 'editing',
          actions: [
            { type: 'fillForm', params: ({ event }) => event.output },
            { type: 'notify', params: notice(profileMessages.updated, 'success') },
          ],
        },
        // SPEC.md §8: a failed profile call is only logged; what was typed stays for another try.
        onError: { target: 'editing', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
