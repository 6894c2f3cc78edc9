/**
 * The admin's Messages routes (issue 39): the Contact Us messages, marking one read or unread, and the unread count.
 * Admins only: 401 to anonymous callers and 403 to guests and customers, before anything else is looked at.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactMessageRecord,
  contactMessageRecords,
  markReadRequest,
  messageIdParams,
  unreadMessageCount,
} from '../../../domain/admin-messages';
import { apiError } from '../../../domain/errors';
import { countUnreadMessages, listMessages, markMessageRead } from './admin-messages.service';
import { adminRefusals, onlyAdmins } from './admin-only';

export const adminMessagesRoutes: FastifyPluginAsyncZod = async (app) => {
  onlyAdmins(app);

  app.get(
    '/admin/messages',
    {
      schema: {
        tags: ['admin'],
        summary: 'Contact Us messages, newest first; readAt null marks an unread one',
        response: { 200: contactMessageRecords, ...adminRefusals },
      },
    },
    async () => listMessages(app.db),
  );

  app.get(
    '/admin/messages/unread',
    {
      schema: {
        tags: ['admin'],
        summary: 'How many Contact Us messages are unread',
        response: { 200: unreadMessageCount, ...adminRefusals },
      },
    },
    async () => countUnreadMessages(app.db),
  );

  app.post(
    '/admin/messages/:id/read',
    {
      schema: {
        tags: ['admin'],
        summary: 'Mark a message read (keeps when it was first read) or unread',
        params: messageIdParams,
        body: markReadRequest,
        response: { 200: contactMessageRecord, 400: apiError, ...adminRefusals, 404: apiError },
      },
    },
    async (request) => markMessageRead(app.db, request.params.id, request.body.read),
  );
};
