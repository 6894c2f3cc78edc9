/** Public catalogue reads of SPEC.md §7 "Catalogue and images". */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  allFlowersQuery,
  allFlowersReply,
  categoryHeaderReply,
  externalIdParam,
  flowerDetailReply,
} from '../../../domain/catalog';
import { apiError } from '../../../domain/errors';
import { acceptedEncoding, compressedOnce, compression } from '../../compression';
import type { Cached } from './catalog.cache';
import { flowerDetailBody, getAllFlowers, getCategoryHeader, getFlowerDetail } from './catalog.service';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/allflowers',
    {
      compress: false,
      schema: {
        tags: ['catalogue'],
        summary: 'The catalogue: every category (home page) or one category by name (case-insensitive)',
        querystring: allFlowersQuery,
        response: { 200: allFlowersReply, 400: apiError },
      },
    },
    async (request, reply) => {
      return answerRevalidated(request, reply, await getAllFlowers(app.db, request.query.category_name));
    },
  );

  app.get(
    '/categoryheader',
    {
      compress: false,
      schema: {
        tags: ['catalogue'],
        summary: 'Categories with their sub-category names, for the header menu',
        response: { 200: categoryHeaderReply },
      },
    },
    async (request, reply) => {
      return answerRevalidated(request, reply, await getCategoryHeader(app.db));
    },
  );

  app.get(
    '/flowerdetail/:flower_ext_id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One product by its external id; removed products are not found',
        params: z.object({ flower_ext_id: externalIdParam }),
        response: { 200: flowerDetailReply, 400: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return flowerDetailBody(await getFlowerDetail(app.db, request.params.flower_ext_id));
    },
  );
};

/**
 * The cached catalogue carries its ETag: the browser revalidates every time (no-cache) and gets a 304 while its copy is
 * current, else the cached JSON, sent as it is (Fastify serializes no string). It is compressed once per load and
 * encoding, not per answer: the catalogue is the shop's most requested answer, and compressing it each time cost most
 * of its CPU (docs/performance.md). @fastify/compress is off for these routes.
 */
function answerRevalidated(request: FastifyRequest, reply: FastifyReply, cached: Cached<unknown>): FastifyReply {
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
