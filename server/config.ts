/**
 * The server's configuration: environment variables → a typed, validated Config. Every bad variable gives one line
 * saying what was expected, and all of them are reported together so that one start shows every mistake.
 */
import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { indianStateCodes, shopState } from '../domain/indian-states';
import { reservationMinutes } from '../domain/payment';
import { gstinProblem } from '../domain/shop-settings';
import type { DatabaseTarget } from './db/client';
import { generateSecret, loadOrCreateSecret } from './secrets';
import { projectRoot } from './project-root';

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];
export const paymentProviders = ['sandbox', 'razorpay'] as const;
export type PaymentProvider = (typeof paymentProviders)[number];

export interface ShopConfig {
  name: string;
  email: string;
  phone: string;
  address: string;
  instagramUrl: string;
  facebookUrl: string;
  whatsappUrl: string;
  /** The first defaults of the admin's Settings (issue 41): the settings row, once saved, wins. */
  legalName: string;
  gstin: string;
  signatory: string;
}

export interface Config {
  port: number;
  host: string;
  /** Where the embedded database, the lock file and the generated JWT secret live; null = in memory (tests). */
  dataDir: string | null;
  database: DatabaseTarget;
  publicBaseUrl: string;
  /** null = the dev outbox keeps mail instead of sending it. */
  smtpUrl: string | null;
  mailFrom: string;
  mailDelivery: MailDelivery;
  shop: ShopConfig;
  /** Created or updated at start (accounts issue). */
  admin: { email: string; password: string } | null;
  seedDemo: boolean;
  jwtSecret: string;
  logLevel: LogLevel;
  /** Take the client address from X-Forwarded-For (only behind a reverse proxy you control). */
  trustProxy: boolean;
  payment: {
    provider: PaymentProvider;
    razorpayKeyId: string | null;
    razorpayKeySecret: string | null;
    razorpayWebhookSecret: string | null;
    /** Razorpay's API base URL; tests point it at a local fake. Default https://api.razorpay.com. */
    razorpayBaseUrl?: string | null;
  };
  /**
   * Set: every rate limit counts in this Redis, so that several server processes share one budget per address and per
   * e-mail (server/rate-limit-redis.ts). Null: each process counts on its own.
   */
  redisUrl: string | null;
  /** Starts every key the shop writes to Redis, so that several shops (or test runs) can share one Redis. */
  redisKeyPrefix: string;
  /** The built browser app (vite build output). */
  distDir: string;
  /** The storefront's server render (`vite build --ssr` output); null: the browser draws every page. */
  pageRendererFile: string | null;
  rateLimits: RateLimits;
  /** How long an unpaid invoice holds its stock before the reservation sweep gives it back (RESERVATION_MINUTES). */
  reservationMinutes: number;
}

/** How the mail queue (server/modules/mail/mail-delivery.ts) waits and gives up; tests shorten the waits. */
export interface MailDelivery {
  /** The longest an SMTP server may keep the shop waiting at each step (connecting, greeting, any reply). */
  smtpTimeoutMs: number;
  /** The first retry's wait after a failed try; each next one waits twice as long. */
  retryDelaySeconds: number;
  /** Tries a mail gets when the mail server refuses it for good (5xx) before it is marked failed. */
  refusedTries: number;
}

export const defaultMailDelivery: MailDelivery = { smtpTimeoutMs: 20_000, retryDelaySeconds: 30, refusedTries: 3 };

/** Requests allowed per client address (…PerIp…) and per e-mail named in the body (…PerEmail…), per window. */
export interface RateLimits {
  contactPerMinute: number;
  signInPerIpPerMinute: number;
  signInPerEmailPerMinute: number;
  /** Calls that mail a one-time code (createuser, verifyemail). */
  otpSendPerIpPerMinute: number;
  otpSendPerEmailPerHour: number;
  /** Calls that check a one-time code (verifyotp, verifyotppassword). */
  otpCheckPerIpPerMinute: number;
  otpCheckPerEmailPerMinute: number;
  emailCheckPerIpPerMinute: number;
  /** New guest sessions (`getSessionId`): generous, as many shoppers can share one address (carriers' NAT), yet bounded. */
  guestSessionPerIpPerMinute: number;
  /** Contact messages naming one sender e-mail, from any address. */
  contactPerEmailPerHour: number;
}

export const defaultRateLimits: RateLimits = {
  contactPerMinute: 5,
  signInPerIpPerMinute: 20,
  signInPerEmailPerMinute: 5,
  otpSendPerIpPerMinute: 10,
  otpSendPerEmailPerHour: 10,
  otpCheckPerIpPerMinute: 20,
  otpCheckPerEmailPerMinute: 10,
  emailCheckPerIpPerMinute: 30,
  guestSessionPerIpPerMinute: 30,
  contactPerEmailPerHour: 10,
};

export const defaultRedisKeyPrefix = 'flower-shop:';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The server configuration is not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export const defaultShop: ShopConfig = {
  name: 'Petals & Stems',
  email: 'support@petalsandstems.in',
  phone: '+91 98765 43210',
  address: '14 Khader Nawaz Khan Road, Nungambakkam, Chennai, Tamil Nadu 600006, India',
  instagramUrl: 'https://www.instagram.com/petalsandstems',
  facebookUrl: 'https://www.facebook.com/petalsandstems',
  whatsappUrl: 'https://wa.me/919876543210',
  legalName: 'Petals & Stems Private Limited',
  // A made-up GSTIN of Tamil Nadu with a valid check character: a demo shop's stand-in until the admin saves its own.
  gstin: '33ABCPS1234K1ZT',
  signatory: 'Shop Manager',
};

export const defaultDistDir = resolve(projectRoot, 'dist');
export const defaultPageRendererFile = resolve(projectRoot, 'dist-render', 'entry-server.js');

type Env = Record<string, string | undefined>;

interface Variable<T> {
  schema: z.ZodType<T>;
  /** Completes "NAME must be …". */
  expected: string;
  /** Never echo the value back (passwords, keys, URLs with credentials). */
  secret?: boolean;
}

const email = z.string().regex(/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]{2,}$/);
const httpUrl = z.url({ protocol: /^https?$/ });
/** Digits only (no sign, point or exponent), from `min` to `max`. */
const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
const flag = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const variables = {
  PORT: {
    schema: wholeNumber(1, 65535),
    expected: 'a whole number from 1 to 65535',
  },
  HOST: { schema: z.string().regex(/^[A-Za-z0-9.:[\]_-]+$/), expected: 'a host name or IP address such as 0.0.0.0' },
  DATA_DIR: { schema: z.string().min(1), expected: 'a directory path' },
  DATABASE_URL: {
    schema: z.url({ protocol: /^postgres(ql)?$/ }),
    expected: 'a postgres:// or postgresql:// URL',
    secret: true,
  },
  DATABASE_POOL_SIZE: {
    schema: wholeNumber(1, 100),
    expected: 'a whole number of connections from 1 to 100',
  },
  PUBLIC_BASE_URL: { schema: httpUrl, expected: 'an http:// or https:// URL such as https://shop.example.in' },
  SMTP_URL: { schema: z.url({ protocol: /^smtps?$/ }), expected: 'an smtp:// or smtps:// URL', secret: true },
  MAIL_FROM: {
    schema: z.string().regex(/^([^<>\r\n]+<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/),
    expected: 'an address such as "Petals & Stems <no-reply@example.in>"',
  },
  SHOP_NAME: { schema: z.string().trim().min(1).max(60), expected: 'a name of 1 to 60 characters' },
  SHOP_EMAIL: { schema: email, expected: 'an e-mail address' },
  SHOP_PHONE: { schema: z.string().regex(/^\+?[0-9][0-9 -]{6,18}$/), expected: 'a phone number such as +91 98765 43210' },
  SHOP_ADDRESS: { schema: z.string().trim().min(1).max(200), expected: 'an address of 1 to 200 characters' },
  SHOP_LEGAL_NAME: { schema: z.string().trim().min(1).max(100), expected: 'a name of 1 to 100 characters' },
  SHOP_GSTIN: {
    schema: z.string().trim().toUpperCase().refine((value) => gstinProblem(value, shopState) === null),
    expected: `a valid GSTIN of ${shopState} (15 characters, starting with ${indianStateCodes[shopState]}, with its check character)`,
  },
  SHOP_SIGNATORY: { schema: z.string().trim().min(1).max(100), expected: 'a name of 1 to 100 characters' },
  INSTAGRAM_URL: { schema: httpUrl, expected: 'an http:// or https:// URL' },
  FACEBOOK_URL: { schema: httpUrl, expected: 'an http:// or https:// URL' },
  WHATSAPP_URL: { schema: httpUrl, expected: 'an http:// or https:// URL' },
  ADMIN_EMAIL: { schema: email, expected: 'an e-mail address' },
  ADMIN_PASSWORD: { schema: z.string().min(8).max(128), expected: '8 to 128 characters long', secret: true },
  SEED_DEMO: { schema: flag, expected: 'true or false' },
  JWT_SECRET: { schema: z.string().min(32), expected: 'at least 32 characters long', secret: true },
  LOG_LEVEL: { schema: z.enum(logLevels), expected: `one of ${logLevels.join(', ')}` },
  TRUST_PROXY: { schema: flag, expected: 'true or false' },
  PAYMENT_PROVIDER: { schema: z.enum(paymentProviders), expected: `one of ${paymentProviders.join(', ')}` },
  RAZORPAY_KEY_ID: { schema: z.string().regex(/^rzp_(test|live)_[A-Za-z0-9]+$/), expected: 'a key id such as rzp_test_…' },
  RAZORPAY_KEY_SECRET: { schema: z.string().min(8), expected: 'at least 8 characters long', secret: true },
  RAZORPAY_WEBHOOK_SECRET: { schema: z.string().min(8), expected: 'at least 8 characters long', secret: true },
  RESERVATION_MINUTES: {
    schema: z
      .string()
      .regex(/^\d{1,4}(\.\d{1,2})?$/)
      .transform(Number)
      .pipe(z.number().min(0.05).max(1440)),
    expected: 'a number of minutes from 0.05 to 1440 such as 15 (0.5 is 30 seconds)',
  },
  REDIS_URL: { schema: z.url({ protocol: /^rediss?$/ }), expected: 'a redis:// or rediss:// URL', secret: true },
  REDIS_KEY_PREFIX: {
    schema: z.string().regex(/^[A-Za-z0-9:._-]{1,64}$/),
    expected: "1 to 64 letters, digits or ':._-' such as flower-shop:",
  },
} satisfies Record<string, Variable<unknown>>;

type VariableName = keyof typeof variables;
/** Every environment variable the server reads (docs/operations.md lists each one; a test holds it to that). */
export const environmentVariables = Object.keys(variables) as VariableName[];
type Parsed = { [K in VariableName]?: z.output<(typeof variables)[K]['schema']> };

function readVariables(env: Env): { values: Parsed; problems: string[] } {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, variable] of Object.entries(variables) as [VariableName, Variable<unknown>][]) {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') continue;
    const result = variable.schema.safeParse(raw.trim());
    if (result.success) values[name] = result.data;
    else problems.push(`${name} must be ${variable.expected}, ${variable.secret ? 'got something else (value not shown)' : `got '${raw}'`}`);
  }
  return { values: values as Parsed, problems };
}

/**
 * A public shop (NODE_ENV=production behind an https:// address) must not fall back to the demo stand-ins by default:
 * the sandbox accepts any card, so orders would be "paid" for nothing, and the dev outbox serves every mailed one-time
 * code to anyone at /api/dev/outbox. PAYMENT_PROVIDER=sandbox still chooses the sandbox on purpose (a public demo).
 */
function publicShopProblems(env: Env, v: Parsed, hasRazorpayKeys: boolean): string[] {
  if (env.NODE_ENV !== 'production' || !v.PUBLIC_BASE_URL?.startsWith('https://')) return [];
  const problems: string[] = [];
  if (!hasRazorpayKeys && v.PAYMENT_PROVIDER === undefined) {
    problems.push(
      'NODE_ENV=production with an https:// PUBLIC_BASE_URL needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET ' +
        '(or PAYMENT_PROVIDER=sandbox to take no real payments on purpose)',
    );
  }
  if (v.SMTP_URL === undefined) {
    problems.push('NODE_ENV=production with an https:// PUBLIC_BASE_URL needs SMTP_URL (the dev outbox would show every mailed code to anyone)');
  }
  return problems;
}

/** In production, what real payments and real mail need besides their keys. */
function productionProblems(env: Env, v: Parsed, hasRazorpayKeys: boolean): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (hasRazorpayKeys && v.PAYMENT_PROVIDER !== 'sandbox' && v.RAZORPAY_WEBHOOK_SECRET === undefined) {
    problems.push(
      "NODE_ENV=production with Razorpay keys needs RAZORPAY_WEBHOOK_SECRET (the webhook's secret from Razorpay's " +
        'dashboard): it settles the payments whose browser never came back',
    );
  }
  if (v.SMTP_URL !== undefined && v.MAIL_FROM === undefined) {
    problems.push('NODE_ENV=production with SMTP_URL needs MAIL_FROM (a sender address your mail provider accepts)');
  }
  return problems;
}

/** Reads the configuration from the environment; throws a ConfigError listing every bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const { values: v, problems } = readVariables(env);

  if ((v.ADMIN_EMAIL === undefined) !== (v.ADMIN_PASSWORD === undefined) && !problems.some((p) => p.startsWith('ADMIN_'))) {
    problems.push('ADMIN_EMAIL and ADMIN_PASSWORD must be set together (or both left unset)');
  }
  const hasRazorpayKeys = v.RAZORPAY_KEY_ID !== undefined && v.RAZORPAY_KEY_SECRET !== undefined;
  if (v.PAYMENT_PROVIDER === 'razorpay' && !hasRazorpayKeys) {
    problems.push('PAYMENT_PROVIDER=razorpay needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET');
  }
  problems.push(...publicShopProblems(env, v, hasRazorpayKeys), ...productionProblems(env, v, hasRazorpayKeys));
  if (problems.length > 0) throw new ConfigError(problems);

  const port = v.PORT ?? 3000;
  const dataDir = resolve(v.DATA_DIR ?? './data');
  let jwtSecret = v.JWT_SECRET;
  if (jwtSecret === undefined) {
    try {
      jwtSecret = loadOrCreateSecret(dataDir);
    } catch (error) {
      throw new ConfigError([`JWT_SECRET is unset and no secret could be kept in ${dataDir}: ${(error as Error).message}`]);
    }
  }

  return {
    port,
    host: v.HOST ?? '0.0.0.0',
    dataDir,
    database: v.DATABASE_URL
      ? { kind: 'postgres', url: v.DATABASE_URL, ...(v.DATABASE_POOL_SIZE ? { poolSize: v.DATABASE_POOL_SIZE } : {}) }
      : { kind: 'pglite', dataDir },
    publicBaseUrl: (v.PUBLIC_BASE_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    smtpUrl: v.SMTP_URL ?? null,
    mailFrom: v.MAIL_FROM ?? `${v.SHOP_NAME ?? defaultShop.name} <no-reply@localhost>`,
    mailDelivery: { ...defaultMailDelivery },
    shop: {
      name: v.SHOP_NAME ?? defaultShop.name,
      email: v.SHOP_EMAIL ?? defaultShop.email,
      phone: v.SHOP_PHONE ?? defaultShop.phone,
      address: v.SHOP_ADDRESS ?? defaultShop.address,
      instagramUrl: v.INSTAGRAM_URL ?? defaultShop.instagramUrl,
      facebookUrl: v.FACEBOOK_URL ?? defaultShop.facebookUrl,
      whatsappUrl: v.WHATSAPP_URL ?? defaultShop.whatsappUrl,
      legalName: v.SHOP_LEGAL_NAME ?? defaultShop.legalName,
      gstin: v.SHOP_GSTIN ?? defaultShop.gstin,
      signatory: v.SHOP_SIGNATORY ?? defaultShop.signatory,
    },
    admin: v.ADMIN_EMAIL && v.ADMIN_PASSWORD ? { email: v.ADMIN_EMAIL.toLowerCase(), password: v.ADMIN_PASSWORD } : null,
    seedDemo: v.SEED_DEMO ?? true,
    jwtSecret,
    logLevel: v.LOG_LEVEL ?? 'info',
    trustProxy: v.TRUST_PROXY ?? false,
    payment: {
      provider: v.PAYMENT_PROVIDER ?? (hasRazorpayKeys ? 'razorpay' : 'sandbox'),
      razorpayKeyId: v.RAZORPAY_KEY_ID ?? null,
      razorpayKeySecret: v.RAZORPAY_KEY_SECRET ?? null,
      razorpayWebhookSecret: v.RAZORPAY_WEBHOOK_SECRET ?? null,
    },
    redisUrl: v.REDIS_URL ?? null,
    redisKeyPrefix: v.REDIS_KEY_PREFIX ?? defaultRedisKeyPrefix,
    distDir: defaultDistDir,
    pageRendererFile: defaultPageRendererFile,
    rateLimits: { ...defaultRateLimits },
    reservationMinutes: v.RESERVATION_MINUTES ?? reservationMinutes,
  };
}

/**
 * The database the server would open (DATA_DIR / DATABASE_URL), read with the server's own defaults and checks, for
 * commands that work on it (admin, backup, restore). They sign nothing: no JWT secret is generated in DATA_DIR.
 */
export function loadDatabaseTarget(env: Env = process.env): DatabaseTarget {
  return loadConfig({ ...env, JWT_SECRET: env.JWT_SECRET?.trim() || 'unused-by-database-commands-'.padEnd(32, '-') }).database;
}

/** A configuration for tests: in-memory PGlite, dev outbox, no demo seed, silent logs, a fresh secret. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const config: Config = {
    ...loadConfig({ HOST: '127.0.0.1', LOG_LEVEL: 'silent', SEED_DEMO: 'false', JWT_SECRET: generateSecret() }),
    port: 0,
    dataDir: null,
    database: { kind: 'pglite', dataDir: null },
    // Server tests check the page's data and preload; the render itself is the browser tests' part.
    pageRendererFile: null,
    ...overrides,
  };
  if (!isAbsolute(config.distDir)) config.distDir = resolve(config.distDir);
  return config;
}
