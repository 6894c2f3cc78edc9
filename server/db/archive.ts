/**
 * What the backup and restore of both databases share (embedded-archive.ts, postgres-archive.ts): the refusal an
 * operator reads, the counts that show which shop an archive holds, and archive files that appear whole or not at all.
 */
import { closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { inArray } from 'drizzle-orm';
import type { Database } from './client';
import { orders, products, users } from './schema';

/** A refusal or failure the command prints as it is: it says what happened and what to do. */
export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveError';
  }
}

/** Enough to recognise a shop at a glance after a backup or a restore. */
export interface ShopSummary {
  orders: number;
  paidOrders: number;
  accounts: number;
  products: number;
}

/** Counts the shop's rows; a database without the shop's tables is refused (the wrong database or archive). */
export async function summariseShop(db: Database, where: string): Promise<ShopSummary> {
  try {
    return {
      orders: await db.$count(orders),
      paidOrders: await db.$count(orders, inArray(orders.paymentState, ['paid', 'refund_due'])),
      accounts: await db.$count(users),
      products: await db.$count(products),
    };
  } catch (error) {
    if (postgresCode(error) === '42P01') throw new ArchiveError(`${where} holds a database, but not the shop's (it has no orders table).`);
    throw error;
  }
}

/** Refuses to replace an existing archive unless told to, before any work is done. */
export function refuseExistingFile(file: string, force: boolean): void {
  if (!force && existsSync(file)) {
    throw new ArchiveError(`${file} already exists. Choose another file name, or add --force to replace it.`);
  }
}

/**
 * Writes `file` through a temporary file beside it, flushed to the disk before the rename: a backup cut short by a
 * crash or a full disk leaves no file that looks complete. Readable by its owner only: an archive holds every
 * account's password hash, addresses and orders (and, for the embedded database, the generated JWT secret).
 */
export function writeFileWhole(file: string, bytes: Uint8Array): void {
  const partial = `${file}.partial-${process.pid}`;
  try {
    const fd = openSync(partial, 'w', 0o600);
    try {
      for (let offset = 0; offset < bytes.length; ) offset += writeSync(fd, bytes, offset);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/** The SQLSTATE of a driver error, also when Drizzle wraps it (its `cause`). */
function postgresCode(error: unknown): string | undefined {
  for (let current: unknown = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}
