/** Guest-session links, checkout addresses and pending guest codes: Drizzle, on the handle given (db or tx). */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { addressFieldsOf } from '../../../domain/address';
import type { AddressFields } from '../../../domain/address';
import type { Database, Transaction } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { addresses, guestSessions, oneTimeCodes, users } from '../../db/schema';

type Db = Database | Transaction;

export type AddressRow = typeof addresses.$inferSelect;

export interface GuestSessionLink {
  sessionId: string;
  expiresAt: Date;
  checkoutVerifiedAt: Date | null;
  user: { id: number; externalId: string; email: string } | null;
}

const liveGuestSession = preparedStatement('live_guest_session', (db) =>
  db
    .select({
      sessionId: guestSessions.id,
      expiresAt: guestSessions.expiresAt,
      checkoutVerifiedAt: guestSessions.checkoutVerifiedAt,
      userId: users.id,
      userExtId: users.externalId,
      userEmail: users.email,
    })
    .from(guestSessions)
    .leftJoin(users, eq(users.id, guestSessions.userId))
    .where(and(eq(guestSessions.id, sql.placeholder('sessionId')), gt(guestSessions.expiresAt, sql.placeholder('now'))))
    .limit(1),
);

/** A live guest session and the user it is linked to, if any; undefined when unknown or expired. */
export async function findLiveGuestSession(db: Db, sessionId: string, now: Date): Promise<GuestSessionLink | undefined> {
  const [row] = await liveGuestSession(db, { sessionId, now: now.toISOString() });
  if (!row) return undefined;
  const user =
    row.userId !== null && row.userExtId !== null && row.userEmail !== null
      ? { id: row.userId, externalId: row.userExtId, email: row.userEmail }
      : null;
  return { sessionId: row.sessionId, expiresAt: row.expiresAt, checkoutVerifiedAt: row.checkoutVerifiedAt, user };
}

/**
 * Links the session to a user. Linking it to someone else drops an earlier checkout verification: that proof was
 * for the other e-mail.
 */
export async function linkGuestSession(tx: Transaction, sessionId: string, userId: number): Promise<void> {
  await tx
    .update(guestSessions)
    .set({
      userId,
      checkoutVerifiedAt: sql`case when ${guestSessions.userId} = ${userId} then ${guestSessions.checkoutVerifiedAt} else null end`,
    })
    .where(eq(guestSessions.id, sessionId));
}

/** Holds the checkout form's address on the session until the guest's e-mail code is verified. */
export async function holdPendingAddress(tx: Transaction, sessionId: string, fields: AddressFields): Promise<void> {
  await tx.update(guestSessions).set({ pendingAddress: fields }).where(eq(guestSessions.id, sessionId));
}

/** Takes the held address off the session (null when there is none). */
export async function takePendingAddress(tx: Transaction, sessionId: string): Promise<AddressFields | null> {
  const [row] = await tx
    .select({ pendingAddress: guestSessions.pendingAddress })
    .from(guestSessions)
    .where(eq(guestSessions.id, sessionId));
  if (!row?.pendingAddress) return null;
  await tx.update(guestSessions).set({ pendingAddress: null }).where(eq(guestSessions.id, sessionId));
  return row.pendingAddress as AddressFields;
}

/** Marks the session verified for checkout, only while it is still linked to that user. */
export async function markGuestCheckoutVerified(tx: Transaction, sessionId: string, userId: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(guestSessions)
    .set({ checkoutVerifiedAt: at })
    .where(and(eq(guestSessions.id, sessionId), eq(guestSessions.userId, userId)))
    .returning({ id: guestSessions.id });
  return rows.length > 0;
}

/**
 * A new address of the user, given by id or (one statement, no read of the user first) by external id: a user that does
 * not exist leaves its `user_id` null, which the column refuses (PostgreSQL's not_null_violation, isMissingUser).
 */
export async function insertAddress(db: Db, user: { id: number } | { externalId: string }, fields: AddressFields): Promise<AddressRow> {
  const userId = 'id' in user ? user.id : sql<number>`(select ${users.id} from ${users} where ${users.externalId} = ${user.externalId})`;
  const [row] = await db
    .insert(addresses)
    .values({ userId, ...addressFieldsOf(fields) })
    .returning();
  return row!;
}

/** insertAddress's refusal of an address for a user that does not exist. */
export function isMissingUser(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const { code, column } = current as { code?: unknown; column?: unknown };
    if (code === '23502' && column === 'user_id') return true;
  }
  return false;
}

/** Whether an unused guest-checkout code is waiting for this e-mail (decides which flow `verifyotp` serves). */
export async function hasPendingGuestCode(db: Db, email: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: oneTimeCodes.id })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.email, email),
        eq(oneTimeCodes.purpose, 'guest_checkout'),
        isNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.expiresAt, now),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
