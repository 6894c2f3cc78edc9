/**
 * Limits keyed by the e-mail a request names, on top of the per-address limits of the route config: spreading
 * guesses over many addresses must not buy more tries against one account. Runs after validation; the key is
 * lower-cased, since not every form lower-cases its e-mail (the contact form keeps what was typed).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TooManyRequests } from '../../errors';

export function perEmailLimit(
  app: FastifyInstance,
  options: { name: string; max: number; timeWindow: '1 minute' | '1 hour'; field?: 'email' | 'userEmail' },
): (request: FastifyRequest) => Promise<void> {
  const field = options.field ?? 'email';
  const limiter = app.createRateLimit({
    max: options.max,
    timeWindow: options.timeWindow,
    keyGenerator: (request) => `${options.name}|${emailOf(request, field) ?? ''}`,
  });
  return async (request) => {
    if (!emailOf(request, field)) return;
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new TooManyRequests(`Too many requests. Please try again in ${waitText(result.ttlInSeconds)}.`);
    }
  };
}

function emailOf(request: FastifyRequest, field: 'email' | 'userEmail'): string | undefined {
  const value = (request.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' && value !== '' ? value.toLowerCase() : undefined;
}

function waitText(seconds: number): string {
  if (seconds <= 60) return seconds <= 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
