/**
 * Typed refusals for services to throw. The app's error handler turns each into `{ message, code }` with its status,
 * so a service never touches the reply.
 */
import type { ErrorCode } from '../domain/errors';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    /** More of the answer beside `message` and `code`, which the route's schema for the status must name. */
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
  }
}

/** A refusal with its status, code and the message it gives when the service names none. */
export function refusal(statusCode: number, code: ErrorCode, defaultMessage: string) {
  return class extends HttpError {
    constructor(message = defaultMessage) {
      super(statusCode, code, message);
    }
  };
}

export const BadRequest = refusal(400, 'BAD_REQUEST', 'The request is not valid.');
export const Unauthorized = refusal(401, 'UNAUTHORIZED', 'Please sign in to continue.');
export const Forbidden = refusal(403, 'FORBIDDEN', "Sorry, you don't have access to this.");
export const NotFound = refusal(404, 'NOT_FOUND', 'Not found');
export const Conflict = refusal(409, 'CONFLICT', 'This already exists.');
export const OutOfStock = refusal(409, 'OUT_OF_STOCK', "You've reached the maximum quantity available in stock.");
export const PayloadTooLarge = refusal(413, 'PAYLOAD_TOO_LARGE', 'The request is too large.');
export const TooManyRequests = refusal(429, 'TOO_MANY_REQUESTS', 'Too many requests. Please wait a minute and try again.');
/** The payment provider refused or did not answer a call the shop had to make (a refund). */
export const ProviderFailed = refusal(502, 'PAYMENT_PROVIDER', 'The payment provider did not answer. Please try again shortly.');
export const NotReady = refusal(503, 'NOT_READY', 'The shop is starting or its database is unavailable. Please try again shortly.');

export const internalErrorMessage = 'Something went wrong on our side. Please try again.';
