/**
 * The admin's Mail screen routes: failed mails with the mail server's refusal, and Resend. Admins only: 401 to
 * anonymous callers and 403 to guests and customers, before anything else is looked at.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminMailsQuery, failedMails, mailIdParams, resendMailReply } from '../../../domain/admin-mail';
import { apiError } from '../../../domain/errors';
import { sendQueuedMails } from '../../jobs/send-mail.job';
import { listFailedMails, resendMail } from './admin-mail.service';
import { adminRefusals, onlyAdmins } from './admin-only';

export const adminMailRoutes: FastifyPluginAsyncZod = async (app) => {
  onlyAdmins(app);

  app.get(
    '/admin/mails',
    {
      schema: {
        tags: ['admin'],
        summary: 'Mails the mail server refused for good (status=failed), the latest failure first, with the refusal',
        querystring: adminMailsQuery,
        response: { 200: failedMails, 400: apiError, ...adminRefusals },
      },
    },
    async () => listFailedMails(app.db),
  );

  app.post(
    '/admin/mails/:id/resend',
    {
      schema: {
        tags: ['admin'],
        summary: 'Queues a failed mail again, its tries counted afresh (404 unknown, 409 when it has not failed)',
        params: mailIdParams,
        response: { 200: resendMailReply, 400: apiError, ...adminRefusals, 404: apiError, 409: apiError },
      },
    },
    async (request) => resendMail({ db: app.db, wakeMails: (ids) => sendQueuedMails(app, ids) }, request.params.id),
  );
};
