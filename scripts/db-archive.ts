/**
 * `npm run backup -- <file> [--force]` and `npm run restore -- <file> [--force]`: the server's database (DATA_DIR or
 * DATABASE_URL, read with the server's own config code) to a file and back. The embedded database is archived by
 * PGlite while no server runs on it; PostgreSQL by pg_dump / pg_restore (docs/operations.md).
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadDatabaseTarget } from '../server/config';
import { ArchiveError } from '../server/db/archive';
import type { ShopSummary } from '../server/db/archive';
import { backupEmbedded, restoreEmbedded } from '../server/db/embedded-archive';
import { backupPostgres, restorePostgres } from '../server/db/postgres-archive';

type Env = Record<string, string | undefined>;
export type ArchiveCommand = 'backup' | 'restore';

export interface ArchiveCommandIo {
  env?: Env;
  output?: NodeJS.WritableStream;
  errors?: NodeJS.WritableStream;
}

export const usage = {
  backup: 'Usage: npm run backup -- <file> [--force]   (--force replaces an existing file)',
  restore: 'Usage: npm run restore -- <file> [--force]   (--force replaces a database that is not empty)',
} satisfies Record<ArchiveCommand, string>;

/** Runs the command; resolves to the process exit code (0 done, 1 refused or failed, 2 usage). */
export async function runArchiveCommand(command: ArchiveCommand, args: string[], io: ArchiveCommandIo = {}): Promise<number> {
  const env = io.env ?? process.env;
  const output = io.output ?? process.stdout;
  const errors = io.errors ?? process.stderr;
  const force = args.includes('--force');
  const files = args.filter((arg) => arg !== '--force');
  if (files.length !== 1 || files[0]!.startsWith('-')) {
    errors.write(`${usage[command]}\n`);
    return 2;
  }
  // npm runs scripts in the project folder; a relative file name means the folder the command was typed in.
  const file = resolve(env.INIT_CWD ?? process.cwd(), files[0]!);
  try {
    const target = loadDatabaseTarget(env);
    if (target.kind === 'postgres') {
      if (command === 'backup') {
        const done = await backupPostgres(target.url, file, { force, env });
        output.write(`Backed up the PostgreSQL database to ${done.file} (${formatBytes(done.size)}).\n`);
      } else {
        const done = await restorePostgres(target.url, file, { force, env });
        output.write(`Restored ${file} into the PostgreSQL database: ${describeSummary(done.summary)}.\n`);
      }
    } else if (target.dataDir !== null) {
      if (command === 'backup') {
        const done = await backupEmbedded(target.dataDir, file, { force });
        output.write(`Backed up the embedded database in ${target.dataDir} to ${done.file} (${formatBytes(done.size)}): ${describeSummary(done.summary)}.\n`);
      } else {
        const done = await restoreEmbedded(file, target.dataDir, { force });
        output.write(`Restored ${file} into ${done.dataDir}: ${describeSummary(done.summary)}.\n`);
        if (done.previousDataDir) output.write(`The data directory it replaced is kept at ${done.previousDataDir}; delete it once the shop runs well.\n`);
      }
    }
    return 0;
  } catch (error) {
    if (error instanceof ArchiveError || error instanceof ConfigError) {
      errors.write(`${error.message}\n`);
      return 1;
    }
    errors.write(`The ${command} failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

const invokedDirectly = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  const [command, ...args] = process.argv.slice(2);
  if (command !== 'backup' && command !== 'restore') {
    process.stderr.write(`${usage.backup}\n${usage.restore}\n`);
    process.exit(2);
  }
  // Exit explicitly: the database driver must not keep a finished command alive.
  process.exit(await runArchiveCommand(command, args));
}

function describeSummary(summary: ShopSummary): string {
  return `${summary.orders} orders (${summary.paidOrders} paid), ${summary.accounts} accounts, ${summary.products} products`;
}

function formatBytes(size: number): string {
  if (size < 1024 * 1024) return `${Math.max(1, Math.round(size / 1024))} KB`;
  return `${(size / (1024 * 1024)).toFixed(1)} MB`;
}
