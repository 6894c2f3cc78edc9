/**
 * Password hashing: argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane). A dummy hash lets sign-in
 * spend the same time on an unknown e-mail as on a wrong password, so timing does not reveal who has an account.
 */
import type * as Argon2 from '@node-rs/argon2';

/** Loaded with the first password the server sees, not at start: its native addon is about 30 ms of a warm start. */
let argon2: Promise<typeof Argon2> | undefined;
const loadArgon2 = () => (argon2 ??= import('@node-rs/argon2'));

// The package's Algorithm is a const enum, which isolated modules cannot inline; 2 is Argon2id.
const argon2id = 2;

export const passwordHashOptions = { algorithm: argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(password: string): Promise<string> {
  const { hash } = await loadArgon2();
  return hash(password, passwordHashOptions);
}

/** False for a wrong password and for a stored value that is not a valid hash (never throws on bad data). */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  const { verify } = await loadArgon2();
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/** Burns the time of one verification against a hash nobody's password matches. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-that-no-account-has');
  await verifyPassword(await dummyHash, password);
  return false;
}
