// Guest sessions (SPEC.md §7 `GET getSessionId`). Being built.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const guestRoutes: FastifyPluginAsyncZod = async () => {};
