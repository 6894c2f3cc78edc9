// Profile, orders and address routes (SPEC.md §7 "Profile, orders, addresses"). Being built.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const accountRoutes: FastifyPluginAsyncZod = async () => {};
