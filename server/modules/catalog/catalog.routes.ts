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
import { sendCatalogBytes } from './catalog-bytes';
import { categoryHeaderBody, flowerDetailBody, getAllFlowers, getCategoryHeader, getFlowerDetail } from './catalog.service';

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
      const cached = await getAllFlowers(app.db, request.query.category_name);
      if (notModified(request, reply, cached.etag)) return reply;
      return sendCatalogBytes(request, reply, cached, allFlowersReply, (value) => value);
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
      const cached = await getCategoryHeader(app.db);
      if (notModified(request, reply, cached.etag)) return reply;
      return sendCatalogBytes(request, reply, cached, categoryHeaderReply, categoryHeaderBody);
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
