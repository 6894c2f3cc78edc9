// Sign-in, session and sign-up/password routes (SPEC.md §7 "Session", "Sign up and password"). Being built.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const authRoutes: FastifyPluginAsyncZod = async () => {};
