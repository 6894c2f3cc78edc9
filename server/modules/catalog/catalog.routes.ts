/** Public catalogue reads of SPEC.md §7 "Catalogue and images". */
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
import { answerRevalidated } from './cached-answer';
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
