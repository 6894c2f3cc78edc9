// The guest's side of /checkout (SPEC.md §2 Checkout, §4 "Guest e-mail check", "Guest checkout creation",
// "Set-password flow"): the details and first address form, the "Enter Email OTP" and "Set Password" modals.
import type { FormEvent, ReactNode } from 'react';
import { Badge, Box, Button, Dialog, HStack, Link, Portal, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link as RouterLink } from 'react-router-dom';
import { fromPromise } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import { authMessages } from '../../../domain/auth';
import type { SignInReply } from '../../../domain/auth';
import { checkoutMessages } from '../../../domain/checkout';
import { guestEmailCheckMachine, guestFieldErrors } from '../../../machines/guest-email-check.machine';
import type { CheckoutNotice, GuestField } from '../../../machines/guest-email-check.machine';
import { setPasswordErrors, setPasswordMachine } from '../../../machines/set-password.machine';
import type { SetPasswordField, SetPasswordSecret } from '../../../machines/set-password.machine';
import { createGuestCheckout, checkEmailAvailability, verifyGuestCheckoutOtp } from '../../api/checkout';
import { signIn, syncGuestLoggedInCart, verifyEmail, verifyOtpPassword } from '../../api/auth';
import { paths } from '../../app/paths';
import { guestSessionIdKey, sessionStore } from '../../app/session-store';
import { toaster } from '../../app/toaster';
import { AddressForm } from '../../components/address-form';
import { PasswordField } from '../../components/password-field';
import { TextField } from '../../components/text-field';

type GuestActor = ActorRefFrom<typeof guestEmailCheckMachine>;
type SetPasswordActor = ActorRefFrom<typeof setPasswordMachine>;

const showNotice = ({ message, kind, duration }: CheckoutNotice) =>
  toaster.create({ description: message, type: kind, duration, closable: true });

/** A full page load, so that every store, cache and actor starts again as the signed-in user's. */
const fullPageLoad = (path: string) => window.location.assign(path);

function storeSession(reply: SignInReply): void {
  sessionStore.signIn(
    {
      userId: reply.userId,
      userExtId: reply.userExtId,
      accessToken: reply.authorization,
      email: reply.email,
      trueUser: reply.trueUser,
    },
    // Quiet: the page is about to load again; subscribers re-rendering now would only flash the signed-in page.
    { quiet: true },
  );
}

function forgetGuestSession(): void {
  try {
    window.sessionStorage.removeItem(guestSessionIdKey);
  } catch {
    // Storage unavailable: nothing was stored either.
  }
}

/** The two flows of the guest's checkout, with their calls, snackbars and navigation provided. */
export function useGuestCheckoutActors(sessionId: string, options: { loadPage?: (path: string) => void } = {}) {
  const loadPage = options.loadPage ?? fullPageLoad;

  const guest = useActorRef(
    guestEmailCheckMachine.provide({
      actors: {
        checkEmailAvailability: fromPromise(({ input }) => checkEmailAvailability(input.email)),
        createGuestCheckout: fromPromise(({ input }) => createGuestCheckout(input)),
        verifyOtp: fromPromise(({ input }) => verifyGuestCheckoutOtp(input)),
      },
      actions: {
        notify: (_, notice) => showNotice(notice),
        // The page follows the `verified` state to load the guest's addresses.
        addressesChanged: () => {},
      },
    }),
    { input: { sessionId } },
  );

  const setPassword = useActorRef(
    setPasswordMachine.provide({
      actors: {
        verifyEmail: fromPromise(({ input }) => verifyEmail(input.email)),
        resetPassword: fromPromise(({ input }) => verifyOtpPassword(input)),
        signIn: fromPromise(async ({ input }) => {
          const reply = await signIn(input);
          if (!reply) throw new Error(authMessages.signInFailed);
          // The merge must carry the user's token (a guest's token is refused, and its 401 would end the session).
          storeSession(reply);
          try {
            await syncGuestLoggedInCart({ sessionId, userExtId: reply.userExtId });
            // The bag is the account's now; as at sign-in (SPEC.md §4), the id goes once the merge answered.
            forgetGuestSession();
          } catch (error) {
            // The password is set and the session valid: the shopper goes on, the bag stays with the guest session.
            console.error('The guest bag could not be merged into the account', error);
          }
          return reply;
        }),
      },
      actions: {
        notify: (_, notice) => showNotice(notice),
        storeSession: (_, reply) => storeSession(reply),
        goToCheckout: () => loadPage(paths.checkout),
      },
    }),
  );

  return { guest, setPassword };
}

const cardStyles = {
  bg: 'white',
  borderWidth: '1px',
  borderColor: 'brand.line',
  borderRadius: '2xl',
  p: { base: '5', md: '7' },
  boxShadow: '0 1px 2px rgba(43, 43, 43, 0.04), 0 12px 32px -16px rgba(31, 77, 58, 0.18)',
} as const;

function Card({ id, title, aside, children }: { id: string; title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <Box as="section" aria-labelledby={id} {...cardStyles}>
      <HStack justify="space-between" align="center" mb="5" gap="3">
        <Text as="h2" id={id} fontFamily="heading" fontSize={{ base: '2xl', md: '3xl' }} fontWeight="600" color="brand.leaf" lineHeight="1.15">
          {title}
        </Text>
        {aside}
      </HStack>
      {children}
    </Box>
  );
}

/** The shopper's details once the e-mail is proven: nothing to edit any more. */
function VerifiedDetails({ guest }: { guest: GuestActor }) {
  const details = useSelector(guest, (snapshot) => snapshot.context.details);
  return (
    <Card
      id="guest-details-title"
      title="Your Details"
      aside={
        <Badge colorPalette="leaf" variant="subtle" size="lg" rounded="full" px="3">
          <CheckMark />
          Verified
        </Badge>
      }
    >
      <Stack gap="1" color="brand.ink">
        <Text fontWeight="semibold">
          {details.firstName} {details.lastName}
        </Text>
        <Text color="brand.muted" wordBreak="break-all">
          {details.email}
        </Text>
        <Text color="brand.muted">{details.mobileNumber}</Text>
      </Stack>
    </Card>
  );
}

const CheckMark = () => (
  <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </svg>
);

/** What the e-mail check answered, shown only while the e-mail is still the one checked. */
function EmailAnswer({ guest, setPassword }: { guest: GuestActor; setPassword: SetPasswordActor }) {
  const answer = useSelector(guest, ({ context }) =>
    context.checkedEmail !== null && context.checkedEmail === context.details.email ? context.response : null,
  );
  const email = useSelector(guest, (snapshot) => snapshot.context.details.email);
  const checking = useSelector(guest, (snapshot) => snapshot.matches({ editing: 'checkingEmail' }));
  const verifyingEmail = useSelector(setPassword, (snapshot) => snapshot.matches('verifyingEmail'));

  if (checking) {
    return (
      <Text role="status" fontSize="sm" color="brand.muted">
        Checking your e-mail…
      </Text>
    );
  }
  if (answer === checkoutMessages.createPassword) {
    return (
      <Stack gap="3" bg="brand.leafSoft" borderRadius="xl" p="4" align="flex-start">
        <Text fontSize="sm" color="brand.ink">
          Welcome back! Create a password to check out faster next time.
        </Text>
        <Button
          type="button"
          colorPalette="leaf"
          variant="outline"
          bg="white"
          rounded="full"
          loading={verifyingEmail}
          loadingText="Sending code…"
          onClick={() => setPassword.send({ type: 'password.start', email })}
        >
          Create Password
        </Button>
      </Stack>
    );
  }
  if (answer === checkoutMessages.registeredUser) {
    return (
      <Stack gap="1" bg="brand.roseSoft" borderRadius="xl" p="4">
        <Text fontSize="sm" color="brand.ink">
          You already have an account with this e-mail.
        </Text>
        <Link asChild color="brand.leaf" fontWeight="semibold" textDecoration="underline" textUnderlineOffset="3px" alignSelf="flex-start">
          <RouterLink to={paths.guestLogin}>Login</RouterLink>
        </Link>
      </Stack>
    );
  }
  return null;
}

function GuestDetailsForm({ guest, setPassword }: { guest: GuestActor; setPassword: SetPasswordActor }) {
  const context = useSelector(guest, (snapshot) => snapshot.context);
  const creating = useSelector(guest, (snapshot) => snapshot.matches('creatingGuest'));
  const { details, address, submitted } = context;
  const errors = guestFieldErrors(context);
  // SPEC.md §5: a message shows once its field is non-empty, or for every field after a refused submit.
  const shownError = (field: Exclude<GuestField, 'otp'>) => (submitted || details[field] !== '' ? errors[field] : undefined);
  const change = (field: GuestField) => (value: string) => guest.send({ type: 'field.change', field, value });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    guest.send({ type: 'form.submit' });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Guest checkout">
      <Stack gap={{ base: '5', md: '6' }}>
        <Card id="guest-details-title" title="Your Details">
          <Stack gap="5">
            <Stack gap="3">
              <TextField
                name="email"
                label="Email"
                type="email"
                inputMode="email"
                autoComplete="email"
                placeholder="you@example.com"
                value={details.email}
                error={shownError('email')}
                onValueChange={change('email')}
                onBlur={() => guest.send({ type: 'field.blur', field: 'email' })}
                readOnly={creating}
              />
              <EmailAnswer guest={guest} setPassword={setPassword} />
            </Stack>
            <TextField
              name="mobileNumber"
              label="Mobile Number"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              placeholder="10-digit mobile number"
              value={details.mobileNumber}
              error={shownError('mobileNumber')}
              onValueChange={change('mobileNumber')}
              readOnly={creating}
            />
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
              <TextField
                name="firstName"
                label="First Name"
                autoComplete="given-name"
                value={details.firstName}
                error={shownError('firstName')}
                onValueChange={change('firstName')}
                readOnly={creating}
              />
              <TextField
                name="lastName"
                label="Last Name"
                autoComplete="family-name"
                value={details.lastName}
                error={shownError('lastName')}
                onValueChange={change('lastName')}
                readOnly={creating}
              />
            </SimpleGrid>
          </Stack>
        </Card>
        <Card id="guest-address-title" title="Shipping Address">
          <AddressForm
            values={address}
            onFieldChange={(field, value) => guest.send({ type: 'address.change', field, value })}
            showAllErrors={submitted}
            disabled={creating}
          />
        </Card>
        <Button
          type="submit"
          size="lg"
          rounded="full"
          colorPalette="leaf"
          alignSelf={{ base: 'stretch', md: 'flex-end' }}
          px="10"
          loading={creating}
          loadingText="Sending code…"
        >
          Continue
        </Button>
      </Stack>
    </form>
  );
}

interface ModalProps {
  open: boolean;
  title: string;
  description: ReactNode;
  onCancel: () => void;
  children: ReactNode;
}

/** A small centred dialog; closing it by Escape or a click outside is the same as Cancel. */
function Modal({ open, title, description, onCancel, children }: ModalProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onCancel();
      }}
      placement="center"
      size="sm"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content bg="white" color="brand.ink" borderRadius="2xl" borderWidth="1px" borderColor="brand.line">
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap="2" pb="2">
              <Dialog.Title fontFamily="heading" fontSize="2xl" fontWeight="600" color="brand.leaf">
                {title}
              </Dialog.Title>
              <Box aria-hidden="true" h="2px" w="10" bg="brand.gold" borderRadius="full" />
              <Dialog.Description color="brand.muted" fontSize="sm">
                {description}
              </Dialog.Description>
            </Dialog.Header>
            {children}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

const Email = ({ children }: { children: string }) => (
  <Text as="span" color="brand.ink" fontWeight="semibold" wordBreak="break-all">
    {children}
  </Text>
);

function OtpModal({ guest }: { guest: GuestActor }) {
  const open = useSelector(guest, (snapshot) => snapshot.matches('otpModal') || snapshot.matches('verifyingOtp'));
  const verifying = useSelector(guest, (snapshot) => snapshot.matches('verifyingOtp'));
  const otp = useSelector(guest, (snapshot) => snapshot.context.otp);
  const email = useSelector(guest, (snapshot) => snapshot.context.details.email);
  const otpError = useSelector(guest, (snapshot) => guestFieldErrors(snapshot.context).otp);
  // The machine answers an empty code with its snackbar; the field speaks once something is typed.
  const error = otp !== '' ? otpError : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    guest.send({ type: 'otp.verify' });
  };

  return (
    <Modal
      open={open}
      title="Enter Email OTP"
      description={
        <>
          We sent a 6-digit code to <Email>{email}</Email>. Enter it to confirm your e-mail.
        </>
      }
      onCancel={() => guest.send({ type: 'otp.cancel' })}
    >
      <form noValidate onSubmit={submit} aria-label="Verify your email">
        <Dialog.Body>
          <TextField
            name="otp"
            label="OTP"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="6-digit code"
            value={otp}
            error={error}
            onValueChange={(value) => guest.send({ type: 'field.change', field: 'otp', value })}
            readOnly={verifying}
          />
        </Dialog.Body>
        <Dialog.Footer gap="3">
          <Button type="button" variant="ghost" colorPalette="leaf" rounded="full" disabled={verifying} onClick={() => guest.send({ type: 'otp.cancel' })}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="leaf" rounded="full" px="6" loading={verifying} loadingText="Verifying…">
            Verify
          </Button>
        </Dialog.Footer>
      </form>
    </Modal>
  );
}

function SetPasswordModal({ setPassword }: { setPassword: SetPasswordActor }) {
  const open = useSelector(
    setPassword,
    (snapshot) => snapshot.matches('modalOpen') || snapshot.matches('settingPassword') || snapshot.matches('signingIn'),
  );
  const busy = useSelector(setPassword, (snapshot) => snapshot.matches('settingPassword') || snapshot.matches('signingIn'));
  const context = useSelector(setPassword, (snapshot) => snapshot.context);
  const { email, otp, password, confirmPassword, submitted, shown } = context;
  const errors = setPasswordErrors(context);
  const values: Record<SetPasswordField, string> = { otp, password, confirmPassword };
  const shownError = (field: SetPasswordField) => (submitted || values[field] !== '' ? errors[field] : undefined);
  const change = (field: SetPasswordField) => (value: string) => setPassword.send({ type: 'field.change', field, value });
  const toggle = (field: SetPasswordSecret) => () => setPassword.send({ type: 'password.toggle', field });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPassword.send({ type: 'form.submit' });
  };

  return (
    <Modal
      open={open}
      title="Set Password"
      description={
        <>
          Enter the 6-digit code we sent to <Email>{email}</Email> and choose your password.
        </>
      }
      onCancel={() => setPassword.send({ type: 'modal.cancel' })}
    >
      <form noValidate onSubmit={submit} aria-label="Set your password">
        <Dialog.Body>
          <Stack gap="4">
            <TextField
              name="otp"
              label="OTP"
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="6-digit code"
              value={otp}
              error={shownError('otp')}
              onValueChange={change('otp')}
              readOnly={busy}
            />
            <PasswordField
              name="password"
              label="Password"
              autoComplete="new-password"
              value={password}
              error={shownError('password')}
              shown={shown.password}
              onValueChange={change('password')}
              onToggle={toggle('password')}
              readOnly={busy}
            />
            <PasswordField
              name="confirmPassword"
              label="Confirm Password"
              toggleName="password confirmation"
              autoComplete="new-password"
              value={confirmPassword}
              error={shownError('confirmPassword')}
              shown={shown.confirmPassword}
              onValueChange={change('confirmPassword')}
              onToggle={toggle('confirmPassword')}
              readOnly={busy}
            />
          </Stack>
        </Dialog.Body>
        <Dialog.Footer gap="3">
          <Button type="button" variant="ghost" colorPalette="leaf" rounded="full" disabled={busy} onClick={() => setPassword.send({ type: 'modal.cancel' })}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="leaf" rounded="full" px="6" loading={busy} loadingText="Saving…">
            Submit
          </Button>
        </Dialog.Footer>
      </form>
    </Modal>
  );
}

/** The guest's details: the form and its modals until the e-mail is proven, then the verified details card. */
export function GuestCheckoutSection({ guest, setPassword }: { guest: GuestActor; setPassword: SetPasswordActor }) {
  const verified = useSelector(guest, (snapshot) => snapshot.matches('verified'));
  if (verified) return <VerifiedDetails guest={guest} />;
  return (
    <>
      <GuestDetailsForm guest={guest} setPassword={setPassword} />
      <OtpModal guest={guest} />
      <SetPasswordModal setPassword={setPassword} />
    </>
  );
}
