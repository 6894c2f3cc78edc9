import { z } from 'zod/mini';
import { addressFields } from './address';
import { email, signUpDetails } from './auth';
import { externalId, sessionId } from './cart';

/**
 * Checkout contracts before payment (SPEC.md §4 "Guest e-mail check", "Guest checkout creation", "Address saved";
 * §7 "Checkout and payment"; §8 guest checkout and stock messages). Field names are the spec's, including its
 * snake_case stock list and string flags.
 */
export const checkoutMessages = {
  continueAsGuest: 'Continue as Guest User',
  createPassword: 'Please create a password',
  registeredUser: 'Registered user',
  welcomeBackCreatePassword:
    'Thank you for visiting us again. Please create a password for a faster checkout experience.',
  welcomeBackLogIn: 'Thank you for visiting us again. Please log in for a faster checkout experience.',
  unverifiedOtpSent: 'Email already exists but not verified. OTP sent to your email.',
  alreadyRegistered: 'The email id is already registered please login into website and SHOP!!!',
  emailCheckFailed: 'Error checking email availability',
  requestFailed: 'An error occurred while processing your request.',
  otpVerifyFailed: 'Failed to verify OTP',
  otpVerifyError: 'An error occurred while verifying OTP. Please try again later.',
  guestFormInvalid: 'Please fill all the fields properly',
  addressInvalid: 'Please fill all the fields!',
  otpEmpty: 'Please fill the OTP field.',
  setPasswordInvalid: 'Please fill all the fields',
  stockShortfall: 'Thank you for your interest. Please reduce your order based on the stock level below',
  selectAddress: 'Please select an address or create an address',
  /** Server refusals of the guest-address calls (not in the spec's catalogue). */
  guestNotVerified: 'Please verify your e-mail with the OTP before adding an address.',
} as const;

// ---- Guest e-mail check -------------------------------------------------------------------------------------------

/** `POST checkemailavailability` */
export const checkEmailAvailabilityRequest = z.object({ email });

export const emailAvailabilityResponses = [
  checkoutMessages.continueAsGuest,
  checkoutMessages.createPassword,
  checkoutMessages.registeredUser,
] as const;

/**
 * `data` carries the known names and mobile only for an account still without a password (an earlier guest buyer);
 * never its addresses, and nothing about registered accounts (docs/api.md "Checkout": privacy).
 */
export const checkEmailAvailabilityReply = z.object({
  available: z.boolean(),
  response: z.enum(emailAvailabilityResponses),
  data: z.object({
    firstName: z.optional(z.nullable(z.string())),
    lastName: z.optional(z.nullable(z.string())),
    mobileNumber: z.optional(z.nullable(z.string())),
  }),
});
export type CheckEmailAvailabilityReply = z.infer<typeof checkEmailAvailabilityReply>;

// ---- Guest checkout creation --------------------------------------------------------------------------------------

/**
 * `POST createguestcheckout`: the guest's details and the first delivery address. `password` is accepted for the
 * spec's payload but never stored here: a password is only ever set after an e-mail code (set-password flow).
 */
export const createGuestCheckoutRequest = z.extend(signUpDetails, {
  ...addressFields.shape,
  sessionId,
  password: z.optional(z.string().check(z.maxLength(64))),
});
export type CreateGuestCheckoutRequest = z.infer<typeof createGuestCheckoutRequest>;

const flag = z.enum(['true', 'false']);
export const createGuestCheckoutReply = z.object({
  duplicateUser: flag,
  unverifiedUser: flag,
  userExtId: z.nullable(z.string()),
});
export type CreateGuestCheckoutReply = z.infer<typeof createGuestCheckoutReply>;

// ---- Addresses at checkout ----------------------------------------------------------------------------------------

/** `POST createguestaddress` */
export const createGuestAddressRequest = z.extend(addressFields, { sessionId });
export const createGuestAddressReply = z.object({ userExtId: z.string() });

/** `GET getguestuseraddress?id={sessionId}` */
export const guestAddressQuery = z.object({ id: sessionId });

/** `POST createlogincheckout` (answer: the new address, domain/address.ts `address`). */
export const createLoginCheckoutRequest = z.extend(addressFields, { userId: externalId });

// ---- Stock check --------------------------------------------------------------------------------------------------

/** At most this many hint entries are accepted; the bag itself holds far fewer lines. */
export const checkQuantityListMax = 100;

/**
 * `POST checkquantitylist`: `products` is the browser's view of the bag. It is only a hint: the server checks the
 * caller's bag as stored, so entries are accepted loosely and never trusted.
 */
export const checkQuantityListRequest = z.object({
  products: z.optional(z.array(z.unknown()).check(z.maxLength(checkQuantityListMax))),
});

export const outOfStockLine = z.object({
  product_name: z.string(),
  product_size: z.string(),
  /** Units that can still be bought: 0 when the product was removed. */
  Product_available: z.number().check(z.int()),
});
export type OutOfStockLine = z.infer<typeof outOfStockLine>;

export const checkQuantityListReply = z.object({ outOfStock: z.array(outOfStockLine) });
export type CheckQuantityListReply = z.infer<typeof checkQuantityListReply>;
