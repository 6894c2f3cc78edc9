/** The users table as the auth flows need it; every function runs on the handle it is given (db or tx). */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { users } from '../../db/schema';
import type { AccountDetails } from '../../db/schema';
import { newUserExternalId } from './external-id';

type Db = Database | Transaction;

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The account's role as it is now (undefined: no such account); one read of the external id's unique index. */
export async function currentRoleOf(db: Db, externalId: string): Promise<UserRow['role'] | undefined> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.externalId, externalId)).limit(1);
  return row?.role;
}

export async function insertUser(
  db: Db,
  values: Pick<typeof users.$inferInsert, 'email' | 'firstName' | 'lastName' | 'mobileNumber'> &
    Partial<Pick<typeof users.$inferInsert, 'passwordHash' | 'role' | 'emailVerifiedAt'>>,
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ externalId: newUserExternalId(), ...values })
    .returning();
  return row!;
}

export async function updateUserDetails(
  db: Db,
  id: number,
  details: AccountDetails,
): Promise<void> {
  await db.update(users).set({ ...details, updatedAt: sql`now()` }).where(eq(users.id, id));
}

export async function markEmailVerified(db: Db, id: number, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: at, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), isNull(users.emailVerifiedAt)));
}

/** Sets the first password; false when the account already has one (a concurrent call won). */
export async function setFirstPassword(db: Db, id: number, passwordHash: string): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), isNull(users.passwordHash)))
    .returning({ id: users.id });
  return updated.length > 0;
}

export async function replacePassword(db: Db, id: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, id));
}

/** The admin from the environment: role, password and a verified e-mail (kept when it was verified before). */
export async function makeAdmin(db: Db, id: number, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ role: 'admin', passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}
