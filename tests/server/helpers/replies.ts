/**
 * What a refused call answers, as the app's one error handler writes it: the status and a `{ message, code }` body.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** A 400 whose body is exactly `{ message, code: 'BAD_REQUEST' }`. */
export function expectBadRequest(res: LightMyRequestResponse, message: string): void {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toEqual({ message, code: 'BAD_REQUEST' });
}
