// The guest's two flows at /checkout (SPEC.md §4 "Guest e-mail check", "Set-password flow"), with their calls,
// snackbars and navigation provided; guest-checkout.tsx renders them.
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import { emptyAddressForm } from '../../../domain/address';
import type { SignInReply } from '../../../domain/auth';
import { guestCheckoutMachine } from '../../../machines/guest-checkout.machine';
import { setPasswordMachine } from '../../../machines/set-password.machine';
import { createGuestCheckout, checkEmailAvailability, verifyGuestCheckoutOtp } from '../../api/checkout';
import { signIn, syncGuestLoggedInCart, verifyEmail, verifyOtpPassword } from '../../api/auth';
import { lookupPincode } from '../../api/pincodes';
import { readDeliveryPincode } from '../../app/delivery-pincode';
import { appActorOptions } from '../../app/inspection';
import { paths } from '../../app/paths';
import { forgetGuestSessionId, storeSignInReply } from '../../app/session-store';
import { notify } from '../../app/show-notice';

export type GuestActor = ActorRefFrom<typeof guestCheckoutMachine>;
export type SetPasswordActor = ActorRefFrom<typeof setPasswordMachine>;

/** A full page load, so that every store, cache and actor starts again as the signed-in user's. */
const fullPageLoad = (path: string) => window.location.assign(path);

// Quiet: the page is about to load again; subscribers re-rendering now would only flash the signed-in page.
const storeSession = (reply: SignInReply) => storeSignInReply(reply, { quiet: true });

export function useGuestCheckoutActors(sessionId: string, options: { loadPage?: (path: string) => void } = {}) {
  const loadPage = options.loadPage ?? fullPageLoad;

  const guest = useActorRef(
    guestCheckoutMachine.provide({
      actors: {
        checkEmailAvailability: fromPromise(({ input }) => checkEmailAvailability(input.email)),
        createGuestCheckout: fromPromise(({ input }) => createGuestCheckout(input)),
        verifyOtp: fromPromise(({ input }) => verifyGuestCheckoutOtp(input)),
        lookupPincode: fromPromise(({ input }: { input: string }) => lookupPincode(input)),
      },
      actions: {
        notify,
        logError: (_, { error }) => console.error('guest checkout call failed', error),
        // The page follows the `verified` state to load the guest's addresses.
        addressesChanged: () => {},
      },
    }),
    // The address starts with the pincode checked on a product page (issue 40).
    { input: { sessionId, address: { ...emptyAddressForm, pincode: readDeliveryPincode() ?? '' } }, ...appActorOptions },
  );

  const setPassword = useActorRef(
    setPasswordMachine.provide({
      actors: {
        verifyEmail: fromPromise(({ input }) => verifyEmail(input.email)),
        resetPassword: fromPromise(({ input }) => verifyOtpPassword(input)),
        signIn: fromPromise(({ input }) => signIn(input)),
        syncGuestCart: fromPromise(({ input }) => syncGuestLoggedInCart(input)),
      },
      actions: {
        notify,
        storeSession: (_, reply) => storeSession(reply),
        forgetGuestSession: forgetGuestSessionId,
        logError: (_, { error }) => console.error('The guest bag could not be merged into the account', error),
        goToCheckout: () => loadPage(paths.checkout),
      },
    }),
    { input: { guestSessionId: sessionId }, ...appActorOptions },
  );

  return { guest, setPassword };
}
