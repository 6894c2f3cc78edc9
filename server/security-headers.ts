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
 * 619 on each API answer, and less time for Node to check them (docs/performance.md, "Security headers by kind of
 * answer").
 */
import Fastify from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import { zodCompilers } from './schema-compilers';

/** Headers any reply has, with or without helmet: not part of what helmet adds. */
const transportHeaders = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

type HeaderSet = Readonly<Record<string, string>>;

/** The security headers of an answer, by its status and content type; none for a 304. */
export type SecurityHeaders = (statusCode: number, contentType: unknown) => HeaderSet | null;

/** Nothing may run in, load into or frame an answer that is not a page. */
export const answerContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'";

/** Of helmet's headers, those that apply to an answer that is not a document. */
const answerHeaderNames = ['strict-transport-security', 'x-content-type-options', 'x-frame-options', 'cross-origin-resource-policy'];

export async function securityHeaders(options: FastifyHelmetOptions): Promise<SecurityHeaders> {
  const document: HeaderSet = await helmetHeaders(options);
  const answer: HeaderSet = {
    'content-security-policy': answerContentSecurityPolicy,
    ...Object.fromEntries(answerHeaderNames.filter((name) => name in document).map((name) => [name, document[name]!])),
  };
  return (statusCode, contentType) => {
    // A 304 has no content type to tell a page by, and browsers update the copy they keep with its headers: without
    // any, a page keeps its own.
    if (statusCode === 304) return null;
    return typeof contentType === 'string' && contentType.startsWith('text/html') ? document : answer;
  };
}

async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false, schemaController: { compilersFactory: zodCompilers } });
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
