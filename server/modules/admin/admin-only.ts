// The access rule of every admin route: 401 to anonymous callers and 403 to guests and customers, decided before
// anything else (the body included) is looked at.
import type { FastifyInstance } from 'fastify';
import { apiError } from '../../../domain/errors';
import { requireAdmin } from '../auth/caller';

/** The refusals every admin route may answer with, for its response schema. */
export const adminRefusals = { 401: apiError, 403: apiError } as const;

/** Makes every route of the plugin admins only. */
export function onlyAdmins(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    await requireAdmin(request, app.db);
  });
}
