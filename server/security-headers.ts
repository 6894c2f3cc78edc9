/**
 * Helmet's security headers with the shop's options, computed once. @fastify/helmet builds helmet's middleware again
 * on every request (parsing every CSP directive each time: about 8 % of the server's CPU on a cached catalogue read
 * under load, measured with --cpu-prof), although here the headers never differ between requests: no route has its
 * own helmet options and no nonces are used. So they are read once from @fastify/helmet itself, on a probe request
 * to a throwaway instance, and every reply gets exactly those.
 */
import Fastify from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyHelmetOptions } from '@fastify/helmet';

/** Headers any reply has, with or without helmet: not part of what helmet adds. */
const transportHeaders = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

export async function securityHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  try {
    await probe.register(fastifyHelmet, options);
    probe.get('/', async () => '');
    const response = await probe.inject({ method: 'GET', url: '/' });
    return Object.fromEntries(
      Object.entries(response.headers)
        .filter(([name, value]) => !transportHeaders.has(name) && value !== undefined)
        .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]),
    );
  } finally {
    await probe.close();
  }
}
