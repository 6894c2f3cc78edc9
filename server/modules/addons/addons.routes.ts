/** Public add-ons read (issue 42): what "Make it special" offers on the product page and in the bag. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addonsReply } from '../../../domain/addons';
import { listAddons } from './addons.service';

export const addonsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/addons',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The live, in-stock add-ons (cakes, chocolates, vases, cards, soft toys), at most 12',
        response: { 200: addonsReply },
      },
    },
    async (_request, reply) => {
      // They follow stock: the browser asks again each time rather than offering a sold-out cake.
      reply.header('cache-control', 'no-cache');
      return listAddons(app.db);
    },
  );
};
