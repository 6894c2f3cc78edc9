/**
 * Public delivery questions (issue 40): `GET /api/pincodes/:pincode`, a pincode's locality, district and state for the
 * address forms; `GET /api/delivery/reach?pincode=`, whether hand and courier delivery reach it. Both are anonymous.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '../../../domain/errors';
import { pincodeEntry, pincodeMessages, pincodeParams } from '../../../domain/pincode';
import { deliveryReach, reachQuery } from '../../../domain/service-area';
import { NotFound } from '../../errors';
import { findPincode } from './pincode-directory';
import { deliveryReach as reachOf } from './service-areas.service';

export const pincodeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pincodes/:pincode',
    {
      schema: {
        tags: ['delivery'],
        summary: "A pincode's main post office locality, district, state and GST state code",
        params: pincodeParams,
        response: { 200: pincodeEntry, 400: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      const entry = findPincode(request.params.pincode);
      // The directory changes with a release, not during a day.
      reply.header('cache-control', 'public, max-age=86400');
      if (!entry) throw new NotFound(pincodeMessages.unknown(request.params.pincode));
      return entry;
    },
  );

  app.get(
    '/delivery/reach',
    {
      schema: {
        tags: ['delivery'],
        summary: 'Whether hand delivery (inside a service area, with its extra fee) and courier delivery reach a pincode',
        querystring: reachQuery,
        response: { 200: deliveryReach, 400: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      // Areas are the admin's to change at any time: a short shared cache only.
      reply.header('cache-control', 'public, max-age=60');
      return reachOf(app.db, request.query.pincode);
    },
  );
};
