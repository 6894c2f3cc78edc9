/**
 * Backups that restore: a shop with real orders (a customer's and a guest's, paid with the sandbox, one dispatched) is
 * backed up, restored into a fresh database, and must serve the same orders, accounts and catalogue through the API.
 * On the embedded database always; on PostgreSQL when TEST_DATABASE_URL is set and pg_dump / pg_restore are on PATH
 * (skipped, with the reason printed, otherwise). Also the refusals an operator can meet.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runArchiveCommand } from '../../scripts/db-archive';
import type { ArchiveCommand } from '../../scripts/db-archive';
import type { Config } from '../../server/config';
import { lockFileName } from '../../server/lock-file';
import { buildTestApp, createScratchDatabase } from './helpers/app';
import { firstChoice } from './helpers/delivery-choices';
import { aUser, defaultTestPassword, relaxedRateLimits } from './helpers/auth';
import type { TestUser } from './helpers/auth';
import { addUnits, asGuest, aVerifiedGuest } from './helpers/cart';
import { aBuyer, aTaxedProduct, invoiceFor, paidWithCard, verify } from './helpers/payments';
import type { ProductRow } from './helpers/factories';

const root = fileURLToPath(new URL('../..', import.meta.url));
const testServerUrl = process.env.TEST_DATABASE_URL;
const hasTool = (name: string) => spawnSync(name, ['--version'], { stdio: 'ignore' }).status === 0;
const postgresSkipReason = !testServerUrl
  ? 'TEST_DATABASE_URL is not set'
  : !hasTool('pg_dump') || !hasTool('pg_restore')
    ? 'pg_dump or pg_restore is not on PATH'
    : null;
if (postgresSkipReason) console.warn(`backup-restore.test.ts: the PostgreSQL cases are skipped: ${postgresSkipReason}.`);

const appOptions: Partial<Config> = { rateLimits: relaxedRateLimits };
const onDataDir = (dataDir: string) => buildTestApp({ ...appOptions, dataDir, database: { kind: 'pglite', dataDir } });
const onPostgres = (url: string) => buildTestApp({ ...appOptions, database: { kind: 'postgres', url, poolSize: 4 } });

interface Shop {
  customer: TestUser;
  admin: TestUser;
  products: ProductRow[];
}

/** A catalogue of two flowers, a customer's paid and dispatched order and a verified guest's paid order. */
async function aShopWithOrders(app: FastifyInstance): Promise<Shop> {
  const admin = await aUser(app, { role: 'admin' });
  const roses = await aTaxedProduct(app);
  const posy = await aTaxedProduct(app, { sellingPricePaise: 60_000, mrpPaise: 75_000 });

  const buyer = await aBuyer(app, roses, 2, { state: 'Karnataka' });
  const invoice = await invoiceFor(app, buyer);
  expect((await verify(app, buyer, await paidWithCard(app, invoice.orderValueId))).json()).toEqual({ message: 'success' });

  const guest = await aVerifiedGuest(app, `guest-${Date.now()}@example.in`);
  await addUnits(app, asGuest(guest), { productExtId: posy.externalId, sessionId: guest.sessionId }, 3);
  const saved = await app.inject({ method: 'GET', url: `/api/getguestuseraddress?id=${guest.sessionId}`, headers: asGuest(guest) });
  const guestInvoice = await app.inject({
    method: 'POST',
    url: `/api/user/${guest.userExtId}/checkoutinvoice`,
    headers: asGuest(guest),
    payload: { addressId: saved.json<{ id: number }[]>()[0]!.id, deliveries: [await firstChoice(app, 'courier')] },
  });
  expect(guestInvoice.statusCode, guestInvoice.body).toBe(200);
  const guestPayment = await paidWithCard(app, guestInvoice.json<{ orderValueId: string }>().orderValueId);
  const guestVerified = await app.inject({ method: 'POST', url: '/api/payment/verify', headers: asGuest(guest), payload: guestPayment });
  expect(guestVerified.json()).toEqual({ message: 'success' });

  const adminHeaders = { authorization: await signIn(app, admin) };
  const purchases = await app.inject({ method: 'GET', url: '/api/users/purchases/list', headers: adminHeaders });
  const ofCustomer = purchases.json<{ id: number; User: { email: string } }[]>().find((p) => p.User.email === buyer.user.email)!;
  const dispatched = await app.inject({
    method: 'POST',
    url: '/api/updatepurchaseorder',
    headers: adminHeaders,
    payload: { id: ofCustomer.id, status: 'Dispatched', userTrackingUrl: 'https://track.example.in/AWB123' },
  });
  expect(dispatched.statusCode, dispatched.body).toBe(200);
  return { customer: buyer.user, admin, products: [roses, posy] };
}

/** Signs in with the account's password, as a browser does; the access token. */
async function signIn(app: FastifyInstance, user: TestUser): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/loginapi', payload: { email: user.email, password: defaultTestPassword } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ authorization: string }>().authorization;
}

/** What the shop answers its customer, its admin and any visitor: orders, purchase records, catalogue. */
async function whatTheShopServes(app: FastifyInstance, shop: Shop) {
  const get = async (url: string, authorization?: string) => {
    const res = await app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<unknown>();
  };
  return {
    customerOrders: await get(`/api/userorderslist?id=${shop.customer.externalId}`, await signIn(app, shop.customer)),
    purchases: await get('/api/users/purchases/list', await signIn(app, shop.admin)),
    catalogue: await get('/api/allflowers'),
    categories: await get('/api/categoryheader'),
    flowers: await Promise.all(shop.products.map((product) => get(`/api/flowerdetail/${product.externalId}`))),
  };
}

/** Collects what a command writes. */
function sink() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream, text: () => text };
}

async function run(command: ArchiveCommand, args: string[], env: Record<string, string | undefined>) {
  const output = sink();
  const errors = sink();
  const code = await runArchiveCommand(command, args, { env, output: output.stream, errors: errors.stream });
  return { code, output: output.text(), errors: errors.text() };
}

/** The npm script itself, as an operator types it. */
function npmRun(script: ArchiveCommand, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code, stdout, stderr }));
  });
}

/** A data directory's entries and the bytes of its files at the top level: enough to see that nothing was touched. */
function contentsOf(dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir, { withFileTypes: true }).map((entry) => [entry.name, entry.isFile() ? readFileSync(join(dir, entry.name), 'utf8') : 'dir']));
}

describe('backup and restore of the embedded database (DATA_DIR)', () => {
  let work: string;
  let shopDir: string;
  let archive: string;
  let shop: Shop;
  let served: Awaited<ReturnType<typeof whatTheShopServes>>;
  let backup: Awaited<ReturnType<typeof npmRun>>;
  const embeddedEnv = (dataDir: string) => ({ DATA_DIR: dataDir });

  // One shop, stopped and backed up with the npm script; each case below restores (or refuses) that archive.
  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'backup-restore-'));
    shopDir = join(work, 'shop');
    archive = join(work, 'shop.tar.gz');
    const app = await onDataDir(shopDir);
    try {
      shop = await aShopWithOrders(app);
      served = await whatTheShopServes(app, shop);
    } finally {
      await app.close();
    }
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: shopDir };
    delete env.DATABASE_URL;
    backup = await npmRun('backup', [archive], env);
  }, 240_000);
  afterAll(() => {
    rmSync(work, { recursive: true, force: true });
  });

  it('npm run backup archives it; restored into a fresh DATA_DIR the shop serves the same orders, accounts and catalogue', async () => {
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`Backed up the embedded database in ${shopDir} to ${archive}`);
    expect(backup.stdout).toContain('2 orders (2 paid), 3 accounts, 2 products');
    expect(existsSync(join(shopDir, lockFileName))).toBe(false);

    const restoredDir = join(work, 'restored');
    const restore = await run('restore', [archive], embeddedEnv(restoredDir));
    expect(restore.errors).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.output).toContain(`Restored ${archive} into ${restoredDir}: 2 orders (2 paid), 3 accounts, 2 products.`);
    expect(existsSync(join(restoredDir, lockFileName))).toBe(false);
    expect(readdirSync(work).filter((name) => name.includes('.restoring-'))).toEqual([]);

    const restored = await onDataDir(restoredDir);
    try {
      const again = await whatTheShopServes(restored, shop);
      expect(served.purchases).toHaveLength(2);
      expect(JSON.stringify(served.purchases)).toContain('"status":"Dispatched"');
      expect(served.customerOrders).toHaveLength(1);
      expect(again).toEqual(served);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('refuses to back up while a server runs on the data directory, and leaves its lock alone', async () => {
    // The test runner's parent process is alive and is not this process: it stands for the running server.
    const lock = `${JSON.stringify({ pid: process.ppid, startedAt: new Date().toISOString() })}\n`;
    writeFileSync(join(shopDir, lockFileName), lock);
    try {
      const locked = join(work, 'while-running.tar.gz');
      const result = await run('backup', [locked], embeddedEnv(shopDir));
      expect(result.code).toBe(1);
      expect(result.errors).toContain(`A server (pid ${process.ppid}) is running on the embedded database in ${shopDir}. Stop it first`);
      expect(readFileSync(join(shopDir, lockFileName), 'utf8')).toBe(lock);
      expect(existsSync(locked)).toBe(false);
    } finally {
      rmSync(join(shopDir, lockFileName));
    }
  });

  it('refuses a non-empty DATA_DIR without --force; with --force restores and keeps the replaced directory beside it', async () => {
    const target = join(work, 'in-use');
    mkdirSync(target);
    writeFileSync(join(target, 'notes.txt'), 'keep me');

    const refused = await run('restore', [archive], embeddedEnv(target));
    expect(refused.code).toBe(1);
    expect(refused.errors).toContain(`${target} is not empty (1 entries): restore into an empty DATA_DIR, or add --force`);
    expect(contentsOf(target)).toEqual({ 'notes.txt': 'keep me' });

    const forced = await run('restore', [archive, '--force'], embeddedEnv(target));
    expect(forced.errors).toBe('');
    expect(forced.code).toBe(0);
    expect(existsSync(join(target, 'PG_VERSION'))).toBe(true);
    const kept = readdirSync(work).filter((name) => name.startsWith('in-use.before-restore-'));
    expect(kept).toHaveLength(1);
    expect(forced.output).toContain(`The data directory it replaced is kept at ${join(work, kept[0]!)}`);
    expect(contentsOf(join(work, kept[0]!))).toEqual({ 'notes.txt': 'keep me' });
  }, 120_000);

  it('refuses a cut-off, damaged or foreign archive and leaves DATA_DIR as it was, even with --force', async () => {
    const bytes = readFileSync(archive);
    const damaged = Buffer.from(bytes);
    damaged[Math.floor(damaged.length / 2)]! ^= 0xff;
    const cases: [string, Uint8Array, string][] = [
      ['cut-off.tar.gz', bytes.subarray(0, Math.floor(bytes.length * 0.6)), 'is damaged or incomplete'],
      ['damaged.tar.gz', damaged, 'is damaged or incomplete'],
      // Whole gzip streams around a cut-off tarball and around something else: the tar itself is checked too.
      ['cut-off-tar.tar.gz', gzipSync(gunzipSync(bytes).subarray(0, 300_000)), 'is damaged or incomplete'],
      ['not-tar.tar.gz', gzipSync('hello, not a tarball '.repeat(40)), 'is damaged or incomplete (Invalid tar header'],
      ['notes.txt', Buffer.from('not a backup at all'), 'is not a backup of the embedded database'],
      ['shop.dump', Buffer.from('PGDMP\u0001\u000e\u0000'), 'is a PostgreSQL archive (pg_dump): set DATABASE_URL'],
    ];
    const target = join(work, 'precious');
    mkdirSync(target);
    writeFileSync(join(target, 'PG_VERSION'), '17\n');
    const before = contentsOf(target);
    for (const [name, content, message] of cases) {
      const file = join(work, name);
      writeFileSync(file, content);
      const result = await run('restore', [file, '--force'], embeddedEnv(target));
      expect(result.code, name).toBe(1);
      expect(result.errors, name).toContain(`${file} ${message}`);
      expect(contentsOf(target), name).toEqual(before);
    }
    expect(readdirSync(work).filter((name) => name.startsWith('precious.'))).toEqual([]);
  });

  it('answers a wrong call with the usage, an archive inside DATA_DIR with a refusal and a missing pg_dump with what to install', async () => {
    expect(await run('backup', [], embeddedEnv(shopDir))).toMatchObject({ code: 2, errors: expect.stringContaining('Usage: npm run backup -- <file>') });
    const inside = await run('backup', [join(shopDir, 'backup.tar.gz')], embeddedEnv(shopDir));
    expect(inside).toMatchObject({ code: 1, errors: expect.stringContaining(`Write the archive outside ${shopDir}`) });
    expect(existsSync(join(shopDir, 'backup.tar.gz'))).toBe(false);
    const noTools = await run('backup', [join(work, 'pg.dump')], { DATABASE_URL: 'postgres://shop@127.0.0.1:5432/shop', PATH: join(work, 'empty-bin') });
    expect(noTools.code).toBe(1);
    expect(noTools.errors).toContain("pg_dump was not found on PATH. Install PostgreSQL's client tools");
  });
});

describe.skipIf(postgresSkipReason !== null)('backup and restore of PostgreSQL (DATABASE_URL) with pg_dump and pg_restore', () => {
  const scratches: { url: string; drop: () => Promise<void> }[] = [];
  const aScratchDatabase = async () => {
    const scratch = await createScratchDatabase(testServerUrl!);
    scratches.push(scratch);
    return scratch.url;
  };
  const postgresEnv = (url: string) => ({ DATABASE_URL: url, PATH: process.env.PATH });
  let work: string;

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'backup-restore-pg-'));
  });
  afterAll(async () => {
    rmSync(work, { recursive: true, force: true });
    for (const scratch of scratches) await scratch.drop();
  });

  const tablesIn = async (url: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
      );
      return rows[0]!.n;
    } finally {
      await client.end();
    }
  };

  it('dumps a running shop, restores into a fresh database, and the shop serves the same orders, accounts and catalogue', async () => {
    const sourceUrl = await aScratchDatabase();
    const archive = join(work, 'shop.dump');
    const source = await onPostgres(sourceUrl);
    let served: Awaited<ReturnType<typeof whatTheShopServes>>;
    let shop: Shop;
    try {
      shop = await aShopWithOrders(source);
      served = await whatTheShopServes(source, shop);
      // PostgreSQL is dumped while the shop keeps serving: pg_dump reads one consistent snapshot.
      const backup = await run('backup', [archive], postgresEnv(sourceUrl));
      expect(backup.errors).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.output).toContain(`Backed up the PostgreSQL database to ${archive}`);
    } finally {
      await source.close();
    }

    const targetUrl = await aScratchDatabase();
    const restore = await run('restore', [archive], postgresEnv(targetUrl));
    expect(restore.errors).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.output).toContain('into the PostgreSQL database: 2 orders (2 paid), 3 accounts, 2 products.');

    const restored = await onPostgres(targetUrl);
    try {
      expect(served.purchases).toHaveLength(2);
      expect(await whatTheShopServes(restored, shop)).toEqual(served);
    } finally {
      await restored.close();
    }

    const again = await run('restore', [archive], postgresEnv(targetUrl));
    expect(again.code).toBe(1);
    expect(again.errors).toMatch(/already holds \d+ tables: restore into a new, empty database \(createdb\), or add --force/);
    const forced = await run('restore', [archive, '--force'], postgresEnv(targetUrl));
    expect(forced.errors).toBe('');
    expect(forced.output).toContain('2 orders (2 paid), 3 accounts, 2 products.');

    // A cut-off dump fails inside pg_restore's single transaction: the fresh database stays empty.
    const cutOff = join(work, 'cut-off.dump');
    const dump = readFileSync(archive);
    writeFileSync(cutOff, dump.subarray(0, Math.floor(dump.length / 2)));
    const emptyUrl = await aScratchDatabase();
    const refused = await run('restore', [cutOff], postgresEnv(emptyUrl));
    expect(refused.code).toBe(1);
    expect(refused.errors).toContain('pg_restore failed');
    expect(await tablesIn(emptyUrl)).toBe(0);
  }, 180_000);
});
