/**
 * The security headers of every reply: on a page, exactly what helmet's middleware sends with the shop's options on a
 * plain Node server; on every other answer (API answers, refusals, unknown paths, files), a CSP that allows nothing and
 * helmet's headers that still apply to it, none of the page-only ones; on a 304, none. With Razorpay as the provider a
 * page lets its popups (3-D Secure, netbanking) keep their opener.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, InjectOptions } from 'fastify';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../server/security-headers';
import { testConfig } from '../../server/config';
import { buildTestApp } from './helpers/app';

let app: FastifyInstance;
let reference: Record<string, string>;

/** What helmet's middleware, used the usual way on a Node server with the shop's options, puts on an answer. */
async function helmetReference(): Promise<Record<string, string>> {
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(testConfig().payment) },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  const plain = createServer((request, response) => middleware(request, response, () => response.end('ok')));
  await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(plain.address() as AddressInfo).port}/`);
    const ignored = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);
    return Object.fromEntries([...res.headers].filter(([name]) => !ignored.has(name)));
  } finally {
    plain.closeAllConnections();
    await new Promise((resolve) => plain.close(resolve));
  }
}

beforeAll(async () => {
  app = await buildTestApp();
  reference = await helmetReference();
});
afterAll(async () => {
  await app.close();
});

const docsPage: InjectOptions = { method: 'GET', url: '/api/docs/', headers: { accept: 'text/html' } };

describe('Cross-Origin-Opener-Policy', () => {
  it("is same-origin on the sandbox's pages, and same-origin-allow-popups with Razorpay, whose checkout opens popups", async () => {
    expect((await app.inject(docsPage)).headers['cross-origin-opener-policy']).toBe('same-origin');
    const razorpay = await buildTestApp({
      payment: { provider: 'razorpay', razorpayKeyId: 'rzp_test_Coop123', razorpayKeySecret: 'razorpay-test-secret', razorpayWebhookSecret: null },
    });
    try {
      const page = await razorpay.inject(docsPage);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
      // Not a page: no opener policy, whichever the provider.
      expect((await razorpay.inject({ method: 'GET', url: '/api/payment/key' })).headers['cross-origin-opener-policy']).toBeUndefined();
    } finally {
      await razorpay.close();
    }
  });
});

describe('security headers', () => {
  it("are the ones helmet sends on a page (the API's docs page)", async () => {
    expect(reference['content-security-policy']).toContain("default-src 'self'");
    expect(reference['strict-transport-security']).toBeTruthy();
    const res = await app.inject({ method: 'GET', url: '/api/docs/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    for (const [name, value] of Object.entries(reference)) expect(res.headers[name], name).toBe(value);
  });

  it('allow nothing to run, load or frame in any other answer: an answer, a refusal, an unknown path, a file', async () => {
    const pageOnly = ['referrer-policy', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection', 'x-dns-prefetch-control'];
    for (const name of pageOnly) expect(reference[name], name).toBeTruthy();
    for (const request of [
      { method: 'GET' as const, url: '/api/payment/key' },
      { method: 'GET' as const, url: '/api/user/u_nobody/cart' },
      { method: 'GET' as const, url: '/api/no-such-route' },
      { method: 'GET' as const, url: '/api/docs/json' },
    ]) {
      const res = await app.inject(request);
      expect(res.headers['content-type'], request.url).not.toMatch(/^text\/html/);
      expect(res.headers['content-security-policy'], request.url).toBe("default-src 'none';frame-ancestors 'none'");
      for (const name of ['strict-transport-security', 'x-content-type-options', 'x-frame-options', 'cross-origin-resource-policy']) {
        expect(res.headers[name], `${name} on ${request.url}`).toBe(reference[name]);
      }
      for (const name of pageOnly) expect(res.headers[name], `${name} on ${request.url}`).toBeUndefined();
    }
  });

  it('leave a 304 without any, so that the copy a browser keeps (a page too) keeps its own', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/categoryheader' });
    const again = await app.inject({ method: 'GET', url: '/api/categoryheader', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    for (const name of Object.keys(reference)) expect(again.headers[name], name).toBeUndefined();
  });
});
