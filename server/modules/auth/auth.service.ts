/**
 * The account rules: sign-up with an e-mail code, the first password, sign-in, rotating sessions, sign-out, the
 * forgotten-password reset and the admin account from the environment. Mails go out only after their transaction
 * committed, so a mail never announces something that was rolled back.
 */
import { authMessages, newPassword } from '../../../domain/auth';
import type { SignUpDetails } from '../../../domain/auth';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { Conflict, Forbidden, HttpError, NotFound, TooManyRequests, Unauthorized } from '../../errors';
import { guestProvedEmail } from '../checkout/buyer-access';
import type { Mailer } from '../mail/mailer';
import type { OtpCheck, OtpPurpose } from '../otp/otp.service';
import { checkOtp, detailsAwaitingProof, discardOtps, issueOtp, otpVerifiedSince } from '../otp/otp.service';
import { signAccessToken } from './access-token';
import type { Caller } from './caller';
import { otpMail, welcomeMail } from './auth-mails';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  makeAdmin,
  markEmailVerified,
  replacePassword,
  setFirstPassword,
  updateUserDetails,
} from './auth.queries';
import type { UserRow } from './auth.queries';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password';
import { isValidSignUpProof } from './sign-up-proof';
import { issueRefreshToken, revokeAllOfUser, revokeFamilyOfToken, rotateRefreshToken } from './refresh-tokens';
import type { IssuedRefreshToken } from './refresh-tokens';

interface AuthLog {
  error(payload: object, message: string): void;
  info(message: string): void;
}

export interface AuthDeps {
  db: Database;
  mailer: Mailer;
  config: Pick<Config, 'jwtSecret' | 'shop'>;
  log: AuthLog;
}

/** How long after verifying the sign-up code the first password may be set. */
export const passwordWindowMs = 30 * 60 * 1000;

const mailUnavailable = 'We could not send the e-mail just now. Please try again in a minute.';

// ---- Sign-up ------------------------------------------------------------------------------------------------------

/**
 * New e-mail → a customer without a password. An account still without one (a guest buyer's, an unfinished sign-up)
 * keeps its details until the code proves the e-mail: the code carries the new ones. Both get a code.
 */
export async function signUp(deps: AuthDeps, details: SignUpDetails): Promise<void> {
  const target = { email: details.email, purpose: 'sign_up' } as const;
  let code: string;
  try {
    ({ code } = await deps.db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, details.email);
      if (existing?.passwordHash) throw new Conflict(authMessages.signUpDuplicate);
      const names = { firstName: details.firstName, lastName: details.lastName, mobileNumber: details.mobileNumber };
      if (!existing) await insertUser(tx, { email: details.email, ...names });
      return issueOtp(tx, deps.config.jwtSecret, { ...target, details: existing ? names : undefined });
    }));
  } catch (error) {
    // Two sign-ups of the same new e-mail at once: the other one created the account and mailed a code just now.
    if (isUniqueViolation(error)) throw new TooManyRequests(authMessages.otpResendTooSoon);
    throw error;
  }
  await mailCode(deps, target, code);
}

export async function verifySignUpCode(deps: AuthDeps, input: { email: string; otp: string }): Promise<void> {
  const now = new Date();
  const target = { email: input.email, purpose: 'sign_up' } as const;
  const result = await deps.db.transaction(async (tx) => {
    const details = await detailsAwaitingProof(tx, target);
    const check = await checkOtp(tx, deps.config.jwtSecret, { ...target, code: input.otp }, now);
    const user = check === 'ok' ? await findUserByEmail(tx, input.email) : undefined;
    if (user) {
      await markEmailVerified(tx, user.id, now);
      if (details) await updateUserDetails(tx, user.id, details);
    }
    return check;
  });
  // Thrown outside the transaction: a wrong try must stay counted.
  if (result !== 'ok') throw otpRefusal(result, authMessages.otpInvalid);
}

/**
 * The first password, only shortly after the sign-up code was verified, only from the browser that verified it
 * (`proof`, sign-up-proof.ts) and only while the account has none.
 */
export async function createPassword(
  deps: AuthDeps,
  input: { email: string; password: string },
  proof: string | undefined,
): Promise<void> {
  const user = await findUserByEmail(deps.db, input.email);
  const since = new Date(Date.now() - passwordWindowMs);
  const allowed =
    isValidSignUpProof(deps.config.jwtSecret, input.email, proof) &&
    user !== undefined &&
    user.passwordHash === null &&
    (await otpVerifiedSince(deps.db, { email: input.email, purpose: 'sign_up' }, since));
  if (!allowed) throw new Forbidden(authMessages.genericError);

  const passwordHash = await hashPassword(input.password);
  const set = await deps.db.transaction(async (tx) => {
    if (!(await setFirstPassword(tx, user.id, passwordHash))) return false;
    await markEmailVerified(tx, user.id, new Date());
    await discardOtps(tx, { email: input.email, purpose: 'sign_up' });
    return true;
  });
  if (!set) throw new Forbidden(authMessages.genericError);

  try {
    await deps.mailer.send(welcomeMail(deps.config.shop, user.email, user.firstName));
  } catch (error) {
    deps.log.error({ err: error, userId: user.externalId }, 'account created but the welcome mail could not be sent');
  }
}

/**
 * `checkemailpresent`: the details of an account that still has no password, and only to a guest session that proved
 * the e-mail with a code (`guestProvedEmail`): typing someone's e-mail must not show their name and mobile. Everyone
 * else, and every registered account, gets the same answer as an unknown e-mail.
 */
export async function checkEmailPresent(
  db: Database,
  email: string,
  caller: Caller,
): Promise<{ email: string; firstName: string | null; lastName: string | null; mobileNumber: string | null }> {
  const user = await findUserByEmail(db, email);
  if (!user || user.passwordHash !== null || !(await guestProvedEmail(db, caller, email))) {
    return { email, firstName: null, lastName: null, mobileNumber: null };
  }
  return { email, firstName: user.firstName, lastName: user.lastName, mobileNumber: user.mobileNumber };
}

// ---- Sessions -----------------------------------------------------------------------------------------------------

export interface SignedIn {
  user: UserRow;
  accessToken: string;
  refresh: IssuedRefreshToken;
}

export async function signIn(deps: AuthDeps, input: { email: string; password: string }): Promise<SignedIn> {
  const user = await findUserByEmail(deps.db, input.email);
  if (!user || user.passwordHash === null) {
    // Same work as a wrong password, so the answer time does not tell whether the e-mail has an account.
    await verifyAgainstDummy(input.password);
    throw new Unauthorized(authMessages.signInFailed);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) throw new Unauthorized(authMessages.signInFailed);
  if (user.emailVerifiedAt === null) throw new HttpError(403, 'EMAIL_NOT_VERIFIED', authMessages.emailNotVerified);

  const refresh = await issueRefreshToken(deps.db, { userId: user.id });
  return { user, accessToken: userAccessToken(deps, user), refresh };
}

/** Rotates the refresh token; any refusal is the same 401 so that the browser signs in again. */
export async function refreshSession(
  deps: AuthDeps,
  token: string | undefined,
): Promise<{ accessToken: string; refresh: IssuedRefreshToken }> {
  if (!token) throw new Unauthorized(authMessages.sessionExpired);
  const rotation = await rotateRefreshToken(deps.db, token);
  if (!rotation.ok) {
    if (rotation.reason === 'reused') deps.log.info('a used refresh token was presented again: its family is revoked');
    throw new Unauthorized(authMessages.sessionExpired);
  }
  const { owner, issued } = rotation;
  if ('guestSessionId' in owner) {
    return { accessToken: signAccessToken({ kind: 'guest', sub: owner.guestSessionId }, deps.config.jwtSecret), refresh: issued };
  }
  const user = await findUserById(deps.db, owner.userId);
  if (!user) throw new Unauthorized(authMessages.sessionExpired);
  return { accessToken: userAccessToken(deps, user), refresh: issued };
}

export async function signOut(deps: AuthDeps, token: string | undefined): Promise<void> {
  if (token) await revokeFamilyOfToken(deps.db, token);
}

function userAccessToken(deps: AuthDeps, user: UserRow): string {
  return signAccessToken({ kind: 'user', sub: user.externalId, role: user.role }, deps.config.jwtSecret);
}

// ---- Forgotten password -------------------------------------------------------------------------------------------

/**
 * `verifyemail`: any existing account gets a reset code (the checkout's set-password flow uses it too). An account
 * that never had a password (a verified guest) is mailed the "set a password" wording rather than "reset".
 */
export async function requestPasswordReset(deps: AuthDeps, email: string): Promise<{ userExtId: string }> {
  const target = { email, purpose: 'password_reset' } as const;
  const issued = await deps.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) throw new NotFound(authMessages.forgotCheckEmail);
    const { code } = await issueOtp(tx, deps.config.jwtSecret, target);
    return { code, userExtId: user.externalId, firstPassword: user.passwordHash === null };
  });
  await mailCode(deps, target, issued.code, issued.firstPassword ? 'set_password' : 'password_reset');
  return { userExtId: issued.userExtId };
}

/** `verifyotppassword`: the code proves the e-mail, so it is marked verified; every session of the account ends. */
export async function resetPassword(deps: AuthDeps, input: { email: string; otp: string; password: string }): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  const result = await deps.db.transaction(async (tx): Promise<OtpCheck> => {
    const user = await findUserByEmail(tx, input.email);
    if (!user) return 'invalid';
    const check = await checkOtp(tx, deps.config.jwtSecret, { email: input.email, purpose: 'password_reset', code: input.otp }, now);
    if (check !== 'ok') return check;
    await replacePassword(tx, user.id, passwordHash);
    await markEmailVerified(tx, user.id, now);
    await revokeAllOfUser(tx, user.id, now);
    return check;
  });
  if (result !== 'ok') throw otpRefusal(result, authMessages.forgotIncorrectOtp);
}

// ---- Admin account ------------------------------------------------------------------------------------------------

/** ADMIN_EMAIL / ADMIN_PASSWORD: creates or updates that account as a verified admin. Throws when the password is weak. */
export async function bootstrapAdmin(db: Database, admin: { email: string; password: string }): Promise<'created' | 'updated'> {
  const rule = newPassword(authMessages.passwordRuleLong).safeParse(admin.password);
  if (!rule.success) {
    throw new Error(`ADMIN_PASSWORD does not satisfy the password rule: ${authMessages.passwordRuleLong} (at most 30 characters)`);
  }
  const email = admin.email.trim().toLowerCase();
  const passwordHash = await hashPassword(admin.password);
  return db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, email);
    if (!existing) {
      await insertUser(tx, {
        email,
        firstName: 'Admin',
        lastName: null,
        mobileNumber: null,
        passwordHash,
        role: 'admin',
        emailVerifiedAt: new Date(),
      });
      return 'created' as const;
    }
    await makeAdmin(tx, existing.id, passwordHash);
    return 'updated' as const;
  });
}

// ---- Helpers ------------------------------------------------------------------------------------------------------

/** `wording` picks the mail's words when they differ from the code's purpose (a first password uses a reset code). */
async function mailCode(
  deps: AuthDeps,
  target: { email: string; purpose: OtpPurpose },
  code: string,
  wording: OtpPurpose = target.purpose,
): Promise<void> {
  try {
    await deps.mailer.send(otpMail(deps.config.shop, target.email, wording, code));
  } catch (error) {
    deps.log.error({ err: error, purpose: target.purpose }, 'a one-time code could not be mailed');
    // The code never reached anyone: drop it so that asking again is not refused as "too soon".
    await discardOtps(deps.db, target);
    throw new HttpError(503, 'NOT_READY', mailUnavailable);
  }
}

function otpRefusal(check: Exclude<OtpCheck, 'ok'>, invalidMessage: string): HttpError {
  if (check === 'expired') return new HttpError(400, 'OTP_EXPIRED', authMessages.otpExpired);
  if (check === 'burned') return new HttpError(400, 'OTP_BURNED', authMessages.otpBurned);
  return new HttpError(400, 'OTP_INVALID', invalidMessage);
}

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
