/**
 * The JWT signing secret when JWT_SECRET is not set: generated once and kept in DATA_DIR so that tokens survive a
 * restart, readable by the server's user only.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const jwtSecretFileName = 'jwt-secret';

export function generateSecret(): string {
  return randomBytes(48).toString('base64url');
}

/** Reads DATA_DIR/jwt-secret, creating it (mode 0600) on first use. */
export function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, jwtSecretFileName);
  const existing = readSecret(file);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = generateSecret();
  try {
    // 'wx' so that two processes starting together do not overwrite each other's secret.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = readSecret(file);
    if (winner) return winner;
    throw error;
  }
  chmodSync(file, 0o600);
  return secret;
}

function readSecret(file: string): string | null {
  try {
    const value = readFileSync(file, 'utf8').trim();
    if (value.length < 32) throw new Error(`${file} does not hold a usable secret. Delete it to have a new one generated.`);
    return value;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
