// What loginapi answers and what a shopper does on the Sign In form, for the machine and view tests of signing in.
import type { SignInReply } from '../../domain/auth';

/** loginapi's answer for Kavya, signed in; the overrides name another shopper or session. */
export const aSignInReply = (overrides: Partial<SignInReply> = {}): SignInReply => ({
  message: 'Login successful',
  userExtId: 'u_kavya',
  userId: 'u_kavya',
  email: 'kavya@example.in',
  trueUser: false,
  authorization: 'access-kavya',
  ...overrides,
});

/** Her moves on the Sign In form: her e-mail, a malformed one, a strong password, the password's eye, Sign In. */
export const signInFormEvents = [
  { type: 'field.change', field: 'email', value: 'kavya@example.in' },
  { type: 'field.change', field: 'email', value: 'kavya@' },
  { type: 'field.change', field: 'password', value: 'Jasmine@2026' },
  { type: 'password.toggle' },
  { type: 'form.submit' },
] as const;
