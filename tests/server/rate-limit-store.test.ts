/**
 * Rate limits in Redis (REDIS_URL): two apps share one budget per e-mail and per address; a Redis that does not answer
 * at start stops the app with a message naming REDIS_URL; a Redis lost while running lets requests through unlimited
 * (never a 5xx), logged once, until it is back and counting is shared again. The Redis cases need one (TEST_REDIS_URL, default 127.0.0.1:6379) and
 * are skipped, with the reason printed, when nothing answers there.
 */
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { defaultRateLimits } from '../../server/config';
import type { RateLimits } from '../../server/config';
import { buildTestApp } from './helpers/app';
import { redisAnswers, redisRelay, scratchKeyPrefix, testRedisUrl } from './helpers/redis';
import { closedPort } from './helpers/smtp';

const redisUp = await redisAnswers();
if (!redisUp) console.warn(`rate-limit-store.test.ts: the Redis cases are skipped: nothing answers at ${testRedisUrl} (TEST_REDIS_URL).`);

/** Small limits: 2 sign-in attempts per address and 3 per e-mail in a minute. */
const limits: RateLimits = { ...defaultRateLimits, signInPerIpPerMinute: 2, signInPerEmailPerMinute: 3 };
let address = 0;
/** A wrong-password sign-in, by default from an address of its own so that only the per-e-mail limit can answer. */
const signIn = (app: FastifyInstance, email: string, remoteAddress = `10.20.${Math.floor(address / 250)}.${(address++ % 250) + 1}`) =>
  app.inject({ method: 'POST', url: '/api/loginapi', payload: { email, password: 'Wrong@123' }, remoteAddress });
const statuses = async (app: FastifyInstance, emails: string[]) => {
  const codes: number[] = [];
  for (const email of emails) codes.push((await signIn(app, email)).statusCode);
  return codes;
};
const unique = (name: string) => `${name}-${Date.now()}-${address}@example.in`;

describe('REDIS_URL at start', () => {
  it('stops the app with a message naming REDIS_URL and where, never the password in it', async () => {
    const port = await closedPort();
    const start = buildTestApp({ redisUrl: `redis://:s3cret-pw@127.0.0.1:${port}` });
    await expect(start).rejects.toThrow(`REDIS_URL: Redis at 127.0.0.1:${port} did not answer`);
    await expect(start).rejects.not.toThrow(/s3cret-pw/);
  });
});

describe.skipIf(!redisUp)('rate limits counted in Redis', { timeout: 90_000 }, () => {
  const scratch = scratchKeyPrefix();
  const anApp = (redisUrl = testRedisUrl) => buildTestApp({ redisUrl, redisKeyPrefix: scratch.prefix, rateLimits: limits });
  afterAll(async () => {
    await scratch.clear();
  });

  describe('two apps on one Redis', () => {
    let a: FastifyInstance;
    let b: FastifyInstance;
    beforeAll(async () => {
      a = await anApp();
      b = await anApp();
    });
    afterAll(async () => {
      await Promise.all([a?.close(), b?.close()]);
    });

    it('share one budget per e-mail', async () => {
      const email = unique('shared');
      const codes: number[] = [];
      for (const app of [a, b, a, b, a]) codes.push((await signIn(app, email)).statusCode);
      expect(codes).toEqual([401, 401, 401, 429, 429]);
      const refused = await signIn(b, email);
      expect(refused.json()).toEqual({ message: expect.stringMatching(/^Too many requests\. Please try again in /), code: 'TOO_MANY_REQUESTS' });
    });

    it('share one budget per address, under the shop\'s key prefix', async () => {
      const codes: number[] = [];
      for (const app of [a, b, a]) codes.push((await signIn(app, unique('someone'), '10.30.0.1')).statusCode);
      expect(codes).toEqual([401, 401, 429]);

      const keys = await scratch.keys();
      expect(keys.filter((key) => key.includes('/api/loginapi') && key.endsWith('10.30.0.1'))).toHaveLength(1);
      expect(keys.every((key) => key.startsWith(`${scratch.prefix}rate-limit:`))).toBe(true);
    });
  });

  const apps: FastifyInstance[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  it('lets requests through while Redis is away, never failing one, and counts there again once it is back', async () => {
    const relay = await redisRelay();
    const logged: string[] = [];
    const logStream = new Writable({
      write(line, _encoding, done) {
        logged.push(String(line));
        done();
      },
    });
    try {
      const app = await buildTestApp({ redisUrl: relay.url, redisKeyPrefix: scratch.prefix, rateLimits: limits, logLevel: 'info' }, { logStream });
      apps.push(app);
      const before = unique('before');
      expect(await statuses(app, [before])).toEqual([401]);

      await relay.cut();
      const during = unique('during');
      expect(await statuses(app, [during, during, during, during, during])).toEqual([401, 401, 401, 401, 401]);
      const warnings = logged.filter((line) => line.includes('rate limits: Redis does not answer'));
      expect(warnings).toHaveLength(1);
      expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40 });

      await relay.restore();
      // Until the app has reconnected its requests count locally; a key under the prefix shows Redis counts again.
      const probe = unique('probe');
      const deadline = Date.now() + 15_000;
      while (!(await scratch.keys()).some((key) => key.endsWith(probe)) && Date.now() < deadline) {
        expect([401, 429]).toContain((await signIn(app, probe)).statusCode);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // The attempt made before the outage still counts: Redis kept it, so one more try is allowed, then none.
      expect(await statuses(app, [before, before, before])).toEqual([401, 401, 429]);
      expect(logged.filter((line) => line.includes('rate limits: Redis answers again'))).toHaveLength(1);
    } finally {
      await relay.close();
    }
  });

  it('closes its Redis connection on app.close()', async () => {
    const relay = await redisRelay();
    try {
      const app = await anApp(relay.url);
      expect(relay.connections()).toBe(1);
      await app.close();
      await expect.poll(() => relay.connections()).toBe(0);
    } finally {
      await relay.close();
    }
  });
});
