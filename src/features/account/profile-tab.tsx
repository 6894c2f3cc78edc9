// Account › Profile: first name, last name, e-mail (read-only), mobile number and Update. The flow lives in
// machines/profile.machine.ts; this view provides the calls and toasts, renders the state and sends events.
import type { ChangeEvent, FormEvent } from 'react';
import { Field, Input, SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';
import { useActor } from '@xstate/react';
import { fromPromise } from 'xstate';
import { profileFields } from '../../../domain/account';
import type { UpdateUserDetailsReply, UserDetails } from '../../../domain/account';
import { fieldErrors } from '../../../domain/fields';
import { limits } from '../../../domain/limits';
import { profileMachine } from '../../../machines/profile.machine';
import type { ProfileField } from '../../../machines/profile.selectors';
import type { SaveProfileInput } from '../../../machines/profile.machine';
import { getUserDetails, updateUserDetails } from '../../api/account';
import { appActorOptions } from '../../app/inspection';
import { notify } from '../../app/show-notice';
import { AccountPanel } from './account-panel';
import { RequiredTextField } from '../../components/required-field';
import type { FieldBinding, TextInputSpec } from '../../components/required-field';
import { shownErrors } from '../../components/shown-errors';
import { FormSubmitButton } from '../../components/form-submit-button';
import { LoadFailed } from '../../components/load-states';

type FieldSpec = TextInputSpec<ProfileField>;

const editable: FieldSpec[] = [
  { field: 'firstName', label: 'First Name', autoComplete: 'given-name' },
  { field: 'lastName', label: 'Last Name', autoComplete: 'family-name' },
];
const mobile: FieldSpec = { field: 'mobileNumber', label: 'Mobile Number', autoComplete: 'tel-national', inputMode: 'numeric', type: 'tel' };

const inputStyles = { bg: 'white', size: 'lg' } as const;

export function ProfileTab({ userExtId }: { userExtId: string }) {
  const [snapshot, send] = useActor(
    profileMachine.provide({
      actors: {
        loadProfile: fromPromise<UserDetails, string>(({ input }) => getUserDetails(input)),
        saveProfile: fromPromise<UpdateUserDetailsReply, SaveProfileInput>(({ input }) =>
          updateUserDetails(input.userExtId, input.profile),
        ),
      },
      actions: {
        notify,
        logError: (_, { error }) => console.error('profile call failed', error),
      },
    }),
    { input: { userExtId }, ...appActorOptions },
  );

  if (snapshot.matches('loading')) {
    return (
      <AccountPanel aria-busy="true" aria-label="Loading your profile">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
          {Array.from({ length: 4 }, (_, index) => (
            <Stack key={index} gap="2">
              <Skeleton h="4" w="32" />
              <Skeleton h="12" rounded="md" />
            </Stack>
          ))}
        </SimpleGrid>
      </AccountPanel>
    );
  }

  if (snapshot.matches('loadFailed')) {
    return (
      <AccountPanel textAlign="center">
        <LoadFailed inCard message="We could not load your profile just now." retryLabel="Try again" onRetry={() => send({ type: 'profile.retry' })} />
      </AccountPanel>
    );
  }

  const { form, submitted } = snapshot.context;
  const saving = snapshot.matches('saving');
  const errors = fieldErrors(profileFields, form);
  const shownError = shownErrors<ProfileField>(form, errors, submitted);
  const change = (field: ProfileField) => (event: ChangeEvent<HTMLInputElement>) =>
    send({ type: 'field.change', field, value: event.target.value });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'form.submit' });
  };

  const bound: FieldBinding<ProfileField> = { value: (field) => form[field], error: shownError, onChange: change };
  const input = (spec: FieldSpec) => <RequiredTextField key={spec.field} spec={spec} bind={bound} readOnly={saving} />;

  return (
    <AccountPanel>
      <form noValidate onSubmit={submit} aria-label="Profile">
        <Stack gap="6">
          <SimpleGrid columns={{ base: 1, md: 2 }} columnGap="6" rowGap="5">
            {editable.map(input)}
            <Field.Root required readOnly>
              <Field.Label fontWeight="medium">
                Email
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                {...inputStyles}
                name="email"
                type="email"
                readOnly
                value={form.email}
                bg="brand.cream"
                color="brand.muted"
                maxLength={limits.emailMax}
              />
              <Field.HelperText color="brand.muted">Your e-mail address cannot be changed.</Field.HelperText>
            </Field.Root>
            {input(mobile)}
          </SimpleGrid>
          <FormSubmitButton px="10"
            loading={saving}
            loadingText="Updating…"
          >
            Update
          </FormSubmitButton>
        </Stack>
      </form>
    </AccountPanel>
  );
}
