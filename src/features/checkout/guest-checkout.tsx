// The guest's side of /checkout (SPEC.md §2 Checkout, §4 "Guest e-mail check", "Guest checkout creation"): the details
// and first address form with its two dialogs until the e-mail is proven, then the verified details.
import type { FormEvent } from 'react';
import { Badge, Button, Link, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Link as RouterLink } from 'react-router-dom';
import { checkoutMessages } from '../../../domain/checkout';
import { guestFieldErrors } from '../../../machines/guest-checkout.selectors';
import type { GuestDetailsField } from '../../../machines/guest-checkout.selectors';
import { paths } from '../../app/paths';
import { pincodeMismatch } from '../../../machines/pincode-lookup';
import { AddressForm } from '../../components/address-form';
import { CheckIcon } from '../../components/icons';
import { ShopperDetailsFields } from '../../components/shopper-details-fields';
import { shownErrors } from '../../components/shown-errors';
import { CheckoutCard } from './checkout-card';
import { GuestOtpDialog } from './guest-checkout-otp-dialog';
import { SetPasswordDialog } from './set-password-dialog';
import type { GuestActor, SetPasswordActor } from './use-guest-checkout-actors';

/** The shopper's details once the e-mail is proven: nothing to edit any more. */
function VerifiedDetails({ guest }: { guest: GuestActor }) {
  const details = useSelector(guest, (snapshot) => snapshot.context.details);
  return (
    <CheckoutCard
      title="Your Details"
      takeFocus
      aside={
        <Badge colorPalette="leaf" variant="subtle" size="lg" rounded="full" px="3">
          <CheckIcon size={14} strokeWidth={2.4} />
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
    </CheckoutCard>
  );
}

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
  const shownError = shownErrors<GuestDetailsField>(details, errors, submitted);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    guest.send({ type: 'form.submit' });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Guest checkout">
      <Stack gap={{ base: '5', md: '6' }}>
        <CheckoutCard title="Your Details">
          <Stack gap="5">
            <ShopperDetailsFields
              values={details}
              shownError={shownError}
              onFieldChange={(field, value) => guest.send({ type: 'field.change', field, value })}
              onEmailBlur={() => guest.send({ type: 'field.blur', field: 'email' })}
              readOnly={creating}
              belowEmail={<EmailAnswer guest={guest} setPassword={setPassword} />}
              namesSideBySideFrom="md"
            />
          </Stack>
        </CheckoutCard>
        <CheckoutCard title="Shipping Address">
          <AddressForm
            values={address}
            onFieldChange={(field, value) => guest.send({ type: 'address.change', field, value })}
            showAllErrors={submitted}
            disabled={creating}
            pincodeError={pincodeMismatch(address, context.pincodeLookup)}
          />
        </CheckoutCard>
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

/** The guest's details: the form and its dialogs until the e-mail is proven, then the verified details card. */
export function GuestCheckoutSection({ guest, setPassword }: { guest: GuestActor; setPassword: SetPasswordActor }) {
  const verified = useSelector(guest, (snapshot) => snapshot.matches('verified'));
  if (verified) return <VerifiedDetails guest={guest} />;
  return (
    <>
      <GuestDetailsForm guest={guest} setPassword={setPassword} />
      <GuestOtpDialog guest={guest} />
      <SetPasswordDialog setPassword={setPassword} />
    </>
  );
}
