/**
 * `GET` and `POST /api/admin/settings` (issue 41): the shop's legal details, document prefixes and the accountant's
 * settings. Admins only; an invalid value (a bad GSTIN, a prefix with forbidden characters) is a 400 naming it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '../../../domain/errors';
import { shopSettings } from '../../../domain/shop-settings';
import { adminRefusals, onlyAdmins } from '../admin/admin-only';
import { readSettings, saveSettings } from './settings.service';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  onlyAdmins(app);

  app.get(
    '/admin/settings',
    {
      schema: {
        tags: ['admin'],
        summary: "The shop's legal details and document settings (the environment's values until first saved)",
        response: { 200: shopSettings, ...adminRefusals },
      },
    },
    async () => readSettings(app.db, app.config.shop),
  );

  app.post(
    '/admin/settings',
    {
      schema: {
        tags: ['admin'],
        summary: "Saves the shop's legal details and document settings; refused whole when any value is invalid",
        body: shopSettings,
        response: { 200: shopSettings, 400: apiError, ...adminRefusals },
      },
    },
    async (request) => saveSettings(app.db, request.body),
  );
};
