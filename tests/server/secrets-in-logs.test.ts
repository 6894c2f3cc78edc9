/**
 * Nothing secret reaches the log. The app logs at trace level into a stream the test reads while shoppers and an admin
 * go through every flow that carries a secret (sign-up with its code, sign-in, refresh, logout, password reset, a guest
 * session and guest checkout, card payment and its signature, the admin from the environment, contact), and while
 * mail, the payment provider and the database fail with credentials in their configuration. Then every password,
 * one-time code, token, signature, guest session id and configured secret is looked for in everything logged.
 */
import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultShop } from '../../server/config';
import type { Config } from '../../server/config';
import { buildTestApp } from './helpers/app';
import { firstChoice } from './helpers/delivery-choices';
import { latestOtp, relaxedRateLimits, setCookiesOf, signUpProofOf, signedInAs, aUser } from './helpers/auth';
import { aGuestCheckoutBody } from './helpers/cart';
import { aProduct, anAddressBody } from './helpers/factories';
import { closedPort } from './helpers/smtp';
import { LogCapture } from './helpers/log-capture';


/** The secrets of this test, each with what it is: found in the log, the name says which leaked. */
const secrets = new Map<string, string>();
const remember = (what: string, value: string | undefined) => {
  expect(value, `${what} was not handed out`).toBeTruthy();
  secrets.set(value!, what);
  return value!;
};

const jwtSecret = remember('JWT_SECRET', 'JwtSecretThatMustNeverBeLogged-0123456789abcdef');
const adminPassword = remember('ADMIN_PASSWORD', 'Orchid@Admin93');
const smtpPassword = remember('the SMTP password', 'SmtpPassNeverLogged77');
const razorpayKeySecret = remember('RAZORPAY_KEY_SECRET', 'RzpKeySecretNeverLogged55');
const razorpayWebhookSecret = remember('RAZORPAY_WEBHOOK_SECRET', 'RzpWebhookSecretNeverLogged44');
const databasePassword = remember('the DATABASE_URL password', 'DbPassNeverLogged33');
remember("Razorpay's basic-auth header", Buffer.from(`rzp_test_LogCheck123:${razorpayKeySecret}`).toString('base64'));

const apps: FastifyInstance[] = [];
const logs: LogCapture[] = [];

async function loggingApp(overrides: Partial<Config>): Promise<FastifyInstance> {
  const log = new LogCapture();
  const app = await buildTestApp({ logLevel: 'trace', jwtSecret, rateLimits: relaxedRateLimits, ...overrides }, { logStream: log });
  apps.push(app);
  logs.push(log);
  return app;
}

afterAll(async () => {
  for (const app of apps) await app.close();
});

let n = 0;
const newEmail = () => `log-check-${(n += 1)}-${Date.now()}@example.in`;

async function ok(app: FastifyInstance, options: InjectOptions & { url: string }) {
  const res = await app.inject(options);
  expect(res.statusCode, `${options.method ?? 'GET'} ${options.url}: ${res.body}`).toBeLessThan(300);
  return res;
}

/** Sign-up, sign-in, refresh, logout, a refused sign-in and code, password reset and the admin, on the dev outbox. */
async function accountFlows(app: FastifyInstance): Promise<void> {
  const email = newEmail();
  const password = remember('a sign-up password', 'Zinnia@Pass71');
  await ok(app, { method: 'POST', url: '/api/createuser', payload: { firstName: 'Meera', lastName: 'Iyer', email, mobileNumber: '9123456780' } });
  const signUpCode = remember('a sign-up code', await latestOtp(app, email));
  const wrongCode = signUpCode === '000000' ? '111111' : '000000';
  expect((await app.inject({ method: 'POST', url: '/api/verifyotp', payload: { email, otp: wrongCode } })).statusCode).toBe(400);
  const verified = await ok(app, { method: 'POST', url: '/api/verifyotp', payload: { email, otp: signUpCode } });
  const proof = signUpProofOf(verified);
  remember('the sign-up proof', proof.signUpProof);
  await ok(app, { method: 'POST', url: '/api/createpassword', payload: { email, password }, cookies: proof });

  const wrong = remember('a wrong password', 'Wrong@Guess54');
  expect((await app.inject({ method: 'POST', url: '/api/loginapi', payload: { email, password: wrong } })).statusCode).toBe(401);
  const signedIn = await ok(app, { method: 'POST', url: '/api/loginapi', payload: { email, password } });
  remember('an access token', signedIn.json<{ authorization: string }>().authorization);
  const refreshToken = remember('a refresh token', setCookiesOf(signedIn).find((c) => c.name === 'refreshToken')?.value);
  // The spec's client sends the refresh token in the authorization header: a header, never logged.
  const refreshed = await ok(app, { method: 'POST', url: '/api/refresh', headers: { authorization: refreshToken } });
  remember('a refreshed access token', refreshed.json<{ authorization: string }>().authorization);
  const rotated = remember('a rotated refresh token', setCookiesOf(refreshed).find((c) => c.name === 'refreshToken')?.value);
  // A replayed token is refused and logged as such, without itself.
  expect((await app.inject({ method: 'POST', url: '/api/refresh', cookies: { refreshToken } })).statusCode).toBe(401);
  await ok(app, { method: 'POST', url: '/api/logout', headers: { refreshtoken: rotated } });

  const resetPassword = remember('a new password', 'Lotus@Reset82');
  await ok(app, { method: 'POST', url: '/api/verifyemail', payload: { email } });
  const resetCode = remember('a password reset code', await latestOtp(app, email));
  await ok(app, {
    method: 'POST',
    url: '/api/verifyotppassword',
    payload: { email, otp: resetCode, password: resetPassword, confirmPassword: resetPassword },
  });

  const admin = await ok(app, { method: 'POST', url: '/api/loginapi', payload: { email: app.config.admin!.email, password: adminPassword } });
  const adminToken = remember("the admin's access token", admin.json<{ authorization: string }>().authorization);
  await ok(app, { method: 'GET', url: '/api/getuserneverpurchase', headers: { authorization: adminToken } });
}

/** A guest's session, bag, checkout with its code, the sandbox card payment and its verification. */
async function guestPurchase(app: FastifyInstance): Promise<void> {
  const product = await aProduct(app.db, { stock: 5 });
  const session = await ok(app, { method: 'GET', url: '/api/getSessionId' });
  const { sessionId, accessToken } = session.json<{ sessionId: string; accessToken: string }>();
  remember('a guest session id', sessionId);
  remember('a guest access token', accessToken);
  remember("a guest's refresh token", setCookiesOf(session).find((c) => c.name === 'refreshToken')?.value);
  const asGuest = { authorization: accessToken };

  await ok(app, { method: 'POST', url: '/api/createusercart', headers: asGuest, payload: { productExtId: product.externalId, sessionId } });
  await ok(app, { method: 'GET', url: `/api/guest/${sessionId}/cart`, headers: asGuest });
  const email = newEmail();
  const guest = { sessionId, authorization: accessToken, refreshToken: '' };
  const created = await ok(app, { method: 'POST', url: '/api/createguestcheckout', headers: asGuest, payload: aGuestCheckoutBody(guest, email) });
  const userExtId = created.json<{ userExtId: string }>().userExtId;
  const code = remember('a guest checkout code', await latestOtp(app, email));
  await ok(app, { method: 'POST', url: '/api/verifyotp', headers: asGuest, payload: { email, otp: code } });
  const addresses = await ok(app, { method: 'GET', url: `/api/getguestuseraddress?id=${sessionId}`, headers: asGuest });

  const invoice = await ok(app, {
    method: 'POST',
    url: `/api/user/${userExtId}/checkoutinvoice`,
    headers: asGuest,
    payload: { addressId: addresses.json<{ id: number }[]>()[0]!.id, deliveries: [await firstChoice(app, 'courier')] },
  });
  const card = remember('a card number', '4111 1111 1111 1111');
  const paid = await ok(app, {
    method: 'POST',
    url: '/api/payment/sandbox/pay',
    payload: { orderId: invoice.json<{ orderValueId: string }>().orderValueId, cardNumber: card, expiry: '12/30', cvv: '123' },
  });
  const payment = paid.json<{ razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }>();
  remember('a payment signature', payment.razorpay_signature);
  await ok(app, { method: 'POST', url: '/api/payment/verify', headers: asGuest, payload: payment });
}

/** A mail server that turns the shop's login down: nodemailer's error is logged. */
async function refusingSmtp(): Promise<{ port: number; close: () => Promise<void> }> {
  const server = new SMTPServer({
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (_auth, _session, callback) => callback(new Error('Invalid username or password')),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Sends a raw request over a real connection; its status. */
async function overSizeRequest(app: FastifyInstance, headers: Record<string, string>): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return new Promise<number>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: '/api/health', headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Runs with TEST_DATABASE_URL carrying a password (trust authentication ignores it, the URL still holds it). */
async function withDatabasePassword<T>(run: () => Promise<T>): Promise<T> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return run();
  const withPassword = new URL(serverUrl);
  withPassword.password = databasePassword;
  process.env.TEST_DATABASE_URL = withPassword.toString();
  try {
    return await run();
  } finally {
    process.env.TEST_DATABASE_URL = serverUrl;
  }
}

/** Failing mail, a failing payment provider, a signed webhook and a failed query, with secrets configured. */
async function failuresWithSecrets(): Promise<void> {
  const smtp = await refusingSmtp();
  const razorpayDown = await closedPort();
  try {
    const app = await withDatabasePassword(() =>
      loggingApp({
        smtpUrl: `smtp://shopmailer:${smtpPassword}@127.0.0.1:${smtp.port}`,
        shop: { ...defaultShop, email: 'shop@petals.test' },
        payment: {
          provider: 'razorpay',
          razorpayKeyId: 'rzp_test_LogCheck123',
          razorpayKeySecret,
          razorpayWebhookSecret,
          razorpayBaseUrl: `http://127.0.0.1:${razorpayDown}`,
        },
      }),
    );
    // The shop's mail server refuses the login: the contact message is kept, the code mail is a 503.
    await ok(app, { method: 'POST', url: '/api/contactapi', payload: { fullName: 'Asha Raman', userEmail: newEmail(), phoneNumber: '9876543210', message: 'Hello' } });
    const signUp = await app.inject({ method: 'POST', url: '/api/createuser', payload: { firstName: 'Meera', lastName: 'Iyer', email: newEmail(), mobileNumber: '9123456780' } });
    expect(signUp.statusCode).toBe(503);

    // Razorpay cannot be reached: the invoice fails and says so in the log.
    const user = await aUser(app);
    const headers = signedInAs(app, user);
    const product = await aProduct(app.db, { stock: 5 });
    await ok(app, { method: 'POST', url: '/api/createusercart', headers, payload: { productExtId: product.externalId, userId: user.externalId } });
    const address = await ok(app, { method: 'POST', url: '/api/createlogincheckout', headers, payload: { ...anAddressBody(), userId: user.externalId } });
    const invoice = await app.inject({
      method: 'POST',
      url: `/api/user/${user.externalId}/checkoutinvoice`,
      headers,
      payload: { addressId: address.json<{ id: number }>().id },
    });
    expect(invoice.statusCode).toBeGreaterThanOrEqual(400);

    const event = JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: { id: 'pay_LogCheck000001', order_id: 'order_LogCheck00001' } } } });
    const signature = remember('a webhook signature', createHmac('sha256', razorpayWebhookSecret).update(event).digest('hex'));
    await app.inject({ method: 'POST', url: '/api/payment/webhook', headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature }, payload: event });

    // A failed query names its parameters in its message; logged as an error, they must not show.
    const mailText = remember("a failed query's parameter (a mail's text)", 'Your code is 735102, valid 10 minutes');
    const failure = await app.db.execute(sql`select ${mailText}::int`).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    app.log.error({ err: failure }, 'a query failed');

    // A request Node cannot parse (a header over its size limit) is logged at trace level with its raw bytes.
    const bearer = remember('an access token in an unparsable request', `Bearer ${'t'.repeat(20)}UnparsableRequestToken`);
    expect(await overSizeRequest(app, { authorization: bearer, 'x-padding': 'p'.repeat(32 * 1024) })).toBe(431);
  } finally {
    await smtp.close();
  }
}

/** Where in the log a secret appears (codes only as a whole number, not inside a longer one such as a timestamp). */
function leaks(log: string): string[] {
  const found: string[] = [];
  for (const [secret, what] of secrets) {
    const pattern = /^\d{6}$/.test(secret)
      ? new RegExp(`(?<![0-9A-Za-z.])${secret}(?![0-9A-Za-z])`)
      : new RegExp(secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    const match = pattern.exec(log);
    if (match) found.push(`${what}: …${log.slice(Math.max(0, match.index - 120), match.index + secret.length + 40)}…`);
  }
  return found;
}

describe('the log', () => {
  it('never holds a password, code, token, signature, guest session id or configured secret', async () => {
    const app = await loggingApp({ admin: { email: 'owner@petals.test', password: adminPassword } });
    await accountFlows(app);
    await guestPurchase(app);
    await failuresWithSecrets();

    const log = logs.map((capture) => capture.text).join('\n');
    // The capture works: requests, refusals, the outbox and every failure above were logged.
    for (const expected of [
      'request completed',
      'request refused',
      '/dev/mailbox',
      'a one-time code could not be mailed',
      'a query failed',
      'client header_overflow',
    ]) {
      expect(log, `the log should mention "${expected}"`).toContain(expected);
    }
    // Raw request bytes would hold cookies and tokens as numbers, out of reach of the text search below.
    expect(log).not.toContain('rawPacket');
    expect(apps.every((each) => each.log.level === 'trace')).toBe(true);
    expect(secrets.size).toBeGreaterThan(20);
    expect(leaks(log)).toEqual([]);
  }, 120_000);

  it("tells a developer where the dev outbox's mail is, without its code", async () => {
    const messages = logs[0]!.text
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg?: string })
      .map((line) => line.msg ?? '');
    const sent = messages.filter((message) => message.startsWith('[outbox]'));
    expect(sent).toContainEqual(expect.stringMatching(/^\[outbox\] a mail to log-check-\S+@example\.in \("Your sign-up code · Petals & Stems"\) is waiting at http:\/\/localhost:3000\/dev\/mailbox\?to=log-check-/));
    for (const message of sent) expect(message).toMatch(/^\[outbox\] a mail to \S+ \(".+"\) is waiting at http:\/\/localhost:3000\/dev\/mailbox\?to=\S+$/);
  });
});
