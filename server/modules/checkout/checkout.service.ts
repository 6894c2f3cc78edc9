/**
 * Checkout before payment: the guest e-mail check, guest checkout creation with an e-mail code, the code that
 * verifies a guest session for buying, checkout addresses and the stock check of the stored bag. Mails go out only
 * after their transaction committed.
 */
import { addressFields, addressFieldsOf } from '../../../domain/address';
import type { Address, AddressFields } from '../../../domain/address';
import type { CartOwner } from '../../../domain/cart';
import { checkoutMessages } from '../../../domain/checkout';
import { assertPincodeInState } from '../delivery/pincode-directory';
import type {
  CheckEmailAvailabilityReply,
  CreateGuestCheckoutReply,
  CreateGuestCheckoutRequest,
  OutOfStockLine,
} from '../../../domain/checkout';
import { authMessages } from '../../../domain/auth';
import type { Database } from '../../db/client';
import { Forbidden, HttpError, TooManyRequests, Unauthorized } from '../../errors';
import { otpMail } from '../auth/auth-mails';
import { findUserByEmail, insertUser, markEmailVerified } from '../auth/auth.queries';
import type { AuthDeps } from '../auth/auth.service';
import type { Caller } from '../auth/caller';
import { addressesOf } from '../account/account.queries';
import { toAddress } from '../account/account.service';
import { cartLinesOf } from '../cart/cart.queries';
import { checkOtp, discardOtps, issueOtp } from '../otp/otp.service';
import type { OtpCheck } from '../otp/otp.service';
import { guestProvedEmail, verifiedGuestSession } from './buyer-access';
import {
  findLiveGuestSession,
  hasPendingGuestCode,
  insertAddress,
  isMissingUser,
  linkGuestSession,
  holdPendingAddress,
  markGuestCheckoutVerified,
  takePendingAddress,
} from './checkout.queries';

export type CheckoutDeps = AuthDeps;

const mailUnavailable = 'We could not send the e-mail just now. Please try again in a minute.';
const sessionGone = 'Your guest session has expired. Please start again.';

// ---- Guest e-mail check -------------------------------------------------------------------------------------------

/**
 * The answer decides the form's buttons. Names and mobile of an account without a password (an earlier guest buyer)
 * are given back only to the guest session that proved the e-mail with a code (`guestProvedEmail`), so that its form
 * is prefilled; anyone else who types the e-mail gets the same answer without them. Never addresses, and nothing about
 * registered accounts.
 */
export async function checkEmailAvailability(db: Database, email: string, caller: Caller): Promise<CheckEmailAvailabilityReply> {
  const user = await findUserByEmail(db, email);
  if (!user) return { available: true, response: checkoutMessages.continueAsGuest, data: {} };
  if (user.passwordHash !== null) return { available: false, response: checkoutMessages.registeredUser, data: {} };
  const details = (await guestProvedEmail(db, caller, email))
    ? { firstName: user.firstName, lastName: user.lastName, mobileNumber: user.mobileNumber }
    : {};
  return { available: false, response: checkoutMessages.createPassword, data: details };
}

// ---- Guest checkout creation --------------------------------------------------------------------------------------

export async function createGuestCheckout(
  deps: CheckoutDeps,
  input: CreateGuestCheckoutRequest,
  now = new Date(),
): Promise<CreateGuestCheckoutReply> {
  assertPincodeInState(input.pincode, input.state);
  const target = { email: input.email, purpose: 'guest_checkout' } as const;
  let outcome: { kind: 'registered' } | { kind: 'code'; code: string; userExtId: string; unverified: boolean };
  try {
    outcome = await deps.db.transaction(async (tx) => {
      const session = await findLiveGuestSession(tx, input.sessionId, now);
      if (!session) throw new Unauthorized(sessionGone);
      const existing = await findUserByEmail(tx, input.email);
      if (existing?.passwordHash) return { kind: 'registered' as const };
      // An existing passwordless account keeps its details: only the code proves the e-mail belongs to this guest.
      const user =
        existing ??
        (await insertUser(tx, {
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          mobileNumber: input.mobileNumber,
        }));
      await linkGuestSession(tx, input.sessionId, user.id);
      // The address joins the account only once the code proves the e-mail is this guest's (verifyGuestCheckoutCode).
      await holdPendingAddress(tx, input.sessionId, addressFieldsOf(input));
      const { code } = await issueOtp(tx, deps.config.jwtSecret, target, now);
      return {
        kind: 'code' as const,
        code,
        userExtId: user.externalId,
        unverified: existing !== undefined && existing.emailVerifiedAt === null,
      };
    });
  } catch (error) {
    // Two checkouts of the same new e-mail at once: the other one created the account and mailed a code just now.
    if (isUniqueViolation(error)) throw new TooManyRequests(authMessages.otpResendTooSoon);
    throw error;
  }
  if (outcome.kind === 'registered') return { duplicateUser: 'true', unverifiedUser: 'false', userExtId: null };

  try {
    await deps.mailer.send(otpMail(deps.config.shop, target.email, target.purpose, outcome.code));
  } catch (error) {
    deps.log.error({ err: error, purpose: target.purpose }, 'a guest checkout code could not be mailed');
    await discardOtps(deps.db, target);
    throw new HttpError(503, 'NOT_READY', mailUnavailable);
  }
  return { duplicateUser: 'false', unverifiedUser: outcome.unverified ? 'true' : 'false', userExtId: outcome.userExtId };
}

// ---- Verifying the guest code (POST verifyotp) --------------------------------------------------------------------

/**
 * Whether `verifyotp` from this guest session is a guest-checkout verification: the session is linked to the
 * e-mail's account and a guest code is waiting. Otherwise the call is the sign-up step it always was.
 */
export async function isGuestCheckoutVerification(db: Database, sessionId: string, email: string, now = new Date()): Promise<boolean> {
  const session = await findLiveGuestSession(db, sessionId, now);
  if (!session?.user || session.user.email !== email) return false;
  return hasPendingGuestCode(db, email, now);
}

/** Checks the guest code; success marks the e-mail verified and the caller's session verified for checkout. */
export async function verifyGuestCheckoutCode(
  deps: CheckoutDeps,
  sessionId: string,
  input: { email: string; otp: string },
  now = new Date(),
): Promise<void> {
  const result = await deps.db.transaction(async (tx): Promise<OtpCheck | 'unlinked'> => {
    const user = await findUserByEmail(tx, input.email);
    if (!user) return 'invalid';
    const check = await checkOtp(tx, deps.config.jwtSecret, { email: input.email, purpose: 'guest_checkout', code: input.otp }, now);
    if (check !== 'ok') return check;
    await markEmailVerified(tx, user.id, now);
    if (!(await markGuestCheckoutVerified(tx, sessionId, user.id, now))) return 'unlinked';
    const pending = await takePendingAddress(tx, sessionId);
    if (pending) await insertAddress(tx, user, addressFields.parse(pending));
    return 'ok';
  });
  // Thrown outside the transaction: a wrong try must stay counted.
  if (result === 'ok') return;
  if (result === 'unlinked') throw new Forbidden();
  if (result === 'expired') throw new HttpError(400, 'OTP_EXPIRED', authMessages.otpExpired);
  if (result === 'burned') throw new HttpError(400, 'OTP_BURNED', authMessages.otpBurned);
  throw new HttpError(400, 'OTP_INVALID', authMessages.otpInvalid);
}

// ---- Addresses ----------------------------------------------------------------------------------------------------

async function requireVerifiedGuest(db: Database, sessionId: string) {
  const session = await verifiedGuestSession(db, sessionId);
  if (!session) throw new Forbidden(checkoutMessages.guestNotVerified);
  return session;
}

export async function createGuestAddress(db: Database, sessionId: string, fields: AddressFields): Promise<{ userExtId: string }> {
  const session = await requireVerifiedGuest(db, sessionId);
  assertPincodeInState(fields.pincode, fields.state);
  await insertAddress(db, session.user, fields);
  return { userExtId: session.user.externalId };
}

export async function listGuestAddresses(db: Database, sessionId: string): Promise<Address[]> {
  const session = await requireVerifiedGuest(db, sessionId);
  return (await addressesOf(db, session.user.id)).map((row) => toAddress(row, session.user.externalId));
}

export async function createLoginAddress(db: Database, userExtId: string, fields: AddressFields): Promise<Address> {
  assertPincodeInState(fields.pincode, fields.state);
  try {
    return toAddress(await insertAddress(db, { externalId: userExtId }, fields), userExtId);
  } catch (error) {
    // A valid token for a user that no longer exists is no session at all.
    if (isMissingUser(error)) throw new Unauthorized();
    throw error;
  }
}

// ---- Stock check --------------------------------------------------------------------------------------------------

/** Lines of the stored bag that cannot be bought as they are: more than the stock, or the product was removed. */
export async function stockShortfalls(db: Database, owner: CartOwner): Promise<OutOfStockLine[]> {
  const lines = await cartLinesOf(db, owner);
  return lines
    .filter((line) => line.isRemoved || line.quantity > line.stock)
    .map((line) => ({
      product_name: line.productName,
      product_size: line.size,
      Product_available: line.isRemoved ? 0 : line.stock,
    }));
}

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
