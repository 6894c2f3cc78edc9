// The CSP follows the payment provider: Razorpay's checkout.js, its frames, calls and images are allowed only while
// razorpay is the provider; with the built-in sandbox the shop loads nothing from outside its own origin.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../../server/config';
import { buildTestApp } from './helpers/app';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const razorpay: Config['payment'] = {
  provider: 'razorpay',
  razorpayKeyId: 'rzp_test_Csp123',
  razorpayKeySecret: 'razorpay-test-secret',
  razorpayWebhookSecret: null,
};

/** The CSP header of a page (the API's docs page, which gets every page's headers), as directive → sources. */
async function policyOf(payment?: Config['payment']): Promise<Map<string, string[]>> {
  app = await buildTestApp(payment ? { payment } : {});
  const res = await app.inject({ method: 'GET', url: '/api/docs/', headers: { accept: 'text/html' } });
  expect(res.statusCode).toBe(200);
  const header = res.headers['content-security-policy'];
  expect(typeof header).toBe('string');
  return new Map(
    (header as string)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('content security policy', () => {
  it('allows only the shop itself with the sandbox provider', async () => {
    const policy = await policyOf();
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    // No frame-src: frames fall back to default-src 'self'.
    expect(policy.has('frame-src')).toBe(false);
    expect([...policy.values()].flat().some((source) => source.includes('razorpay'))).toBe(false);
  });

  it("allows Razorpay's checkout.js, its frames, calls and images with the razorpay provider", async () => {
    const policy = await policyOf(razorpay);
    expect((await app!.inject({ method: 'GET', url: '/api/payment/key' })).json()).toEqual({ key: 'rzp_test_Csp123' });
    expect(policy.get('script-src')).toEqual(["'self'", 'https://checkout.razorpay.com']);
    expect(policy.get('frame-src')).toEqual(['https://api.razorpay.com', 'https://checkout.razorpay.com']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://api.razorpay.com', 'https://lumberjack.razorpay.com']);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.razorpay.com']);
    // Everything else stays as strict as with the sandbox.
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('script-src')!.some((source) => source.includes('unsafe'))).toBe(false);
  });
});
