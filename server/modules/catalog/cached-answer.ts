/**
 * Sends a cached reply (catalog.cache.ts) as it was serialized at its load: the catalogue's and the searches'.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncoding, compressedOnce, compression } from '../../compression';
import type { Cached } from './catalog.cache';

/**
 * A cached reply carries its ETag: the browser revalidates every time (no-cache) and gets a 304 while its copy is
 * current, else the cached JSON, sent as it is (Fastify serializes no string). It is compressed once per load and
 * encoding, not per answer: the catalogue and searches are the shop's most requested answers, and compressing them
 * each time cost most of their CPU (docs/performance.md). Routes answering this way turn @fastify/compress off.
 */
export function answerRevalidated(request: FastifyRequest, reply: FastifyReply, cached: Cached<unknown>): FastifyReply {
  reply.header('cache-control', 'no-cache').header('etag', cached.etag).header('vary', 'accept-encoding');
  if (matchesWeakly(request.headers['if-none-match'], cached.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding || Buffer.byteLength(cached.json) < compression.threshold) return reply.send(cached.json);
  let bytes = cached.compressed.get(encoding);
  if (!bytes) cached.compressed.set(encoding, (bytes = compressedOnce(cached.json, encoding)));
  return reply.header('content-encoding', encoding).send(bytes);
}

/** If-None-Match compares weakly (RFC 9110 §13.1.2): `W/"x"` and `"x"` match, and `*` matches anything. */
function matchesWeakly(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
