import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { runAdminCommand } from '../../scripts/admin';
import type { PasswordInput } from '../../scripts/admin';
import { openDatabase } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { lockFileName } from '../../server/lock-file';
import { verifyPassword } from '../../server/modules/auth/password';
import { buildTestApp } from './helpers/app';
import { aUser } from './helpers/auth';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Collects what the command writes. */
function sink() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream, text: () => text };
}

/** A pipe, no terminal: the command must read ADMIN_PASSWORD. */
function pipeInput(): PasswordInput {
  return Object.assign(new PassThrough(), { isTTY: false });
}

/** A fake terminal: what is "typed" arrives as raw keystrokes. */
function terminal(typed: string) {
  const rawModes: boolean[] = [];
  const input = Object.assign(new PassThrough(), { isTTY: true, setRawMode: (mode: boolean) => rawModes.push(mode) });
  setTimeout(() => input.write(typed), 20);
  return { input, rawModes };
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

async function signIn(email: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/loginapi', payload: { email, password } });
}

describe('npm run admin -- create <email>, as a function', () => {
  it('creates an admin from ADMIN_PASSWORD when stdin is not a terminal', async () => {
    const output = sink();
    const errors = sink();
    const code = await runAdminCommand(['create', 'New.Owner@Example.in'], {
      env: { ADMIN_PASSWORD: 'Bloom@2024' },
      input: pipeInput(),
      output: output.stream,
      errors: errors.stream,
      database: app.database,
    });
    expect(errors.text()).toBe('');
    expect(code).toBe(0);
    expect(output.text()).toContain('Admin account new.owner@example.in created');
    const res = await signIn('new.owner@example.in', 'Bloom@2024');
    expect(res.statusCode).toBe(200);
    expect(res.json().trueUser).toBe(true);
  });

  it('promotes an existing customer and sets the typed password, prompting twice without echo on a terminal', async () => {
    const customer = await aUser(app, { email: 'promote.me@example.in' });
    const { input, rawModes } = terminal('Garden@42x\u007f\rGarden@42\r');
    const output = sink();
    const code = await runAdminCommand(['create', customer.email], { env: {}, input, output: output.stream, errors: sink().stream, database: app.database });
    expect(code).toBe(0);
    expect(output.text()).toContain('Password: ');
    expect(output.text()).toContain('Repeat the password: ');
    expect(output.text()).not.toContain('Garden');
    expect(rawModes).toEqual([true, false]);
    const [row] = await app.db.select().from(users).where(eq(users.email, customer.email));
    expect(row).toMatchObject({ role: 'admin', externalId: customer.externalId });
    expect((await signIn(customer.email, 'Garden@42')).json().trueUser).toBe(true);
  });

  it('refuses different passwords typed at the terminal and changes nothing', async () => {
    const customer = await aUser(app, { email: 'typo@example.in' });
    const errors = sink();
    const code = await runAdminCommand(['create', customer.email], {
      env: {},
      input: terminal('Garden@42\rGarden@43\r').input,
      output: sink().stream,
      errors: errors.stream,
      database: app.database,
    });
    expect(code).toBe(1);
    expect(errors.text()).toContain('Passwords do not match');
    const [row] = await app.db.select().from(users).where(eq(users.email, customer.email));
    expect(row!.role).toBe('customer');
  });

  it.each([
    [['create', 'weak@example.in'], { ADMIN_PASSWORD: 'password' }, 1, 'does not satisfy the password rule'],
    [['create', 'nopassword@example.in'], {}, 1, 'set ADMIN_PASSWORD'],
    [['create', 'not-an-email'], { ADMIN_PASSWORD: 'Bloom@2024' }, 1, 'This is not a valid email format!'],
    [['create'], { ADMIN_PASSWORD: 'Bloom@2024' }, 2, 'Usage: npm run admin -- create <email>'],
    [['delete', 'x@example.in'], { ADMIN_PASSWORD: 'Bloom@2024' }, 2, 'Usage: npm run admin -- create <email>'],
  ])('refuses %j with %j (exit %i)', async (args, env, exitCode, message) => {
    const errors = sink();
    const code = await runAdminCommand(args, { env, input: pipeInput(), output: sink().stream, errors: errors.stream, database: app.database });
    expect(code).toBe(exitCode);
    expect(errors.text()).toContain(message);
    const email = args[1];
    if (email) expect(await app.db.select().from(users).where(eq(users.email, email.toLowerCase()))).toEqual([]);
  });

  it('refuses clearly while a running server holds the embedded database, leaving its lock alone', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'admin-command-locked-'));
    try {
      // The test runner's parent process is alive and is not this process: it stands for the running server.
      const lock = `${JSON.stringify({ pid: process.ppid, startedAt: new Date().toISOString() })}\n`;
      writeFileSync(join(dataDir, lockFileName), lock);
      const errors = sink();
      const code = await runAdminCommand(['create', 'locked@example.in'], {
        env: { DATA_DIR: dataDir, ADMIN_PASSWORD: 'Bloom@2024' },
        input: pipeInput(),
        output: sink().stream,
        errors: errors.stream,
      });
      expect(code).toBe(1);
      expect(errors.text()).toContain(`The server is running on this database. Another server (pid ${process.ppid})`);
      expect(readFileSync(join(dataDir, lockFileName), 'utf8')).toBe(lock);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('npm run admin -- create <email>, as a process', () => {
  it('creates the admin in DATA_DIR from ADMIN_PASSWORD and releases the lock', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'admin-command-'));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: 'Petal@Admin1' };
      delete env.DATABASE_URL;
      delete env.ADMIN_EMAIL;
      const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts/admin.ts'), 'create', 'Process.Admin@Example.in'], {
          cwd: root,
          env,
          stdio: ['pipe', 'pipe', 'pipe'],
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.stdin.end();
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, stdout, stderr }));
      });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('Admin account process.admin@example.in created');

      const database = await openDatabase({ kind: 'pglite', dataDir });
      try {
        const [row] = await database.db.select().from(users).where(eq(users.email, 'process.admin@example.in'));
        expect(row).toMatchObject({ role: 'admin', emailVerifiedAt: expect.any(Date) });
        expect(await verifyPassword(row!.passwordHash!, 'Petal@Admin1')).toBe(true);
      } finally {
        await database.close();
      }
      expect(() => readFileSync(join(dataDir, lockFileName))).toThrow();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
