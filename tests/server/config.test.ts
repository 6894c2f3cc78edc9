import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

const dirs: string[] = [];
function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fs-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A valid base with a fixed secret, so that only the variable under test can be wrong. */
const base = () => ({ JWT_SECRET: 'x'.repeat(40), DATA_DIR: tempDataDir() });

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig(base());
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.database).toEqual({ kind: 'pglite', dataDir: config.dataDir });
    expect(config.publicBaseUrl).toBe('http://localhost:3000');
    expect(config.smtpUrl).toBeNull();
    expect(config.mailFrom).toBe('Petals & Stems <no-reply@localhost>');
    expect(config.shop.name).toBe('Petals & Stems');
    expect(config.shop.email).toBe('support@petalsandstems.in');
    expect(config.shop.phone).toBe('+91 98765 43210');
    expect(config.shop.address).toMatch(/Chennai/);
    expect(config.seedDemo).toBe(true);
    expect(config.logLevel).toBe('info');
    expect(config.admin).toBeNull();
    expect(config.payment.provider).toBe('sandbox');
    expect(config.reservationMinutes).toBe(15);
  });

  it('defaults DATA_DIR to ./data, resolved from the working directory', () => {
    const config = loadConfig({ JWT_SECRET: 'y'.repeat(40) });
    expect(config.dataDir).toBe(resolve('./data'));
  });

  it('reads every variable it is given', () => {
    const config = loadConfig({
      ...base(),
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgresql://shop:pw@db.internal:5432/shop',
      PUBLIC_BASE_URL: 'https://flowers.example.in/',
      SMTP_URL: 'smtps://user:pass@smtp.example.in:465',
      MAIL_FROM: 'Shop <shop@example.in>',
      SHOP_NAME: 'Blooms',
      SHOP_EMAIL: 'care@example.in',
      SHOP_PHONE: '+91 44 2345 6789',
      ADMIN_EMAIL: 'Admin@Example.in',
      ADMIN_PASSWORD: 'Secret@123',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_test_abc123',
      RAZORPAY_KEY_SECRET: 'secretsecret',
      INSTAGRAM_URL: 'https://instagram.com/blooms',
      RESERVATION_MINUTES: '0.5',
      DATABASE_POOL_SIZE: '8',
    });
    expect(config.port).toBe(8080);
    expect(config.host).toBe('127.0.0.1');
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgresql://shop:pw@db.internal:5432/shop', poolSize: 8 });
    expect(config.publicBaseUrl).toBe('https://flowers.example.in');
    expect(config.smtpUrl).toBe('smtps://user:pass@smtp.example.in:465');
    expect(config.mailFrom).toBe('Shop <shop@example.in>');
    expect(config.shop).toMatchObject({ name: 'Blooms', email: 'care@example.in', phone: '+91 44 2345 6789' });
    expect(config.shop.instagramUrl).toBe('https://instagram.com/blooms');
    expect(config.admin).toEqual({ email: 'admin@example.in', password: 'Secret@123' });
    expect(config.seedDemo).toBe(false);
    expect(config.logLevel).toBe('warn');
    expect(config.payment).toMatchObject({ provider: 'razorpay', razorpayKeyId: 'rzp_test_abc123' });
    expect(config.reservationMinutes).toBe(0.5);
  });

  it.each([
    ['PORT', 'abc', "PORT must be a whole number from 1 to 65535, got 'abc'"],
    ['PORT', '70000', "PORT must be a whole number from 1 to 65535, got '70000'"],
    ['PORT', '0', "PORT must be a whole number from 1 to 65535, got '0'"],
    ['HOST', 'not a host', "HOST must be a host name or IP address such as 0.0.0.0, got 'not a host'"],
    ['DATABASE_URL', 'mysql://x@y/z', 'DATABASE_URL must be a postgres:// or postgresql:// URL, got something else (value not shown)'],
    ['PUBLIC_BASE_URL', 'ftp://x', "PUBLIC_BASE_URL must be an http:// or https:// URL such as https://shop.example.in, got 'ftp://x'"],
    ['SMTP_URL', 'http://mail', 'SMTP_URL must be an smtp:// or smtps:// URL, got something else (value not shown)'],
    ['MAIL_FROM', 'nobody', 'MAIL_FROM must be an address such as "Petals & Stems <no-reply@example.in>", got \'nobody\''],
    ['SHOP_EMAIL', 'shop-at-example', "SHOP_EMAIL must be an e-mail address, got 'shop-at-example'"],
    ['SHOP_PHONE', 'call us', "SHOP_PHONE must be a phone number such as +91 98765 43210, got 'call us'"],
    ['SEED_DEMO', 'maybe', "SEED_DEMO must be true or false, got 'maybe'"],
    ['JWT_SECRET', 'short', 'JWT_SECRET must be at least 32 characters long, got something else (value not shown)'],
    ['LOG_LEVEL', 'loud', "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got 'loud'"],
    ['PAYMENT_PROVIDER', 'paypal', "PAYMENT_PROVIDER must be one of sandbox, razorpay, got 'paypal'"],
    ['RAZORPAY_KEY_ID', 'key', "RAZORPAY_KEY_ID must be a key id such as rzp_test_…, got 'key'"],
    ['DATABASE_POOL_SIZE', '0', "DATABASE_POOL_SIZE must be a whole number of connections from 1 to 100, got '0'"],
    ['DATABASE_POOL_SIZE', '101', "DATABASE_POOL_SIZE must be a whole number of connections from 1 to 100, got '101'"],
    ['DATABASE_POOL_SIZE', 'ten', "DATABASE_POOL_SIZE must be a whole number of connections from 1 to 100, got 'ten'"],
    ['RESERVATION_MINUTES', '0', "RESERVATION_MINUTES must be a number of minutes from 0.05 to 1440 such as 15 (0.5 is 30 seconds), got '0'"],
    ['RESERVATION_MINUTES', '15m', "RESERVATION_MINUTES must be a number of minutes from 0.05 to 1440 such as 15 (0.5 is 30 seconds), got '15m'"],
    ['REDIS_URL', 'http://cache', 'REDIS_URL must be a redis:// or rediss:// URL, got something else (value not shown)'],
    ['INSTAGRAM_URL', 'instagram', "INSTAGRAM_URL must be an http:// or https:// URL, got 'instagram'"],
    ['WHATSAPP_URL', 'javascript:alert(1)', "WHATSAPP_URL must be an http:// or https:// URL, got 'javascript:alert(1)'"],
  ])('refuses %s=%s with one clear line', (name, value, message) => {
    expect(problemsOf({ ...base(), [name]: value })).toEqual([message]);
  });

  it('reports every bad variable at once, in one error message', () => {
    const env = { ...base(), PORT: 'abc', SEED_DEMO: 'maybe', LOG_LEVEL: 'loud' };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(problemsOf(env)).toHaveLength(3);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as Error).message).toContain("PORT must be a whole number from 1 to 65535, got 'abc'");
      expect((error as Error).message).toContain("SEED_DEMO must be true or false, got 'maybe'");
    }
  });

  it('never echoes a secret value back', () => {
    const message = problemsOf({ ...base(), ADMIN_EMAIL: 'a@b.in', ADMIN_PASSWORD: 'pw' }).join('\n');
    expect(message).toContain('ADMIN_PASSWORD must be 8 to 128 characters long');
    expect(message).not.toContain("'pw'");
  });

  it('needs ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(problemsOf({ ...base(), ADMIN_EMAIL: 'admin@example.in' })).toEqual([
      'ADMIN_EMAIL and ADMIN_PASSWORD must be set together (or both left unset)',
    ]);
  });

  it('needs the Razorpay keys when PAYMENT_PROVIDER is razorpay', () => {
    expect(problemsOf({ ...base(), PAYMENT_PROVIDER: 'razorpay' })).toEqual([
      'PAYMENT_PROVIDER=razorpay needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET',
    ]);
  });

  describe('a public shop (NODE_ENV=production, https:// PUBLIC_BASE_URL)', () => {
    const publicShop = () => ({ ...base(), NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://flowers.example.in' });
    const razorpay = { RAZORPAY_KEY_ID: 'rzp_live_Abc123', RAZORPAY_KEY_SECRET: 'k'.repeat(20), RAZORPAY_WEBHOOK_SECRET: 'w'.repeat(20) };
    const smtp = { SMTP_URL: 'smtps://user:pass@smtp.example.in:465', MAIL_FROM: 'Petals & Stems <orders@petalsandstems.in>' };

    it('refuses to start on the sandbox and the dev outbox by default', () => {
      expect(problemsOf(publicShop())).toEqual([
        'NODE_ENV=production with an https:// PUBLIC_BASE_URL needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET (or PAYMENT_PROVIDER=sandbox to take no real payments on purpose)',
        'NODE_ENV=production with an https:// PUBLIC_BASE_URL needs SMTP_URL (the dev outbox would show every mailed code to anyone)',
      ]);
    });

    it('starts with Razorpay and SMTP, or with the sandbox chosen on purpose', () => {
      expect(loadConfig({ ...publicShop(), ...razorpay, ...smtp }).payment.provider).toBe('razorpay');
      expect(loadConfig({ ...publicShop(), ...smtp, PAYMENT_PROVIDER: 'sandbox' }).payment.provider).toBe('sandbox');
    });

    it('needs the webhook secret with Razorpay keys, and a sender with SMTP, as production does anywhere', () => {
      const { RAZORPAY_WEBHOOK_SECRET: _webhook, ...keysOnly } = razorpay;
      const { MAIL_FROM: _from, ...smtpOnly } = smtp;
      for (const env of [{ ...publicShop(), ...keysOnly, ...smtpOnly }, { ...base(), NODE_ENV: 'production', ...keysOnly, ...smtpOnly }]) {
        expect(problemsOf(env)).toEqual([
          "NODE_ENV=production with Razorpay keys needs RAZORPAY_WEBHOOK_SECRET (the webhook's secret from Razorpay's dashboard): it settles the payments whose browser never came back",
          'NODE_ENV=production with SMTP_URL needs MAIL_FROM (a sender address your mail provider accepts)',
        ]);
      }
      expect(loadConfig({ ...base(), ...keysOnly, ...smtpOnly }).payment.provider).toBe('razorpay');
    });

    it('is only that: plain http, or not production, keeps the demo defaults', () => {
      expect(loadConfig({ ...base(), NODE_ENV: 'production', PUBLIC_BASE_URL: 'http://localhost:3000' }).payment.provider).toBe('sandbox');
      expect(loadConfig({ ...base(), PUBLIC_BASE_URL: 'https://flowers.example.in' }).smtpUrl).toBeNull();
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ ...base(), PORT: '', SMTP_URL: '  ' }).port).toBe(3000);
  });
});

describe('REDIS_URL and REDIS_KEY_PREFIX (rate limits shared by several instances)', () => {
  it('are unset by default: each process counts its own rate limits', () => {
    const config = loadConfig(base());
    expect(config.redisUrl).toBeNull();
    expect(config.redisKeyPrefix).toBe('flower-shop:');
  });

  it('read redis:// and rediss:// URLs, with credentials and a database number', () => {
    expect(loadConfig({ ...base(), REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    const tls = loadConfig({ ...base(), REDIS_URL: 'rediss://shop:pw@cache.internal:6380/2', REDIS_KEY_PREFIX: 'shop-a:' });
    expect(tls.redisUrl).toBe('rediss://shop:pw@cache.internal:6380/2');
    expect(tls.redisKeyPrefix).toBe('shop-a:');
  });

  it('refuse another scheme without echoing the URL, which may hold a password', () => {
    const problems = problemsOf({ ...base(), REDIS_URL: 'http://shop:topsecret@cache.internal:6379' });
    expect(problems).toEqual(['REDIS_URL must be a redis:// or rediss:// URL, got something else (value not shown)']);
    expect(problems.join('\n')).not.toContain('topsecret');
  });

  it.each([['has space'], ['x'.repeat(65)], ['{braces}']])('refuse REDIS_KEY_PREFIX=%s', (prefix) => {
    expect(problemsOf({ ...base(), REDIS_KEY_PREFIX: prefix })).toEqual([
      `REDIS_KEY_PREFIX must be 1 to 64 letters, digits or ':._-' such as flower-shop:, got '${prefix}'`,
    ]);
  });
});

describe('the generated JWT secret', () => {
  it('is created once in DATA_DIR with mode 0600 and reused on the next start', () => {
    const dataDir = tempDataDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = join(dataDir, 'jwt-secret');
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.jwtSecret).toBe(first.jwtSecret);
  });

  it('differs between data directories', () => {
    expect(loadConfig({ DATA_DIR: tempDataDir() }).jwtSecret).not.toBe(loadConfig({ DATA_DIR: tempDataDir() }).jwtSecret);
  });

  it('is not written when JWT_SECRET is set', () => {
    const dataDir = tempDataDir();
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'z'.repeat(40) }).jwtSecret).toBe('z'.repeat(40));
    expect(() => statSync(join(dataDir, 'jwt-secret'))).toThrow();
  });
});
