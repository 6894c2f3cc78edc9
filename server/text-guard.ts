/**
 * Refuses text the database cannot store as sent, anywhere in a request's query, path or JSON body: NUL (U+0000),
 * which PostgreSQL text cannot hold at all (any query naming it fails, a 500 however innocent the field), and lone
 * UTF-16 surrogates, which are no characters (JSON may escape them; the driver would store U+FFFD instead, so what was
 * checked is not what is kept, and `encodeURIComponent` throws on them). No field of the API has a use for either.
 * Checked once for every route, before validation (the fuzz run of issue 9 found both), and by routes that read a body
 * themselves.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BadRequest } from './errors';

export const unstorableTextMessage = 'The request contains a character that is not allowed.';

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const unstorable = (text: string) => text.includes('\u0000') || loneSurrogate.test(text);

/** A preValidation hook; Fastify answers what it throws. */
export function refuseUnstorableText(request: FastifyRequest, _reply: FastifyReply, done: () => void): void {
  for (const part of [request.query, request.params, request.body]) refuseUnstorableValue(part);
  done();
}

/** The same check for what a route reads itself (a multipart form's text fields). */
export function refuseUnstorableValue(value: unknown): void {
  if (holdsUnstorable(value)) throw new BadRequest(unstorableTextMessage);
}

/** Whether any string in a parsed JSON value (keys included) is unstorable; raw bodies (Buffers) are the route's business. */
function holdsUnstorable(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'string') {
      if (unstorable(current)) return true;
    } else if (Array.isArray(current)) {
      for (const item of current) pending.push(item);
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, entry] of Object.entries(current)) {
        if (unstorable(key)) return true;
        pending.push(entry);
      }
    }
  }
  return false;
}
