// /login and /g/login (SPEC.md §2 Sign In). The flow lives in machines/sign-in.machine.ts; this view provides the
// calls, storage and navigation, renders the state and sends events.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Stack, Text } from '@chakra-ui/react';
import { useActor } from '@xstate/react';
import { useLocation } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { signInErrors } from '../../../machines/sign-in.selectors';
import { signInMachine } from '../../../machines/sign-in.machine';
import type { SignInField } from '../../../machines/sign-in.selectors';
import { getSingleUserDetails, signIn, syncGuestLoggedInCart } from '../../api/auth';
import { appActorOptions } from '../../app/inspection';
import { paths } from '../../app/paths';
import { forgetGuestSessionId, readGuestSessionId, storeSignInReply } from '../../app/session-store';
import { notify } from '../../app/show-notice';
import { useDocumentTitle } from '../../app/use-document-title';
import { AuthCard } from './auth-card';
import { AuthLink } from './auth-link';
import { EmailField } from '../../components/email-field';
import { PasswordField } from '../../components/password-field';
import { shownErrors } from '../../components/shown-errors';

/** A full page load, so that every store, cache and actor starts fresh for the new user (SPEC.md §2: reloaded). */
const fullPageLoad = (path: string) => window.location.assign(path);

export function SignInPage({ loadPage = fullPageLoad }: { loadPage?: (path: string) => void }) {
  const { pathname } = useLocation();
  const [input] = useState(() => ({
    guestLogin: pathname.toLowerCase() === paths.guestLogin,
    guestSessionId: readGuestSessionId(),
  }));
  const [snapshot, send] = useActor(
    signInMachine.provide({
      actors: {
        signIn: fromPromise(({ input: form }) => signIn(form)),
        syncGuestCart: fromPromise(({ input: body }) => syncGuestLoggedInCart(body)),
        fetchUserDetails: fromPromise(({ input: { userExtId } }) => getSingleUserDetails(userExtId)),
      },
      actions: {
        notify,
        storeSession: (_, reply) => storeSignInReply(reply, { quiet: true }),
        forgetGuestSession: forgetGuestSessionId,
        goHome: (_, { to }) => loadPage(to),
      },
    }),
    { input, ...appActorOptions },
  );

  useDocumentTitle('Sign In');

  const { form, submitted, passwordShown } = snapshot.context;
  const busy = !snapshot.matches('editing');
  const errors = signInErrors(form);
  const shownError = shownErrors<SignInField>(form, errors, submitted);
  const change = (field: SignInField) => (value: string) => send({ type: 'field.change', field, value });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'form.submit' });
  };

  return (
    <AuthCard
      eyebrow={input.guestLogin ? 'Checkout' : 'Welcome back'}
      title="Sign In"
      intro={input.guestLogin ? 'Sign in to continue to checkout.' : 'Sign in to see your orders, addresses and bag.'}
      footer={
        <Text color="brand.ink">
          <AuthLink to={paths.signup}>Don&apos;t have an account? Sign Up here</AuthLink>
        </Text>
      }
    >
      <form noValidate onSubmit={submit} aria-label="Sign In">
        <Stack gap="5">
          <EmailField value={form.email} error={shownError('email')} onValueChange={change('email')} readOnly={busy} />
          <Stack gap="2">
            <PasswordField
              name="password"
              label="Password"
              autoComplete="current-password"
              value={form.password}
              error={shownError('password')}
              shown={passwordShown}
              onValueChange={change('password')}
              onToggle={() => send({ type: 'password.toggle' })}
              readOnly={busy}
            />
            <Text alignSelf="flex-end" fontSize="sm">
              <AuthLink to={paths.forgotPassword}>Forgot Password?</AuthLink>
            </Text>
          </Stack>
          <Button type="submit" colorPalette="leaf" size="lg" loading={busy} loadingText="Signing in…" mt="1">
            Sign In
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
