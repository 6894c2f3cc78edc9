// @vitest-environment jsdom
// The profile machine's paths walked through the real app at /account/profile: the details load (or fail and are
// retried with Try again), names and mobile number are typed, Update is clicked, and updateuserdetails answers.
import '../setup-dom';
// The kit first: it watches machine actors from the first import on.
import { describeViewModel } from './view-model';
import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { expect, vi } from 'vitest';
import { profileFields, profileMessages } from '../../../domain/account';
import type { ProfileForm, UpdateUserDetailsReply, UserDetails } from '../../../domain/account';
import { fieldErrors } from '../../../domain/fields';
import { profileMachine } from '../../../machines/profile.machine';
import type { ProfileField } from '../../../machines/profile.selectors';
import { layoutHandlers } from '../catalog-fixtures';
import { renderApp, signIn } from '../render-app';
import { heldNetwork } from './held-network';
import { expectToast, formNamed, isBusy, messageOf } from './view-checks';
import { mockApi } from '../page-harness';

const me: UserDetails = { id: 'u_12', firstName: 'Asha', lastName: 'Raman', email: 'asha@example.test', mobileNumber: '9876543210' };
/** The server keeps what it was sent; the model's answer is the profile as it stands after the edits below. */
const saved: UpdateUserDetailsReply = { ...me, firstName: 'Meena K.', message: profileMessages.updated };

const labels: Record<ProfileField, string> = { firstName: 'First Name', lastName: 'Last Name', mobileNumber: 'Mobile Number' };

const network = heldNetwork();
mockApi([
  ...layoutHandlers,
  network.hold('get', '*/api/getsingleuserdetails', 'getsingleuserdetails'),
  network.hold('post', '*/api/updateuserdetails', 'updateuserdetails'),
]);

async function renderProfile() {
  signIn();
  // A failed call is only logged (SPEC.md §8): the log is what there is to see.
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  await renderApp('/account/profile');
  const form = () => formNamed('Profile');
  return {
    logged,
    form,
    field: (name: ProfileField | 'email') => within(form()).getByLabelText(new RegExp(`^${name === 'email' ? 'Email' : labels[name]}`)) as HTMLInputElement,
    update: () => within(form()).getByRole('button', { name: /^Updat/ }),
  };
}
type ProfileScreen = Awaited<ReturnType<typeof renderProfile>>;

const notFound = () => HttpResponse.json({ message: 'User not found', code: 'NOT_FOUND' }, { status: 404 });

describeViewModel<ProfileScreen, { userExtId: string }>('profile machine through the real app at /account/profile', {
  machine: profileMachine,
  network,
  situations: [{ name: 'signed in as u_12', input: { userExtId: 'u_12' } }],
  events: [
    { type: 'xstate.done.actor.loadProfile', output: me },
    // A 404 is not retried by the client, so one answer settles the call.
    { type: 'xstate.error.actor.loadProfile', error: { status: 404 } },
    { type: 'profile.retry' },
    { type: 'field.change', field: 'firstName', value: 'Meena K.' },
    { type: 'field.change', field: 'firstName', value: 'As' },
    { type: 'field.change', field: 'mobileNumber', value: '98765' },
    { type: 'form.submit' },
    { type: 'xstate.done.actor.saveProfile', output: saved },
    { type: 'xstate.error.actor.saveProfile', error: { status: 500 } },
  ],
  render: () => renderProfile(),
  perform: {
    'xstate.done.actor.loadProfile': (_, event, { network }) =>
      network.answer('getsingleuserdetails', () => HttpResponse.json(event.output)),
    'xstate.error.actor.loadProfile': (_, __, { network }) => network.answer('getsingleuserdetails', notFound),
    'profile.retry': async (_, __, { user }) => {
      await user.click(screen.getByRole('button', { name: 'Try again' }));
    },
    'field.change': (page, event) => {
      fireEvent.change(page.field(event.field as ProfileField), { target: { value: event.value } });
    },
    'form.submit': async (page, _, { user }, { to }) => {
      await user.click(page.update());
      if (to.matches('editing')) await expectToast(profileMessages.invalidSubmit);
    },
    'xstate.done.actor.saveProfile': async (_, event, { network }) => {
      await network.answer('updateuserdetails', () => HttpResponse.json(event.output));
      await expectToast(profileMessages.updated);
    },
    'xstate.error.actor.saveProfile': async (page, _, { network }) => {
      await network.answer('updateuserdetails', () => HttpResponse.json({ message: 'down', code: 'INTERNAL' }, { status: 500 }));
      await vi.waitFor(() => expect(page.logged).toHaveBeenCalledWith('profile call failed', expect.anything()));
    },
  },
  shows: {
    loading: (_, __, { network }) => {
      expect(screen.getByLabelText('Loading your profile').getAttribute('aria-busy')).toBe('true');
      expect(network.waiting('getsingleuserdetails').map((request) => request.url.searchParams.get('id'))).toEqual(['u_12']);
    },
    loadFailed: () => {
      expect(screen.getByText('We could not load your profile just now.')).toBeTruthy();
      expect(screen.queryByRole('form', { name: 'Profile' })).toBeNull();
    },
    editing: (page, expected) => {
      const { form, submitted } = expected.context as { form: ProfileForm; submitted: boolean };
      const errors = fieldErrors(profileFields, form);
      for (const name of Object.keys(labels) as ProfileField[]) {
        expect(page.field(name).value).toBe(form[name]);
        // A message shows once its field is typed in, or for every field after a refused submit.
        expect(messageOf(page.field(name))).toBe(submitted || form[name] !== '' ? errors[name] : undefined);
      }
      expect(page.field('email').value).toBe(form.email);
      expect(page.field('email').readOnly).toBe(true);
      expect(isBusy(page.update())).toBe(false);
    },
    saving: (page, expected, { network }) => {
      const { form } = expected.context as { form: ProfileForm };
      expect(isBusy(page.update())).toBe(true);
      expect(network.waiting('updateuserdetails').map((request) => [request.url.search, request.body])).toEqual([
        ['?id=u_12', { userId: 'u_12', ...form }],
      ]);
    },
  },
});
