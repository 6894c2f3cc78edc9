/** Public search reads (issue 42): the results page and the header box's suggestions. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '../../../domain/errors';
import { searchFlowersQuery, searchFlowersReply, searchSuggestionsQuery, searchSuggestionsReply } from '../../../domain/search';
import { answerRevalidated } from '../catalog/cached-answer';
import { searchFlowers, searchSuggestions } from './search.service';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/searchflowers',
    {
      compress: false,
      schema: {
        tags: ['catalogue'],
        summary: 'Products matching the words (typos forgiven), with filters, sorting and pages of 24',
        querystring: searchFlowersQuery,
        response: { 200: searchFlowersReply, 400: apiError },
      },
    },
    async (request, reply) => answerRevalidated(request, reply, await searchFlowers(app.db, request.query)),
  );

  app.get(
    '/searchsuggestions',
    {
      compress: false,
      schema: {
        tags: ['catalogue'],
        summary: 'The few best matches for the words typed so far, for the header search box',
        querystring: searchSuggestionsQuery,
        response: { 200: searchSuggestionsReply, 400: apiError },
      },
    },
    async (request, reply) => answerRevalidated(request, reply, await searchSuggestions(app.db, request.query.q)),
  );
};
