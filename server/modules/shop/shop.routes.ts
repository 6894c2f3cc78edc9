/** `GET /api/shop`: the shop's name and contact details from configuration, for the header, footer and Contact Us. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shopInfo } from '../../../domain/shop';
import { publicShopInfo } from './shop.service';

export const shopRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/shop',
    { schema: { tags: ['shop'], summary: "The shop's name, contact details, social links and logo", response: { 200: shopInfo } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return publicShopInfo(app.config);
    },
  );
};
