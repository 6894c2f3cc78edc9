import { z } from 'zod/mini';
import { limits } from './limits';
import { patterns, requiredText } from './fields';

/**
 * Sign-in, sign-up, password and session contracts (SPEC.md §3, §4, §5, §7, §8), with the spec's exact messages.
 * The server validates with the same schemas the forms use.
 */
export const authMessages = {
  emailRequired: 'Email is required!',
  emailFormat: 'This is not a valid email format!',
  emailTooLong: 'Email cannot exceed 50 characters!',
  passwordRequired: 'Password is required!',
  passwordRule:
    'Minimum six characters, at least one uppercase letter, one lowercase letter, one number and one special character!',
  passwordRuleLong:
    'Password must be at least six characters long and contain at least one uppercase letter, one lowercase letter, one number and one special character (@$!%*?&)!',
  passwordsDoNotMatch: 'Passwords do not match',
  firstNameRequired: 'First name is required!',
  firstNameTooShort: 'First name must be at least 3 characters long!',
  nameFormat: 'This is not a valid format!',
  lastNameRequired: 'lastname is required!',
  mobileRequired: 'mobile number is required!',
  mobileFormat: 'This is not a valid mobile number format!',
  otpLength: 'OTP must be a 6-digit number',
  otpFormat: 'This is not a valid otp format!',

  signInSuccess: 'SignIn Successful',
  signInFailed: 'SignIn failed: User not found or Incorrect credentials',
  signInRequestError: 'Please verify your email and password.',
  loginSuccessful: 'Login successful',
  emailNotVerified: 'Please verify your e-mail address before signing in. Sign up again with the same e-mail to get a new OTP.',

  signUpDuplicate: 'The email and phone number already exist. Please log in to proceed.',
  signUpOtpSent: 'Registration successful! An OTP has been sent to your email.',
  otpVerified: 'OTP verified successfully!',
  otpInvalid: 'OTP is invalid',
  otpEmpty: 'Please fill the OTP field',
  genericError: 'An error occurred. Please try again.',
  accountCreated: 'Your account has been successfully created. Please log in.',
  fillAllFieldsBang: 'Please fill all the fields!',
  fillAllFields: 'Please fill all the fields',

  forgotCheckEmail: 'Please check the entered Email Address',
  forgotProcessError: 'An error occurred during the process',
  forgotSuccess: 'OTP Verification Successful. Password updated successfully',
  forgotIncorrectOtp: 'Incorrect OTP. Please validate the OTP sent to your mail',
  forgotOtpFailed: 'OTP verification failed: An error occurred',

  tokenRegenerated: 'Token regenerated successfully.',
  loggedOut: 'Logged out successfully.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  otpSent: 'OTP sent to your email',
  otpExpired: 'This OTP has expired. Please ask for a new one.',
  otpBurned: 'Too many wrong attempts. Please ask for a new OTP.',
  otpResendTooSoon: 'Please wait a minute before asking for another OTP.',
} as const;

export const email = z.pipe(
  requiredText(authMessages.emailRequired).check(
    z.maxLength(limits.emailMax, { error: authMessages.emailTooLong }),
    z.regex(patterns.email, { error: authMessages.emailFormat }),
  ),
  z.transform((value: string) => value.toLowerCase()),
);

/** SPEC.md §5: 6–30 characters; an uppercase, a lowercase, a digit and one of @$!%*?&; only those characters. */
export const passwordPattern = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]{6,30}$/;

export function newPassword(ruleMessage: string = authMessages.passwordRule) {
  return requiredText(authMessages.passwordRequired).check(
    z.maxLength(limits.passwordMax, { error: ruleMessage }),
    z.regex(passwordPattern, { error: ruleMessage }),
  );
}

export const otp = requiredText(authMessages.otpEmpty).check(
  z.regex(patterns.digits, { error: authMessages.otpFormat }),
  z.length(limits.otpLength, { error: authMessages.otpLength }),
);

const personName = (requiredMessage: string) =>
  requiredText(requiredMessage).check(
    z.maxLength(limits.nameMax, { error: authMessages.nameFormat }),
    z.regex(patterns.lettersAndSpaces, { error: authMessages.nameFormat }),
  );

export const mobileNumber = requiredText(authMessages.mobileRequired).check(
  z.regex(patterns.tenDigits, { error: authMessages.mobileFormat }),
);

// ---- Sign in ------------------------------------------------------------------------------------------------------

/** `POST loginapi`. The password is not checked against the rule here: old passwords must still sign in. */
export const signInRequest = z.object({
  email,
  password: requiredText(authMessages.passwordRequired).check(
    z.maxLength(limits.passwordMax, { error: authMessages.signInFailed }),
  ),
});
export type SignInRequest = z.infer<typeof signInRequest>;

/** The refresh token is not in the body: it travels only as the HttpOnly cookie `refreshToken` (DESIGN.md §7). */
export const signInReply = z.object({
  message: z.literal(authMessages.loginSuccessful),
  userExtId: z.string(),
  userId: z.string(),
  email: z.string(),
  trueUser: z.boolean(),
  authorization: z.string(),
});
export type SignInReply = z.infer<typeof signInReply>;

/** `POST refresh` */
export const refreshReply = z.object({ message: z.literal(authMessages.tokenRegenerated), authorization: z.string() });
export type RefreshReply = z.infer<typeof refreshReply>;

// ---- Sign up ------------------------------------------------------------------------------------------------------

export const signUpDetails = z.object({
  firstName: personName(authMessages.firstNameRequired).check(
    z.minLength(limits.firstNameMin, { error: authMessages.firstNameTooShort }),
  ),
  lastName: personName(authMessages.lastNameRequired),
  email,
  mobileNumber,
});
export type SignUpDetails = z.infer<typeof signUpDetails>;

/** `POST checkemailpresent`: details are given back only for an account that has no password yet. */
export const checkEmailPresentRequest = z.object({ email });
export const checkEmailPresentReply = z.object({
  email: z.string(),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  mobileNumber: z.nullable(z.string()),
});
export type CheckEmailPresentReply = z.infer<typeof checkEmailPresentReply>;

export const verifyOtpRequest = z.object({ email, otp });
export const createPasswordRequest = z.object({ email, password: newPassword() });

/** `password` and `confirmPassword` of a form; the server checks the same match. */
export function withConfirmation<Shape extends { password: z.core.$ZodType<string> } & z.core.$ZodShape>(
  schema: z.ZodMiniObject<Shape>,
) {
  return z.extend(schema, { confirmPassword: requiredText(authMessages.fillAllFields) }).check(
    // The generic shape hides the two keys from the checker; both are required strings by the schema above.
    z.refine(
      (value) => {
        const { password, confirmPassword } = value as { password: string; confirmPassword: string };
        return password === confirmPassword;
      },
      { path: ['confirmPassword'], error: authMessages.passwordsDoNotMatch },
    ),
  );
}

export const passwordForm = withConfirmation(z.object({ password: newPassword() }));

// ---- Forgot password ----------------------------------------------------------------------------------------------

/** `POST verifyemail` */
export const verifyEmailRequest = z.object({ email });
export const verifyEmailReply = z.object({ status: z.literal(200), userId: z.string(), body: z.string() });

/** `POST verifyotppassword` */
export const verifyOtpPasswordRequest = withConfirmation(
  z.object({ email, otp, password: newPassword(authMessages.passwordRuleLong) }),
);
export type VerifyOtpPasswordRequest = z.infer<typeof verifyOtpPasswordRequest>;

/** Plain `{ message }` answers of the sign-up and password calls. */
export const messageReply = z.object({ message: z.string() });
export type MessageReply = z.infer<typeof messageReply>;
