/**
 * Security headers by @fastify/helmet, chosen for each answer once its content type is known. A page (an HTML answer)
 * gets helmet's whole set with the shop's CSP. Every other answer (JSON, a picture, a script, a font, a redirect) gets
 * what still applies to it, as OWASP's REST security cheat sheet lists: a CSP that allows nothing, so that an answer
 * opened as a page can neither run nor load anything, nor be framed; and helmet's HSTS, nosniff, frame and
 * cross-origin-resource headers. A 304 gets none: it has no content type to tell a page by, and browsers update the
 * copy they keep with its headers, so without any a page keeps its own.
 */
import fastifyHelmet from '@fastify/helmet';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { usesRazorpay } from './modules/payments/create-provider';

/** Where Razorpay's checkout.js loads from and what it frames, calls and shows (its own dialog, DESIGN.md §4). */
export const razorpayCheckoutSources = {
  scriptSrc: ['https://checkout.razorpay.com'],
  frameSrc: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connectSrc: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
  imgSrc: ['https://cdn.razorpay.com'],
} as const;

/**
 * A page's CSP: same-origin only, except Razorpay's checkout while razorpay is the payment provider; with the sandbox
 * the shop loads nothing from outside. Chakra UI (emotion) injects style elements, hence 'unsafe-inline' for styles.
 */
export function contentSecurityPolicy(payment: Config['payment']): Record<string, string[]> {
  const razorpay = usesRazorpay(payment);
  const plus = (key: keyof typeof razorpayCheckoutSources) => (razorpay ? [...razorpayCheckoutSources[key]] : []);
  return {
    defaultSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...plus('imgSrc')],
    styleSrc: ["'self'", "'unsafe-inline'"],
    scriptSrc: ["'self'", ...plus('scriptSrc')],
    connectSrc: ["'self'", ...plus('connectSrc')],
    ...(razorpay ? { frameSrc: plus('frameSrc') } : {}),
    fontSrc: ["'self'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
  };
}

/** What a page gets: helmet's defaults with the shop's CSP; images and fonts are same-origin, so CORP is too. */
function pageHelmetOptions(payment: Config['payment']): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(payment) },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  };
}

/** Over a page's options for every other answer: nothing may run in, load into or frame it; no page-only headers. */
const answerHelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
} as const;

export async function registerSecurityHeaders(app: FastifyInstance, payment: Config['payment']): Promise<void> {
  // Not global: helmet's own hook runs as a request arrives, before its answer's content type is known.
  await app.register(fastifyHelmet, { global: false, ...pageHelmetOptions(payment) });
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode === 304) return;
    const contentType = reply.getHeader('content-type');
    const isPage = typeof contentType === 'string' && contentType.startsWith('text/html');
    reply.helmet(isPage ? undefined : answerHelmetOptions);
  });
}
