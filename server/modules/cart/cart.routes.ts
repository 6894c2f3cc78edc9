// The bag's routes (SPEC.md §7 "Cart"). Being built.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const cartRoutes: FastifyPluginAsyncZod = async () => {};
