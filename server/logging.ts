/**
 * The server's logger: pino through Fastify's own options. One line per request once it is answered, as an access log
 * has it, and nothing secret in any line. Credentials travel in headers, cookies and bodies, which no line prints
 * (pino's `redact` covers them should one be logged by mistake); the URL is printed, so it is trimmed: query values go
 * (ids, e-mail addresses) and a guest session id in a path goes (it is the guest's bearer secret for its bag,
 * docs/architecture.md "Sessions and access"). A failed query's parameters are cut from logged errors: they can be a
 * mail's text with its one-time code.
 */
import { LogController } from 'fastify';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';
import type { DestinationStream, SerializedError } from 'pino';
import type { LogLevel } from './config';

const redactedMark = '[redacted]';

/** Names a credential goes by, wherever a logged object holds one (at the top or one level down). */
const secretKeys = ['password', 'confirmPassword', 'otp', 'token', 'refreshToken', 'accessToken', 'authorization', 'cookie'];
const redactedPaths = [
  ...secretKeys.flatMap((key) => [key, `*.${key}`]),
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers.refreshtoken',
  'res.headers["set-cookie"]',
];

export function loggerOptions(options: {
  level: LogLevel;
  /** Where the JSON lines go instead of stdout (tests read what the server logs). */
  stream?: DestinationStream;
  /** Human-readable lines (a terminal) instead of JSON. */
  pretty?: boolean;
}): FastifyServerOptions['logger'] {
  return {
    level: options.level,
    redact: { paths: redactedPaths, censor: redactedMark },
    serializers: { req: serializeRequest, err: serializeError },
    ...(options.stream ? { stream: options.stream } : {}),
    ...(options.pretty && !options.stream
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
}

/** Fastify's request lines, as one line once the request is answered (its default adds one as the request arrives). */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

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
function serializeRequest(request: FastifyRequest): Record<string, unknown> {
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
 * request Node could not parse (its cookies and tokens).
 */
function serializeError(error: Error): SerializedError {
  const out: SerializedError = stdSerializers.err(error);
  if (typeof out !== 'object' || out === null) return out;
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
