/** Public catalogue reads of SPEC.md §7 "Catalogue and images". */
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
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
import type { Database } from '../../db/client';
import { catalogBytes, readyCatalogBytes, sendCatalogBytes } from './catalog-bytes';
import type { CatalogBytes } from './catalog-bytes';
import { peekCatalog } from './catalog.cache';
import type { Cached } from './catalog.cache';
import { categoryHeaderBody, flowerDetailBody, getAllFlowers, getCategoryHeader, getFlowerDetail } from './catalog.service';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  // The cached routes compress their own bytes, once per cache entry (catalog-bytes.ts), so @fastify/compress's hooks
  // would only look and pass.
  const cachedRoute = { compress: false, onRequest: answerFromMemory(app.db) } as const;

  app.get(
    '/allflowers',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The catalogue: every category (home page) or one category by name (case-insensitive)',
        querystring: allFlowersQuery,
        response: { 200: allFlowersReply, 400: apiError },
      },
      ...cachedRoute,
    },
    async (request, reply) => {
      const cached = await getAllFlowers(app.db, request.query.category_name);
      return answerCatalog(request, reply, cached, await catalogBytes(request, cached, allFlowersReply, (value) => value));
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
      ...cachedRoute,
    },
    async (request, reply) => {
      const cached = await getCategoryHeader(app.db);
      return answerCatalog(request, reply, cached, await catalogBytes(request, cached, categoryHeaderReply, categoryHeaderBody));
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
 * URLs a cached route's handler has answered, with the cache key each was answered from. A URL alone decides whether
 * the request passes validation and the unstorable-text check, and which entry answers it; so once the handler has
 * answered a URL, the same URL may be answered again without them. Bounded, as visitors choose their URLs: the oldest
 * are forgotten first, and a forgotten URL only goes the handler's way again.
 */
const answeredUrls = new Map<string, string>();
const maxAnsweredUrls = 500;

function rememberAnsweredUrl(url: string, key: string): void {
  if (answeredUrls.get(url) === key) return;
  answeredUrls.delete(url);
  answeredUrls.set(url, key);
  if (answeredUrls.size > maxAnsweredUrls) answeredUrls.delete(answeredUrls.keys().next().value!);
}

/**
 * A cached route's onRequest hook: answers a URL its handler has answered before, from the same cache entry while it is
 * fresh and its bytes for this client's encoding are made, before Fastify validates the query and runs the handler.
 * Otherwise (a new URL, an entry forgotten or stale, bytes still being made) the request goes on to the handler, which
 * loads what is missing. Under load that is about a fifth of the server's CPU per catalogue read (docs/performance.md,
 * "The catalogue answered from memory").
 */
function answerFromMemory(db: Database): onRequestHookHandler {
  return (request, reply, done) => {
    const key = answeredUrls.get(request.url);
    const cached = key === undefined ? undefined : peekCatalog(db, key);
    const bytes = cached && readyCatalogBytes(request, cached);
    if (!cached || !bytes) return done();
    answerCatalog(request, reply, cached, bytes);
  };
}

/** A 304 when the browser's copy is current, else the entry's bytes; remembers the URL for answerFromMemory. */
function answerCatalog(request: FastifyRequest, reply: FastifyReply, cached: Cached<unknown>, bytes: CatalogBytes): FastifyReply {
  rememberAnsweredUrl(request.url, cached.key);
  if (notModified(request, reply, cached.etag)) return reply;
  return sendCatalogBytes(reply, bytes);
}

/** Sets the revalidation headers; true (and a 304) when the browser's copy is current. */
function notModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header('cache-control', 'no-cache').header('etag', etag);
  const ifNoneMatch = request.headers['if-none-match'];
  if (!ifNoneMatch) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  const matches = ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || strip(tag) === strip(etag));
  if (matches) reply.code(304).send();
  return matches;
}
