/**
 * The admin's Delivery areas routes (issue 40): list, add, change and delete the service areas for hand delivery.
 * Admins only: 401 to anonymous callers and 403 to guests and customers, before anything else is looked at.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { apiError } from '../../../domain/errors';
import { serviceArea, serviceAreaIdParams, serviceAreaRequest, serviceAreas } from '../../../domain/service-area';
import { adminRefusals, onlyAdmins } from '../admin/admin-only';
import { createServiceArea, deleteServiceArea, listServiceAreas, updateServiceArea } from './service-areas.service';


export const serviceAreaRoutes: FastifyPluginAsyncZod = async (app) => {
  onlyAdmins(app);

  app.get(
    '/admin/delivery-areas',
    { schema: { tags: ['admin'], summary: 'Service areas for hand delivery, by name', response: { 200: serviceAreas, ...adminRefusals } } },
    async () => listServiceAreas(app.db),
  );

  app.post(
    '/admin/delivery-areas',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a service area: pincodes and ranges ("600001-600130, 603103"), extra fee in paise, active',
        body: serviceAreaRequest,
        response: { 201: serviceArea, 400: apiError, ...adminRefusals, 409: apiError },
      },
    },
    async (request, reply) => reply.code(201).send(await createServiceArea(app.db, request.body)),
  );

  app.post(
    '/admin/delivery-areas/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change a service area',
        params: serviceAreaIdParams,
        body: serviceAreaRequest,
        response: { 200: serviceArea, 400: apiError, ...adminRefusals, 404: apiError, 409: apiError },
      },
    },
    async (request) => updateServiceArea(app.db, request.params.id, request.body),
  );

  app.post(
    '/admin/delivery-areas/:id/delete',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a service area',
        params: serviceAreaIdParams,
        response: { 200: z.object({ deleted: z.number() }), 400: apiError, ...adminRefusals, 404: apiError },
      },
    },
    async (request) => {
      await deleteServiceArea(app.db, request.params.id);
      return { deleted: request.params.id };
    },
  );
};
