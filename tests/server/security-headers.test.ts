/**
 * The security headers are computed once and set on every reply: exactly what @fastify/helmet itself sends with the
 * shop's options, on API answers, refusals and unknown paths alike.
 */
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../server/app';
import { testConfig } from '../../server/config';
import { buildTestApp } from './helpers/app';

let app: FastifyInstance;
let reference: Record<string, string>;

/** What @fastify/helmet, registered the usual way with the shop's options, puts on an answer. */
async function helmetReference(): Promise<Record<string, string>> {
  const plain = Fastify({ logger: false });
  await plain.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(testConfig().payment) },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  plain.get('/', async () => 'ok');
  const res = await plain.inject({ method: 'GET', url: '/' });
  await plain.close();
  const ignored = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  return Object.fromEntries(Object.entries(res.headers).filter(([name]) => !ignored.has(name)).map(([name, value]) => [name, String(value)]));
}

beforeAll(async () => {
  app = await buildTestApp();
  reference = await helmetReference();
});
afterAll(async () => {
  await app.close();
});

describe('security headers', () => {
  it('are the ones @fastify/helmet sends, on an answer, a refusal and an unknown path', async () => {
    expect(reference['content-security-policy']).toContain("default-src 'self'");
    expect(reference['strict-transport-security']).toBeTruthy();
    for (const request of [
      { method: 'GET' as const, url: '/api/payment/key' },
      { method: 'GET' as const, url: '/api/user/u_nobody/cart' },
      { method: 'GET' as const, url: '/api/no-such-route' },
    ]) {
      const res = await app.inject(request);
      for (const [name, value] of Object.entries(reference)) expect(res.headers[name], `${name} on ${request.url}`).toBe(value);
    }
  });
});
