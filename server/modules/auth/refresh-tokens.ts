/**
 * Opaque refresh tokens: 32 random bytes handed out once, kept only as their SHA-256, valid one day. Every use
 * rotates the token within its family (one family per sign-in); presenting a token that was already used means it
 * leaked, so the whole family is revoked and both the thief and the owner must sign in again.
 * Owners are users or guest sessions, so guest carts can hold a session the same way.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { refreshTokens } from '../../db/schema';

type Db = Database | Transaction;

export const refreshTokenTtlSeconds = 24 * 60 * 60;

export type RefreshOwner = { userId: number } | { guestSessionId: string };

export interface IssuedRefreshToken {
  token: string;
  familyId: string;
  expiresAt: Date;
}

export type RotationResult =
  | { ok: true; owner: RefreshOwner; issued: IssuedRefreshToken }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Issues a token for the owner; without a family id it starts a new family (a new sign-in). */
export async function issueRefreshToken(
  db: Db,
  owner: RefreshOwner,
  options: { familyId?: string; now?: Date } = {},
): Promise<IssuedRefreshToken> {
  const now = options.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  const familyId = options.familyId ?? randomUUID();
  const expiresAt = new Date(now.getTime() + refreshTokenTtlSeconds * 1000);
  await db.insert(refreshTokens).values({
    tokenHash: hashRefreshToken(token),
    familyId,
    userId: 'userId' in owner ? owner.userId : null,
    guestSessionId: 'guestSessionId' in owner ? owner.guestSessionId : null,
    expiresAt,
    createdAt: now,
  });
  return { token, familyId, expiresAt };
}

/** Exchanges a valid token for a new one of the same family; a replayed token revokes its family. */
export async function rotateRefreshToken(db: Database, token: string, now = new Date()): Promise<RotationResult> {
  if (!isPlausibleToken(token)) return { ok: false, reason: 'unknown' };
  const tokenHash = hashRefreshToken(token);
  return db.transaction(async (tx) => {
    // Marking it used is the claim: of two concurrent uses, only one gets a row back.
    const [claimed] = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, now),
        ),
      )
      .returning();
    if (claimed) {
      const owner = ownerOf(claimed);
      if (!owner) return { ok: false, reason: 'unknown' } as const;
      const issued = await issueRefreshToken(tx, owner, { familyId: claimed.familyId, now });
      return { ok: true, owner, issued } as const;
    }

    const [found] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
    if (!found) return { ok: false, reason: 'unknown' } as const;
    if (found.revokedAt) return { ok: false, reason: 'revoked' } as const;
    if (found.usedAt) {
      await revokeFamily(tx, found.familyId, now);
      return { ok: false, reason: 'reused' } as const;
    }
    return { ok: false, reason: 'expired' } as const;
  });
}

/** Revokes the family of the given token (sign-out); an unknown token changes nothing. */
export async function revokeFamilyOfToken(db: Db, token: string, now = new Date()): Promise<void> {
  if (!isPlausibleToken(token)) return;
  const [found] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)))
    .limit(1);
  if (found) await revokeFamily(db, found.familyId, now);
}

export async function revokeFamily(db: Db, familyId: string, now = new Date()): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Every session of a user ends (a password reset). */
export async function revokeAllOfUser(db: Db, userId: number, now = new Date()): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

function ownerOf(row: typeof refreshTokens.$inferSelect): RefreshOwner | null {
  if (row.userId !== null) return { userId: row.userId };
  if (row.guestSessionId !== null) return { guestSessionId: row.guestSessionId };
  return null;
}

/** Cheap refusal of anything that cannot be one of ours, before hashing or querying. */
function isPlausibleToken(token: string): boolean {
  return token.length >= 16 && token.length <= 256;
}
