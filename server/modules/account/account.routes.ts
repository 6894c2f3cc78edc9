/**
 * Profile, orders and address routes (SPEC.md §7 "Profile, orders, addresses"). Every one needs a signed-in user
 * (401); a `?id=` / `userId` naming another user is 403 before the body is even looked at, and an address is only
 * ever served to or changed by its owner.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod/mini';
import {
  accountOrders,
  addressIdQuery,
  updateUserDetailsReply,
  updateUserDetailsRequest,
  userDetails,
  userIdQuery,
} from '../../../domain/account';
import { address, addressList, updateAddressQuery, updateAddressReply, updateAddressRequest } from '../../../domain/address';
import { apiError } from '../../../domain/errors';
import { requireSelf, requireUser } from '../auth/caller';
import {
  getUserAddress,
  getUserDetails,
  listUserAddresses,
  listUserOrders,
  updateUserAddress,
  updateUserDetails,
} from './account.service';

const refusals = { 400: apiError, 401: apiError, 403: apiError } as const;

/**
 * Runs before validation, so another user's id is refused with 403 whatever the rest of the request holds. A missing
 * or malformed id is left to the schema (400).
 */
const ownUserId = (key: 'id' | 'userId') => async (request: FastifyRequest) => {
  const value = (request.query as Record<string, unknown> | undefined)?.[key];
  if (typeof value === 'string' && value !== '') requireSelf(request, value);
};

/** The options of a route that reads the caller's own records, named by `?id=` (their external id). */
const ownRecords = <Reply extends z.ZodMiniType>(summary: string, reply: Reply) => ({
  preValidation: ownUserId('id'),
  schema: { tags: ['account'], summary, querystring: userIdQuery, response: { 200: reply, ...refusals } },
});

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  // Anonymous callers get 401 before anything else, so that the browser refreshes its token.
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });

  app.get('/getsingleuserdetails', ownRecords("The caller's profile", userDetails), async (request) =>
    getUserDetails(app.db, requireSelf(request, request.query.id).externalId),
  );

  app.post(
    '/updateuserdetails',
    {
      preValidation: ownUserId('id'),
      schema: {
        tags: ['account'],
        summary: "Update the caller's names and mobile number (the e-mail is read-only and ignored)",
        querystring: userIdQuery,
        body: updateUserDetailsRequest,
        response: { 200: updateUserDetailsReply, ...refusals },
      },
    },
    async (request) => {
      const caller = requireSelf(request, request.query.id);
      const { firstName, lastName, mobileNumber } = request.body;
      return updateUserDetails(app.db, caller.externalId, { firstName, lastName, mobileNumber });
    },
  );

  app.get('/userorderslist', ownRecords("The caller's paid orders, newest first", accountOrders), async (request) =>
    listUserOrders(app.db, requireSelf(request, request.query.id).externalId),
  );

  app.get('/getuseraddresses', ownRecords("The caller's saved addresses, newest first", addressList), async (request) =>
    listUserAddresses(app.db, requireSelf(request, request.query.id).externalId),
  );

  app.get(
    '/getsingleuseraddressdetails',
    {
      schema: {
        tags: ['account'],
        summary: 'One of the caller’s addresses (403 for anyone else’s, 404 when unknown)',
        querystring: addressIdQuery,
        response: { 200: address, ...refusals, 404: apiError },
      },
    },
    async (request) => getUserAddress(app.db, request.query.id, requireUser(request).externalId),
  );

  app.post(
    '/updateuseraddress',
    {
      preValidation: ownUserId('userId'),
      schema: {
        tags: ['account'],
        summary: 'Update one of the caller’s addresses; the query decides which (body id and userId are ignored)',
        querystring: updateAddressQuery,
        body: updateAddressRequest,
        response: { 200: updateAddressReply, ...refusals, 404: apiError },
      },
    },
    async (request) => {
      const caller = requireSelf(request, request.query.userId);
      const { id: _id, userId: _userId, ...fields } = request.body;
      return updateUserAddress(app.db, request.query.id, caller.externalId, fields);
    },
  );
};
