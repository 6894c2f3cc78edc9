/**
 * `npm run admin -- create <email>`: creates an admin account, or promotes an existing account and sets its password,
 * through the same bootstrap as ADMIN_EMAIL / ADMIN_PASSWORD at start. The password is typed twice without echo on
 * a terminal; without one it is read from ADMIN_PASSWORD. The database is the server's (DATA_DIR / DATABASE_URL).
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { authMessages, email as emailRule, newPassword } from '../domain/auth';
import { ConfigError, loadDatabaseTarget } from '../server/config';
import { openDatabase } from '../server/db/client';
import type { DatabaseTarget, OpenDatabase } from '../server/db/client';
import { acquireLock, LockedError } from '../server/lock-file';
import type { LockFile } from '../server/lock-file';
import { bootstrapAdmin } from '../server/modules/auth/auth.service';

type Env = Record<string, string | undefined>;

export interface PasswordInput extends NodeJS.ReadableStream {
  isTTY?: boolean;
  setRawMode?: (mode: boolean) => unknown;
}

export interface AdminCommandIo {
  env?: Env;
  input?: PasswordInput;
  output?: NodeJS.WritableStream;
  errors?: NodeJS.WritableStream;
  /** An already open database (tests). Left open; otherwise the server's database is opened, locked and closed. */
  database?: OpenDatabase;
}

export const usage = 'Usage: npm run admin -- create <email>';

class CommandError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** Runs the command; resolves to the process exit code (0 done, 1 refused, 2 usage, 130 cancelled). */
export async function runAdminCommand(args: string[], io: AdminCommandIo = {}): Promise<number> {
  const env = io.env ?? process.env;
  const input = io.input ?? process.stdin;
  const output = io.output ?? process.stdout;
  const errors = io.errors ?? process.stderr;
  let lock: LockFile | null = null;
  let opened: OpenDatabase | null = null;
  try {
    const email = parseArgs(args);
    const target = io.database ? null : serverDatabaseTarget(env);
    if (target) lock = lockEmbeddedDatabase(target);
    const password = await readPassword(input, output, env);
    if (target) opened = await openDatabase(target);
    const database = io.database ?? opened!;
    const outcome = await bootstrapAdmin(database.db, { email, password });
    output.write(
      outcome === 'created'
        ? `Admin account ${email} created. It can sign in now.\n`
        : `Account ${email} is now an admin with the new password.\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof CommandError) {
      errors.write(`${error.message}\n`);
      return error.exitCode;
    }
    errors.write(`The admin account could not be saved: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await opened?.close().catch(() => undefined);
    lock?.release();
  }
}

function parseArgs(args: string[]): string {
  const [command, address, ...rest] = args;
  if (command !== 'create' || address === undefined || rest.length > 0) throw new CommandError(usage, 2);
  const parsed = emailRule.safeParse(address);
  if (!parsed.success) throw new CommandError(`${address}: ${parsed.error.issues[0]?.message ?? authMessages.emailFormat}`);
  return parsed.data;
}

/** The server's own reading of DATA_DIR / DATABASE_URL, with the same defaults and checks. */
function serverDatabaseTarget(env: Env): DatabaseTarget {
  // ADMIN_* belong to this command here, not to the server's start.
  const { ADMIN_EMAIL: _email, ADMIN_PASSWORD: _password, ...rest } = env;
  try {
    return loadDatabaseTarget(rest);
  } catch (error) {
    if (error instanceof ConfigError) throw new CommandError(error.message);
    throw error;
  }
}

/** PGlite must never be opened by two processes: refuse while the server holds DATA_DIR, and hold it meanwhile. */
function lockEmbeddedDatabase(target: DatabaseTarget): LockFile | null {
  if (target.kind !== 'pglite' || target.dataDir === null) return null;
  try {
    return acquireLock(target.dataDir);
  } catch (error) {
    if (error instanceof LockedError) {
      throw new CommandError(`The server is running on this database. ${error.message}`);
    }
    throw error;
  }
}

async function readPassword(input: PasswordInput, output: NodeJS.WritableStream, env: Env): Promise<string> {
  let password: string;
  if (input.isTTY) {
    const [first, second] = await readHiddenLines(input, output, ['Password: ', 'Repeat the password: ']);
    if (first !== second) throw new CommandError(authMessages.passwordsDoNotMatch);
    password = first!;
  } else {
    const fromEnv = env.ADMIN_PASSWORD;
    if (!fromEnv) {
      throw new CommandError('No terminal to type a password in: set ADMIN_PASSWORD in the environment for this command.');
    }
    password = fromEnv;
  }
  const rule = newPassword(authMessages.passwordRuleLong).safeParse(password);
  if (!rule.success) throw new CommandError(`The password does not satisfy the password rule: ${authMessages.passwordRuleLong}`);
  return password;
}

/** One line per prompt, typed in raw mode so nothing is echoed; backspace edits, Ctrl+C or Ctrl+D cancels. */
function readHiddenLines(input: PasswordInput, output: NodeJS.WritableStream, prompts: string[]): Promise<string[]> {
  return new Promise((resolvePromise, reject) => {
    const lines: string[] = [];
    let current = '';
    const finish = (outcome: () => void) => {
      input.removeListener('data', onData);
      input.setRawMode?.(false);
      input.pause();
      outcome();
    };
    let previous = '';
    const onData = (chunk: Buffer | string) => {
      for (const character of chunk.toString()) {
        const afterReturn = previous === '\r';
        previous = character;
        if (character === '\n' && afterReturn) continue;
        if (character === '\u0003' || character === '\u0004') {
          output.write('\n');
          finish(() => reject(new CommandError('Cancelled.', 130)));
          return;
        }
        if (character === '\r' || character === '\n') {
          lines.push(current);
          current = '';
          output.write('\n');
          if (lines.length === prompts.length) {
            finish(() => resolvePromise(lines));
            return;
          }
          output.write(prompts[lines.length]!);
        } else if (character === '\u007f' || character === '\b') {
          current = current.slice(0, -1);
        } else {
          current += character;
        }
      }
    };
    input.setRawMode?.(true);
    output.write(prompts[0]!);
    input.on('data', onData);
    input.resume();
  });
}

const invokedDirectly = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  // Exit explicitly: the database driver and the hashing threads must not keep a finished command alive.
  process.exit(await runAdminCommand(process.argv.slice(2)));
}
