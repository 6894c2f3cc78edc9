/**
 * The one place errors become responses: every refusal is `{ message, code }` with a 4xx status, and anything
 * unexpected is a 500 with a fixed message (logged with its details, never sent).
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiError, ErrorCode } from '../domain/errors';
import { HttpError, internalErrorMessage, NotReady } from './errors';

const codeByStatus: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  503: 'NOT_READY',
};

/** Fastify's own refusals, reworded for people. */
const messageByFastifyCode: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported. Send JSON (application/json).',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but was sent as JSON.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
};

export function toApiError(error: unknown): { status: number; body: ApiError } {
  if (error instanceof HttpError) return { status: error.statusCode, body: { ...error.details, message: error.message, code: error.code } };

  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    return { status: 400, body: { message: first?.message ?? 'The request is not valid.', code: 'BAD_REQUEST' } };
  }

  if (isFastifyError(error) && !isResponseSerializationError(error)) {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        messageByFastifyCode[error.code] ??
        (error instanceof SyntaxError ? messageByFastifyCode.FST_ERR_CTP_INVALID_JSON_BODY : undefined) ??
        error.message;
      return { status, body: { message: message ?? 'The request is not valid.', code: codeByStatus[status] ?? 'BAD_REQUEST' } };
    }
  }

  if (isDatabaseUnreachable(error)) {
    const notReady = new NotReady();
    return { status: notReady.statusCode, body: { message: notReady.message, code: notReady.code } };
  }

  return { status: 500, body: { message: internalErrorMessage, code: 'INTERNAL' } };
}

/**
 * Network errors and PostgreSQL's "connection exception" / "operator intervention" classes (08, 57P): the database is
 * down or restarting, not the request at fault. Such a request is answered 503, which load balancers and browsers
 * retry, instead of a 500 that reads like a bug. Drizzle wraps the driver's error in `cause`.
 */
const unreachableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
const unreachableMessages = /^(Connection terminated|timeout exceeded when trying to connect)/;

function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && (unreachableCodes.has(code) || code.startsWith('08') || code.startsWith('57P'))) return true;
  if (typeof message === 'string' && unreachableMessages.test(message)) return true;
  return isDatabaseUnreachable(cause, depth + 1);
}

export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const { status, body } = toApiError(error);
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ status, code: body.code, reason: body.message }, 'request refused');
  void reply.code(status).type('application/json; charset=utf-8').send(body);
}

function isFastifyError(error: unknown): error is FastifyError {
  return (
    typeof error === 'object' &&
    error !== null &&
    'statusCode' in error &&
    typeof (error as { statusCode: unknown }).statusCode === 'number'
  );
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (headers or URL over 16 KiB, a request too slow to
 * arrive, broken HTTP) is answered in the same `{ message, code }` shape as every other refusal, then the connection is
 * closed. Logged at trace level like Fastify's own handler (the error serialiser drops the raw bytes).
 */
export function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, label, body] = clientRefusal(error.code);
  this.log.trace({ err: error }, `client ${label}`);
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`,
  );
}

function clientRefusal(code: string | undefined): [number, string, ApiError] {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return [431, 'header_overflow', { message: 'The request’s address or headers are too long.', code: 'HEADERS_TOO_LARGE' }];
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return [408, 'timeout', { message: 'The request took too long to arrive.', code: 'BAD_REQUEST' }];
  }
  return [400, 'error', { message: 'The request is not valid HTTP.', code: 'BAD_REQUEST' }];
}
