/**
 * Guest sessions: the bag of a shopper who has not signed in lives under a random session id, which is also the
 * guest's bearer secret for it. Each session gets its own access token and a refresh-token family, like a sign-in.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { guestSessions } from '../../db/schema';
import { signAccessToken } from '../auth/access-token';
import { issueRefreshToken } from '../auth/refresh-tokens';
import type { IssuedRefreshToken } from '../auth/refresh-tokens';

type Db = Database | Transaction;

export const guestSessionTtlDays = 30;
const guestSessionTtlMs = guestSessionTtlDays * 24 * 60 * 60 * 1000;
/** Expired sessions removed per new session: enough to keep up with creation, small enough to stay cheap. */
const purgePerNewSession = 20;

/** 18 bytes = 144 bits, 24 base64url characters (no padding): unguessable, and within domain/cart.ts `sessionId`. */
export function newGuestSessionId(): string {
  return randomBytes(18).toString('base64url');
}

export interface NewGuestSession {
  sessionId: string;
  accessToken: string;
  refresh: IssuedRefreshToken;
}

export async function createGuestSession(db: Database, jwtSecret: string, now = new Date()): Promise<NewGuestSession> {
  const sessionId = newGuestSessionId();
  const refresh = await db.transaction(async (tx) => {
    await purgeExpiredGuestSessions(tx, now, purgePerNewSession);
    await tx.insert(guestSessions).values({
      id: sessionId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: guestSessionExpiry(now),
    });
    return issueRefreshToken(tx, { guestSessionId: sessionId }, { now });
  });
  return { sessionId, accessToken: signAccessToken({ kind: 'guest', sub: sessionId }, jwtSecret, now.getTime()), refresh };
}

/** When a session used at `now` expires. */
export const guestSessionExpiry = (now: Date) => new Date(now.getTime() + guestSessionTtlMs);

/**
 * Marks a live session as used and pushes its expiry out again, so an active guest keeps the bag; false when the
 * session is unknown or expired. Locks the row, so a merge of the same bag waits for the write (and vice versa).
 */
export async function touchGuestSession(db: Db, sessionId: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(guestSessions)
    .set({ lastSeenAt: now, expiresAt: guestSessionExpiry(now) })
    .where(and(eq(guestSessions.id, sessionId), gt(guestSessions.expiresAt, now)))
    .returning({ id: guestSessions.id });
  return rows.length > 0;
}

/**
 * Claims a live session for a merge: locks it and links it to the user who merged it (unless a guest checkout already
 * linked it to someone). False when the session is unknown or expired.
 */
export async function claimGuestSessionForUser(tx: Transaction, sessionId: string, userId: number, now = new Date()): Promise<boolean> {
  const rows = await tx
    .update(guestSessions)
    .set({ userId: sql`coalesce(${guestSessions.userId}, ${userId})`, lastSeenAt: now })
    .where(and(eq(guestSessions.id, sessionId), gt(guestSessions.expiresAt, now)))
    .returning({ id: guestSessions.id });
  return rows.length > 0;
}

/**
 * Deletes up to `limit` expired sessions and says how many went; their bags and refresh tokens go with them (ON DELETE
 * CASCADE). Each new session clears a few, and the hourly purge job (server/jobs/purge.job.ts) clears the rest.
 */
export async function purgeExpiredGuestSessions(tx: Transaction, now: Date, limit: number): Promise<number> {
  const expired = tx.select({ id: guestSessions.id }).from(guestSessions).where(lte(guestSessions.expiresAt, now)).limit(limit);
  const deleted = await tx.delete(guestSessions).where(inArray(guestSessions.id, expired)).returning({ id: guestSessions.id });
  return deleted.length;
}
