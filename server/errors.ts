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
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequest extends HttpError {
  constructor(message = 'The request is not valid.') {
    super(400, 'BAD_REQUEST', message);
  }
}

export class Unauthorized extends HttpError {
  constructor(message = 'Please sign in to continue.') {
    super(401, 'UNAUTHORIZED', message);
  }
}

export class Forbidden extends HttpError {
  constructor(message = "Sorry, you don't have access to this.") {
    super(403, 'FORBIDDEN', message);
  }
}

export class NotFound extends HttpError {
  constructor(message = 'Not found') {
    super(404, 'NOT_FOUND', message);
  }
}

export class Conflict extends HttpError {
  constructor(message = 'This already exists.') {
    super(409, 'CONFLICT', message);
  }
}

export class OutOfStock extends HttpError {
  constructor(message = "You've reached the maximum quantity available in stock.") {
    super(409, 'OUT_OF_STOCK', message);
  }
}

export class PayloadTooLarge extends HttpError {
  constructor(message = 'The request is too large.') {
    super(413, 'PAYLOAD_TOO_LARGE', message);
  }
}

export class TooManyRequests extends HttpError {
  constructor(message = 'Too many requests. Please wait a minute and try again.') {
    super(429, 'TOO_MANY_REQUESTS', message);
  }
}

export class NotReady extends HttpError {
  constructor(message = 'The shop is starting or its database is unavailable. Please try again shortly.') {
    super(503, 'NOT_READY', message);
  }
}

export const internalErrorMessage = 'Something went wrong on our side. Please try again.';
