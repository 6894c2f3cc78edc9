// /forgotpassword (SPEC.md §2 Forgot Password): the stepper "Email Verification" → "OTP and Password". The flow lives
// in machines/forgot-password.machine.ts; this view provides the calls and navigation, renders and sends events.
import type { FormEvent } from 'react';
import { Button, Stack, Text } from '@chakra-ui/react';
import { useActor } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { forgotPasswordErrors } from '../../../machines/forgot-password.selectors';
import { forgotPasswordMachine } from '../../../machines/forgot-password.machine';
import type { ForgotPasswordField, ForgotPasswordSecret } from '../../../machines/forgot-password.selectors';
import { verifyEmail, verifyOtpPassword } from '../../api/auth';
import { appActorOptions } from '../../app/inspection';
import { paths } from '../../app/paths';
import { notify } from '../../app/show-notice';
import { useDocumentTitle } from '../../app/use-document-title';
import { AuthCard } from './auth-card';
import { AuthLink } from './auth-link';
import { EmailField } from '../../components/email-field';
import { NewPasswordFields } from '../../components/new-password-fields';
import { OtpField } from '../../components/otp-field';
import { shownErrors } from '../../components/shown-errors';
import { StepIndicator } from './step-indicator';

const steps = ['Email Verification', 'OTP and Password'] as const;

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [snapshot, send] = useActor(
    forgotPasswordMachine.provide({
      actors: {
        verifyEmail: fromPromise(({ input }) => verifyEmail(input.email)),
        resetPassword: fromPromise(({ input }) => verifyOtpPassword(input)),
      },
      actions: {
        notify,
        goToLogin: () => void navigate(paths.login),
      },
    }),
    appActorOptions,
  );

  useDocumentTitle('Forgot Password');

  const context = snapshot.context;
  const onEmailStep = snapshot.matches('email') || snapshot.matches('verifyingEmail');
  const verifying = snapshot.matches('verifyingEmail');
  const resetting = snapshot.matches('resetting');
  const done = snapshot.matches('passwordReset') || snapshot.matches('leaving');
  const errors = forgotPasswordErrors(context);
  const stepSubmitted = onEmailStep ? context.submitted.email : context.submitted.reset;
  const shownError = shownErrors<ForgotPasswordField>(context, errors, stepSubmitted);
  const change = (field: ForgotPasswordField, value: string) => send({ type: 'field.change', field, value });
  const toggle = (field: ForgotPasswordSecret) => send({ type: 'password.toggle', field });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'form.submit' });
  };

  return (
    <AuthCard
      eyebrow="Account help"
      title="Forgot Password"
      intro={
        onEmailStep
          ? 'Enter the e-mail address of your account and we will send you a one-time code.'
          : 'Enter the code from your e-mail and choose a new password.'
      }
      footer={
        <Text color="brand.ink">
          <AuthLink to={paths.login}>Remember your password? SignIn here</AuthLink>
        </Text>
      }
    >
      <StepIndicator label="Password reset progress" steps={steps} current={done ? steps.length : onEmailStep ? 0 : 1} />

      {onEmailStep ? (
        <form noValidate onSubmit={submit} aria-label="Find your account">
          <Stack gap="5">
            <EmailField
              value={context.email}
              error={shownError('email')}
              onValueChange={(value) => change('email', value)}
              readOnly={verifying}
            />
            <Button type="submit" colorPalette="leaf" size="lg" loading={verifying} loadingText="Sending OTP…">
              Send OTP
            </Button>
          </Stack>
        </form>
      ) : (
        <form noValidate onSubmit={submit} aria-label="Choose a new password">
          <Stack gap="5">
            <Text color="brand.muted" fontSize="sm" textAlign="center">
              Code sent to{' '}
              <Text as="span" color="brand.ink" fontWeight="semibold" wordBreak="break-all">
                {context.email}
              </Text>
            </Text>
            <OtpField
              label="Email OTP"
              value={context.otp}
              error={shownError('otp')}
              onValueChange={(value) => change('otp', value)}
              readOnly={resetting || done}
            />
            <NewPasswordFields
              passwordLabel="New Password"
              values={context}
              shown={context.shown}
              shownError={shownError}
              onFieldChange={change}
              onToggle={toggle}
              readOnly={resetting || done}
            />
            <Button
              type="submit"
              colorPalette="leaf"
              size="lg"
              loading={resetting}
              loadingText="Updating…"
              disabled={done}
            >
              Reset Password
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
