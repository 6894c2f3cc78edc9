/**
 * Security headers by helmet, chosen for each answer once its content type is known. A page (an HTML answer)
 * gets helmet's whole set with the shop's CSP. Every other answer (JSON, a picture, a script, a font, a redirect) gets
 * what still applies to it, as OWASP's REST security cheat sheet lists: a CSP that allows nothing, so that an answer
 * opened as a page can neither run nor load anything, nor be framed; and helmet's HSTS, nosniff, frame and
 * cross-origin-resource headers. A 304 gets none: it has no content type to tell a page by, and browsers update the
 * copy they keep with its headers, so without any a page keeps its own.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { HelmetOptions } from 'helmet';
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

/**
 * A page's Cross-Origin-Opener-Policy: helmet's same-origin, except with Razorpay, whose checkout opens popups (3-D
 * Secure, netbanking, wallets) that must keep their opener to hand the payment back.
 */
export function crossOriginOpenerPolicy(payment: Config['payment']) {
  return { policy: usesRazorpay(payment) ? 'same-origin-allow-popups' : 'same-origin' } as const;
}

/** What a page gets: helmet's defaults with the shop's CSP and COOP; images and fonts are same-origin, so CORP is too. */
function pageHelmetOptions(payment: Config['payment']) {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(payment) },
    crossOriginOpenerPolicy: crossOriginOpenerPolicy(payment),
    crossOriginResourcePolicy: { policy: 'same-origin' },
  } satisfies HelmetOptions;
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

export function registerSecurityHeaders(app: FastifyInstance, payment: Config['payment']): void {
  const pageOptions = pageHelmetOptions(payment);
  const pageHeaders = helmetHeaders(pageOptions);
  const answerHeaders = helmetHeaders({ ...pageOptions, ...answerHelmetOptions });
  // On sending, not as the request arrives: only then is the answer's content type known.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (reply.statusCode !== 304) {
      const contentType = reply.getHeader('content-type');
      reply.headers(typeof contentType === 'string' && contentType.startsWith('text/html') ? pageHeaders : answerHeaders);
    }
    done(null, payload);
  });
}

/**
 * The headers helmet's middleware sets with `options`, taken once: they depend on the options alone, not on the
 * request, so each answer gets a copy instead of helmet parsing its options again. (Helmet's other act, removing
 * X-Powered-By, has nothing to do: Fastify never sets it.)
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
