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
import type { Cached } from './catalog.cache';
import { flowerDetailBody, getAllFlowers, getCategoryHeader, getFlowerDetail } from './catalog.service';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/allflowers',
    {
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
 * current, else the cached JSON, sent as it is (Fastify serializes no string) and compressed like any answer.
 */
function answerRevalidated(request: FastifyRequest, reply: FastifyReply, { json, etag }: Cached<unknown>): FastifyReply {
  reply.header('cache-control', 'no-cache').header('etag', etag);
  if (matchesWeakly(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}

/** If-None-Match compares weakly (RFC 9110 §13.1.2): `W/"x"` and `"x"` match, and `*` matches anything. */
function matchesWeakly(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
