/**
 * Helmet's security headers with the shop's options, computed once. @fastify/helmet builds helmet's middleware again
 * on every request (parsing every CSP directive each time: about 8 % of the server's CPU on a cached catalogue read
 * under load, measured with --cpu-prof), although here the headers never differ between requests: no route has its
 * own helmet options and no nonces are used. So they are read once from @fastify/helmet itself, on a probe request
 * to a throwaway instance, and every document (an HTML page) gets exactly those.
 *
 * Most of them only mean something for a document a browser renders: the page's CSP, the opener and origin-cluster
 * policies, the referrer policy, the legacy XSS, DNS-prefetch and download switches. Every other answer (JSON, a
 * picture, a script, a font, a redirect) gets what still applies to it, as OWASP's REST security cheat sheet lists: a
 * CSP that allows nothing, so that an answer opened as a page can neither run nor load anything, nor be framed; and
 * helmet's HSTS, nosniff, frame and cross-origin-resource headers. That is 5 headers of 238 bytes instead of 12 of
 * 619 on each API answer, and less time for Node to check them (docs/performance.md, "Security headers by kind of answer").
 */
import Fastify from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyHelmetOptions } from '@fastify/helmet';

/** Headers any reply has, with or without helmet: not part of what helmet adds. */
const transportHeaders = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

export type HeaderSet = Readonly<Record<string, string>>;

export interface SecurityHeaders {
  /** For an HTML page: exactly what @fastify/helmet sends with the shop's options. */
  document: HeaderSet;
  /** For every other answer. */
  answer: HeaderSet;
}

/** Nothing may run in, load into or frame an answer that is not a page. */
export const answerContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'";

/** Of helmet's headers, those that apply to an answer that is not a document. */
const answerHeaderNames = ['strict-transport-security', 'x-content-type-options', 'x-frame-options', 'cross-origin-resource-policy'];

export async function securityHeaders(options: FastifyHelmetOptions): Promise<SecurityHeaders> {
  const document = await helmetHeaders(options);
  const answer = Object.fromEntries(answerHeaderNames.filter((name) => name in document).map((name) => [name, document[name]!]));
  return { document, answer: { 'content-security-policy': answerContentSecurityPolicy, ...answer } };
}

/** Whether an answer is an HTML page, by the content type it is sent with. */
export function isDocument(contentType: unknown): boolean {
  return typeof contentType === 'string' && contentType.startsWith('text/html');
}

async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
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
