/** Liveness (`/api/health`: the process answers) and readiness (`/api/ready`: the database answers too). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '../../../domain/errors';
import { NotReady } from '../../errors';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], summary: 'The server process is up', response: { 200: z.object({ status: z.literal('ok') }) } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'The server and its database are ready to serve',
        response: { 200: z.object({ status: z.literal('ready') }), 503: apiError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        await app.database.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check: database ping failed');
        throw new NotReady();
      }
      return { status: 'ready' as const };
    },
  );
};
