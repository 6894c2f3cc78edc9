/**
 * Guest sessions (SPEC.md §7 `GET getSessionId`): a new session id, its access token in the body and its refresh token
 * as the same HttpOnly `refreshToken` cookie a sign-in sets (so `POST refresh` renews guest tokens too).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guestSessionReply } from '../../../domain/cart';
import { apiError } from '../../../domain/errors';
import { setRefreshCookie } from '../auth/auth.routes';
import { createGuestSession } from './guest.service';

export const guestRoutes: FastifyPluginAsyncZod = async (app) => {
  const max = app.config.rateLimits.guestSessionPerIpPerMinute;

  app.get(
    '/getSessionId',
    {
      // Every call writes rows: without a limit anyone could mint sessions by the million.
      config: { rateLimit: { max, timeWindow: '1 minute' } },
      schema: {
        tags: ['cart'],
        summary: 'Start a guest session: id and access token in the body, refresh token as the HttpOnly cookie',
        response: { 200: guestSessionReply, 429: apiError },
      },
    },
    async (_request, reply) => {
      const session = await createGuestSession(app.db, app.config.jwtSecret);
      setRefreshCookie(reply, app.config, session.refresh.token);
      // A per-shopper secret: never cached by a browser or a proxy.
      reply.header('cache-control', 'no-store');
      return { sessionId: session.sessionId, accessToken: session.accessToken };
    },
  );
};
