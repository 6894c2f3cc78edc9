/**
 * Every limit, counted in this process and, with REDIS_URL, in Redis (skipped, with the reason printed, when nothing
 * answers at TEST_REDIS_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { defaultRateLimits } from '../../server/config';
import { buildTestApp } from './helpers/app';
import { aUser } from './helpers/auth';
import { redisAnswers, scratchKeyPrefix, testRedisUrl } from './helpers/redis';

const redisUp = await redisAnswers();
if (!redisUp) console.warn(`auth-rate-limits.test.ts: the Redis run is skipped: nothing answers at ${testRedisUrl} (TEST_REDIS_URL).`);

const countedIn = [{ where: 'this process', redis: false }, ...(redisUp ? [{ where: 'Redis', redis: true }] : [])];

describe.each(countedIn)('rate limits counted in $where', ({ redis }) => {
  let app: FastifyInstance;
  let address = 0;
  const nextIp = () => `10.9.0.${(address += 1)}`;
  const post = (url: string, payload: object, remoteAddress: string) =>
    app.inject({ method: 'POST', url: `/api/${url}`, payload, remoteAddress });
  const scratch = scratchKeyPrefix();

  beforeAll(async () => {
    app = await buildTestApp({
      ...(redis ? { redisUrl: testRedisUrl, redisKeyPrefix: scratch.prefix } : {}),
      rateLimits: {
        ...defaultRateLimits,
        signInPerIpPerMinute: 3,
        signInPerEmailPerMinute: 2,
        otpSendPerIpPerMinute: 2,
        otpSendPerEmailPerHour: 2,
        otpCheckPerIpPerMinute: 3,
        otpCheckPerEmailPerMinute: 2,
        emailCheckPerIpPerMinute: 2,
      },
    });
  });
  afterAll(async () => {
    await app.close();
    if (redis) await scratch.clear();
  });

  const tooMany = { message: expect.stringMatching(/^Too many requests\. Please try again in /), code: 'TOO_MANY_REQUESTS' };

  describe('rate limits', () => {
    it('limits sign-in attempts per address', async () => {
      const ip = nextIp();
      const codes = [];
      for (let i = 0; i < 4; i += 1) {
        codes.push((await post('loginapi', { email: `someone${i}@example.in`, password: 'Wrong@123' }, ip)).statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
      const limited = await post('loginapi', { email: 'x@example.in', password: 'Wrong@123' }, ip);
      expect(limited.json()).toEqual(tooMany);
    });

    it('limits sign-in attempts per e-mail even from many addresses, even with the right password then', async () => {
      const user = await aUser(app);
      expect((await post('loginapi', { email: user.email, password: 'Wrong@123' }, nextIp())).statusCode).toBe(401);
      expect((await post('loginapi', { email: user.email, password: 'Wrong@123' }, nextIp())).statusCode).toBe(401);
      const limited = await post('loginapi', { email: user.email.toUpperCase(), password: user.password! }, nextIp());
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual(tooMany);
      // Another account is not affected.
      const other = await aUser(app);
      expect((await post('loginapi', { email: other.email, password: other.password! }, nextIp())).statusCode).toBe(200);
    });

    it('limits code checks per e-mail across addresses', async () => {
      const email = 'guesser-target@example.in';
      const codes = [];
      for (let i = 0; i < 3; i += 1) codes.push((await post('verifyotp', { email, otp: '123456' }, nextIp())).statusCode);
      expect(codes).toEqual([400, 400, 429]);
    });

    it('limits code checks per address', async () => {
      const ip = nextIp();
      const codes = [];
      for (let i = 0; i < 4; i += 1) {
        codes.push((await post('verifyotppassword', { email: `r${i}@example.in`, otp: '123456', password: 'Newer@123', confirmPassword: 'Newer@123' }, ip)).statusCode);
      }
      expect(codes).toEqual([400, 400, 400, 429]);
    });

    it('limits code mails per address', async () => {
      const ip = nextIp();
      const codes = [];
      for (let i = 0; i < 3; i += 1) {
        codes.push((await post('createuser', { firstName: 'Meera', lastName: 'Iyer', email: `new${i}@example.in`, mobileNumber: '9123456780' }, ip)).statusCode);
      }
      expect(codes).toEqual([200, 200, 429]);
    });

    it('limits code mails per e-mail across addresses, sign-up and reset codes counted together', async () => {
      const email = `mailbomb-target-${Date.now()}@example.in`;
      const signUp = await post('createuser', { firstName: 'Meera', lastName: 'Iyer', email, mobileNumber: '9123456780' }, nextIp());
      expect(signUp.statusCode).toBe(200);
      expect((await post('verifyemail', { email }, nextIp())).statusCode).toBe(200);
      // A third code mail within the hour, from yet another address and for another purpose: refused, and not mailed.
      const limited = await post('verifyemail', { email: email.toUpperCase() }, nextIp());
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual(tooMany);
      const mails = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
      expect(mails.json<unknown[]>()).toHaveLength(2);
    });

    it('limits reset-code mails per address', async () => {
      const ip = nextIp();
      const codes = [];
      for (let i = 0; i < 3; i += 1) codes.push((await post('verifyemail', { email: `reset${i}@example.in` }, ip)).statusCode);
      expect(codes).toEqual([404, 404, 429]);
    });

    it('limits reset-code checks per e-mail across addresses', async () => {
      const body = { email: 'reset-target@example.in', otp: '123456', password: 'Newer@123', confirmPassword: 'Newer@123' };
      const codes = [];
      for (let i = 0; i < 3; i += 1) codes.push((await post('verifyotppassword', body, nextIp())).statusCode);
      expect(codes).toEqual([400, 400, 429]);
    });

    it('limits sign-up code checks and first passwords per address', async () => {
      for (const [url, body] of [
        ['verifyotp', (i: number) => ({ email: `v${i}@example.in`, otp: '123456' })],
        ['createpassword', (i: number) => ({ email: `p${i}@example.in`, password: 'Flower@1' })],
      ] as const) {
        const ip = nextIp();
        const codes = [];
        for (let i = 0; i < 4; i += 1) codes.push((await post(url, body(i), ip)).statusCode);
        expect(codes.slice(3), url).toEqual([429]);
        expect(codes.slice(0, 3).every((code) => code === 400 || code === 403), `${url}: ${codes.join(', ')}`).toBe(true);
      }
    });

    it('limits e-mail checks per address', async () => {
      const ip = nextIp();
      const codes = [];
      for (let i = 0; i < 3; i += 1) codes.push((await post('checkemailpresent', { email: `c${i}@example.in` }, ip)).statusCode);
      expect(codes).toEqual([200, 200, 429]);
    });

    if (redis) {
      it("counted every one of them in Redis, under the shop's key prefix", async () => {
        const keys = await scratch.keys();
        const routes = ['loginapi', 'verifyotp', 'verifyotppassword', 'createuser', 'verifyemail', 'createpassword', 'checkemailpresent'];
        for (const route of routes) expect(keys.some((key) => key.includes(`/api/${route}-`)), route).toBe(true);
        for (const perEmail of ['signin|', 'otp-send|', 'otp-check|']) expect(keys.some((key) => key.includes(perEmail)), perEmail).toBe(true);
        expect(keys.every((key) => key.startsWith(`${scratch.prefix}rate-limit:`))).toBe(true);
      });
    }
  });
});
