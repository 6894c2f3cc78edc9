/**
 * What the log may say about a request. Credentials travel in headers, cookies and bodies, which the logger never
 * prints; the URL is printed, so it is trimmed: query values go (ids, e-mail addresses) and a guest session id in a
 * path goes (it is the guest's bearer secret for its bag, docs/architecture.md "Sessions and access"). A failed query's
 * parameters are dropped from logged errors: they can be a mail's text with its one-time code.
 */
import type { FastifyRequest } from 'fastify';
import { stdSerializers } from 'pino';
import type { SerializedError } from 'pino';

/** Object paths pino replaces with `[redacted]` wherever a log call passes them (a body or headers logged by mistake). */
export const redactedLogPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers.refreshtoken',
  'res.headers["set-cookie"]',
  'password',
  'otp',
  'confirmPassword',
  'token',
  'refreshToken',
  'accessToken',
  'authorization',
  '*.password',
  '*.otp',
  '*.confirmPassword',
  '*.token',
  '*.refreshToken',
  '*.accessToken',
  '*.authorization',
  'body.password',
  'body.otp',
] as const;

export const redactedMark = '[redacted]';

/** A path segment shaped like a guest session id (domain/cart.ts `sessionId`: 22 to 64 base64url characters). */
const sessionIdShape = /^[A-Za-z0-9_-]{22,64}$/;

/** The URL without query values and without guest session ids: `/api/guest/[redacted]/cart?id=[redacted]`. */
export function loggableUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  const safePath = path
    .split('/')
    .map((segment) => (sessionIdShape.test(segment) ? redactedMark : segment))
    .join('/');
  if (queryAt < 0) return safePath;
  const keys = url
    .slice(queryAt + 1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => `${pair.split('=')[0]}=${redactedMark}`);
  return `${safePath}?${keys.join('&')}`;
}

/** Fastify's own request serialiser, with the URL made loggable. */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: loggableUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * pino's error serialiser without query parameters. Drizzle names them in a failed query's message (`params: …`) and
 * its `params` property, and PostgreSQL's own message can quote one ("invalid input syntax …: \"…\""), for the error
 * and every cause: each parameter's text is cut from every text of the logged error. Also without the raw bytes of a
 * request Node could not parse.
 */
export function serializeError(error: Error): SerializedError {
  const out: SerializedError = stdSerializers.err(error);
  if (typeof out !== 'object' || out === null) return out;
  // Node's client errors (a header over the size limit…) carry the raw request bytes: its cookies and tokens.
  delete out.rawPacket;
  const secrets: string[] = [];
  for (let current: unknown = error; isObject(current); current = current.cause) {
    if (!Array.isArray(current.params)) continue;
    secrets.push(`params: ${String(current.params)}`);
    // Short values (ids, counts, flags) say nothing secret and would cut ordinary words out of the message.
    for (const param of current.params) if (typeof param === 'string' && param.length >= 6) secrets.push(param);
  }
  if (secrets.length === 0) return out;
  delete out.params;
  for (const [key, value] of Object.entries(out)) {
    if (typeof value === 'string') out[key] = secrets.reduce((text, secret) => text.split(secret).join(redactedMark), value);
  }
  return out;
}

function isObject(value: unknown): value is Record<string, unknown> & { cause?: unknown } {
  return typeof value === 'object' && value !== null;
}
