/**
 * E-mail one-time codes for any purpose (sign-up, password reset, guest checkout, set password): 6 digits from a
 * secure generator, kept only as an HMAC keyed with the server secret, valid 10 minutes, single use, burned after 5
 * wrong tries. A new code for the same e-mail and purpose replaces the older ones; asking again within a minute is
 * refused.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { authMessages } from '../../../domain/auth';
import type { Database, Transaction } from '../../db/client';
import { oneTimeCodes } from '../../db/schema';
import type { AccountDetails, otpPurpose } from '../../db/schema';
import { TooManyRequests } from '../../errors';

type Db = Database | Transaction;

export type OtpPurpose = (typeof otpPurpose.enumValues)[number];

export const otpRules = {
  digits: 6,
  ttlMs: 10 * 60 * 1000,
  maxAttempts: 5,
  resendAfterMs: 60 * 1000,
} as const;

/** What a check found: only 'ok' consumes the code. */
export type OtpCheck = 'ok' | 'invalid' | 'expired' | 'burned';

interface OtpTarget {
  email: string;
  purpose: OtpPurpose;
}

function codeHash(secret: string, { email, purpose }: OtpTarget, code: string): string {
  // The purpose and e-mail are part of the MAC, so a code can never be replayed for another flow or account.
  return createHmac('sha256', secret).update(`${purpose}|${email}|${code}`).digest('base64url');
}

function newCode(): string {
  return String(randomInt(0, 10 ** otpRules.digits)).padStart(otpRules.digits, '0');
}

/**
 * Stores a new code and returns it (for the caller to mail). 429 with the spec-style message when the previous code
 * for this e-mail and purpose is less than a minute old.
 */
export async function issueOtp(
  db: Db,
  secret: string,
  target: OtpTarget & { details?: AccountDetails },
  now = new Date(),
): Promise<{ code: string; expiresAt: Date }> {
  const [latest] = await db
    .select({ createdAt: oneTimeCodes.createdAt })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.email, target.email), eq(oneTimeCodes.purpose, target.purpose)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  if (latest && now.getTime() - latest.createdAt.getTime() < otpRules.resendAfterMs) {
    throw new TooManyRequests(authMessages.otpResendTooSoon);
  }

  await discardOtps(db, target);
  const code = newCode();
  const expiresAt = new Date(now.getTime() + otpRules.ttlMs);
  await db.insert(oneTimeCodes).values({
    email: target.email,
    purpose: target.purpose,
    codeHash: codeHash(secret, target, code),
    details: target.details ?? null,
    expiresAt,
    createdAt: now,
  });
  return { code, expiresAt };
}

/** The newest code not used yet for this e-mail and purpose: the one a check compares with. */
async function newestUnused(db: Db, target: OtpTarget) {
  const [current] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(eq(oneTimeCodes.email, target.email), eq(oneTimeCodes.purpose, target.purpose), isNull(oneTimeCodes.consumedAt)),
    )
    .orderBy(desc(oneTimeCodes.createdAt), desc(oneTimeCodes.id))
    .limit(1);
  return current;
}

/** The details the waiting code carries, to apply once a check of it succeeds (read before checking it). */
export async function detailsAwaitingProof(db: Db, target: OtpTarget): Promise<AccountDetails | null> {
  return (await newestUnused(db, target))?.details ?? null;
}

/** Checks a code against the newest unused one; a match consumes it, a miss counts towards burning it. */
export async function checkOtp(db: Db, secret: string, target: OtpTarget & { code: string }, now = new Date()): Promise<OtpCheck> {
  const current = await newestUnused(db, target);
  if (!current) return 'invalid';
  if (current.attempts >= otpRules.maxAttempts) return 'burned';
  if (current.expiresAt.getTime() <= now.getTime()) return 'expired';

  const expected = Buffer.from(current.codeHash);
  const given = Buffer.from(codeHash(secret, target, target.code));
  if (expected.length === given.length && timingSafeEqual(expected, given)) {
    // Conditional, so two concurrent checks of the same code cannot both succeed.
    const consumed = await db
      .update(oneTimeCodes)
      .set({ consumedAt: now })
      .where(
        and(eq(oneTimeCodes.id, current.id), isNull(oneTimeCodes.consumedAt), lt(oneTimeCodes.attempts, otpRules.maxAttempts)),
      )
      .returning({ id: oneTimeCodes.id });
    return consumed.length > 0 ? 'ok' : 'invalid';
  }

  const [counted] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(eq(oneTimeCodes.id, current.id))
    .returning({ attempts: oneTimeCodes.attempts });
  return (counted?.attempts ?? otpRules.maxAttempts) >= otpRules.maxAttempts ? 'burned' : 'invalid';
}

/** Whether a code for this e-mail and purpose was used successfully at or after `since`. */
export async function otpVerifiedSince(db: Db, target: OtpTarget, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: oneTimeCodes.id })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.email, target.email),
        eq(oneTimeCodes.purpose, target.purpose),
        isNotNull(oneTimeCodes.consumedAt),
        gte(oneTimeCodes.consumedAt, since),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function discardOtps(db: Db, target: OtpTarget): Promise<void> {
  await db.delete(oneTimeCodes).where(and(eq(oneTimeCodes.email, target.email), eq(oneTimeCodes.purpose, target.purpose)));
}
