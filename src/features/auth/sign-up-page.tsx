// /signup (SPEC.md §2 Sign Up): details → e-mail OTP → password. The flow lives in machines/sign-up.machine.ts; this
// view provides the calls and navigation, renders the current step and sends events.
import type { FormEvent } from 'react';
import { Button, Stack, Text } from '@chakra-ui/react';
import { useActor } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { signUpErrors } from '../../../machines/sign-up.selectors';
import { signUpMachine } from '../../../machines/sign-up.machine';
import type { SignUpField, SignUpPasswordField } from '../../../machines/sign-up.selectors';
import { checkEmailPresent, createPassword, createUser, verifyOtp } from '../../api/auth';
import { appActorOptions } from '../../app/inspection';
import { paths } from '../../app/paths';
import { notify } from '../../app/show-notice';
import { useDocumentTitle } from '../../app/use-document-title';
import { AuthCard } from './auth-card';
import { AuthLink } from './auth-link';
import { NewPasswordFields } from '../../components/new-password-fields';
import { OtpField } from '../../components/otp-field';
import { ShopperDetailsFields } from '../../components/shopper-details-fields';
import { shownErrors } from '../../components/shown-errors';
import { StepIndicator } from './step-indicator';

const steps = ['Your Details', 'Verify Email', 'Set Password'] as const;

export function SignUpPage() {
  const navigate = useNavigate();
  const [snapshot, send] = useActor(
    signUpMachine.provide({
      actors: {
        checkEmailPresent: fromPromise(({ input }) => checkEmailPresent(input.email)),
        createUser: fromPromise(({ input }) => createUser(input)),
        verifyOtp: fromPromise(({ input }) => verifyOtp(input)),
        createPassword: fromPromise(({ input }) => createPassword(input)),
      },
      actions: {
        notify,
        goToLogin: () => void navigate(paths.login),
      },
    }),
    appActorOptions,
  );

  useDocumentTitle('Sign Up');

  const { details, otp, password, confirmPassword, submitted, shown } = snapshot.context;
  const step = snapshot.matches('details') || snapshot.matches('creatingUser')
    ? 0
    : snapshot.matches('otp') || snapshot.matches('verifyingOtp')
      ? 1
      : 2;
  const errors = signUpErrors(snapshot.context);
  const values: Record<SignUpField, string> = { ...details, otp, password, confirmPassword };
  const stepSubmitted = step === 0 ? submitted.details : step === 1 ? submitted.otp : submitted.password;
  const shownError = shownErrors<SignUpField>(values, errors, stepSubmitted);
  const change = (field: SignUpField, value: string) => send({ type: 'field.change', field, value });
  const toggle = (field: SignUpPasswordField) => send({ type: 'password.toggle', field });

  const submitWith = (type: 'form.submit' | 'otp.verify') => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type });
  };

  const creatingUser = snapshot.matches('creatingUser');
  const verifying = snapshot.matches('verifyingOtp');
  const creatingPassword = snapshot.matches('creatingPassword');
  const created = snapshot.matches('created') || snapshot.matches('leaving');

  return (
    <AuthCard
      eyebrow="New here?"
      title="Sign Up"
      intro="Create your account in three short steps."
      footer={
        <Text color="brand.ink">
          <AuthLink to={paths.login}>Already have an account? Sign In here</AuthLink>
        </Text>
      }
    >
      <StepIndicator label="Sign-up progress" steps={steps} current={created ? steps.length : step} />

      {step === 0 ? (
        <form noValidate onSubmit={submitWith('form.submit')} aria-label="Your details">
          <Stack gap="5">
            <ShopperDetailsFields
              values={details}
              shownError={shownError}
              onFieldChange={change}
              onEmailBlur={() => send({ type: 'field.blur', field: 'email' })}
              readOnly={creatingUser}
            />
            <Button type="submit" colorPalette="leaf" size="lg" loading={creatingUser} loadingText="Sending OTP…" mt="1">
              Submit
            </Button>
          </Stack>
        </form>
      ) : null}

      {step === 1 ? (
        <form noValidate onSubmit={submitWith('otp.verify')} aria-label="Verify your email">
          <Stack gap="5">
            <Text color="brand.muted" fontSize="sm" textAlign="center">
              Enter the 6-digit code we sent to{' '}
              <Text as="span" color="brand.ink" fontWeight="semibold" wordBreak="break-all">
                {details.email}
              </Text>
              .
            </Text>
            <OtpField value={otp} error={shownError('otp')} onValueChange={(value) => change('otp', value)} readOnly={verifying} />
            <Button type="submit" colorPalette="leaf" size="lg" loading={verifying} loadingText="Verifying…">
              Verify
            </Button>
          </Stack>
        </form>
      ) : null}

      {step === 2 ? (
        <form noValidate onSubmit={submitWith('form.submit')} aria-label="Set your password">
          <Stack gap="5">
            <NewPasswordFields
              values={{ password, confirmPassword }}
              shown={shown}
              shownError={shownError}
              onFieldChange={change}
              onToggle={toggle}
              readOnly={creatingPassword || created}
            />
            <Button
              type="submit"
              colorPalette="leaf"
              size="lg"
              loading={creatingPassword}
              loadingText="Creating account…"
              disabled={created}
            >
              Create Account
            </Button>
          </Stack>
        </form>
      ) : null}
    </AuthCard>
  );
}
