/**
 * `POST /api/contactapi` (SPEC.md §7): validated with the Contact Us rules, stored with its mail to the shop queued; rate limited per
 * address and per sender e-mail (every message is a stored row and a mail to the shop).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactMessages as messages, contactReply, contactRequest } from '../../../domain/contact';
import { apiError } from '../../../domain/errors';
import { sendQueuedMails } from '../../jobs/send-mail.job';
import { perEmailLimit } from '../auth/auth-rate-limits';
import { submitContactMessage } from './contact.service';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const perSender = perEmailLimit(app, {
    name: 'contact',
    max: app.config.rateLimits.contactPerEmailPerHour,
    timeWindow: '1 hour',
    field: 'userEmail',
  });
  app.post(
    '/contactapi',
    {
      config: { rateLimit: { max: app.config.rateLimits.contactPerMinute, timeWindow: '1 minute' } },
      preHandler: perSender,
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the shop',
        body: contactRequest,
        response: { 200: contactReply, 400: apiError, 429: apiError },
      },
    },
    async (request) => {
      const { fullName, userEmail, phoneNumber, message } = request.body;
      await submitContactMessage(
        { db: app.db, shop: app.config.shop, wakeMails: (ids) => sendQueuedMails(app, ids) },
        { fullName, userEmail, phoneNumber, message },
      );
      return { message: messages.sent };
    },
  );
};
